# Sourced by ui-smoke.sh (inside its Xvfb, with its APP, OUT and check), last, because it changes the keyboard layout.
# --- A German keyboard: `setxkbmap de` (the X server runs with -noreset, so the layout outlives setxkbmap's own
# connection), then the pyramid in a window. On that layout `[` and `]` are AltGr+8 and AltGr+9 and `=` is Shift+0;
# the app must reach the previous scene, the next scene and the faster time through what those keys type, and a
# plain 8 (key symbol '8', text "8") must do nothing.
setxkbmap de
# The server's keymap as it now stands: the key right of P (<AD11>) and the 8 key (<AE08>).
layout_keys=$(xkbcomp -xkb "$DISPLAY" - 2>/dev/null | grep -A2 -E 'key <(AE08|AD11)>' | sed -n 's/.*symbols.*= \[ *//p' \
  | tr -s ' ' | tr '\n' '|')
"$APP" --scene pyramid --size 960x640 --scale 1 >"$OUT/german.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
wid=$(timeout 15 xdotool search --sync --onlyvisible --name "Dynamics Sandbox" | head -1 || true)
if [ -n "$wid" ]; then
  sleep 0.8
  altgr() { xdotool keydown ISO_Level3_Shift key "$1" keyup ISO_Level3_Shift; sleep 0.5; }
  altgr 8         # '['
  altgr 9         # ']'
  xdotool key 8; sleep 0.3
  xdotool key shift+0; sleep 0.3   # '='
  xdotool key q || true
  for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
fi
kill $pid 2>/dev/null || true
trap - EXIT
setxkbmap us
# The scene lines after the start (the window line names the first scene): the previous one, then pyramid again.
scenes=$(sed -n 's/^ *[0-9.]* s  scene \([a-z0-9-]*\) .*/\1/p' "$OUT/german.log" | tr '\n' ' ')
check "setxkbmap de took: the key right of P types udiaeresis, the 8 key's AltGr level is bracketleft ($layout_keys)" \
  "[[ '$layout_keys' == '8, parenleft, bracketleft,'*'|udiaeresis,'* ]]"
check "German AltGr+8 ('[') went to the previous scene and AltGr+9 (']') came back; a plain 8 did nothing ($scenes)" \
  "grep -q 'scene pyramid; press H' '$OUT/german.log' && [[ '$scenes' =~ ^[a-z0-9-]+\ pyramid\ \$ ]] && [[ '$scenes' != 'pyramid pyramid ' ]]"
check "German Shift+0 ('=') made time faster" "grep -q 'time x2' '$OUT/german.log'"

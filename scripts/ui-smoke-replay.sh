# Sourced by ui-smoke.sh (inside its Xvfb, with its APP, OUT and check).
# --- Recording and replay: 5 s of xdotool drags on the pyramid recorded with --record (Ctrl+R stops and saves), then
# replayed in a window with --replay: the app must print "replay matches" with the recorded end hash; `,` steps back
# and a click on the timeline scrubs (timeline.png); the headless replay of the same file matches too.
REC="$OUT/drags.json"
"$APP" --scene pyramid --size 960x640 --scale 1 --record "$REC" >"$OUT/record.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
wid=$(timeout 15 xdotool search --sync --onlyvisible --name "Dynamics Sandbox" | head -1 || true)
if [ -n "$wid" ]; then
  sleep 0.5
  rec_drag() {  # x y dx dy: press, 8 moves 30 ms apart, release while moving
    xdotool mousemove --window "$wid" "$1" "$2" mousedown 1
    for s in 1 2 3 4 5 6 7 8; do xdotool mousemove --window "$wid" $(($1 + $3 * s)) $(($2 + $4 * s)); sleep 0.03; done
    xdotool mouseup 1
  }
  rec_drag 480 235 -30 -15; sleep 1.0
  rec_drag 465 265 25 -20; sleep 1.0
  rec_drag 495 265 -20 -25; sleep 1.0
  rec_drag 450 295 -25 -10; sleep 1.0
  xdotool key ctrl+r; sleep 0.5
  xdotool key q || true
  for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
fi
kill $pid 2>/dev/null || true
trap - EXIT
rec_hash=$(sed -n 's/.*recorded [0-9]* frames .*, end hash \([0-9a-f]*\).*/\1/p' "$OUT/record.log" | head -1)
rec_frames=$(sed -n 's/.*recorded \([0-9]*\) frames .*/\1/p' "$OUT/record.log" | head -1)
"$APP" --replay "$REC" --scale 1 >"$OUT/replay.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
wid=$(timeout 15 xdotool search --sync --onlyvisible --name "Dynamics Sandbox" | head -1 || true)
if [ -n "$wid" ]; then
  for _ in $(seq 120); do grep -q "replay matches\|replay does not match" "$OUT/replay.log" && break; sleep 0.25; done
  xdotool key comma; sleep 0.5
  # The timeline's track runs from x 112 to 802 at y 615 (a 960x640 window): a click a third of the way in.
  xdotool mousemove --window "$wid" 342 615 click 1; sleep 1.0
  import -window "$wid" "$OUT/timeline.png"
  xdotool key q || true
  for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
fi
kill $pid 2>/dev/null || true
trap - EXIT
headless_rc=0
"$APP" --replay "$REC" --headless >"$OUT/replay-headless.log" 2>&1 || headless_rc=$?
check "Ctrl+R stopped the recording and saved it ($rec_frames frames, end hash ${rec_hash:-none})" "[ -n '$rec_hash' ] && [ -f '$REC' ]"
check "the recorded drags grabbed boxes" "grep -q 'grab box' '$OUT/record.log'"
check "the window replay printed 'replay matches' with the recorded hash" "grep -q 'replay matches (hash ${rec_hash:-none}' '$OUT/replay.log'"
check "the headless replay matches too (exit $headless_rc)" "[ $headless_rc -eq 0 ] && grep -q 'replay matches (hash ${rec_hash:-none}' '$OUT/replay-headless.log'"

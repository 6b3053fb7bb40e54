#!/usr/bin/env bash
# Frame rate of the 2000-ball pile in a real window under Xvfb with SDL's software renderer: FRAMES frames
# (default 600 = 10 s at 60 Hz; the pile settles and the animator pauses after about 4 s) of physics + drawing +
# present; prints the app's closing line: fps over the display-linked frames (the pacer's 30-frame unpaced probe
# excluded), display periods dropped, the longest frame, and the per-frame physics / draw split.
# LOAD=N (default 0) keeps N busy-looping processes running meanwhile, to see the margin on a busy machine (this
# machine has 2 cores). Exits non-zero when any display period was dropped. APP = the dynamics-sandbox binary.
set -euo pipefail
APP=${APP:-.build/release/dynamics-sandbox}
FRAMES=${FRAMES:-600}
SCENE=${SCENE:-ball-pile}
LOAD=${LOAD:-0}
if ! [[ "$LOAD" =~ ^[0-9]+$ ]] || [ "$LOAD" -gt 16 ]; then
  echo "pile-fps: LOAD must be a whole number of busy processes from 0 to 16, got '$LOAD' (e.g. LOAD=1)" >&2
  exit 2
fi
if [ -z "${INSIDE_XVFB:-}" ]; then
  exec env -u DISPLAY -u WAYLAND_DISPLAY INSIDE_XVFB=1 APP="$APP" FRAMES="$FRAMES" SCENE="$SCENE" LOAD="$LOAD" \
    xvfb-run -a -s '-screen 0 1280x800x24' bash "$0" </dev/null
fi
export SDL_VIDEODRIVER=x11
hogs=()
trap 'for h in "${hogs[@]}"; do kill "$h" 2>/dev/null || true; done' EXIT
for _ in $(seq 1 "$LOAD"); do
  bash -c 'while :; do :; done' &
  hogs+=($!)
done
[ "$LOAD" -gt 0 ] && echo "pile-fps: $LOAD busy process(es) running alongside"
out=$("$APP" --scene "$SCENE" --frames "$FRAMES" | grep -E '^(window|closed)')
echo "$out"
dropped=$(sed -nE 's/.* ([0-9]+) display periods dropped.*/\1/p' <<<"$out")
[ "${dropped:-1}" -eq 0 ]

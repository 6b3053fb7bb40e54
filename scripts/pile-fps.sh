#!/usr/bin/env bash
# Frame rate of the 2000-ball pile in a real window under Xvfb with SDL's software renderer: FRAMES frames
# (default 600 = 10 s at 60 Hz) of physics + drawing + present; prints the app's closing line (fps and the
# per-frame physics / draw split). APP = the dynamics-sandbox binary.
set -euo pipefail
APP=${APP:-.build/release/dynamics-sandbox}
FRAMES=${FRAMES:-600}
SCENE=${SCENE:-ball-pile}
if [ -z "${INSIDE_XVFB:-}" ]; then
  exec env -u DISPLAY -u WAYLAND_DISPLAY INSIDE_XVFB=1 APP="$APP" FRAMES="$FRAMES" SCENE="$SCENE" \
    xvfb-run -a -s '-screen 0 1280x800x24' bash "$0" </dev/null
fi
export SDL_VIDEODRIVER=x11
"$APP" --scene "$SCENE" --frames "$FRAMES" | grep -E '^(window|closed)'

#!/usr/bin/env bash
# Regenerates the README's screenshots under docs/: one per kind of scene, drawn headless (the same pixels as the
# window) after FRAMES frames. APP = the dynamics-sandbox binary.
set -euo pipefail
APP=${APP:-.build/release/dynamics-sandbox}
FRAMES=${FRAMES:-90}
mkdir -p docs
for scene in sticker-pile shapes playground collision-modes pyramid ball-pile tilt-list newtons-cradle; do
  "$APP" --headless --scene "$scene" --frames "$FRAMES" --screenshot "docs/sandbox-$scene.png" >/dev/null
  echo "docs/sandbox-$scene.png"
done

#!/usr/bin/env bash
# Draws the sandbox's sticker pictures (Assets/Stickers/*.png, 100 x 100 RGBA, 8-bit) with ImageMagick: a coloured
# disc with a white glyph drawn from primitives (no fonts), so they are ours and reproducible. The sticker pile shows
# them (round-cornered, turning with the item) without --assets. Usage: bash scripts/make-stickers.sh [DIR]
set -euo pipefail
dir=${1:-Assets/Stickers}
mkdir -p "$dir"
magick_cmd=$(command -v magick || command -v convert)
sticker() { # name colour draw-commands…
  local name=$1 colour=$2; shift 2
  "$magick_cmd" -size 100x100 xc:none -fill "$colour" -draw "circle 50,50 50,1" -fill white -stroke none "$@" \
    -depth 8 -strip "PNG32:$dir/$name.png"
}
sticker 01-star '#E85D4A' -draw "polygon 50,14 59,39 86,39 64,55 72,82 50,66 28,82 36,55 14,39 41,39"
sticker 02-heart '#FF7FA8' -draw "circle 36,40 36,24" -draw "circle 64,40 64,24" -draw "polygon 21,47 79,47 50,82"
sticker 03-bolt '#F5A623' -draw "polygon 56,12 26,56 46,56 40,88 74,40 54,40 62,12"
sticker 04-smile '#4A90E2' -draw "circle 36,38 36,30" -draw "circle 64,38 64,30" \
  -fill none -stroke white -strokewidth 7 -draw "arc 26,36 74,76 20,160"
sticker 05-arrow '#7ED321' -draw "polygon 50,14 84,50 62,50 62,84 38,84 38,50 16,50"
sticker 06-moon '#4A4E9B' -draw "circle 50,50 50,18" -fill '#4A4E9B' -draw "circle 62,42 62,14"
sticker 07-plus '#50E3C2' -draw "rectangle 40,18 60,82" -draw "rectangle 18,40 82,60"
sticker 08-ring '#BD10E0' -fill none -stroke white -strokewidth 10 -draw "circle 50,50 50,24" \
  -fill white -stroke none -draw "circle 50,50 50,42"
ls -l "$dir"

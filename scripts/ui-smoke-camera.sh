# The camera in a real window, sourced by ui-smoke.sh (uses its APP, OUT and check). The pyramid, overlays off
# (no contact dots or sleep tint on the boxes) and paused: the wheel zooms 4 notches at the top box, whose
# extent is measured in the screenshots before and after (scanning from the cursor to where its colour ends);
# zooming at the cursor keeps the world point under it, so the box's centre must move from c to
# cursor + z * (c - cursor). Then a middle-drag and a space + left drag pan: the box's centre must follow the
# pointer (and space must not resume the paused scene). Then V hides the chrome and F frames all: the pyramid's
# pixels must fill the window (the scene and the side bar's place) less the 24-pt margin along one axis.

# Centre and half-sizes (px) of the uniformly coloured area around (x, y) in a PNG: "cx cy hw hh".
box_at() {
  convert "$1" ppm:- | python3 -c '
import sys
data = sys.stdin.buffer.read()
# P6 header: magic, width, height, maxval, then the pixels.
parts = data.split(maxsplit=4)
w, h = int(parts[1]), int(parts[2])
px = parts[4]
def at(x, y):
    i = 3 * (y * w + x)
    return px[i:i + 3]
x0, y0 = int(sys.argv[1]), int(sys.argv[2])
c = at(x0, y0)
def same(x, y):
    return 0 <= x < w and 0 <= y < h and all(abs(a - b) <= 8 for a, b in zip(at(x, y), c))
def run(dx, dy):
    k = 0
    while same(x0 + (k + 1) * dx, y0 + (k + 1) * dy):
        k += 1
    return k
l, r, u, d = run(-1, 0), run(1, 0), run(0, -1), run(0, 1)
# Edges at x0 - l - 0.5 and x0 + r + 0.5: the centre is their middle.
print("%.1f %.1f %.1f %.1f" % (x0 + (r - l) / 2, y0 + (d - u) / 2, (l + r + 1) / 2, (u + d + 1) / 2))
' "$2" "$3"
}

"$APP" --scene pyramid --size 960x640 >"$OUT/camera.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
wid=$(timeout 15 xdotool search --sync --onlyvisible --name "Dynamics Sandbox" | head -1 || true)
cam_before="0 0 0 0"; cam_zoomed="0 0 0 0"; cam_panned="0 0 0 0"; cam_space="0 0 0 0"; cam_framed="0x0+0+0"
if [ -n "$wid" ]; then
  sleep 1.5
  xdotool key o; sleep 0.1; xdotool key o; sleep 0.1   # overlays: default -> all -> off
  xdotool key space; sleep 0.5                         # paused: the boxes hold still
  # The top box of the 14-row pyramid sits at about (480, 235) pt.
  cx=480; cy=235
  xdotool mousemove --window "$wid" $cx $cy; sleep 0.2
  import -window "$wid" "$OUT/camera-before.png"
  cam_before=$(box_at "$OUT/camera-before.png" $cx $cy)
  for _ in 1 2 3 4; do xdotool click 4; sleep 0.1; done   # wheel up: 4 notches of x1.2 = x2.0736
  sleep 0.4
  import -window "$wid" "$OUT/camera-zoomed.png"
  cam_zoomed=$(box_at "$OUT/camera-zoomed.png" $cx $cy)
  # Middle-drag by (-100, +65): the box follows the pointer.
  xdotool mousedown 2
  for step in 1 2 3 4 5; do xdotool mousemove --window "$wid" $((cx - 20 * step)) $((cy + 13 * step)); sleep 0.05; done
  xdotool mouseup 2; sleep 0.4
  import -window "$wid" "$OUT/camera-panned.png"
  cam_panned=$(box_at "$OUT/camera-panned.png" $((cx - 100)) $((cy + 65)))
  # Space held + left drag by (+60, 0): a pan too (the space press does not resume the paused scene).
  xdotool keydown space; sleep 0.2
  xdotool mousemove --window "$wid" $((cx - 100)) $((cy + 65)) mousedown 1
  for step in 1 2 3 4 5 6; do xdotool mousemove --window "$wid" $((cx - 100 + 10 * step)) $((cy + 65)); sleep 0.05; done
  xdotool mouseup 1; sleep 0.1; xdotool keyup space; sleep 0.4
  import -window "$wid" "$OUT/camera-space-panned.png"
  cam_space=$(box_at "$OUT/camera-space-panned.png" $((cx - 40)) $((cy + 65)))
  xdotool key v; sleep 0.2   # chrome hidden: only the scene is drawn
  xdotool key f; sleep 0.5
  import -window "$wid" "$OUT/camera-framed.png"
  # The bands outside the reference bounds (drawn darker) count as background, as the background itself.
  cam_framed=$(convert "$OUT/camera-framed.png" -fuzz 2% -fill '#1C2026' -opaque '#0E1014' -fuzz 4% -format "%@" info: 2>/dev/null || echo 0x0+0+0)
  cam_width=$(identify -format "%w" "$OUT/camera-framed.png" 2>/dev/null || echo 0)
  xdotool key q || true
  for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
fi
kill $pid 2>/dev/null || true
trap - EXIT

read -r bx by bw bh <<<"$cam_before"
read -r zx zy zw zh <<<"$cam_zoomed"
read -r px py _ _ <<<"$cam_panned"
z=2.0736
# Where the box's centre must be after zooming at the cursor: cursor + z * (centre - cursor).
ex=$(python3 -c "print(round(480 + $z * ($bx - 480), 1))"); ey=$(python3 -c "print(round(235 + $z * ($by - 235), 1))")
near() { python3 -c "import sys; sys.exit(0 if abs($1 - $2) <= $3 else 1)"; }
check "camera: the top box found before the zoom (centre $bx,$by, half-size $bw x $bh px)" "near $bw 15 2 && near $bh 15 2"
check "camera: the wheel zoomed 4 notches at the cursor (log: x2.07 at (480, 235))" "grep -q 'view: zoom x2.07 at (480, 235) pt' '$OUT/camera.log'"
check "camera: the box grew x$z (half-size $zw x $zh px, expected $(python3 -c "print(round($bw * $z, 1))"))" "near $zw $(python3 -c "print($bw * $z)") 1.5 && near $zh $(python3 -c "print($bh * $z)") 1.5"
# The centres are found to the half pixel (an edge pixel the box covers in part is not counted), and the zoom
# multiplies the error of the first one by z: within 1 + z/2 ≈ 2 px. A zoom about any other point than the cursor
# (the window's centre, the world's origin) moves the box by tens of pixels.
check "camera: the box stayed under the cursor (centre $zx,$zy px, expected $ex,$ey)" "near $zx $ex 2 && near $zy $ey 2"
check "camera: the middle-drag panned and the box followed the pointer (centre $px,$py, expected $(python3 -c "print(round($zx - 100, 1))"),$(python3 -c "print(round($zy + 65, 1))"))" "near $px $(python3 -c "print($zx - 100)") 1 && near $py $(python3 -c "print($zy + 65)") 1 && grep -q 'view: pan to' '$OUT/camera.log'"
read -r sx sy _ _ <<<"$cam_space"
check "camera: space + left drag panned too (centre $sx,$sy, expected $(python3 -c "print(round($px + 60, 1))"),$py) and kept the pause" "near $sx $(python3 -c "print($px + 60)") 1 && near $sy $py 1 && grep -q 'space + drag pans; still paused' '$OUT/camera.log' && ! grep -q 'grab box' '$OUT/camera.log'"
# Frame all: the pyramid's pixels fill the window less 24 pt on one axis and stay inside the margin on both.
read -r fw fh fx fy <<<"$(sed 's/[x+]/ /g' <<<"$cam_framed")"
check "camera: F framed every item ($cam_framed: inside 24 pt of margin, one axis filled)" "[ $fx -ge 23 ] && [ $fy -ge 23 ] && [ $((fx + fw)) -le $((cam_width - 23)) ] && [ $((fy + fh)) -le 617 ] && { [ $fh -ge 588 ] || [ $fw -ge $((cam_width - 52)) ]; } && grep -q 'view: frame all' '$OUT/camera.log'"

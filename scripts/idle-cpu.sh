#!/usr/bin/env bash
# Measures the sandbox's CPU use while its animator is paused: the pyramid scene under Xvfb falls asleep within
# a few seconds, the animator pauses (dynamicAnimatorDidPause) and the app blocks in SDL_WaitEvent. Samples the
# process's CPU time (utime + stime from /proc) over WINDOW seconds and prints the percentage of one core.
# Fails above LIMIT percent (default 2). SCENE picks another scene that comes to rest (default pyramid; ball-pile:
# the 2000 balls sleep after about 4 s). APP = the dynamics-sandbox binary.
set -euo pipefail
APP=${APP:-.build/release/dynamics-sandbox}
WINDOW=${WINDOW:-10}
LIMIT=${LIMIT:-2}
SCENE=${SCENE:-pyramid}
if [ -z "${INSIDE_XVFB:-}" ]; then
  exec env -u DISPLAY -u WAYLAND_DISPLAY INSIDE_XVFB=1 APP="$APP" WINDOW="$WINDOW" LIMIT="$LIMIT" SCENE="$SCENE" \
    xvfb-run -a -s '-screen 0 1280x800x24' bash "$0" </dev/null
fi
export SDL_VIDEODRIVER=x11
log=$(mktemp)
"$APP" --scene "$SCENE" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 150); do grep -q dynamicAnimatorDidPause "$log" && break; sleep 0.1; done
grep -q dynamicAnimatorDidPause "$log" || { echo "idle-cpu: the animator never paused"; cat "$log"; exit 1; }
sleep 1   # let the contact dots fade (the last frames after the pause)
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks); s0=$(date +%s.%N)
sleep "$WINDOW"
t1=$(ticks); s1=$(date +%s.%N)
pct=$(awk -v a="$t0" -v b="$t1" -v hz="$hz" -v s0="$s0" -v s1="$s1" 'BEGIN { printf "%.2f", (b - a) / hz / (s1 - s0) * 100 }')
echo "idle-cpu: scene $SCENE, animator paused; the sandbox used $pct % of one core over $WINDOW s (limit $LIMIT %)"
awk -v p="$pct" -v l="$LIMIT" 'BEGIN { exit !(p <= l) }'

#!/usr/bin/env bash
# Instructions per frame of dynamics-bench under callgrind, for each configuration of `make bench`. Instruction
# counts do not depend on the machine's load, so they compare builds on a busy, shared machine where wall-clock
# times are noisy. Only the measured frames' steps are counted (callgrind --collect-atstart=no
# --toggle-collect on `FrameLoop.measuredStep`): WARMUP frames are stepped first, uncounted, then FRAMES counted.
#   BENCH    the dynamics-bench binary           (default .build/release/dynamics-bench)
#   CONFIGS  ';'-separated configurations         (default: compare's full list, as `make bench`)
#   WARMUP   uncounted frames first               (default 60: the bench's own warm-up, t = 1 s)
#   FRAMES   counted frames                       (default 30)
#   JOBS     configurations run at once           (default 2; counts do not depend on it)
# Prints one table row per configuration: instructions per frame (millions) and the run's quality fields.
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
CONFIGS=${CONFIGS:-"pile 1000;pile 4000;pile 1000 --nosleep;pile 4000 --nosleep;pyramid 20 --nosleep;pyramid 40 --nosleep;pyramid 40;tumbler;chain"}
WARMUP=${WARMUP:-60}
FRAMES=${FRAMES:-30}
JOBS=${JOBS:-2}
for v in WARMUP FRAMES JOBS; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]] || { [ "$v" != WARMUP ] && [ "${!v}" -lt 1 ]; }; then
    echo "bench-ir: $v must be a whole number (FRAMES and JOBS at least 1), got '${!v}'" >&2
    exit 2
  fi
done
command -v valgrind >/dev/null 2>&1 || { echo "bench-ir: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
[ -x "$BENCH" ] || { echo "bench-ir: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
IFS=';' read -r -a configs <<< "$CONFIGS"
run() {  # index, configuration
  local i=$1 cfg=$2
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredStep*' \
    --callgrind-out-file="$work/cg.$i" "$BENCH" $cfg --warmup "$WARMUP" --frames "$FRAMES" \
    >"$work/out.$i" 2>"$work/err.$i" || { echo "bench-ir: '$cfg' failed:" >&2; tail -5 "$work/err.$i" >&2; return 1; }
}
pids=()
status=0
for i in "${!configs[@]}"; do
  cfg=$(echo "${configs[$i]}" | xargs)
  configs[$i]=$cfg
  run "$i" "$cfg" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$JOBS" ]; then wait "${pids[0]}" || status=1; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
echo "instructions per frame under callgrind: $WARMUP warm-up frames uncounted, then $FRAMES counted ($BENCH)"
echo "| config | Minstr/frame | quality |"
echo "|---|---|---|"
for i in "${!configs[@]}"; do
  [ -s "$work/cg.$i" ] || { echo "| ${configs[$i]} | failed | - |"; continue; }
  total=$(grep -E '^(summary|totals):' "$work/cg.$i" | head -1 | awk '{print $2}')
  quality=$(grep '^{' "$work/out.$i" | python3 -c 'import json,sys
d=json.loads(sys.stdin.read())
print(" ".join("%s=%s" % (k, d[k]) for k in ("escaped","stood","top_disp_pt","joint_gap_max_pt","awake","asleep") if k in d))')
  awk -v t="$total" -v f="$FRAMES" -v c="${configs[$i]}" -v q="$quality" \
    'BEGIN { printf "| %s | %.2f | %s |\n", c, t / f / 1e6, q }'
done
exit $status

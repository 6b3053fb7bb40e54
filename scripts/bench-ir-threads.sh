#!/usr/bin/env bash
# Instructions per frame of the step on one thread and on THREADS threads under callgrind, the threads' waits for
# each other left out: how much more work the parallel step does than the serial one (its chunking, shares, slots,
# merges), measured without the machine's noise. A two-thread frame can take at best (1 + extra) / 2 of a one-thread
# frame. It also counts the calling thread's instructions outside the pool's jobs, which the other threads wait
# through (callgrind --separate-threads: that thread's total less inclusive `WorkerPool.run`, which holds all its
# waits); with those serial, the best is (alone + (two-thread total - alone) / 2) / one-thread total. What the wall
# clock shows beyond that is waiting inside the jobs (imbalance, boundaries) and the cores' cache traffic.
#
# Callgrind counts each thread's instructions, but its --toggle-collect works per thread, so the worker threads'
# share of the measured steps cannot be cut out that way. Each configuration is run twice on each side, with
# WARMUP + BASE and WARMUP + BASE + FRAMES frames, everything counted; the difference over FRAMES is a frame's
# instructions. Left out: the pool's waits by name (`WorkerPool.spinUntil…`, `waitForJob`, `sched_yield`), and the
# rest of the bench's frame (its loop, the poses' read-back, the quality checks: the same serial code on both sides),
# counted on one thread as the whole frame less the measured steps (`FrameLoop.measuredStep`, inclusive), so that
# the one-thread column is `make bench-ir`'s.
#   BENCH    the dynamics-bench binary           (default .build/release/dynamics-bench)
#   CONFIGS  ';'-separated configurations         (default: the two-thread goal's, pile 4000 --nosleep;tumbler)
#   THREADS  threads of the parallel side         (default 2)
#   WARMUP   uncounted warm-up frames of every run (default 55: with BASE, frames 61-90 are counted, as in
#            `make bench-ir`)
#   BASE     frames counted by both runs          (default 5)
#   FRAMES   frames the longer run adds           (default 30)
#   JOBS     runs at once                         (default 2; counts do not depend on it)
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
CONFIGS=${CONFIGS:-"pile 4000 --nosleep;tumbler"}
THREADS=${THREADS:-2}
WARMUP=${WARMUP:-55}
BASE=${BASE:-5}
FRAMES=${FRAMES:-30}
JOBS=${JOBS:-2}
for v in THREADS WARMUP BASE FRAMES JOBS; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]] || { [ "$v" != WARMUP ] && [ "${!v}" -lt 1 ]; }; then
    echo "bench-ir-threads: $v must be a whole number (all but WARMUP at least 1), got '${!v}'" >&2
    exit 2
  fi
done
[ "$THREADS" -ge 2 ] || { echo "bench-ir-threads: THREADS must be at least 2, got $THREADS" >&2; exit 2; }
command -v valgrind >/dev/null 2>&1 || { echo "bench-ir-threads: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
[ -x "$BENCH" ] || { echo "bench-ir-threads: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
IFS=';' read -r -a configs <<< "$CONFIGS"
# A run's instructions (all its threads' files) less the waits' own (self) instructions; the waits'; the measured
# steps' (inclusive `FrameLoop.measuredStep`: on one thread, the whole step); and the calling thread's instructions
# outside the worker pool's jobs (its file's total less inclusive `WorkerPool.run`, which holds all its waits).
counted() {  # the run's callgrind files, the calling thread's first
  {
    for f in "$@"; do callgrind_annotate --auto=no --inclusive=no --threshold=100 "$f" | sed 's/^/self /'; done
    callgrind_annotate --auto=no --inclusive=no --threshold=100 "$1" | sed 's/^/first /'
    callgrind_annotate --auto=no --inclusive=yes --threshold=100 "$1" | sed 's/^/incl /'
  } | python3 -c '
import re, sys
total = waits = steps = first = jobs = 0
for line in sys.stdin:
    kind, _, rest = line.partition(" ")
    m = re.match(r"^\s*([0-9,]+) \([^)]*\)\s+(.*)$", rest)
    if not m:
        continue
    n, name = int(m.group(1).replace(",", "")), m.group(2)
    if kind == "self" and "PROGRAM TOTALS" in name:
        total += n
    elif kind == "self" and re.search(r"spinUntil|WorkerPoolC10waitForJob|sched_yield", name):
        waits += n
    elif kind == "first" and "PROGRAM TOTALS" in name:
        first = n
    # A function whose code debug information files under two paths is listed once per path: its parts add up.
    elif kind == "incl" and "measuredStep" in name:
        steps += n
    elif kind == "incl" and "WorkerPoolC3run7threads10stageCount" in name:
        jobs += n
print(total - waits, waits, steps, first - jobs)'
}
run() {  # index, threads, frames, configuration
  local i=$1 t=$2 f=$3 cfg=$4
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/cg.$i.$t.$f" "$BENCH" $cfg \
    --threads "$t" --warmup "$WARMUP" --frames "$f" >"$work/out.$i.$t.$f" 2>"$work/err.$i.$t.$f" \
    || { echo "bench-ir-threads: '$cfg --threads $t --frames $f' failed:" >&2; tail -5 "$work/err.$i.$t.$f" >&2; return 1; }
  # The calling thread's file first (callgrind numbers the threads from 1 in the order they start).
  counted $(ls "$work/cg.$i.$t.$f"-* | sort) >"$work/n.$i.$t.$f"
}
pids=()
status=0
for i in "${!configs[@]}"; do
  cfg=$(echo "${configs[$i]}" | xargs)
  configs[$i]=$cfg
  for t in 1 "$THREADS"; do
    for f in "$BASE" "$((BASE + FRAMES))"; do
      run "$i" "$t" "$f" "$cfg" &
      pids+=($!)
      if [ "${#pids[@]}" -ge "$JOBS" ]; then wait "${pids[0]}" || status=1; pids=("${pids[@]:1}"); fi
    done
  done
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
echo "instructions per frame of the step under callgrind: frames $((WARMUP + BASE + 1)) to $((WARMUP + BASE + FRAMES)), the threads' waits left out ($BENCH)"
echo "| config | 1 thread Minstr/frame | $THREADS threads Minstr/frame | extra work | calling thread alone Minstr/frame | best ratio, all shared: (1 + extra) / $THREADS | best ratio, that alone part serial | waits Minstr/frame | checksums |"
echo "|---|---|---|---|---|---|---|---|---|"
for i in "${!configs[@]}"; do
  files=("$work/n.$i.1.$BASE" "$work/n.$i.1.$((BASE + FRAMES))" "$work/n.$i.$THREADS.$BASE" "$work/n.$i.$THREADS.$((BASE + FRAMES))")
  ok=1
  for f in "${files[@]}"; do [ -s "$f" ] || ok=0; done
  [ $ok = 1 ] || { echo "| ${configs[$i]} | failed | - | - | - | - | - | - | - |"; continue; }
  sums=$(for t in 1 "$THREADS"; do grep -o '"checksum":[0-9.e+-]*' "$work/out.$i.$t.$((BASE + FRAMES))" | cut -d: -f2; done | sort -u | wc -l)
  same=$([ "$sums" = 1 ] && echo identical || echo DIFFER)
  read -r a0 _ s0 <"${files[0]}"; read -r a1 _ s1 <"${files[1]}"
  read -r b0 w0 t0 j0 <"${files[2]}"; read -r b1 w1 t1 j1 <"${files[3]}"
  # One thread: the measured steps alone. The rest of a frame (the frame loop, the poses' read-back, the quality
  # checks) is the same serial code on the same world on both sides: its count on one thread comes off both. The
  # calling thread alone: its instructions outside the jobs, less that rest: what the other threads wait through.
  awk -v a0="$a0" -v a1="$a1" -v s0="$s0" -v s1="$s1" -v b0="$b0" -v b1="$b1" -v w0="$w0" -v w1="$w1" \
    -v t0="$t0" -v t1="$t1" -v j0="$j0" -v j1="$j1" \
    -v f="$FRAMES" -v t="$THREADS" -v c="${configs[$i]}" -v s="$same" 'BEGIN {
      one = (s1 - s0) / f / 1e6; rest = (a1 - a0) / f / 1e6 - one
      many = (b1 - b0) / f / 1e6 - rest; waits = (w1 - w0) / f / 1e6
      alone = (j1 - j0) / f / 1e6 - rest
      printf "| %s | %.2f | %.2f | %+.1f %% | %.2f | %.3f | %.3f | %.2f | %s |\n", c, one, many, 100 * (many / one - 1), \
        alone, many / one / t, (alone + (many - alone) / t) / one, waits, s
    }'
done
exit $status

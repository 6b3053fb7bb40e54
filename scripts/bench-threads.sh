#!/usr/bin/env bash
# The parallel solve in one run: each configuration with 1 thread and with THREADS threads, runs interleaved
# (1, T, 1, T, ...) so that the machine's noise falls on both alike; the median of each one's mean frame time
# (mean_ms, as `make bench` compares engines), their ratio (T threads / 1 thread: below 1 is faster) and whether
# the checksums are identical (they must be: any thread count gives bit-identical steps). The load average is
# printed before and after: other work on the machine takes cores from the threads, so measure when it is low.
#   BENCH    the dynamics-bench binary       (default .build/release/dynamics-bench)
#   CONFIGS  ';'-separated configurations     (default "pile 4000 --nosleep;tumbler")
#   REPEATS  runs of each side                (default 3)
#   THREADS  threads of the second side       (default 2)
#   FRAMES   measured frames per run          (default: the bench's 600)
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
CONFIGS=${CONFIGS:-"pile 4000 --nosleep;tumbler"}
REPEATS=${REPEATS:-3}
THREADS=${THREADS:-2}
FRAMES=${FRAMES:-}
for v in REPEATS THREADS; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]] || [ "${!v}" -lt 1 ]; then
    echo "bench-threads: $v must be a whole number of at least 1, got '${!v}'" >&2
    exit 2
  fi
done
if [ -n "$FRAMES" ] && ! [[ "$FRAMES" =~ ^[0-9]+$ ]]; then
  echo "bench-threads: FRAMES must be a whole number, got '$FRAMES'" >&2
  exit 2
fi
[ -x "$BENCH" ] || { echo "bench-threads: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "bench-threads: needs python3" >&2; exit 2; }
extra=()
[ -n "$FRAMES" ] && extra=(--frames "$FRAMES")
echo "bench-threads: $(nproc) processors; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| config | 1 thread mean ms (median of $REPEATS) | $THREADS threads mean ms | ratio $THREADS/1 | checksums |"
echo "|---|---|---|---|---|"
IFS=';' read -r -a configs <<< "$CONFIGS"
status=0
for cfg in "${configs[@]}"; do
  cfg=$(echo "$cfg" | xargs)
  lines=()
  for _ in $(seq "$REPEATS"); do
    for t in 1 "$THREADS"; do
      # shellcheck disable=SC2086
      line=$("$BENCH" $cfg --threads "$t" "${extra[@]}" 2>/dev/null | grep '^{') || {
        echo "bench-threads: '$cfg --threads $t' failed" >&2
        exit 1
      }
      lines+=("$line")
    done
  done
  printf '%s\n' "${lines[@]}" | python3 -c '
import json, statistics, sys
cfg, threads = sys.argv[1], int(sys.argv[2])
runs = [json.loads(l) for l in sys.stdin if l.strip()]
one = [r for r in runs if r["threads"] == 1]
many = [r for r in runs if r["threads"] == threads]
a = statistics.median(r["mean_ms"] for r in one)
b = statistics.median(r["mean_ms"] for r in many)
same = len({repr(r["checksum"]) for r in runs}) == 1
print("| %s | %.3f | %.3f | %.3f | %s |" % (cfg, a, b, b / a, "identical" if same else "DIFFERENT"))
sys.exit(0 if same else 1)' "$cfg" "$THREADS" || status=1
done
echo "bench-threads: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status

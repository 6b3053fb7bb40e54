#!/usr/bin/env bash
# Two builds of dynamics-bench compared on one configuration, runs interleaved (A, B, A, B, ...) so that both meet
# the same phases of a noisy machine: the median of each side's mean frame time (mean_ms), their ratio, and the
# median of the run-by-run ratios B/A ("pairwise", what the README quotes). Not pinned; checksums must match.
#   usage: scripts/interleaved-ab.sh A B N config...   e.g. scripts/interleaved-ab.sh old/dynamics-bench \
#          .build/release/dynamics-bench 9 tumbler
#   THREADS  --threads of every run (default 2)
#   FRAMES   --frames of every run (default 300)
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: scripts/interleaved-ab.sh A B N config... (A, B: dynamics-bench binaries; N: runs of each)" >&2
  exit 2
fi
A=$1 B=$2 N=$3
shift 3
THREADS=${THREADS:-2}
FRAMES=${FRAMES:-300}
for v in N THREADS FRAMES; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]] || [ "${!v}" -lt 1 ]; then
    echo "interleaved-ab: $v must be a whole number of at least 1, got '${!v}'" >&2
    exit 2
  fi
done
for bin in "$A" "$B"; do
  [ -x "$bin" ] || { echo "interleaved-ab: $bin is not an executable dynamics-bench" >&2; exit 2; }
done
field() { grep -o "\"$1\":[0-9.e+-]*" | cut -d: -f2; }
as=() bs=() sums=()
for _ in $(seq "$N"); do
  for side in A B; do
    bin=$A
    [ "$side" = B ] && bin=$B
    line=$("$bin" "$@" --frames "$FRAMES" --threads "$THREADS" 2>/dev/null | tail -1)
    ms=$(field mean_ms <<<"$line")
    sums+=("$(field checksum <<<"$line")")
    if [ "$side" = A ]; then as+=("$ms"); else bs+=("$ms"); fi
  done
done
python3 - "$*" "$THREADS" "${as[*]}" "${bs[*]}" "${sums[*]}" <<'PY'
import statistics, sys
config, threads, a, b, sums = sys.argv[1:]
a = [float(x) for x in a.split()]
b = [float(x) for x in b.split()]
ma, mb = statistics.median(a), statistics.median(b)
pairwise = statistics.median([y / x for x, y in zip(a, b)])
same = "identical" if len(set(sums.split())) <= 1 else "DIFFERENT"
print(f"{config}, {threads} threads, {len(a)} runs each: A {ma:.3f} ms, B {mb:.3f} ms, B/A {mb / ma:.3f}, "
      f"pairwise {pairwise:.3f}; checksums {same}")
PY

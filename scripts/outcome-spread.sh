#!/usr/bin/env bash
# The spread of the chaotic outcomes of the bench scenes. The frame at which a pile falls asleep is set by its last
# ball to settle (often one rolling along the floor just above the rest speed), and which ball that is, and for how
# long, changes with any change of the arithmetic: gravity 2⁻²³ of itself stronger (`--perturb 1`) moves
# `pile 1000`'s sleep from frame 224 to 221, `--perturb 5` to 292. One run of `make bench` or `make bench-substeps`
# draws one sample of each such outcome; this runs SAMPLES of them (`dynamics-bench --perturb K`, K = 0 … SAMPLES − 1,
# K = 0 being the bench's own run) and prints, per outcome, the bench's sample, the median, the 90th percentile, the
# worst and how many samples miss the bar. Compare two builds, or two sub-step counts, by these columns, not by one
# sample.
#   BENCH       the dynamics-bench binary            (default .build/release/dynamics-bench)
#   SAMPLES     perturbations K = 0 … SAMPLES − 1      (default 16, 2…1000)
#   JOBS        runs at once                         (default 2; the outcomes do not depend on it)
#   BENCH_ARGS  options for every run, e.g. "--substeps 4"
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
SAMPLES=${SAMPLES:-16}
JOBS=${JOBS:-2}
BENCH_ARGS=${BENCH_ARGS:-}
if ! [[ "$SAMPLES" =~ ^[0-9]+$ ]] || [ "$SAMPLES" -lt 2 ] || [ "$SAMPLES" -gt 1000 ]; then
  echo "outcome-spread: SAMPLES must be a whole number from 2 to 1000, got '$SAMPLES'" >&2
  exit 2
fi
if ! [[ "$JOBS" =~ ^[0-9]+$ ]] || [ "$JOBS" -lt 1 ]; then
  echo "outcome-spread: JOBS must be a whole number of at least 1, got '$JOBS'" >&2
  exit 2
fi
[ -x "$BENCH" ] || { echo "outcome-spread: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "outcome-spread: needs python3" >&2; exit 2; }
# shellcheck disable=SC2086
"$BENCH" chain --frames 1 --warmup 0 $BENCH_ARGS >/dev/null 2>&1 || {
  echo "outcome-spread: BENCH_ARGS '$BENCH_ARGS' refused by $BENCH:" >&2
  # shellcheck disable=SC2086
  "$BENCH" chain --frames 1 --warmup 0 $BENCH_ARGS 2>&1 >/dev/null | tail -n 1 >&2
  exit 2
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
configs=("pile 1000" "pile 4000" "pyramid 40" "pyramid 20" "tumbler")
# shellcheck source=scripts/run-jobs.sh
source "$(dirname "$0")/run-jobs.sh"
for k in $(seq 0 $((SAMPLES - 1))); do
  for i in "${!configs[@]}"; do
    # shellcheck disable=SC2086
    run_job "$work/$k.$i" "$work/$k.$i.err" "$BENCH" ${configs[$i]} --perturb "$k" $BENCH_ARGS
  done
done
wait_jobs outcome-spread "$work"
echo "chaotic outcomes over $SAMPLES perturbations of gravity (dynamics-bench --perturb K, K = 0 … $((SAMPLES - 1)))"
echo "$BENCH${BENCH_ARGS:+ $BENCH_ARGS}, 60 warm-up + 600 measured frames, sleep on; 'never': not asleep by frame 660"
echo
python3 - "$work" "$SAMPLES" "${#configs[@]}" <<'EOF'
import json, math, sys
work, samples, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = {}
for k in range(samples):
    for i in range(count):
        with open(f"{work}/{k}.{i}") as f:
            line = [l for l in f if l.startswith("{")][-1]
        d = json.loads(line)
        runs[(k, d["scene"], d["n"])] = d
NEVER = float("inf")

def frame(d):
    v = d.get("asleep_frame")
    return NEVER if v is None else v

rows = [
    # label, scene, n, value, bar (None: no bar)
    ("pile 1000: asleep at frame (≤ 660)", "pile", 1000, frame, lambda v: v <= 660),
    ("pile 4000: asleep at frame (≤ 660)", "pile", 4000, frame, lambda v: v <= 660),
    ("pile 4000: deep point-frames (> 4 pt)", "pile", 4000, lambda d: d["deep_points"], None),
    ("pyramid 40: asleep at frame", "pyramid", 40, frame, None),
    ("pyramid 40: top sag, pt (≤ 5)", "pyramid", 40, lambda d: d["top_disp_pt"], lambda v: v <= 5),
    ("pyramid 20: asleep at frame", "pyramid", 20, frame, None),
    ("tumbler: deep point-frames (> 4 pt)", "tumbler", 0, lambda d: d["deep_points"], None),
]

def text(v, decimals=3):
    if v == NEVER:
        return "never"
    if isinstance(v, float) and decimals == 0:
        return f"{v:.1f}".removesuffix(".0")
    return f"{v:.{decimals}f}" if isinstance(v, float) else str(v)

def rank(sorted_values, p):
    # The sample at rank ⌈p·n⌉ (1-based): with 16 samples the 90th percentile is the 15th smallest.
    return sorted_values[math.ceil(p * len(sorted_values)) - 1]

print("| outcome | K = 0 (the bench's run) | median | 90th percentile | worst | samples missing the bar |")
print("|---|---|---|---|---|---|")
for label, scene, n, value, bar in rows:
    values = [value(runs[(k, scene, n)]) for k in range(samples)]
    ordered = sorted(values)
    median = ordered[(len(ordered) - 1) // 2] if len(ordered) % 2 else None
    if median is None:
        a, b = ordered[len(ordered) // 2 - 1], ordered[len(ordered) // 2]
        median = NEVER if NEVER in (a, b) else (a + b) / 2
    misses = "" if bar is None else str(sum(1 for v in values if not bar(v)))
    whole = all(isinstance(v, int) or v == NEVER for v in values)
    print(f"| {label} | {text(values[0])} | {text(median, 0 if whole else 3)} | {text(rank(ordered, 0.9))} "
          f"| {text(ordered[-1])} | {misses} |")
EOF

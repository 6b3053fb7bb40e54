#!/usr/bin/env bash
# The sub-step decision, measured: every quality bar of the bench scenes at each solver sub-step count, in one table.
# Fewer sub-steps are faster (`make bench BENCH_ARGS="--substeps S"` times them against the peers); this prints what
# they cost in quality, so the count can be chosen from the bars: a 40-row pyramid's top sags at most 5 pt and it
# and the 20-row one fall asleep as soon as the 6-sub-step solver made them before the settling passes (frames 115
# and 55 at f1bfd7a, issue 14's reference), every pile is asleep by 11 s (frame 660, warm-up included), nothing
# escapes, the chain's joints never open by more than 1 pt. Quality does not depend on the machine's load (the
# steps are deterministic), so the runs go JOBS at a time.
#   BENCH       the dynamics-bench binary             (default .build/release/dynamics-bench)
#   SUBSTEPS    space-separated sub-step counts, 1…16 (default "4 5 6")
#   JOBS        runs at once                          (default 2)
#   BENCH_ARGS  more dynamics-bench options for every run, e.g. '--settling-passes 1' (the settling passes off)
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
SUBSTEPS=${SUBSTEPS:-"4 5 6"}
JOBS=${JOBS:-2}
BENCH_ARGS=${BENCH_ARGS:-}
if ! [[ "$JOBS" =~ ^[0-9]+$ ]] || [ "$JOBS" -lt 1 ]; then
  echo "substep-tradeoff: JOBS must be a whole number of at least 1, got '$JOBS'" >&2
  exit 2
fi
for s in $SUBSTEPS; do
  if ! [[ "$s" =~ ^[0-9]+$ ]] || [ "$s" -lt 1 ] || [ "$s" -gt 16 ]; then
    echo "substep-tradeoff: SUBSTEPS must be whole numbers from 1 to 16, got '$s'" >&2
    exit 2
  fi
done
[ -x "$BENCH" ] || { echo "substep-tradeoff: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "substep-tradeoff: needs python3" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
configs=("pyramid 40" "pyramid 20" "pile 1000" "pile 4000" "tumbler" "chain")
# shellcheck source=scripts/run-jobs.sh
source "$(dirname "$0")/run-jobs.sh"
for s in $SUBSTEPS; do
  for i in "${!configs[@]}"; do
    # shellcheck disable=SC2086
    run_job "$work/$s.$i" "$work/$s.$i.err" "$BENCH" ${configs[$i]} --substeps "$s" $BENCH_ARGS
  done
done
wait_jobs substep-tradeoff "$work"
echo "quality at each sub-step count ($BENCH${BENCH_ARGS:+ $BENCH_ARGS}, 60 warm-up + 600 measured frames, sleep on)"
python3 - "$work" "${#configs[@]}" $SUBSTEPS <<'EOF'
import json, sys
work, count, counts = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
runs = {}
for s in counts:
    for i in range(count):
        with open(f"{work}/{s}.{i}") as f:
            line = [l for l in f if l.startswith("{")][-1]
        d = json.loads(line)
        runs[(s, d["scene"], d["n"])] = d
# The frames at which the pyramids fell asleep at 6 sub-steps before the settling passes (f1bfd7a): issue 14's
# "the sleeping pyramid still sleeps as fast".
asleep_before = {40: 115, 20: 55}

def frame(d):
    return d.get("asleep_frame")

rows = [
    # label, scene, n, value, bar test (value, reference value) -> bool
    ("pyramid 40: top sag, pt (≤ 5)", "pyramid", 40, lambda d: d["top_disp_pt"], lambda v, r: v <= 5),
    ("pyramid 40: stood", "pyramid", 40, lambda d: d["stood"], lambda v, r: v is True),
    ("pyramid 40: asleep at frame (≤ %d)" % asleep_before[40], "pyramid", 40, frame,
     lambda v, r: v is not None and v <= asleep_before[40]),
    ("pyramid 20: top sag, pt", "pyramid", 20, lambda d: d["top_disp_pt"], None),
    ("pyramid 20: asleep at frame (≤ %d)" % asleep_before[20], "pyramid", 20, frame,
     lambda v, r: v is not None and v <= asleep_before[20]),
    ("pile 1000: asleep at frame (≤ 660)", "pile", 1000, frame, lambda v, r: v is not None and v <= 660),
    ("pile 1000: escaped (0)", "pile", 1000, lambda d: d["escaped"], lambda v, r: v == 0),
    ("pile 4000: asleep at frame (≤ 660)", "pile", 4000, frame, lambda v, r: v is not None and v <= 660),
    ("pile 4000: escaped (0)", "pile", 4000, lambda d: d["escaped"], lambda v, r: v == 0),
    ("pile 4000: deep point-frames (> 4 pt)", "pile", 4000, lambda d: d["deep_points"], None),
    ("tumbler: deep point-frames (> 4 pt)", "tumbler", 0, lambda d: d["deep_points"], None),
    ("chain: widest joint gap at any frame, pt (≤ 1)", "chain", 0, lambda d: d["joint_gap_worst_any_frame_pt"],
     lambda v, r: v <= 1),
]
print("| bar | " + " | ".join(f"{s} sub-steps" for s in counts) + " |")
print("|---|" + "---|" * len(counts))
failed = {s: [] for s in counts}
for label, scene, n, value, test in rows:
    cells = []
    for s in counts:
        v = value(runs[(s, scene, n)])
        r = None
        text = "never" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))
        if test is not None and not test(v, r):
            text += " ✘"
            failed[s].append(label.split(" (")[0].replace(", pt", ""))
        cells.append(text)
    print(f"| {label} | " + " | ".join(cells) + " |")
print()
for s in counts:
    print(f"{s} sub-steps: " + ("every bar met" if not failed[s] else "misses " + "; ".join(failed[s])))
EOF

#!/usr/bin/env bash
# The parallel solve in one run: each configuration with 1 thread, with THREADS threads on every step, and with
# THREADS threads when they pay (`--adaptive-threads`, WorldSettings.adaptiveWorkers: the world times its steps both
# ways and keeps the faster, what the sandbox does), runs interleaved (1, T, T adaptive, 1, ...), not pinned to a
# core; the median of each side's mean frame time (mean_ms, what `make bench` compares), their ratios to one thread
# (below 1 is faster), the share of steps the adaptive side ran on the threads, and whether every checksum is
# identical (it must be: any thread count gives bit-identical steps).
#
# Other work on the machine takes cores from the threads, so each run also measures how much processor time the
# rest of the machine used meanwhile (/proc/stat minus the run's own): a run during which the others used more than
# QUIET of a core is not counted and is made again, until each side has REPEATS counted runs (or TIMEOUT seconds
# pass: then the counted runs so far are reported, with how many there are). Set QUIET=2 to count every run.
# A virtual machine's host can also slow the cores' exchanges without any load the guest sees: on this project's
# machine the round trip of a cache line between the two cores moves between about 100 and 430 ns for minutes at a
# time, and at 430 the threads lose more than they gain. So the round trip is also measured before and after each
# run, and a run during which it exceeded ROUND_TRIP_LIMIT ns (default 200; 0: no limit) is not counted either.
#   BENCH    the dynamics-bench binary       (default .build/release/dynamics-bench)
#   CONFIGS  ';'-separated configurations     (default "pile 4000 --nosleep;tumbler")
#   REPEATS  counted runs of each side        (default 3)
#   THREADS  threads of the second side       (default 2)
#   FRAMES   measured frames per run          (default: the bench's 600)
#   QUIET    largest share of a core the rest of the machine may use during a counted run (default 0.1)
#   TIMEOUT  seconds to wait for counted runs, per configuration (default 1800)
#   ROUND_TRIP_LIMIT  largest round trip (ns) before or after a counted run (default 200; 0: any)
#   PAIRED_FRAMES  measured frames of each paired run (dynamics-bench --paired, below the table; default 1800)
#   BLOCK    frames per block of a paired run (default 30)
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
CONFIGS=${CONFIGS:-"pile 4000 --nosleep;tumbler"}
REPEATS=${REPEATS:-3}
THREADS=${THREADS:-2}
FRAMES=${FRAMES:-600}
QUIET=${QUIET:-0.1}
TIMEOUT=${TIMEOUT:-1800}
ROUND_TRIP_MAX=${ROUND_TRIP_LIMIT:-200}
PAIRED_FRAMES=${PAIRED_FRAMES:-1800}
BLOCK=${BLOCK:-30}
for v in REPEATS THREADS FRAMES TIMEOUT PAIRED_FRAMES BLOCK; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]] || [ "${!v}" -lt 1 ]; then
    echo "bench-threads: $v must be a whole number of at least 1, got '${!v}'" >&2
    exit 2
  fi
done
if ! [[ "$ROUND_TRIP_MAX" =~ ^[0-9]+$ ]]; then
  echo "bench-threads: ROUND_TRIP_LIMIT must be a whole number of nanoseconds (0: no limit), got '$ROUND_TRIP_MAX'" >&2
  exit 2
fi
if ! [[ "$QUIET" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "bench-threads: QUIET must be a number of cores (e.g. 0.1), got '$QUIET'" >&2
  exit 2
fi
[ -x "$BENCH" ] || { echo "bench-threads: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "bench-threads: needs python3" >&2; exit 2; }
# The cores' round trip (scripts/core-round-trip.c), before and after the runs: it moves on some virtual machines, and
# the threads' gain with it. Built with the C compiler the Swift toolchain brings; skipped when there is none.
ROUND_TRIP=""
cc=$(command -v clang || command -v cc || true)
if [ -n "$cc" ]; then
  rt_dir=$(mktemp -d)
  trap 'rm -rf "$rt_dir"' EXIT
  if "$cc" -O2 -pthread -o "$rt_dir/core-round-trip" "$(dirname "$0")/core-round-trip.c" 2>/dev/null; then
    ROUND_TRIP="$rt_dir/core-round-trip"
  fi
  # What `make bench` prints too: whether the host shares the cores (a busy sibling slows everything, one thread and
  # two alike, and the ratio with it) and how fast memory answers.
  "$cc" -O2 -o "$rt_dir/port-contention" "$(dirname "$0")/port-contention.c" 2>/dev/null || true
  "$cc" -O2 -o "$rt_dir/cache-latency" "$(dirname "$0")/cache-latency.c" 2>/dev/null || true
fi
machine_state() {
  local words=""
  [ -x "${rt_dir:-}/port-contention" ] && words="eight multiply-add chains over one $("$rt_dir/port-contention") (1.0-1.2: the cores are ours, 1.5 and more: shared)"
  [ -x "${rt_dir:-}/cache-latency" ] && words="$words; a load from a 1 MiB working set $("$rt_dir/cache-latency") ns"
  echo "${words:-not measured (no C compiler)}"
}
echo "bench-threads: the machine before the runs: $(machine_state)"
status=0
python3 - "$BENCH" "$CONFIGS" "$REPEATS" "$THREADS" "$FRAMES" "$QUIET" "$TIMEOUT" "$ROUND_TRIP" "$ROUND_TRIP_MAX" \
  "$PAIRED_FRAMES" "$BLOCK" <<'PY' || status=$?
import json, os, resource, shlex, statistics, subprocess, sys, time

bench, configs, repeats, threads, frames, quiet, timeout, round_trip, round_trip_max, paired_frames, block = sys.argv[1:]
paired_frames, block = int(paired_frames), int(block)
repeats, threads, frames, quiet, timeout = int(repeats), int(threads), int(frames), float(quiet), float(timeout)
round_trip_max = int(round_trip_max)
hz = os.sysconf("SC_CLK_TCK")

def busy_seconds():
    """Processor time the whole machine spent busy so far, s (all cores)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return (sum(v) - v[3] - v[4]) / hz

SIDES = ("one", "threads", "adaptive")

def arguments(side):
    """The bench arguments of a side."""
    return {"one": ["--threads", "1"], "threads": ["--threads", str(threads)],
            "adaptive": ["--threads", str(threads), "--adaptive-threads"]}[side]

def run(cfg, side):
    """One run: its JSON line and the share of a core the rest of the machine used meanwhile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    b0, w0 = busy_seconds(), time.monotonic()
    out = subprocess.run([bench] + shlex.split(cfg) + arguments(side) + ["--frames", str(frames)],
                         capture_output=True, text=True)
    b1, w1 = busy_seconds(), time.monotonic()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        sys.exit("bench-threads: '%s %s' failed: %s" % (cfg, " ".join(arguments(side)), out.stderr.strip()[-300:]))
    line = json.loads([l for l in out.stdout.splitlines() if l.startswith("{")][-1])
    own = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return line, max(0.0, (b1 - b0) - own) / (w1 - w0)

def round_trip_ns():
    """The cores' round trip in ns (scripts/core-round-trip.c), or None when it cannot be measured."""
    if not round_trip:
        return None
    out = subprocess.run([round_trip], capture_output=True, text=True)
    return float(out.stdout.strip()) if out.returncode == 0 else None

def cores_round_trip():
    """The cores' round trip as words."""
    if not round_trip:
        return "not measured (no C compiler)"
    ns = round_trip_ns()
    return "%.0f ns" % ns if ns is not None else "not measured"

def exchanges_slow():
    """Whether the cores' round trip is over the limit now (never when there is no limit or no measure)."""
    if round_trip_max == 0:
        return False
    ns = round_trip_ns()
    return ns is not None and ns > round_trip_max

print("bench-threads: %d processors; load average %s; a run counts when the rest of the machine used under %.2f "
      "of a core%s; a cache line's round trip between two threads: %s" % (
          os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3]), quiet,
          " and the round trip stayed under %d ns" % round_trip_max if round_trip_max and round_trip else "",
          cores_round_trip()))
print("| config | 1 thread mean ms | %d threads mean ms | ratio %d/1 | %d when they pay mean ms | ratio | steps on "
      "threads | counted runs (made) | others' load | checksums |" % (threads, threads, threads))
print("|---|---|---|---|---|---|---|---|---|---|")
status = 0
for cfg in [c.strip() for c in configs.split(";") if c.strip()]:
    counted = {side: [] for side in SIDES}
    shares = []
    loads, sums, made = [], set(), 0
    start = time.monotonic()
    while min(len(v) for v in counted.values()) < repeats and time.monotonic() - start < timeout:
        for side in SIDES:
            if len(counted[side]) >= repeats:
                continue
            slow = exchanges_slow()
            line, others = run(cfg, side)
            slow = exchanges_slow() or slow
            made += 1
            sums.add(repr(line["checksum"]))
            if others <= quiet and not slow:
                counted[side].append(line["mean_ms"])
                loads.append(others)
                if side == "adaptive":
                    taking = line["threaded_steps"] + line["alone_steps"]
                    shares.append(line["threaded_steps"] / taking if taking else 0.0)
    same = len(sums) == 1
    if not all(counted.values()):
        print("| %s | - | - | - | - | - | - | 0 (%d) | never quiet | %s |"
              % (cfg, made, "identical" if same else "DIFFERENT"))
        status = 1
        continue
    a, b, c = (statistics.median(counted[side]) for side in SIDES)
    status |= 0 if same else 1
    print("| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.0f %% | %s (%d) | %.2f core | %s |" % (
        cfg, a, b, b / a, c, c / a, 100 * statistics.median(shares),
        " + ".join(str(len(counted[side])) for side in SIDES), made, max(loads), "identical" if same else "DIFFERENT"))
# The same comparison paired inside one run (dynamics-bench --paired): blocks of BLOCK frames alternate between one
# thread and THREADS on the same world, so a host that slows the whole machine for seconds slows both sides alike;
# pairs during which the pool's own round trip exceeded the limit are not counted. The checksum must equal a plain
# one-thread run's over the same frames.
print()
print("Paired in one run (%d frames, blocks of %d, order swapped from pair to pair; pairs with a round trip over %s "
      "not counted): ratio of each run, then their median" % (paired_frames, block,
                                                             "%d ns" % round_trip_max if round_trip_max else "any"))
print()
print("| config | ratio %d/1 (median of runs) | each run: ratio (pairs counted of %d) | 1 thread ms | %d threads ms "
      "| round trip median ns | checksum against a one-thread run |" % (threads, paired_frames // (2 * block), threads))
print("|---|---|---|---|---|---|---|")
for cfg in [c.strip() for c in configs.split(";") if c.strip()]:
    runs, made, start = [], 0, time.monotonic()
    plain = subprocess.run([bench] + shlex.split(cfg) + ["--threads", "1", "--frames", str(paired_frames)],
                           capture_output=True, text=True)
    if plain.returncode != 0:
        sys.exit("bench-threads: '%s --threads 1' failed: %s" % (cfg, plain.stderr.strip()[-300:]))
    reference = json.loads([l for l in plain.stdout.splitlines() if l.startswith("{")][-1])["checksum"]
    same = True
    while len(runs) < repeats and time.monotonic() - start < timeout:
        out = subprocess.run([bench] + shlex.split(cfg) + [
            "--threads", str(threads), "--paired", "--frames", str(paired_frames), "--block", str(block),
            "--round-trip-limit", str(round_trip_max)], capture_output=True, text=True)
        made += 1
        if out.returncode != 0:
            sys.exit("bench-threads: '%s --paired' failed: %s" % (cfg, out.stderr.strip()[-300:]))
        line = json.loads([l for l in out.stdout.splitlines() if l.startswith("{")][-1])
        same = same and line["checksum"] == reference
        # A run counts when at least a third of its pairs did.
        if line["pairs"] * 3 >= paired_frames // (2 * block) and line["ratio"] is not None:
            runs.append(line)
    if not runs:
        print("| %s | - | none counted (%d made) | - | - | - | %s |" % (cfg, made, "equal" if same else "DIFFERENT"))
        status = 1
        continue
    status |= 0 if same else 1
    middle = sorted(runs, key=lambda r: r["ratio"])[len(runs) // 2]
    print("| %s | **%.3f** | %s | %.3f | %.3f | %.0f | %s |" % (
        cfg, middle["ratio"], ", ".join("%.3f (%d)" % (r["ratio"], r["pairs"]) for r in runs), middle["one_ms"],
        middle["threads_ms"], middle["round_trip_ns_median"], "equal" if same else "DIFFERENT"))
print("bench-threads: load average after: %s; round trip after: %s" % (
    " ".join(open("/proc/loadavg").read().split()[:3]), cores_round_trip()))
sys.exit(status)
PY
echo "bench-threads: the machine after the runs: $(machine_state)"
exit $status

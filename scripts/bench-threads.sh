#!/usr/bin/env bash
# The parallel solve in one run: each configuration with 1 thread and with THREADS threads, runs interleaved
# (1, T, 1, T, ...), not pinned to a core; the median of each side's mean frame time (mean_ms, what `make bench`
# compares), their ratio (T threads / 1 thread: below 1 is faster) and whether every checksum is identical (it must
# be: any thread count gives bit-identical steps).
#
# Other work on the machine takes cores from the threads, so each run also measures how much processor time the
# rest of the machine used meanwhile (/proc/stat minus the run's own): a run during which the others used more than
# QUIET of a core is not counted and is made again, until each side has REPEATS counted runs (or TIMEOUT seconds
# pass: then the counted runs so far are reported, with how many there are). Set QUIET=2 to count every run.
#   BENCH    the dynamics-bench binary       (default .build/release/dynamics-bench)
#   CONFIGS  ';'-separated configurations     (default "pile 4000 --nosleep;tumbler")
#   REPEATS  counted runs of each side        (default 3)
#   THREADS  threads of the second side       (default 2)
#   FRAMES   measured frames per run          (default: the bench's 600)
#   QUIET    largest share of a core the rest of the machine may use during a counted run (default 0.1)
#   TIMEOUT  seconds to wait for counted runs, per configuration (default 1800)
set -euo pipefail
BENCH=${BENCH:-.build/release/dynamics-bench}
CONFIGS=${CONFIGS:-"pile 4000 --nosleep;tumbler"}
REPEATS=${REPEATS:-3}
THREADS=${THREADS:-2}
FRAMES=${FRAMES:-600}
QUIET=${QUIET:-0.1}
TIMEOUT=${TIMEOUT:-1800}
for v in REPEATS THREADS FRAMES TIMEOUT; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]] || [ "${!v}" -lt 1 ]; then
    echo "bench-threads: $v must be a whole number of at least 1, got '${!v}'" >&2
    exit 2
  fi
done
if ! [[ "$QUIET" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "bench-threads: QUIET must be a number of cores (e.g. 0.1), got '$QUIET'" >&2
  exit 2
fi
[ -x "$BENCH" ] || { echo "bench-threads: $BENCH not found; build it with 'swift build -c release --product dynamics-bench'" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "bench-threads: needs python3" >&2; exit 2; }
exec python3 - "$BENCH" "$CONFIGS" "$REPEATS" "$THREADS" "$FRAMES" "$QUIET" "$TIMEOUT" <<'PY'
import json, os, resource, shlex, statistics, subprocess, sys, time

bench, configs, repeats, threads, frames, quiet, timeout = sys.argv[1:]
repeats, threads, frames, quiet, timeout = int(repeats), int(threads), int(frames), float(quiet), float(timeout)
hz = os.sysconf("SC_CLK_TCK")

def busy_seconds():
    """Processor time the whole machine spent busy so far, s (all cores)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return (sum(v) - v[3] - v[4]) / hz

def run(cfg, t):
    """One run: its JSON line and the share of a core the rest of the machine used meanwhile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    b0, w0 = busy_seconds(), time.monotonic()
    out = subprocess.run([bench] + shlex.split(cfg) + ["--threads", str(t), "--frames", str(frames)],
                         capture_output=True, text=True)
    b1, w1 = busy_seconds(), time.monotonic()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        sys.exit("bench-threads: '%s --threads %d' failed: %s" % (cfg, t, out.stderr.strip()[-300:]))
    line = json.loads([l for l in out.stdout.splitlines() if l.startswith("{")][-1])
    own = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return line, max(0.0, (b1 - b0) - own) / (w1 - w0)

print("bench-threads: %d processors; load average %s; a run counts when the rest of the machine used under %.2f "
      "of a core" % (os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3]), quiet))
print("| config | 1 thread mean ms | %d threads mean ms | ratio %d/1 | counted runs (made) | others' load | checksums |"
      % (threads, threads))
print("|---|---|---|---|---|---|---|")
status = 0
for cfg in [c.strip() for c in configs.split(";") if c.strip()]:
    counted = {1: [], threads: []}
    loads, sums, made = [], set(), 0
    start = time.monotonic()
    while min(len(counted[1]), len(counted[threads])) < repeats and time.monotonic() - start < timeout:
        for t in (1, threads):
            if len(counted[t]) >= repeats and len(counted[1 if t != 1 else threads]) < repeats:
                continue
            line, others = run(cfg, t)
            made += 1
            sums.add(repr(line["checksum"]))
            if others <= quiet:
                counted[t].append(line["mean_ms"])
                loads.append(others)
    if not counted[1] or not counted[threads]:
        print("| %s | - | - | - | 0 (%d) | never quiet | %s |" % (cfg, made, "identical" if len(sums) == 1 else "DIFFERENT"))
        status = 1
        continue
    a, b = statistics.median(counted[1]), statistics.median(counted[threads])
    same = len(sums) == 1
    status |= 0 if same else 1
    print("| %s | %.3f | %.3f | %.3f | %d + %d (%d) | %.2f core | %s |" % (
        cfg, a, b, b / a, len(counted[1]), len(counted[threads]), made, max(loads),
        "identical" if same else "DIFFERENT"))
print("bench-threads: load average after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
sys.exit(status)
PY

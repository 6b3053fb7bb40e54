# A small pool of background runs for the bench scripts, sourced (JOBS: how many run at once).
#   run_job OUT ERR COMMAND...  starts COMMAND with stdout to OUT and stderr to ERR, waiting first while JOBS run
#   wait_jobs NAME DIR          waits for every run; if one failed, prints the last lines of DIR/*.err under NAME
#                               and exits 1
_job_pids=()
_job_status=0
run_job() {
  local out=$1 err=$2
  shift 2
  "$@" >"$out" 2>"$err" &
  _job_pids+=($!)
  if [ "${#_job_pids[@]}" -ge "$JOBS" ]; then
    wait "${_job_pids[0]}" || _job_status=1
    _job_pids=("${_job_pids[@]:1}")
  fi
}
wait_jobs() {
  local p
  for p in "${_job_pids[@]}"; do wait "$p" || _job_status=1; done
  _job_pids=()
  if [ "$_job_status" -ne 0 ]; then
    echo "$1: a run failed:" >&2
    tail -n 3 "$2"/*.err >&2
    exit 1
  fi
}

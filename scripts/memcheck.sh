#!/usr/bin/env bash
# make memcheck: runs the sandbox headless on each of $SCENES under valgrind's memcheck and fails on any memory
# error or definitely-lost block. "Possibly lost" and "still reachable" blocks are reported by valgrind but not
# counted: they are the Swift runtime's metadata caches and libc's buffers, alive until exit by design. No
# suppression file is needed (none of the errors or definite leaks come from the Swift runtime or libc today); if one
# ever is, add it here with a comment saying which library it silences and why.
set -euo pipefail
APP=${APP:?set APP to the dynamics-sandbox binary}
SCENES=${SCENES:-sticker-pile pendulum drag-field snap chain shapes}
FRAMES=${FRAMES:-60}
status=0
for scene in $SCENES; do
  log=$(mktemp)
  if valgrind --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --error-exitcode=9 \
       "$APP" --headless --scene "$scene" --frames "$FRAMES" >"$log" 2>&1; then
    rc=0
  else
    rc=$?
  fi
  errors=$(grep -o 'ERROR SUMMARY: [0-9]* errors' "$log" | grep -o '[0-9]*' | head -1)
  lost=$(grep -o 'definitely lost: [0-9,]* bytes' "$log" | grep -o '[0-9,]*' | head -1)
  echo "memcheck: $scene ($FRAMES frames): ${errors:-?} errors, ${lost:-0} bytes definitely lost (exit $rc)"
  if [ "$rc" -ne 0 ]; then status=1; sed -n '/ERROR SUMMARY\|definitely lost\|Invalid\|uninitialised/p' "$log" | head -20; fi
  rm -f "$log"
done
[ "$status" -eq 0 ] && echo "memcheck: 0 errors, 0 definite leaks in every scene" || echo "memcheck: FAILED" >&2
exit $status

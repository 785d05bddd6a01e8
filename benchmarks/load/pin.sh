# shellcheck shell=bash
# Core pinning for the load scripts, in one place: sourced by run.sh, ab.sh and upstream.sh.
#
# Pinning is on (PINNED=1) when PIN is 1, the default, the machine has 2 cores or more, and taskset
# exists. `pin_to NAME CPUS` sets the array NAME to the prefix that runs a command on CPUS
# (taskset -c CPUS), or to nothing when pinning is off; run a command as "${NAME[@]}" command ...
# taskset execs the command, so $! of a pinned background command (and its /proc/PID/stat) is the
# command's own pid, not taskset's.

if [ "${PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  PINNED=1
else
  PINNED=0
fi

pin_to() { # array-name cpus
  local -n prefix="$1"
  if [ "$PINNED" = 1 ]; then
    prefix=(taskset -c "$2")
  else
    prefix=()
  fi
}

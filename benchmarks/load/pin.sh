# shellcheck shell=bash
# Core pinning and CPU ticks for the load scripts, in one place: sourced by run.sh, ab.sh,
# upstream.sh and inprocess.sh.
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

CLK_TCK=$(getconf CLK_TCK)

# `ticks PID`: utime + stime of a process in clock ticks (CLK_TCK a second), less its JIT compiler
# threads': the server's own work (GC included), not the compiling of a JVM still warming up.
ticks() {
  local total compilers=0 task
  total=$(awk '{print $14 + $15}' "/proc/$1/stat")
  for task in /proc/"$1"/task/*; do
    case "$(cat "$task/comm" 2>/dev/null)" in
      C1\ Compiler*|C2\ Compiler*) compilers=$((compilers + $(awk '{print $14 + $15}' "$task/stat"))) ;;
    esac
  done
  echo $((total - compilers))
}

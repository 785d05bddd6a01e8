#!/usr/bin/env bash
# Runs README.md's tour (the commands between <!-- tour:start --> and <!-- tour:end -->) against
# the built jar's embedded demo, started on a free port with a fresh data folder and the clone
# root as working directory, and checks that every command prints what the README says it prints
# (tour.py; the grammar is in expect.py and tests/tour/README.md). Stops the server at the end.
#
#   tests/tour/run.sh [path/to/registry-server.jar]
#
# Without python3 or curl (the tour needs both) it prints why and exits 0.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
jar="${1:-$root/registry-server/target/registry-server.jar}"

for tool in python3 curl; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "[skipped] README tour -- $tool not on the PATH"
    exit 0
  fi
done
if [ ! -f "$jar" ]; then
  echo "README tour: no jar at $jar (build it with: mvn -B -q package -DskipTests)" >&2
  exit 1
fi
jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"

# The grammar's own tests first: a checker that passed everything would prove nothing.
if ! selftest="$(cd "$here" && python3 -m unittest -q test_checker 2>&1)"; then
  echo "$selftest" >&2
  echo "README tour: the checker's own tests failed" >&2
  exit 1
fi
echo "checker: $(echo "$selftest" | grep -E '^Ran ')"

. "$here/../lib/server.sh"
cd "$root" # the demo runs with the clone root as its working directory
start_server "README tour" "$jar"
python3 "$here/tour.py" --readme "$root/README.md" --port "$port" --jar "$jar" --tmp "$work/tmp"

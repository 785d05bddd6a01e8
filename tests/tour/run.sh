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

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
work="$(mktemp -d)"
log="$work/server.log"
(cd "$root" && exec java -jar "$jar" --port "$port" --data-dir "$work/data") >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 120); do
  if curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "README tour: the server did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.5
done
curl -fs "http://127.0.0.1:$port/health" >/dev/null || { echo "README tour: no /health after 60 s" >&2; cat "$log" >&2; exit 1; }

python3 "$here/tour.py" --readme "$root/README.md" --port "$port" --jar "$jar" --tmp "$work/tmp"

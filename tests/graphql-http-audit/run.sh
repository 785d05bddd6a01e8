#!/usr/bin/env bash
# Runs graphql-http's audit suite (audit.mjs) against the built server jar, on the embedded demo in
# a fresh data folder and a free port, as the open key partner-demo; stops the server at the end.
#
#   tests/graphql-http-audit/run.sh [path/to/registry-server.jar]
#
# Without node it prints why and exits 0, so a machine without Node still passes .ci/run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${1:-$here/../../registry-server/target/registry-server.jar}"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "[skipped] graphql-http audit -- node/npm not on the PATH"
  exit 0
fi
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
data="$(mktemp -d)"
log="$data/server.log"
java -jar "$jar" --port "$port" --data-dir "$data" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"' EXIT

for _ in $(seq 1 120); do
  if curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "graphql-http audit: the server did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.5
done
curl -fs "http://127.0.0.1:$port/health" >/dev/null || { echo "graphql-http audit: no /health after 60 s" >&2; cat "$log" >&2; exit 1; }

node "$here/audit.mjs" "http://127.0.0.1:$port/graphql" 'X-API-Key: partner-demo'

#!/usr/bin/env bash
# Sends a batch of two operations (one admissible, one over the cost maximum) through Apollo Client
# 3's and 4's BatchHttpLink (batch.mjs) to the built server jar, started with config.json (batching
# on, the open key batch-key, the in-process demo upstream) in a fresh data folder on a free port;
# stops the server at the end.
#
#   tests/apollo-batch/run.sh [path/to/registry-server.jar]
#
# Without node it prints why and exits 0, so a machine without Node still passes .ci/run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${1:-$here/../../registry-server/target/registry-server.jar}"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "[skipped] Apollo batch test -- node/npm not on the PATH"
  exit 0
fi
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
data="$(mktemp -d)"
log="$data/server.log"
java -jar "$jar" --config "$here/config.json" --port "$port" --data-dir "$data" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"' EXIT

for _ in $(seq 1 120); do
  if curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "Apollo batch test: the server did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.5
done
curl -fs "http://127.0.0.1:$port/health" >/dev/null || { echo "Apollo batch test: no /health after 60 s" >&2; cat "$log" >&2; exit 1; }

node "$here/batch.mjs" "http://127.0.0.1:$port/graphql" batch-key

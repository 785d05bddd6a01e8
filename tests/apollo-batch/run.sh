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

. "$here/../lib/server.sh"
start_server "Apollo batch test" "$jar" --config "$here/config.json"

node "$here/batch.mjs" "http://127.0.0.1:$port/graphql" batch-key

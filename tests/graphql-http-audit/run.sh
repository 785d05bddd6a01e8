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

. "$here/../lib/server.sh"
start_server "graphql-http audit" "$jar"

node "$here/audit.mjs" "http://127.0.0.1:$port/graphql" 'X-API-Key: partner-demo'

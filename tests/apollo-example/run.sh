#!/usr/bin/env bash
# Runs an unmodified Apollo Client 4 (apollo.mjs: persisted query list ids, APQ by POST and GET, an
# unknown operation, text under the open key) against the Spring for GraphQL example, Tollgate in
# process through the starter, following the embedded demo registry; then against the registry's
# own gateway, so the two ways in answer the same client alike. Starts the demo registry
# (the server jar with no config) in a fresh data folder and the example jar, each on a free port;
# stops both at the end.
#
#   tests/apollo-example/run.sh [path/to/registry-server.jar] [path/to/spring-graphql-example.jar]
#
# Without node it prints why and exits 0, so a machine without Node still passes .ci/run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
registry_jar="${1:-$here/../../registry-server/target/registry-server.jar}"
example_jar="${2:-$here/../../examples/spring-graphql/target/spring-graphql-example.jar}"
manifest="$here/../../manifests/cargo-web.json"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "[skipped] Apollo Client example test -- node/npm not on the PATH"
  exit 0
fi
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

. "$here/../lib/server.sh"
start_server "Apollo Client example test (registry)" "$registry_jar"
registry="http://127.0.0.1:$port"

example_port="$(free_port)"
example_log="$work/example.log"
java -jar "$example_jar" --server.port="$example_port" --tollgate.registry.url="$registry" \
  --tollgate.registry.token=admin-demo >"$example_log" 2>&1 &
example=$!
trap 'kill "$example" "$server" 2>/dev/null || true; wait "$example" "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

# ready when an open-key query answers 200 (Spring Boot takes up to a minute on a busy 2-core box)
ready=
for _ in $(seq 1 360); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
    -H 'X-API-Key: partner-demo' -d '{"query":"{ __typename }"}' \
    "http://127.0.0.1:$example_port/graphql" 2>/dev/null)" = 200 ]; then
    ready=1
    break
  fi
  if ! kill -0 "$example" 2>/dev/null; then
    echo "Apollo Client example test: the example did not start:" >&2
    cat "$example_log" >&2
    exit 1
  fi
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "Apollo Client example test: the example did not answer on /graphql after 180 s" >&2
  cat "$example_log" >&2
  exit 1
fi

# the example first: its run publishes the client manifest, which the example learns from the feed
echo "# the example, Tollgate in process (http://127.0.0.1:$example_port/graphql)"
node "$here/apollo.mjs" "http://127.0.0.1:$example_port/graphql" "$registry" admin-demo "$manifest"
echo "# the registry's gateway ($registry/graphql)"
node "$here/apollo.mjs" "$registry/graphql" "$registry" admin-demo "$manifest"

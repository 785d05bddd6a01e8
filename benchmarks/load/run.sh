#!/usr/bin/env bash
# HTTP load test on loopback: the gateway (embedded default, in-process demo upstream) against a bare
# Javalin route returning the same response bytes, alternated A B A B in one run, then the gateway
# alone on the other scenarios. Bounded: every wrk run lasts DURATION seconds.
#
#   benchmarks/load/run.sh            # WARMUP=15 DURATION=10 ROUNDS=2 CONNECTIONS=16 by default
#
# Both servers first take WARMUP seconds of unmeasured load each, so the JIT has compiled the paths
# being compared (short runs on a cold JVM measure the compiler, not the server).
#
# Needs wrk (Debian package; installed if missing and apt-get is available), python3, curl, and the
# built jars (mvn -B -q -Pbenchmarks package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-15}"
ROUNDS="${ROUNDS:-2}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-1}"
GATEWAY_PORT="${GATEWAY_PORT:-18480}"
BARE_PORT="${BARE_PORT:-18481}"
HERE=benchmarks/load
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

if ! command -v wrk >/dev/null; then
  if command -v apt-get >/dev/null; then
    apt-get install -y -qq wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  else
    echo "wrk is required (Debian/Ubuntu: apt-get install wrk)" >&2
    exit 1
  fi
fi
[ -f registry-server/target/registry-server.jar ] && [ -f benchmarks/target/benchmarks.jar ] \
  || mvn -B -q -Pbenchmarks package -DskipTests

# Budgets large enough that the load measures admission, not the bucket running dry.
cat > "$WORK/config.json" <<JSON
{
  "http": {"port": $GATEWAY_PORT},
  "demo": {"publishDemoManifest": true},
  "adminTokens": [{"name": "admin", "token": "admin-demo", "scope": "admin"}],
  "keys": {
    "web-demo": {"name": "web", "mode": "trusted", "apps": ["cargo-web"], "requireId": true,
                 "budget": {"capacity": 1000000000000, "refillPerSecond": 1000000000}},
    "partner-demo": {"name": "partner", "mode": "open", "apps": ["*"],
                     "budget": {"capacity": 1000000000000, "refillPerSecond": 1000000000}}
  },
  "anonymous": {"mode": "trusted", "apps": ["cargo-web"]}
}
JSON

java -Xmx512m -jar registry-server/target/registry-server.jar --config "$WORK/config.json" \
  --data-dir "$WORK/data" > "$WORK/gateway.log" 2>&1 &
for _ in $(seq 1 60); do curl -sf "localhost:$GATEWAY_PORT/health" >/dev/null && break; sleep 0.5; done

# The registered GET: the demo manifest's TrackCargo operation with variables.
ID=$(python3 -c 'import json;m=json.load(open("manifests/cargo-web.json"));print(next(o["id"] for o in m["operations"] if o["name"]=="TrackCargo"))')
VARS=$(python3 -c 'import urllib.parse;print(urllib.parse.quote("{\"trackingId\":\"ABC123\"}"))')
GET_PATH="/graphql?documentId=$ID&operationName=TrackCargo&variables=$VARS"
curl -sf -H 'X-API-Key: web-demo' "localhost:$GATEWAY_PORT$GET_PATH" > "$WORK/get-body.json"
java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.BareServer "$BARE_PORT" "$WORK/get-body.json" \
  > "$WORK/bare.log" 2>&1 &
for _ in $(seq 1 60); do curl -sf "localhost:$BARE_PORT/graphql" >/dev/null && break; sleep 0.5; done

python3 - "$WORK" "$ID" <<'PY'
import json, sys, pathlib
work, doc_id = pathlib.Path(sys.argv[1]), sys.argv[2]
cases = pathlib.Path("registry-server/src/test/resources/fixtures/cases")
def q(name): return (cases / name / "query.graphql").read_text()
bodies = {
  "post-registered": {"documentId": doc_id, "operationName": "TrackCargo", "variables": {"trackingId": "ABC123"}},
  "open-four-cargo": {"query": q("s000-03-four-cargo-query")},
  "attack-deep16": {"query": q("s000-04-deep16-first1")},
  "attack-alias150": {"query": q("s000-12-alias-150")},
  "attack-first5000": {"query": q("s000-23-huge-page-first5000")},
  "attack-token-flood": {"query": q("s000-29-token-flood")},
  "unknown-id": {"documentId": "0" * 64},
}
for name, body in bodies.items():
  (work / (name + ".json")).write_text(json.dumps(body))
(work / "attack-batch.json").write_text(json.dumps([{"query": "{ __typename }"}, {"query": "{ __typename }"}]))
PY

run() { # label url [body-file] [api-key] [authorization]
  local label=$1 url=$2 body=${3:-} key=${4:-} authorization=${5:-}
  local out
  out=$(WRK_BODY_FILE="$body" WRK_API_KEY="$key" WRK_AUTHORIZATION="$authorization" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" \
    -s "$HERE/count.lua" "$url" | grep '^RESULT')
  echo "$label $out" | tee -a "$WORK/results" >&2
  echo "$label $out" > "$WORK/last"
}

echo "# wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s on $(nproc) cores, $(date -u +%FT%TZ), warm-up ${WARMUP}s each"
warm() { WRK_BODY_FILE="${3:-}" WRK_API_KEY="${4:-}" WRK_AUTHORIZATION="${5:-}" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" \
  -s "$HERE/count.lua" "$2" > /dev/null; }
# The registered GET again with a forwarded credential (Authorization): the response cache keys on
# its SHA-256, so these are hits of that credential's own entry, answered Cache-Control: private.
AUTHORIZATION='Bearer load-test-user-0123456789abcdef'
warm gateway "http://127.0.0.1:$GATEWAY_PORT$GET_PATH" "" web-demo
warm gateway-authorization "http://127.0.0.1:$GATEWAY_PORT$GET_PATH" "" web-demo "$AUTHORIZATION"
warm bare "http://127.0.0.1:$BARE_PORT$GET_PATH"
for warmup in post-registered open-four-cargo attack-alias150; do
  warm "$warmup" "http://127.0.0.1:$GATEWAY_PORT/graphql" "$WORK/$warmup.json" \
    "$([ "$warmup" = post-registered ] && echo web-demo || echo partner-demo)"
done
for round in $(seq 1 "$ROUNDS"); do
  run "gateway-get-registered#$round" "http://127.0.0.1:$GATEWAY_PORT$GET_PATH" "" web-demo
  run "bare-get#$round" "http://127.0.0.1:$BARE_PORT$GET_PATH"
  run "gateway-get-registered-authorization#$round" "http://127.0.0.1:$GATEWAY_PORT$GET_PATH" "" \
    web-demo "$AUTHORIZATION"
done
run post-registered "http://127.0.0.1:$GATEWAY_PORT/graphql" "$WORK/post-registered.json" web-demo
run open-four-cargo "http://127.0.0.1:$GATEWAY_PORT/graphql" "$WORK/open-four-cargo.json" partner-demo
for attack in deep16 alias150 first5000 token-flood batch; do
  run "attack-$attack" "http://127.0.0.1:$GATEWAY_PORT/graphql" "$WORK/attack-$attack.json" partner-demo
done
metric() { curl -s "localhost:$GATEWAY_PORT/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
reads_before=$(metric tollgate_registry_document_reads_total)
upstream_before=$(metric tollgate_upstream_requests_total)
run unknown-id-trusted "http://127.0.0.1:$GATEWAY_PORT/graphql" "$WORK/unknown-id.json" web-demo
unknown=$(cat "$WORK/last")
requests=$(echo "$unknown" | sed -E 's/.*refused=([0-9]+).*/\1/')
echo "unknown-id store reads: $(( $(metric tollgate_registry_document_reads_total) - reads_before )) for $requests requests;" \
  "upstream calls: $(( $(metric tollgate_upstream_requests_total) - upstream_before ))"
curl -s "localhost:$GATEWAY_PORT/metrics" | grep -E '^tollgate_(upstream_requests|response_cache_hits|registry_document_reads)_total' || true
awk '/^gateway-get-registered#/ {split($3, a, "="); g += a[2]; n++}
     /^bare-get#/ {split($3, a, "="); b += a[2]}
     /^gateway-get-registered-authorization#/ {split($3, a, "="); c += a[2]; m++}
     END {if (b > 0) printf "registered GET, gateway/bare: %.0f / %.0f rps = %.0f%%\n", g / n, b / n, 100 * g / b
          if (m > 0) printf "registered GET with Authorization / without: %.0f / %.0f rps = %.0f%%\n", c / m, g / n, 100 * (c / m) / (g / n)}' "$WORK/results"

#!/usr/bin/env bash
# The in-process path against the gateway hop (issue 25 item 7), over HTTP, in one run: the Spring
# for GraphQL example (examples/spring-graphql) three ways, each answering the same registered
# TrackCargo operation:
#
#   plain      the example with Tollgate off (--tollgate.enabled=false), sent the query text: the
#              same application with no admission at all;
#   inprocess  the example with Tollgate in process, following the registry, sent the documentId
#              under the trusted key web-demo;
#   gateway    Tollgate's gateway (registry-server, upstream.url the plain example) sent the same
#              documentId: the hop a team runs today.
#
#   benchmarks/load/inprocess.sh   # ROUNDS=2 DURATION=10 WARMUP=30 CONNECTIONS="1 16"
#
# Rotated plain, inprocess, gateway, plain, ... at each number of connections. Each line gives
# wrk's latency (p50, p99) and throughput, and the server CPU per request (utime + stime less the
# JIT compiler threads, pin.sh's ticks): for the gateway, the gateway's and the example's behind
# it, and their sum. With 2 cores or more every server runs on core 0 and wrk on core 1 (PIN=0:
# not pinned). The registry the in-process example follows is the gateway's own process (it idles
# during the other scenarios: its feed is a long poll).
#
# Needs wrk, python3, curl and the jars (mvn -B -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-30}"
ROUNDS="${ROUNDS:-2}"
CONNECTIONS="${CONNECTIONS:-1 16}"
PORT_BASE="${PORT_BASE:-18680}" # four ports from here: registry/gateway, plain, in-process
SERVER_JAR=registry-server/target/registry-server.jar
EXAMPLE_JAR=examples/spring-graphql/target/spring-graphql-example.jar
HERE=benchmarks/load
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

command -v wrk >/dev/null || { echo "wrk is required (Debian/Ubuntu: apt-get install wrk)" >&2; exit 1; }
for jar in "$SERVER_JAR" "$EXAMPLE_JAR"; do
  [ -f "$jar" ] || { echo "missing $jar: mvn -B -q package -DskipTests" >&2; exit 1; }
done

# shellcheck source=benchmarks/load/pin.sh
. "$HERE/pin.sh"
pin_to ON_SERVER 0
pin_to ON_LOAD 1

GATEWAY_PORT=$PORT_BASE PLAIN_PORT=$((PORT_BASE + 1)) INPROCESS_PORT=$((PORT_BASE + 2))
BIG='{"capacity": 1000000000000, "refillPerSecond": 1000000000}'
# The registry and gateway: the demo's schema, manifest and admin token, budgets the load cannot
# drain, the response cache off (cacheMaxAgeSeconds 0) so that every request reaches the example.
cat > "$WORK/gateway.json" <<JSON
{"http": {"port": $GATEWAY_PORT},
 "upstream": {"url": "http://127.0.0.1:$PLAIN_PORT/graphql", "maxInFlight": 64},
 "demo": {"publishDemoManifest": true},
 "adminTokens": [{"name": "bench", "token": "bench-admin", "scope": "admin"}],
 "keys": {"web-demo": {"name": "web", "mode": "trusted", "apps": ["cargo-web"], "requireId": true,
                       "budget": $BIG, "cacheMaxAgeSeconds": 0}},
 "anonymous": {"mode": "trusted", "apps": ["cargo-web"]}}
JSON

started() { # pid port path log
  for _ in $(seq 1 240); do curl -s -o /dev/null "localhost:$2$3" && break; sleep 0.5; done
  kill -0 "$1" 2>/dev/null && curl -s -o /dev/null "localhost:$2$3" && return
  echo "$4 did not start on port $2:" >&2
  tail -5 "$4" >&2
  exit 1
}
"${ON_SERVER[@]}" java -Xmx512m -jar "$EXAMPLE_JAR" --server.port="$PLAIN_PORT" --tollgate.enabled=false \
  > "$WORK/plain.log" 2>&1 &
PLAIN_PID=$!
"${ON_SERVER[@]}" java -Xmx512m -jar "$SERVER_JAR" --config "$WORK/gateway.json" --data-dir "$WORK/data" \
  > "$WORK/gateway.log" 2>&1 &
GATEWAY_PID=$!
started "$GATEWAY_PID" "$GATEWAY_PORT" /health "$WORK/gateway.log"
"${ON_SERVER[@]}" java -Xmx512m -jar "$EXAMPLE_JAR" --server.port="$INPROCESS_PORT" \
  --tollgate.registry.url="http://127.0.0.1:$GATEWAY_PORT" --tollgate.registry.token=bench-admin \
  --tollgate.policies.web.budget-capacity=1000000000000 \
  --tollgate.policies.web.budget-refill-per-second=1000000000 > "$WORK/inprocess.log" 2>&1 &
INPROCESS_PID=$!
started "$PLAIN_PID" "$PLAIN_PORT" /graphql "$WORK/plain.log"
started "$INPROCESS_PID" "$INPROCESS_PORT" /graphql "$WORK/inprocess.log"

python3 - "$WORK" <<'PY'
import json, sys, pathlib
work = pathlib.Path(sys.argv[1])
manifest = json.load(open("manifests/cargo-web.json"))
op = next(o for o in manifest["operations"] if o["name"] == "TrackCargo")
variables = {"trackingId": "ABC123"}
(work / "text.json").write_text(json.dumps({"query": op["body"], "operationName": "TrackCargo", "variables": variables}))
(work / "by-id.json").write_text(json.dumps({"documentId": op["id"], "operationName": "TrackCargo", "variables": variables}))
PY

# scenario -> "port|body|key|pids (the servers whose CPU it costs)"
declare -A CALL=(
  [plain]="$PLAIN_PORT|$WORK/text.json||$PLAIN_PID"
  [inprocess]="$INPROCESS_PORT|$WORK/by-id.json|web-demo|$INPROCESS_PID"
  [gateway]="$GATEWAY_PORT|$WORK/by-id.json|web-demo|$GATEWAY_PID $PLAIN_PID"
)
SCENARIOS=(plain inprocess gateway)
part() { local IFS='|'; read -r -a parts <<< "${CALL[$1]}"; echo "${parts[$2]:-}"; }
wrk_run() { # scenario connections seconds
  WRK_BODY_FILE="$(part "$1" 1)" WRK_API_KEY="$(part "$1" 2)" \
    "${ON_LOAD[@]}" wrk -t1 -c"$2" -d"$3s" -s "$HERE/measure.lua" "http://127.0.0.1:$(part "$1" 0)/graphql"
}

# Correctness once: each answers TrackCargo's data (and the in-process one once the feed caught up).
for scenario in "${SCENARIOS[@]}"; do
  key=$(part "$scenario" 2)
  for _ in $(seq 1 20); do
    answer=$(curl -s -H "X-API-Key: ${key:-none}" -H 'Content-Type: application/json' \
      --data-binary "@$(part "$scenario" 1)" "localhost:$(part "$scenario" 0)/graphql")
    case "$answer" in '{"data":{"cargo":{"id":"'*) break ;; esac
    sleep 0.5
  done
  case "$answer" in
    '{"data":{"cargo":{"id":"'*) ;;
    *) echo "$scenario did not answer the data: ${answer:0:300}" >&2; exit 1 ;;
  esac
done

measure() { # scenario connections
  local pids pid before=() after=() out requests
  read -r -a pids <<< "$(part "$1" 3)"
  for pid in "${pids[@]}"; do before+=("$(ticks "$pid")"); done
  out=$(wrk_run "$1" "$2" "$DURATION" | grep "^RESULT")
  for pid in "${pids[@]}"; do after+=("$(ticks "$pid")"); done
  requests=${out##*requests=}
  requests=${requests%% *}
  python3 - "$1" "$2" "${out#RESULT }" "$requests" "$CLK_TCK" "${before[*]}" "${after[*]}" <<'PY'
import sys
label, c, out, n, hz = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
cpu = [(int(a) - int(b)) / hz * 1e6 / max(n, 1) for b, a in zip(sys.argv[6].split(), sys.argv[7].split())]
parts = f"cpu_us={sum(cpu):.1f}"
if len(cpu) > 1:
    parts += f" (gateway {cpu[0]:.1f} + example {cpu[1]:.1f})"
print(f"{label} c={c} {out} {parts}")
PY
}

echo "# wrk -t1 -d${DURATION}s at -c$(echo "$CONNECTIONS" | sed 's/ /, -c/g'), ${ROUNDS} rounds, warm-up ${WARMUP}s each;" \
  "$(nproc) cores, pinned=$PINNED; load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for scenario in "${SCENARIOS[@]}"; do wrk_run "$scenario" 16 "$WARMUP" > /dev/null; done
for round in $(seq 1 "$ROUNDS"); do
  for c in $CONNECTIONS; do
    for scenario in "${SCENARIOS[@]}"; do measure "$scenario" "$c"; done
  done
done

#!/usr/bin/env bash
# Two builds of the server side by side on loopback: the registered GET of the load test against
# build A, build B and a bare Javalin route returning the same bytes, alternated A B bare A B bare,
# so that a refactoring can be shown to cost nothing (or what it costs) in one run.
#
#   benchmarks/load/ab.sh OLD/registry-server.jar NEW/registry-server.jar   # ROUNDS=3 DURATION=10 WARMUP=10
#
# A_GATEWAY and B_GATEWAY add keys to each server's "gateway" config, to compare one jar with a
# switch off and on: A_GATEWAY='{"actualCost": false}' ab.sh JAR JAR (measured cost, issue 14).
#
# Needs wrk, python3, curl and benchmarks/target/benchmarks.jar (for the bare route:
# mvn -B -q -Pbenchmarks package -DskipTests). Bounded: every wrk run lasts DURATION seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
A_JAR=${1:?usage: ab.sh A.jar B.jar}
B_JAR=${2:?usage: ab.sh A.jar B.jar}
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-10}"
ROUNDS="${ROUNDS:-3}"
CONNECTIONS="${CONNECTIONS:-16}"
PORT_BASE="${PORT_BASE:-18490}" # three ports from here: A, B, bare
HERE=benchmarks/load
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

config() { # port gateway-json
  local gateway="${2:-}"
  [ -n "$gateway" ] || gateway='{}'
  cat <<JSON
{"http": {"port": $1}, "demo": {"publishDemoManifest": true}, "gateway": $gateway,
 "keys": {"web-demo": {"name": "web", "mode": "trusted", "apps": ["cargo-web"], "requireId": true,
                       "budget": {"capacity": 1000000000000, "refillPerSecond": 1000000000}}},
 "anonymous": {"mode": "trusted", "apps": ["cargo-web"]}}
JSON
}
start() { # name jar port gateway-json
  config "$3" "${4:-}" > "$WORK/$1.json"
  java -Xmx512m -jar "$2" --config "$WORK/$1.json" --data-dir "$WORK/$1-data" > "$WORK/$1.log" 2>&1 &
  for _ in $(seq 1 120); do curl -sf "localhost:$3/health" >/dev/null && return; sleep 0.5; done
  echo "$1 did not start: $(tail -3 "$WORK/$1.log")" >&2; exit 1
}
start a "$A_JAR" $((PORT_BASE)) "${A_GATEWAY:-}"
start b "$B_JAR" $((PORT_BASE + 1)) "${B_GATEWAY:-}"

ID=$(python3 -c 'import json;m=json.load(open("manifests/cargo-web.json"));print(next(o["id"] for o in m["operations"] if o["name"]=="TrackCargo"))')
VARS=$(python3 -c 'import urllib.parse;print(urllib.parse.quote("{\"trackingId\":\"ABC123\"}"))')
GET_PATH="/graphql?documentId=$ID&operationName=TrackCargo&variables=$VARS"
curl -sf -H 'X-API-Key: web-demo' "localhost:$((PORT_BASE + 1))$GET_PATH" > "$WORK/body.json"
java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.BareServer $((PORT_BASE + 2)) "$WORK/body.json" > "$WORK/bare.log" 2>&1 &
for _ in $(seq 1 60); do curl -sf "localhost:$((PORT_BASE + 2))/graphql" >/dev/null && break; sleep 0.5; done

run() { # label port seconds
  WRK_BODY_FILE="" WRK_API_KEY=web-demo wrk -t1 -c"$CONNECTIONS" -d"$3s" -s "$HERE/count.lua" \
    "http://127.0.0.1:$2$GET_PATH" | grep '^RESULT' | sed "s/^/$1 /"
}
echo "# wrk -t1 -c$CONNECTIONS -d${DURATION}s, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for port in $((PORT_BASE)) $((PORT_BASE + 1)) $((PORT_BASE + 2)); do run warm "$port" "$WARMUP" > /dev/null; done
for round in $(seq 1 "$ROUNDS"); do
  run "A#$round" $((PORT_BASE)) "$DURATION" | tee -a "$WORK/results"
  run "B#$round" $((PORT_BASE + 1)) "$DURATION" | tee -a "$WORK/results"
  run "bare#$round" $((PORT_BASE + 2)) "$DURATION" | tee -a "$WORK/results"
done
awk '{split($3, r, "="); sum[substr($1, 1, index($1, "#") - 1)] += r[2]; n[substr($1, 1, index($1, "#") - 1)]++}
     END {a = sum["A"] / n["A"]; b = sum["B"] / n["B"]; bare = sum["bare"] / n["bare"];
          printf "registered GET: A %.0f rps (%.0f%% of bare), B %.0f rps (%.0f%% of bare), B/A %.2f\n",
                 a, 100 * a / bare, b, 100 * b / bare, b / a}' "$WORK/results"

#!/usr/bin/env bash
# Two builds of the server side by side on loopback: the registered GET of the load test against
# build A, build B and a bare Javalin route returning the same bytes, alternated A B bare A B bare,
# so that a refactoring can be shown to cost nothing (or what it costs) in one run.
#
#   benchmarks/load/ab.sh OLD/registry-server.jar NEW/registry-server.jar   # ROUNDS=3 DURATION=10 WARMUP=30
#
# Each server gets WARMUP seconds of unmeasured load first: on one pinned core the JIT needs about
# half a minute (with 10 s, the first round measured 2-3 times the CPU per request of the second).
#
# A_GATEWAY and B_GATEWAY add keys to each server's "gateway" config, to compare one jar with a
# switch off and on: A_GATEWAY='{"actualCost": false}' ab.sh JAR JAR (measured cost, issue 14).
# A_JAVA and B_JAVA are each JVM's options, to compare JVM settings on one jar:
# A_JAVA=-XX:+UseSerialGC B_JAVA=-XX:+UseG1GC ab.sh JAR JAR. With two cores or more the servers run
# on core 0 and wrk on core 1 (PIN=0: not pinned). Each line ends with the server's CPU per request.
#
# Needs wrk, python3, curl and benchmarks/target/benchmarks.jar (for the bare route:
# mvn -B -q -Pbenchmarks package -DskipTests). Bounded: every wrk run lasts DURATION seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
A_JAR=${1:?usage: ab.sh A.jar B.jar}
B_JAR=${2:?usage: ab.sh A.jar B.jar}
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-30}"
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
# shellcheck source=benchmarks/load/pin.sh
. "$HERE/pin.sh"
pin_to ON_SERVER 0
pin_to ON_LOAD 1
declare -A PIDS
start() { # name jar port gateway-json java-options
  config "$3" "${4:-}" > "$WORK/$1.json"
  # shellcheck disable=SC2086 # the options are words
  "${ON_SERVER[@]}" java -Xmx512m ${5:-} -jar "$2" --config "$WORK/$1.json" --data-dir "$WORK/$1-data" > "$WORK/$1.log" 2>&1 &
  PIDS[$3]=$!
  for _ in $(seq 1 120); do curl -sf "localhost:$3/health" >/dev/null && return; sleep 0.5; done
  echo "$1 did not start: $(tail -3 "$WORK/$1.log")" >&2; exit 1
}
start a "$A_JAR" $((PORT_BASE)) "${A_GATEWAY:-}" "${A_JAVA:-}"
start b "$B_JAR" $((PORT_BASE + 1)) "${B_GATEWAY:-}" "${B_JAVA:-}"

ID=$(python3 -c 'import json;m=json.load(open("manifests/cargo-web.json"));print(next(o["id"] for o in m["operations"] if o["name"]=="TrackCargo"))')
VARS=$(python3 -c 'import urllib.parse;print(urllib.parse.quote("{\"trackingId\":\"ABC123\"}"))')
GET_PATH="/graphql?documentId=$ID&operationName=TrackCargo&variables=$VARS"
curl -sf -H 'X-API-Key: web-demo' "localhost:$((PORT_BASE + 1))$GET_PATH" > "$WORK/body.json"
"${ON_SERVER[@]}" java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.BareServer $((PORT_BASE + 2)) "$WORK/body.json" > "$WORK/bare.log" 2>&1 &
PIDS[$((PORT_BASE + 2))]=$!
for _ in $(seq 1 60); do curl -sf "localhost:$((PORT_BASE + 2))/graphql" >/dev/null && break; sleep 0.5; done

ticks() { awk '{print $14 + $15}' "/proc/${PIDS[$1]}/stat"; }
run() { # label port seconds
  local t0 out
  t0=$(ticks "$2")
  out=$(WRK_BODY_FILE="" WRK_API_KEY=web-demo "${ON_LOAD[@]}" wrk -t1 -c"$CONNECTIONS" -d"$3s" -s "$HERE/measure.lua" \
    "http://127.0.0.1:$2$GET_PATH" | grep '^RESULT')
  echo "$1 ${out#RESULT } cpu_us=$(python3 -c "print(round(($(ticks "$2") - $t0) / $(getconf CLK_TCK) * 1e6 / \
    $(echo "$out" | sed -E 's/.*requests=([0-9]+).*/\1/'), 1))")"
}
echo "# wrk -t1 -c$CONNECTIONS -d${DURATION}s, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for port in $((PORT_BASE)) $((PORT_BASE + 1)) $((PORT_BASE + 2)); do run warm "$port" "$WARMUP" > /dev/null; done
for round in $(seq 1 "$ROUNDS"); do
  run "A#$round" $((PORT_BASE)) "$DURATION" | tee -a "$WORK/results"
  run "B#$round" $((PORT_BASE + 1)) "$DURATION" | tee -a "$WORK/results"
  run "bare#$round" $((PORT_BASE + 2)) "$DURATION" | tee -a "$WORK/results"
done
python3 - "$WORK/results" <<'PY'
import sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, *fields = line.split()
    runs[label.split("#")[0]].append(dict(f.split("=", 1) for f in fields))
mean = lambda who, key: sum(float(r[key]) for r in runs[who]) / len(runs[who])
for who in ("A", "B", "bare"):
    print(f"{who}: {mean(who, 'rps'):,.0f} req/s, p50 {mean(who, 'p50_us') / 1000:.2f} ms, "
          f"p99 {mean(who, 'p99_us') / 1000:.2f} ms, {mean(who, 'cpu_us'):.1f} µs CPU per request")
print(f"registered GET: B/A {mean('B', 'rps') / mean('A', 'rps'):.2f} in req/s, "
      f"{mean('B', 'cpu_us') / mean('A', 'cpu_us'):.2f} in CPU per request; "
      f"A {100 * mean('A', 'rps') / mean('bare', 'rps'):.0f}% and B {100 * mean('B', 'rps') / mean('bare', 'rps'):.0f}% of the bare route's req/s")
PY

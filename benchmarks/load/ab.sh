#!/usr/bin/env bash
# Two builds of the server side by side on loopback: each scenario of the load test against build
# A and build B alternated, A B A B, so that a change can be shown to cost nothing (or what it
# costs) in one run. The registered GET is also run against a bare Javalin route returning the same
# bytes (A B bare).
#
#   benchmarks/load/ab.sh OLD/registry-server.jar NEW/registry-server.jar   # ROUNDS=3 DURATION=10 WARMUP=30
#   SCENARIOS='get-registered post-registered open-four-cargo unknown-key' benchmarks/load/ab.sh A.jar B.jar
#
# Scenarios: get-registered (the registered GET, answered from the response cache), post-registered
# (the registered POST by documentId, executed by the demo upstream), open-four-cargo (an open-mode
# text, analysed and executed), unknown-id (a trusted key's unknown documentId, refused),
# unknown-key (a POST with an unknown X-API-Key, refused 401 before its body is read). Default: all
# five.
#
# The executed scenarios (post-registered, open-four-cargo) also run against stock graphql-java:
# benchmarks' UpstreamServer (the demo schema on graphql-java behind a bare Javalin route, with its
# parsed-document cache) sent the same operation as plain text (A B stock), the row that issue 28
# asks Tollgate's executed requests to stay below.
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
SCENARIOS="${SCENARIOS:-get-registered post-registered open-four-cargo unknown-id unknown-key}"
CONNECTIONS="${CONNECTIONS:-16}"
PORT_BASE="${PORT_BASE:-18490}" # four ports from here: A, B, bare, stock
HERE=benchmarks/load
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

config() { # port gateway-json
  local gateway="${2:-}"
  [ -n "$gateway" ] || gateway='{}'
  cat <<JSON
{"http": {"port": $1}, "demo": {"publishDemoManifest": true}, "gateway": $gateway,
 "keys": {"web-demo": {"name": "web", "mode": "trusted", "apps": ["cargo-web"], "requireId": true,
                       "budget": {"capacity": 1000000000000, "refillPerSecond": 1000000000}},
          "partner-demo": {"name": "partner", "mode": "open", "apps": ["*"],
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
"${ON_SERVER[@]}" java -Xmx512m -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.UpstreamServer $((PORT_BASE + 3)) > "$WORK/stock.log" 2>&1 &
PIDS[$((PORT_BASE + 3))]=$!
for _ in $(seq 1 60); do curl -sf "localhost:$((PORT_BASE + 3))/stats" >/dev/null && break; sleep 0.5; done

python3 - "$WORK" "$ID" <<'PY'
import json, sys, pathlib
work, doc_id = pathlib.Path(sys.argv[1]), sys.argv[2]
cases = pathlib.Path("tollgate-core/src/test/resources/fixtures/cases")
bodies = {
  "post-registered": {"documentId": doc_id, "operationName": "TrackCargo", "variables": {"trackingId": "ABC123"}},
  "open-four-cargo": {"query": (cases / "s000-03-four-cargo-query" / "query.graphql").read_text()},
  "unknown-id": {"documentId": "0" * 64},
  "unknown-key": {"documentId": doc_id, "operationName": "TrackCargo", "variables": {"trackingId": "ABC123"}},
}
manifest = json.load(open("manifests/cargo-web.json"))
track = next(o["body"] for o in manifest["operations"] if o["name"] == "TrackCargo")
bodies["stock-post-registered"] = {"query": track, "operationName": "TrackCargo", "variables": {"trackingId": "ABC123"}}
bodies["stock-open-four-cargo"] = bodies["open-four-cargo"]
for name, body in bodies.items():
  (work / (name + ".json")).write_text(json.dumps(body))
PY
key_of() { case $1 in open-*) echo partner-demo ;; unknown-key) echo no-such-key ;; *) echo web-demo ;; esac; }

executed() { case $1 in post-registered | open-four-cargo) return 0 ;; *) return 1 ;; esac; }
server_ticks() { ticks "${PIDS[$1]}"; }
run() { # label port seconds scenario
  local t0 out body="" path="$GET_PATH"
  case $4 in get-*) ;; *) body="$WORK/$4.json" path=/graphql ;; esac
  t0=$(server_ticks "$2")
  out=$(WRK_BODY_FILE="$body" WRK_API_KEY="$(key_of "$4")" "${ON_LOAD[@]}" wrk -t1 -c"$CONNECTIONS" -d"$3s" -s "$HERE/measure.lua" \
    "http://127.0.0.1:$2$path" | grep '^RESULT')
  echo "$1 ${out#RESULT } cpu_us=$(python3 -c "print(round(($(server_ticks "$2") - $t0) / $(getconf CLK_TCK) * 1e6 / \
    $(echo "$out" | sed -E 's/.*requests=([0-9]+).*/\1/'), 1))")"
}
echo "# wrk -t1 -c$CONNECTIONS -d${DURATION}s, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for scenario in $SCENARIOS; do
  for port in $((PORT_BASE)) $((PORT_BASE + 1)); do run warm "$port" "$WARMUP" "$scenario" > /dev/null; done
  if executed "$scenario"; then run warm $((PORT_BASE + 3)) "$WARMUP" "stock-$scenario" > /dev/null; fi
done
run warm $((PORT_BASE + 2)) "$WARMUP" get-registered > /dev/null
for round in $(seq 1 "$ROUNDS"); do
  for scenario in $SCENARIOS; do
    run "$scenario:A#$round" $((PORT_BASE)) "$DURATION" "$scenario" | tee -a "$WORK/results"
    run "$scenario:B#$round" $((PORT_BASE + 1)) "$DURATION" "$scenario" | tee -a "$WORK/results"
    if [ "$scenario" = get-registered ]; then
      run "$scenario:bare#$round" $((PORT_BASE + 2)) "$DURATION" "$scenario" | tee -a "$WORK/results"
    fi
    if executed "$scenario"; then
      run "$scenario:stock#$round" $((PORT_BASE + 3)) "$DURATION" "stock-$scenario" | tee -a "$WORK/results"
    fi
  done
done
python3 - "$WORK/results" <<'PY'
import sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, *fields = line.split()
    runs[tuple(label.split("#")[0].split(":"))].append(dict(f.split("=", 1) for f in fields))
mean = lambda key, field: sum(float(r[field]) for r in runs[key]) / len(runs[key])
print("| scenario | A req/s | B req/s | A / B p50 (ms) | A / B p99 (ms) | A / B CPU per request (µs) | B/A CPU |")
print("|---|---|---|---|---|---|---|")
for scenario in dict.fromkeys(s for s, _ in runs):
    a, b = (scenario, "A"), (scenario, "B")
    print(f"| {scenario} | {mean(a, 'rps'):,.0f} | {mean(b, 'rps'):,.0f} | "
          f"{mean(a, 'p50_us') / 1000:.2f} / {mean(b, 'p50_us') / 1000:.2f} | "
          f"{mean(a, 'p99_us') / 1000:.2f} / {mean(b, 'p99_us') / 1000:.2f} | "
          f"{mean(a, 'cpu_us'):.1f} / {mean(b, 'cpu_us'):.1f} | {mean(b, 'cpu_us') / mean(a, 'cpu_us'):.2f} |")
    for other, label in (("bare", "bare route"), ("stock", "stock graphql-java")):
        if (scenario, other) in runs:
            o = (scenario, other)
            print(f"| {scenario}, {label} | {mean(o, 'rps'):,.0f} | | {mean(o, 'p50_us') / 1000:.2f} | "
                  f"{mean(o, 'p99_us') / 1000:.2f} | {mean(o, 'cpu_us'):.1f} | "
                  f"B/{other} {mean(b, 'cpu_us') / mean(o, 'cpu_us'):.2f} |")
PY

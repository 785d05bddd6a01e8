#!/usr/bin/env bash
# Tollgate in front of a real upstream over HTTP (issue 17): a separate upstream process
# (UpstreamServer: graphql-java on bare Javalin, the demo schema) called directly, and through
# Tollgate (upstream.url pointing at it) as a trusted GET by id, a trusted POST by id with variables
# and an open-mode POST of the full text, all the same TrackCargo operation. Rotated
# direct, GET, POST, open, direct, GET, ... in one run, at each load:
#
#   benchmarks/load/upstream.sh [TOLLGATE_JAR ...]   # ROUNDS=2 DURATION=10 WARMUP=10 CONNECTIONS=16
#
# Latency (p50, p99) is compared at LATENCY_CONNECTIONS (default "1 4"), where queueing does not
# dominate; throughput at CONNECTIONS, twice: with the demo upstream as it is (about 45 us of CPU a
# request, less than Tollgate's, so the core Tollgate shares with wrk is the limit), and with
# WORK_MICROS (default 250) of CPU added to every upstream request (the X-Upstream-Work-Micros
# header, which Tollgate forwards), standing for resolvers that cost something, so that the
# upstream is the bottleneck. Each run also reports the server CPU per request of Tollgate and of
# the upstream (utime + stime from /proc/PID/stat, less the JIT compiler threads), how busy the
# upstream's core was, the upstream calls it caused (the upstream's own count and Tollgate's
# tollgate_upstream_requests_total) and the upstream connections it opened. The response cache is
# off (cacheMaxAgeSeconds 0), so that every GET reaches the upstream.
#
# Several jars (a build before and after a change) each get a Tollgate of their own, measured in
# the same rotation: labels tollgate-get#2 etc. for the second jar.
#
# Placement on a machine with 2 or more cores: the upstream alone on core 1 (UPSTREAM_CPUS),
# Tollgate and wrk on core 0 (GATEWAY_CPUS, WRK_CPUS). Direct calls leave core 0 to wrk; through
# Tollgate, wrk and Tollgate share it. PIN=0, or no taskset: not pinned (pin.sh).
#
# H2C lists the jars (by position, from 0) whose Tollgate calls the upstream over h2c
# (upstream.h2c): `H2C=1 upstream.sh NEW.jar NEW.jar` measures HTTP/1.1 against h2c in one run.
#
# Needs wrk, python3, curl and the jars (mvn -B -q -Pbenchmarks package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-10}"
ROUNDS="${ROUNDS:-2}"
CONNECTIONS="${CONNECTIONS:-16}"
LATENCY_CONNECTIONS="${LATENCY_CONNECTIONS:-1 4}"
WORK_MICROS="${WORK_MICROS:-250}"
GATEWAY_PORT="${GATEWAY_PORT:-18580}" # and up, one per jar
UPSTREAM_PORT="${UPSTREAM_PORT:-18579}"
JARS=("$@")
[ ${#JARS[@]} -gt 0 ] || JARS=(registry-server/target/registry-server.jar)
HERE=benchmarks/load
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"' EXIT

command -v wrk >/dev/null || { echo "wrk is required (Debian/Ubuntu: apt-get install wrk)" >&2; exit 1; }
for jar in "${JARS[@]}" benchmarks/target/benchmarks.jar; do
  [ -f "$jar" ] || { echo "missing $jar: mvn -B -q -Pbenchmarks package -DskipTests" >&2; exit 1; }
done

# shellcheck source=benchmarks/load/pin.sh
. "$HERE/pin.sh"
if [ "$PINNED" = 1 ]; then
  UPSTREAM_CPUS="${UPSTREAM_CPUS:-1}" GATEWAY_CPUS="${GATEWAY_CPUS:-0}" WRK_CPUS="${WRK_CPUS:-0}"
fi
pin_to PIN_UPSTREAM "${UPSTREAM_CPUS:-}"
pin_to PIN_GATEWAY "${GATEWAY_CPUS:-}"
pin_to PIN_WRK "${WRK_CPUS:-}"

"${PIN_UPSTREAM[@]}" java -Xmx512m -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.UpstreamServer \
  "$UPSTREAM_PORT" > "$WORK/upstream.log" 2>&1 &
UPSTREAM_PID=$!
started() { # pid port path log: up and answering, and not some other process on the port
  for _ in $(seq 1 120); do curl -sf "localhost:$2$3" >/dev/null && break; sleep 0.5; done
  kill -0 "$1" 2>/dev/null && curl -sf "localhost:$2$3" >/dev/null && return
  echo "$4 did not start on port $2:" >&2
  tail -5 "$4" >&2
  exit 1
}
started "$UPSTREAM_PID" "$UPSTREAM_PORT" /stats "$WORK/upstream.log"
upstream_stats() { # the named counters of the upstream's /stats, on one line
  curl -s "localhost:$UPSTREAM_PORT/stats" | python3 -c "import json,sys;s=json.load(sys.stdin);print(*(s[k] for k in sys.argv[1:]))" "$@"
}

# Budgets large enough that the load measures the gateway, not the bucket running dry; the web
# policy's max-age 0 turns the GET response cache off.
GATEWAY_PIDS=()
for i in "${!JARS[@]}"; do
  port=$((GATEWAY_PORT + i))
  h2c=false
  for n in ${H2C:-}; do [ "$n" = "$i" ] && h2c=true; done
  cat > "$WORK/config-$i.json" <<JSON
{
  "http": {"port": $port},
  "upstream": {"url": "http://127.0.0.1:$UPSTREAM_PORT/graphql", "maxInFlight": $((CONNECTIONS > 64 ? CONNECTIONS : 64)),
               "forwardHeaders": ["x-upstream-work-micros"], "h2c": $h2c},
  "demo": {"publishDemoManifest": true},
  "keys": {
    "web-demo": {"name": "web", "mode": "trusted", "apps": ["cargo-web"], "requireId": true,
                 "budget": {"capacity": 1000000000000, "refillPerSecond": 1000000000},
                 "cacheMaxAgeSeconds": 0},
    "partner-demo": {"name": "partner", "mode": "open", "apps": ["*"],
                     "budget": {"capacity": 1000000000000, "refillPerSecond": 1000000000}}
  },
  "anonymous": {"mode": "trusted", "apps": ["cargo-web"]}
}
JSON
  "${PIN_GATEWAY[@]}" java -Xmx512m ${GATEWAY_JAVA_OPTS:-} -jar "${JARS[$i]}" --config "$WORK/config-$i.json" \
    --data-dir "$WORK/data-$i" > "$WORK/gateway-$i.log" 2>&1 &
  GATEWAY_PIDS+=($!)
  started "$!" "$port" /health "$WORK/gateway-$i.log"
done

ID=$(python3 -c 'import json;m=json.load(open("manifests/cargo-web.json"));print(next(o["id"] for o in m["operations"] if o["name"]=="TrackCargo"))')
VARS=$(python3 -c 'import urllib.parse;print(urllib.parse.quote("{\"trackingId\":\"ABC123\"}"))')
GET_PATH="/graphql?documentId=$ID&operationName=TrackCargo&variables=$VARS"
python3 - "$WORK" "$ID" <<'PY'
import json, sys, pathlib
work, doc_id = pathlib.Path(sys.argv[1]), sys.argv[2]
manifest = json.load(open("manifests/cargo-web.json"))
text = next(o["body"] for o in manifest["operations"] if o["name"] == "TrackCargo")
variables = {"trackingId": "ABC123"}
(work / "query.json").write_text(json.dumps({"query": text, "operationName": "TrackCargo", "variables": variables}))
(work / "by-id.json").write_text(json.dumps({"documentId": doc_id, "operationName": "TrackCargo", "variables": variables}))
PY

# scenario -> how to call it: "url-path|body-file|api-key" (a Tollgate scenario's path is on its port)
declare -A CALL=(
  [direct]="/graphql|$WORK/query.json|"
  [tollgate-get]="$GET_PATH||web-demo"
  [tollgate-post]="/graphql|$WORK/by-id.json|web-demo"
  [tollgate-open]="/graphql|$WORK/query.json|partner-demo"
)
SCENARIOS=(direct tollgate-get tollgate-post tollgate-open)
url() { # scenario jar-index
  local path=${CALL[$1]%%|*}
  if [ "$1" = direct ]; then echo "http://127.0.0.1:$UPSTREAM_PORT$path"; else echo "http://127.0.0.1:$((GATEWAY_PORT + $2))$path"; fi
}
field() { local rest=${CALL[$1]#*|}; if [ "$2" = body ]; then echo "${rest%%|*}"; else echo "${rest#*|}"; fi; }
targets() { # the (scenario, jar-index) pairs of one rotation
  echo "direct 0"
  for scenario in "${SCENARIOS[@]:1}"; do for i in "${!JARS[@]}"; do echo "$scenario $i"; done; done
}
label() { if [ "$2" -gt 0 ]; then echo "$1#$(($2 + 1))"; else echo "$1"; fi; }
wrk_run() { # scenario jar-index connections seconds [work-micros]
  WRK_BODY_FILE="$(field "$1" body)" WRK_API_KEY="$(field "$1" key)" WRK_WORK_MICROS="${5:-}" \
    "${PIN_WRK[@]}" wrk -t1 -c"$3" -d"$4s" -s "$HERE/measure.lua" "$(url "$1" "$2")"
}
metric() { curl -s "localhost:$((GATEWAY_PORT + $1))/metrics" | awk -v name="$2" '$1 == name {printf "%d", $2}'; }

# Correctness once, with curl: every call answers TrackCargo's data, not an error.
while read -r scenario i; do
  key=$(field "$scenario" key) body=$(field "$scenario" body)
  args=(-s -H "X-API-Key: ${key:-none}")
  [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data-binary "@$body")
  answer=$(curl "${args[@]}" "$(url "$scenario" "$i")")
  case "$answer" in
    '{"data":{"cargo":{"id":"cargo_ABC123"'*) ;;
    *) echo "$(label "$scenario" "$i") did not answer the data: ${answer:0:300}" >&2; exit 1 ;;
  esac
done < <(targets)

measure() { # scenario jar-index connections work-micros
  local scenario=$1 i=$2 c=$3 work=$4 gateway_pid=${GATEWAY_PIDS[$2]}
  local g0 u0 opened0 calls0 forwarded0 out g1 u1 opened1 calls1 forwarded1
  read -r opened0 calls0 < <(upstream_stats connectionsOpened requests)
  forwarded0=$(metric "$i" tollgate_upstream_requests_total)
  g0=$(ticks "$gateway_pid") u0=$(ticks "$UPSTREAM_PID")
  out=$(wrk_run "$scenario" "$i" "$c" "$DURATION" "$([ "$work" = 0 ] || echo "$work")" | grep "^RESULT")
  g1=$(ticks "$gateway_pid") u1=$(ticks "$UPSTREAM_PID")
  read -r opened1 calls1 < <(upstream_stats connectionsOpened requests) # its own connection: -1 below
  forwarded1=$(metric "$i" tollgate_upstream_requests_total)
  local requests=${out##*requests=}
  requests=${requests%% *}
  awk -v label="$(label "$scenario" "$i")" -v c="$c" -v work="$work" -v out="${out#RESULT }" -v n="$requests" -v hz="$CLK_TCK" \
    -v g=$((g1 - g0)) -v u=$((u1 - u0)) -v d="$DURATION" -v calls=$((calls1 - calls0)) \
    -v forwarded=$((forwarded1 - forwarded0)) -v opened=$((opened1 - opened0 - 1)) -v direct="$([ "$scenario" = direct ] && echo 1 || echo 0)" \
    'BEGIN {
       printf "%s c=%d work_us=%d %s tollgate_cpu_us=%.1f upstream_cpu_us=%.1f upstream_busy=%.0f%% upstream_calls=%d", label, c, work, out,
         direct ? 0 : 1e6 * g / hz / n, 1e6 * u / hz / n, 100 * u / hz / d, calls
       if (!direct) printf " tollgate_upstream_requests=%d", forwarded
       printf " new_upstream_connections=%d\n", opened
     }' | tee -a "$WORK/results"
}

placement="not pinned"
[ -n "${UPSTREAM_CPUS:-}" ] && placement="upstream on core $UPSTREAM_CPUS, Tollgate on core $GATEWAY_CPUS, wrk on core $WRK_CPUS"
echo "# wrk -t1 -d${DURATION}s, latency at -c$(echo "$LATENCY_CONNECTIONS" | sed 's/ /, -c/g'), throughput at -c$CONNECTIONS" \
  "(upstream as it is, and with ${WORK_MICROS} us of work a request), ${ROUNDS} rounds, warm-up ${WARMUP}s each;" \
  "$(nproc) cores, $placement; load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for i in "${!JARS[@]}"; do echo "# $(label tollgate "$i"): ${JARS[$i]} on port $((GATEWAY_PORT + i))"; done
while read -r scenario i; do wrk_run "$scenario" "$i" "$CONNECTIONS" "$WARMUP" > /dev/null; done < <(targets)
wrk_run direct 0 "$CONNECTIONS" $((WARMUP < 5 ? WARMUP : 5)) "$WORK_MICROS" > /dev/null # the upstream's busy wait compiled
for round in $(seq 1 "$ROUNDS"); do
  for load in $LATENCY_CONNECTIONS "$CONNECTIONS" "$CONNECTIONS:$WORK_MICROS"; do
    c=${load%%:*} work=0
    [ "$load" = "${load#*:}" ] || work=${load#*:}
    while read -r scenario i; do measure "$scenario" "$i" "$c" "$work"; done < <(targets)
  done
done
echo "upstream connections from Tollgate, established now: $(ss -Htn state established "( dport = :$UPSTREAM_PORT )" | wc -l);" \
  "requests that asked the upstream for an Upgrade: $(upstream_stats upgrades)"

python3 - "$WORK/results" "$CONNECTIONS" <<'PY'
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
  label = line.split()[0]
  fields = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}
  rows.setdefault((label, int(fields["c"]), int(fields["work_us"])), []).append(fields)
throughput_c = int(sys.argv[2])
mean = lambda key, runs: statistics.mean(r[key] for r in runs)
print("\nmeans over the rounds; added = Tollgate - direct; ratio = Tollgate / direct req/s at -c%d" % throughput_c)
print("(targets: p50 added <= 150 us, p99 added <= 2 ms, throughput >= 85% when the upstream is the bottleneck)")
print(f"{'scenario':<18}{'c':>3}{'work us':>8}{'p50 us':>8}{'added':>7}{'p99 us':>8}{'added':>7}{'req/s':>8}{'ratio':>6}"
      f"{'Tollgate CPU us/req':>21}{'upstream CPU us/req':>21}{'upstream busy':>15}")
for (label, c, work), runs in sorted(rows.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0] != "direct", kv[0][0])):
  direct = rows.get(("direct", c, work))
  p50, p99, rps = mean("p50_us", runs), mean("p99_us", runs), mean("rps", runs)
  added50 = added99 = ratio = gateway = ""
  if label != "direct":
    added50 = f"{p50 - mean('p50_us', direct):+.0f}"
    added99 = f"{p99 - mean('p99_us', direct):+.0f}"
    ratio = f"{100 * rps / mean('rps', direct):.0f}%" if c == throughput_c else ""
    gateway = f"{mean('tollgate_cpu_us', runs):.1f}"
  print(f"{label:<18}{c:>3}{work:>8}{p50:>8.0f}{added50:>7}{p99:>8.0f}{added99:>7}{rps:>8.0f}{ratio:>6}"
        f"{gateway:>21}{mean('upstream_cpu_us', runs):>21.1f}{mean('upstream_busy', runs):>14.0f}%")
PY

#!/usr/bin/env bash
# HTTP load test on loopback: every scenario of the README's benchmark table in one go.
#
#   benchmarks/load/run.sh        # WARMUP=10 DURATION=10 ROUNDS=2 CONNECTIONS=16 by default
#
# 1. The gateway (embedded default, in-process demo upstream) against a bare Javalin route that
#    answers the same bytes (benchmarks' BareServer; a POST's body is read, as the gateway must),
#    alternated gateway, bare, gateway, bare in one run, for the registered GET (with and without a
#    forwarded Authorization), the registered POST, an open-mode POST, the book's five attacks and
#    an unknown id. Each line gives requests per second, p50 and p99 (wrk), the server's CPU per
#    request (utime + stime of its process over the run, from /proc) and, for the gateway, the
#    bytes it allocated per request (Micrometer's jvm_gc_memory_allocated_bytes_total).
# 2. Short checking runs with count.lua: every attack refused, the unknown id read no store and
#    called no upstream.
# 3. benchmarks/load/upstream.sh, the gateway in front of a separate upstream over HTTP (skip it
#    with UPSTREAM=0).
#
# With two cores or more, the servers run on core 0 (one under load at a time) and wrk on core 1,
# so that the load generator does not take the server's CPU; PIN=0 turns that off. CPU per request
# is the steadiest figure on a shared machine; requests per second the least.
#
# JWT=1 measures the registered GET identified by a bearer token (issue 27): the gateway gets an
# auth.jwt section over the demo's JWK set, and the scenarios are get-registered (by API key) and
# get-registered-jwt (the same GET with `Authorization: Bearer <token of jwt-demo-token>` and no
# key; one token, so after its first request the signature check is cached), alternated with the
# bare route as above; compare their "CPU per request" in the summary. SCENARIOS="a b" runs only
# those scenarios (names below).
#
# Needs wrk (Debian package; installed if missing and apt-get is available), python3, curl, and the
# built jars (mvn -B -q -Pbenchmarks package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-10}"
ROUNDS="${ROUNDS:-2}"
CONNECTIONS="${CONNECTIONS:-16}"
CHECK="${CHECK:-3}" # seconds of each checking run
GATEWAY_PORT="${GATEWAY_PORT:-18480}"
BARE_PORT="${BARE_PORT:-18481}"
JWT="${JWT:-0}"
GATEWAY_JAR="${GATEWAY_JAR:-registry-server/target/registry-server.jar}" # another build: GATEWAY_JAR=OLD.jar
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

# shellcheck source=benchmarks/load/pin.sh
. "$HERE/pin.sh"
pin_to ON_SERVER 0
pin_to ON_LOAD 1
on_load() { "${ON_LOAD[@]}" "$@"; }
PINNING="not pinned"
[ "$PINNED" = 0 ] || PINNING="servers on core 0, wrk on core 1"

# With JWT=1, bearer tokens signed by the demo's key (jwt-demo-token), scope web -> policy web.
AUTH_JSON=""
if [ "$JWT" = 1 ]; then
  AUTH_JSON='"auth": {"jwt": {"jwksFile": "classpath:dev/tollgate/registry/demo/demo-jwks.json",
    "issuer": "tollgate-demo", "audience": "tollgate-demo", "policyClaim": "scope",
    "policies": {"web": "web"}}},'
fi

# Budgets large enough that the load measures admission, not the bucket running dry.
cat > "$WORK/config.json" <<JSON
{
  $AUTH_JSON
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

"${ON_SERVER[@]}" java -Xmx512m -jar "$GATEWAY_JAR" --config "$WORK/config.json" \
  --data-dir "$WORK/data" > "$WORK/gateway.log" 2>&1 &
GATEWAY_PID=$!
for _ in $(seq 1 60); do curl -sf "localhost:$GATEWAY_PORT/health" >/dev/null && break; sleep 0.5; done

# The registered GET: the demo manifest's TrackCargo operation with variables.
ID=$(python3 -c 'import json;m=json.load(open("manifests/cargo-web.json"));print(next(o["id"] for o in m["operations"] if o["name"]=="TrackCargo"))')
VARS=$(python3 -c 'import urllib.parse;print(urllib.parse.quote("{\"trackingId\":\"ABC123\"}"))')
GET_PATH="/graphql?documentId=$ID&operationName=TrackCargo&variables=$VARS"
AUTHORIZATION='Bearer load-test-user-0123456789abcdef'
JWT_AUTHORIZATION=""
if [ "$JWT" = 1 ]; then
  JWT_AUTHORIZATION="Bearer $(java -jar "$GATEWAY_JAR" jwt-demo-token --subject load-user --scope web --ttl-seconds 86400)"
  curl -sf -o /dev/null -H "Authorization: $JWT_AUTHORIZATION" "localhost:$GATEWAY_PORT$GET_PATH" \
    || { echo "the gateway refused the JWT-identified GET:" >&2; curl -s -H "Authorization: $JWT_AUTHORIZATION" "localhost:$GATEWAY_PORT$GET_PATH" >&2; exit 1; }
fi

python3 - "$WORK" "$ID" <<'PY'
import json, sys, pathlib
work, doc_id = pathlib.Path(sys.argv[1]), sys.argv[2]
cases = pathlib.Path("tollgate-core/src/test/resources/fixtures/cases")
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

# scenario name -> "KEY BODY AUTHORIZATION?" (a GET has no body)
key_of() { case $1 in get-*) echo web-demo ;; post-registered | unknown-id) echo web-demo ;; *) echo partner-demo ;; esac; }
# With JWT=1 the key and the bearer token are never sent together (that is refused, 400), so the
# scenario that forwards an Authorization beside the key is left out.
if [ "$JWT" = 1 ]; then
  SCENARIOS="${SCENARIOS:-get-registered get-registered-jwt}"
else
  SCENARIOS="${SCENARIOS:-get-registered get-registered-authorization post-registered open-four-cargo
  attack-deep16 attack-alias150 attack-first5000 attack-token-flood attack-batch unknown-id}"
fi

# The bare route answers each scenario with the gateway's own answer to it.
mkdir -p "$WORK/answers"
curl -sf -H 'X-API-Key: web-demo' "localhost:$GATEWAY_PORT$GET_PATH" > "$WORK/answers/get.answer"
for s in $SCENARIOS; do
  case $s in get-*) continue ;; esac
  curl -s -H "X-API-Key: $(key_of "$s")" -H 'Content-Type: application/json' \
    --data-binary "@$WORK/$s.json" "localhost:$GATEWAY_PORT/graphql" > "$WORK/answers/$s.answer"
done
"${ON_SERVER[@]}" java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.BareServer "$BARE_PORT" "$WORK/answers" \
  > "$WORK/bare.log" 2>&1 &
BARE_PID=$!
for _ in $(seq 1 60); do curl -sf "localhost:$BARE_PORT/graphql" >/dev/null && break; sleep 0.5; done

allocated() { curl -s "localhost:$GATEWAY_PORT/metrics" | awk '$1 == "jvm_gc_memory_allocated_bytes_total" {printf "%.0f", $2}'; }
metric() { curl -s "localhost:$GATEWAY_PORT/metrics" | awk -v name="$1" '$1 == name {print $2}'; }

# url_of server scenario
url_of() {
  local port=$GATEWAY_PORT
  [ "$1" = bare ] && port=$BARE_PORT
  case $2 in
    get-*) echo "http://127.0.0.1:$port$GET_PATH" ;;
    *) if [ "$1" = bare ]; then echo "http://127.0.0.1:$port/graphql?answer=$2"; else echo "http://127.0.0.1:$port/graphql"; fi ;;
  esac
}
# wrk_run seconds script server scenario
wrk_run() {
  local body="" authorization="" key
  key="$(key_of "$4")"
  case $4 in get-*) ;; *) body="$WORK/$4.json" ;; esac
  [ "$4" = get-registered-authorization ] && authorization=$AUTHORIZATION
  if [ "$4" = get-registered-jwt ]; then authorization=$JWT_AUTHORIZATION; key=""; fi
  WRK_BODY_FILE="$body" WRK_API_KEY="$key" WRK_AUTHORIZATION="$authorization" \
    on_load wrk -t1 -c"$CONNECTIONS" -d"$1s" -s "$HERE/$2" "$(url_of "$3" "$4")"
}
# measure label server scenario: one measured run, one line of figures
measure() {
  local pid=$GATEWAY_PID ticks0 ticks1 alloc0=0 alloc1=0 out requests alloc="-"
  [ "$2" = bare ] && pid=$BARE_PID
  [ "$2" = gateway ] && alloc0=$(allocated)
  ticks0=$(ticks "$pid")
  out=$(wrk_run "$DURATION" measure.lua "$2" "$3" | grep '^RESULT')
  ticks1=$(ticks "$pid")
  [ "$2" = gateway ] && alloc1=$(allocated)
  requests=$(echo "$out" | sed -E 's/.*requests=([0-9]+).*/\1/')
  [ "$2" = gateway ] && alloc=$(python3 -c "print(round(($alloc1 - $alloc0) / $requests / 1024, 1))")
  echo "$1 $2 $3 $(echo "$out" | sed 's/^RESULT //') cpu_us=$(python3 -c \
    "print(round(($ticks1 - $ticks0) / $(getconf CLK_TCK) * 1e6 / $requests, 1))") alloc_kb=$alloc" \
    | tee -a "$WORK/results"
}

echo "# wrk -t1 -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds, warm-up ${WARMUP}s each; $(nproc) cores ($PINNING); load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
# The registered GET is measured first: it gets twice WARMUP more, since on one pinned core the JIT
# needs about half a minute (with WARMUP alone, its first round cost 1.5 times the second's CPU).
wrk_run $((2 * WARMUP)) measure.lua gateway get-registered > /dev/null
wrk_run $((2 * WARMUP)) measure.lua bare get-registered > /dev/null
for s in $SCENARIOS; do
  wrk_run "$WARMUP" measure.lua gateway "$s" > /dev/null
  wrk_run "$WARMUP" measure.lua bare "$s" > /dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  for s in $SCENARIOS; do
    measure "#$round" gateway "$s"
    measure "#$round" bare "$s"
  done
done

echo "# checks (count.lua, ${CHECK}s each): refusal rates, store reads and upstream calls"
for s in $SCENARIOS; do
  case $s in attack-* | unknown-id) ;; *) continue ;; esac
  reads0=$(metric tollgate_registry_document_reads_total)
  upstream0=$(metric tollgate_upstream_requests_total)
  out=$(wrk_run "$CHECK" count.lua gateway "$s" | grep '^RESULT')
  echo "$s $(echo "$out" | grep -oE 'ok=[0-9]+ refused=[0-9]+ refusal_rate=[0-9.]+')" \
    "store_reads=$(python3 -c "print(int($(metric tollgate_registry_document_reads_total) - $reads0))")" \
    "upstream_calls=$(python3 -c "print(int($(metric tollgate_upstream_requests_total) - $upstream0))")"
done

echo "# summary: the gateway against the bare route, means over the rounds"
python3 - "$WORK/results" <<'PY'
import sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    parts = line.split()
    fields = dict(p.split("=", 1) for p in parts[3:])
    runs[(parts[2], parts[1])].append(fields)
def mean(scenario, server, key):
    values = [float(r[key]) for r in runs[(scenario, server)] if r[key] != "-"]
    return sum(values) / len(values) if values else float("nan")
print("| scenario | gateway req/s | bare req/s | p50 gateway / bare (ms) | p99 gateway / bare (ms) | p99 ratio | CPU per request gateway / bare (µs) | CPU ratio | gateway allocation per request (KB) |")
print("|---|---|---|---|---|---|---|---|---|")
for scenario in dict.fromkeys(s for s, _ in runs):
    g = lambda k: mean(scenario, "gateway", k)
    b = lambda k: mean(scenario, "bare", k)
    print(f"| {scenario} | {g('rps'):,.0f} | {b('rps'):,.0f} | {g('p50_us')/1000:.2f} / {b('p50_us')/1000:.2f} "
          f"| {g('p99_us')/1000:.2f} / {b('p99_us')/1000:.2f} | {g('p99_us')/b('p99_us'):.1f}× "
          f"| {g('cpu_us'):.1f} / {b('cpu_us'):.1f} | {g('cpu_us')/b('cpu_us'):.2f}× | {g('alloc_kb'):.1f} |")
PY

if [ "${UPSTREAM:-1}" = 1 ] && [ -f "$HERE/upstream.sh" ]; then
  kill "$GATEWAY_PID" "$BARE_PID" 2>/dev/null || true
  wait "$GATEWAY_PID" "$BARE_PID" 2>/dev/null || true
  bash "$HERE/upstream.sh"
fi

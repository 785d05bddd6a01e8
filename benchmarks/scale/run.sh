#!/usr/bin/env bash
# The many-gateways simulation (issue 29): GATEWAYS gateway processes (default 4, -Xmx256m each) on
# one PostgreSQL database created for the run and one redis-server started for it, a publisher,
# and trusted, open and attacking clients, for DURATION seconds of load (default 40). Prints one
# line per invariant, ending "holds" or "fails"; exits 1 when one fails, and 0 with "skipped" when
# redis-server or PostgreSQL is not there.
#
#   benchmarks/scale/run.sh                      # from the clone root
#   GATEWAYS=8 DURATION=60 benchmarks/scale/run.sh
#
# PostgreSQL: TOLLGATE_SIM_POSTGRES (default jdbc:postgresql://127.0.0.1:5432/test?user=postgres),
# a database its user may CREATE DATABASE from; the run's database is dropped at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."

GATEWAYS="${GATEWAYS:-4}"
DURATION="${DURATION:-40}"
POSTGRES="${TOLLGATE_SIM_POSTGRES:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}"
SERVER_JAR=registry-server/target/registry-server.jar
BENCH_JAR=benchmarks/target/benchmarks.jar

if ! command -v redis-server >/dev/null 2>&1; then
  echo "skipped: redis-server is not on the PATH"
  exit 0
fi
PG_HOST_PORT="$(echo "$POSTGRES" | sed -E 's#^jdbc:postgresql://([^/?]+).*#\1#')"
PG_HOST="${PG_HOST_PORT%%:*}"
PG_PORT="${PG_HOST_PORT##*:}"
[ "$PG_PORT" = "$PG_HOST_PORT" ] && PG_PORT=5432
if ! (exec 3<>"/dev/tcp/$PG_HOST/$PG_PORT") 2>/dev/null; then
  echo "skipped: PostgreSQL not reachable at $PG_HOST:$PG_PORT (set TOLLGATE_SIM_POSTGRES)"
  exit 0
fi
if [ ! -f "$SERVER_JAR" ] || [ ! -f "$BENCH_JAR" ]; then
  echo "building $SERVER_JAR and $BENCH_JAR (once)"
  ./mvnw -B -q -Pbenchmarks -pl benchmarks -am package -DskipTests -Dspotless.check.skip=true
fi

REDIS_DIR="$(mktemp -d)"
REDIS_PORT="$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$REDIS_DIR" --save '' --appendonly no \
  >"$REDIS_DIR/redis.log" 2>&1 &
REDIS_PID=$!
cleanup() { kill "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; rm -rf "$REDIS_DIR"; }
trap cleanup EXIT
for _ in $(seq 100); do
  redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
  sleep 0.1
done

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
set +e
timeout $((DURATION + 400)) java -Xmx512m -cp "$BENCH_JAR" dev.tollgate.bench.scale.ScaleSimulation \
  "redis://127.0.0.1:$REDIS_PORT" "$SERVER_JAR" "$GATEWAYS" "$DURATION" "$POSTGRES"
status=$?
set -e
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"

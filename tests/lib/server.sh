# Sourced by the tests/*/run.sh scripts: starts the server jar on a free loopback port and waits for
# its /health; the caller's EXIT trap (set here) stops it and removes its work folder.
#
#   . "$root/tests/lib/server.sh"
#   start_server "README tour" "$jar" [server arguments...]   # sets $port, $work (scratch folder)
#
# A server that exits, or has no /health after 60 s, stops the script with its log on stderr.

free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
  else
    node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  fi
}

start_server() {
  local name="$1" jar="$2"
  shift 2
  port="$(free_port)"
  work="$(mktemp -d)"
  local log="$work/server.log"
  java -jar "$jar" --port "$port" --data-dir "$work/data" "$@" >"$log" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
  for _ in $(seq 1 120); do
    if curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
      return 0
    fi
    if ! kill -0 "$server" 2>/dev/null; then
      echo "$name: the server did not start:" >&2
      cat "$log" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "$name: no /health after 60 s" >&2
  cat "$log" >&2
  exit 1
}

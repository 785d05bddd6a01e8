-- The measuring runs' script: sets the method, body and headers and reports wrk's own figures. It
-- has no response() callback, which would run Lua on every answer and make wrk, not the server,
-- the limit at the bare route's rates (count.lua checks the answers, in separate short runs).
-- Env: WRK_BODY_FILE (POST it as JSON), WRK_API_KEY (X-API-Key), WRK_AUTHORIZATION.
function init(args)
  local body_file = os.getenv("WRK_BODY_FILE") or ""
  if body_file ~= "" then
    local f = assert(io.open(body_file, "rb"))
    wrk.body = f:read("*a")
    f:close()
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
  local api_key = os.getenv("WRK_API_KEY") or ""
  if api_key ~= "" then
    wrk.headers["X-API-Key"] = api_key
  end
  local authorization = os.getenv("WRK_AUTHORIZATION") or ""
  if authorization ~= "" then
    wrk.headers["Authorization"] = authorization
  end
end

function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d rps=%.0f p50_us=%d p99_us=%d max_us=%d errors=%d\n",
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50),
    latency:percentile(99), latency.max,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status
      + summary.errors.timeout))
end

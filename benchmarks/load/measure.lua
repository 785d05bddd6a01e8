-- The measuring runs' script: sets the method, body and headers and reports wrk's own figures. It
-- has no response() callback, which would run Lua on every answer and make wrk, not the server,
-- the limit at the bare route's rates (count.lua checks the answers, in separate short runs).
-- Env: WRK_BODY_FILE (POST it as JSON), WRK_API_KEY (X-API-Key), WRK_AUTHORIZATION, and
-- WRK_WORK_MICROS (X-Upstream-Work-Micros: CPU the benchmarks' UpstreamServer spends per request).
-- "requests" counts answers whatever their status, "errors" the non-2xx and socket errors, of which
-- "timeouts" are answers slower than wrk's timeout (2 s).
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
  local work = os.getenv("WRK_WORK_MICROS") or ""
  if work ~= "" then
    wrk.headers["X-Upstream-Work-Micros"] = work
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT requests=%d rps=%.0f p50_us=%d p99_us=%d max_us=%d errors=%d timeouts=%d\n",
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50),
    latency:percentile(99), latency.max, e.connect + e.read + e.write + e.status + e.timeout,
    e.timeout))
end

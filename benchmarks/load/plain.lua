-- The same request on every connection, with no response() callback (so wrk does not hand every
-- answer to Lua: cheaper for the load generator, which shares a core with the server). Correctness
-- is checked once with curl before measuring, and by counting the upstream's calls. WRK_BODY_FILE
-- makes it a JSON POST; WRK_API_KEY adds X-API-Key, WRK_WORK_MICROS X-Upstream-Work-Micros. done() prints one RESULT line; "requests"
-- counts answers whatever their status, "errors" the non-2xx and socket errors, of which
-- "timeouts" are answers slower than wrk's timeout (2 s).
function init(args)
  local body_file = os.getenv("WRK_BODY_FILE") or ""
  local api_key = os.getenv("WRK_API_KEY") or ""
  if body_file ~= "" then
    local f = assert(io.open(body_file, "rb"))
    wrk.body = f:read("*a")
    f:close()
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
  if api_key ~= "" then
    wrk.headers["X-API-Key"] = api_key
  end
  local work = os.getenv("WRK_WORK_MICROS") or ""
  if work ~= "" then
    wrk.headers["X-Upstream-Work-Micros"] = work
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT rps=%.0f p50_us=%d p99_us=%d requests=%d errors=%d timeouts=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50), latency:percentile(99),
    summary.requests, e.connect + e.read + e.write + e.status + e.timeout, e.timeout))
end

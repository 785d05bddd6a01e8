-- Counts answers and refusals per wrk thread, summed in done(). A refusal is a 4xx/5xx status, a
-- body without "data" (in application/json, which wrk gets as it sends no Accept, a refusal is a
-- 200: GraphQL over HTTP), or an APQ miss (PersistedQueryNotFound); a 200 with data (even with
-- partial errors) is an answer.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

-- The request itself (method, body, headers from the WRK_* variables) is measure.lua's, read from
-- beside this file so that the two scripts send the same thing.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "measure.lua")
local set_request = init

function init(args)
  ok = 0
  refused = 0
  statuses = {}
  set_request(args)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  -- JSON escapes quotes inside strings, so "data": can only be a key
  if status >= 400 or not string.find(body, '"data":', 1, true)
      or string.find(body, "PersistedQueryNotFound", 1, true) then
    refused = refused + 1
  else
    ok = ok + 1
  end
end

function done(summary, latency, requests)
  local total_ok, total_refused = 0, 0
  for _, t in ipairs(threads) do
    total_ok = total_ok + t:get("ok")
    total_refused = total_refused + t:get("refused")
  end
  local n = total_ok + total_refused
  io.write(string.format("RESULT rps=%.0f p50_us=%d p99_us=%d ok=%d refused=%d refusal_rate=%.4f errors=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50), latency:percentile(99),
    total_ok, total_refused, n > 0 and total_refused / n or 0,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end

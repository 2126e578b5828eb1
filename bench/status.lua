-- Counts responses whose status differs from the expected one (wrk's own
-- "Non-2xx" count cannot tell a right 404 from a wrong one).
-- Usage: wrk ... -s bench/status.lua <url> -- <expected status>
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  expected = tonumber(args[1])
  unexpected = 0
end

function response(status, headers, body)
  if status ~= expected then
    unexpected = unexpected + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("unexpected")
  end
  local e = summary.errors
  io.write(string.format("requests %d\nduration_us %d\n", summary.requests, summary.duration))
  io.write(string.format("p50_us %d\np99_us %d\n", latency:percentile(50), latency:percentile(99)))
  io.write(string.format("socket_errors %d\n", e.connect + e.read + e.write + e.timeout))
  io.write(string.format("unexpected_status %d\n", total))
end

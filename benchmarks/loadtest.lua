-- wrk script for benchmarks/loadtest.py: replays a prepared mix of requests and keeps, per
-- endpoint, the count, the responses whose status was not the expected one, the 5xx, and a
-- latency histogram (log buckets 2% wide, so percentiles are good to about 1%). Run with one
-- connection per thread (-c equal to -t): a thread then has exactly one request in flight, so
-- request() and response() pair up and each latency is exact.
--
-- Every table handed to done() is flat (string keys, number values): wrk 4.1 crashes copying
-- nested tables between Lua states.
--
-- Arguments (after --): the request file, one request a line, tab-separated:
--   label, expected status (0 = any 4xx), method, path, content type, body
-- The results file is named by the LOADTEST_OUT environment variable (done() has no arguments).
--
-- Requests sent are counted per "method path" as well: what the server must have logged and
-- counted once the run is over. wrk ends the run with up to one request a connection still in
-- flight; the server answers those after wrk has gone, so they are sent but never seen here.
-- With tracking, responses are also counted per "method path<TAB>status".

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } loadtest_timespec;
  int clock_gettime(int clock, loadtest_timespec *now);
]]
local CLOCK_MONOTONIC = 1
local now_buffer = ffi.new("loadtest_timespec")

local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, now_buffer)
  return tonumber(now_buffer.tv_sec) * 1000 + tonumber(now_buffer.tv_nsec) / 1e6
end

local BUCKET_BASE = math.log(1.02)

local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  requests, labels, expects, keys = {}, {}, {}, {}
  for line in io.lines(args[1]) do
    local label, expect, method, path, ctype, body =
      line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local headers = {}
    if ctype ~= "" then headers["Content-Type"] = ctype end
    if body == "" then body = nil end
    requests[#requests + 1] = wrk.format(method, path, headers, body)
    labels[#labels + 1] = label
    expects[#expects + 1] = tonumber(expect)
    keys[#keys + 1] = method .. " " .. path
  end
  total = #requests
  -- Threads start far apart in the mix, so they do not replay the same requests in step.
  position = math.floor(id * total / 16) % total
  counts, unexpected, server_errors, histogram, seen, sent = {}, {}, {}, {}, {}, {}
  current, started = nil, 0
  -- wrk calls the first thread's request() once before the run, to check what it returns
  verifying = id == 0
end

function request()
  position = position % total + 1
  current = position
  started = now_ms()
  if verifying then
    verifying = false
  else
    local key = keys[position]
    sent[key] = (sent[key] or 0) + 1
  end
  return requests[position]
end

-- LOADTEST_TRACK=0 leaves response() undefined: wrk then does not hand each response to Lua, the
-- lightest client for the side-by-side runs (counts and latencies then come from wrk itself).
if os.getenv("LOADTEST_TRACK") ~= "0" then
function response(status, headers, body)
  local elapsed = now_ms() - started
  local label = labels[current]
  counts[label] = (counts[label] or 0) + 1
  local bucket = label .. "\t" .. math.floor(math.log(math.max(elapsed, 0.001) * 1000) / BUCKET_BASE)
  histogram[bucket] = (histogram[bucket] or 0) + 1
  local expect = expects[current]
  local ok = (expect == 0 and status >= 400 and status < 500) or status == expect
  if not ok then
    local key = label .. "\t" .. status
    unexpected[key] = (unexpected[key] or 0) + 1
  end
  if status >= 500 then
    server_errors[label] = (server_errors[label] or 0) + 1
  end
  local key = keys[current] .. "\t" .. status
  seen[key] = (seen[key] or 0) + 1
end
end

function done(summary, latency, requests)
  local out = assert(io.open(os.getenv("LOADTEST_OUT"), "w"))
  local e = summary.errors
  out:write(string.format("summary\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", summary.requests, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout))
  out:write(string.format("latency_us\t%d\t%d\t%d\t%d\n", latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max))
  for _, thread in ipairs(threads) do
    for key, n in pairs(thread:get("sent")) do out:write("sent\t", key, "\t", n, "\n") end
    for key, n in pairs(thread:get("seen")) do out:write("seen\t", key, "\t", n, "\n") end
    for label, n in pairs(thread:get("counts")) do out:write("count\t", label, "\t", n, "\n") end
    for key, n in pairs(thread:get("unexpected")) do out:write("unexpected\t", key, "\t", n, "\n") end
    for label, n in pairs(thread:get("server_errors")) do out:write("5xx\t", label, "\t", n, "\n") end
    for key, n in pairs(thread:get("histogram")) do out:write("bucket\t", key, "\t", n, "\n") end
  end
  out:close()
end

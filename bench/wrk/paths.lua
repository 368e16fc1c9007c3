-- Requests a random line of BENCH_PATHS (one URL-encoded path per line) with the bench identity's headers.
-- BENCH_METHOD (default GET), BENCH_IF_NONE_MATCH (an ETag to revalidate, optional), BENCH_TOKEN (access token, optional), BENCH_CLIENT (Basic header), BENCH_TENANT.
-- BENCH_UNIQUE=<run> appends `&_=<run>.<thread>.<n>`, a parameter no list reads, so that every request misses the response
-- cache: the run's own token keeps a run from repeating the URLs an earlier run (a warm-up) stored.
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do
  if #line > 0 then paths[#paths + 1] = line end
end
local method = os.getenv("BENCH_METHOD") or "GET"
local token = os.getenv("BENCH_TOKEN")
local headers = {
  ["Authorization"] = os.getenv("BENCH_CLIENT"),
  ["Tenant-Id"] = os.getenv("BENCH_TENANT") or "000000",
}
if token and #token > 0 then headers["Blade-Auth"] = "bearer " .. token end
local etag = os.getenv("BENCH_IF_NONE_MATCH")
if etag and #etag > 0 then headers["If-None-Match"] = etag end

local unique = os.getenv("BENCH_UNIQUE") or ""
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end

function init(args)
  math.randomseed(os.time() + (seed or 0) * 7919)
end

local sent = 0
function request()
  local path = paths[math.random(#paths)]
  if #unique > 0 then
    sent = sent + 1
    path = path .. "&_=" .. unique .. "." .. (seed or 0) .. "." .. sent
  end
  return wrk.format(method, path, headers)
end

-- wrk script: POST a lesson answer form, each request with its own one-time attempt token
-- (so every answer is counted, as when a learner answers again and again).
-- Reads BENCH_PATH, BENCH_BODY (the form without the token) and BENCH_COOKIE from the environment.
local chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
local path = os.getenv("BENCH_PATH")
local body = os.getenv("BENCH_BODY")
local cookie = os.getenv("BENCH_COOKIE")

function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

local function token()
  local t = {}
  for i = 1, 22 do
    local n = math.random(1, #chars)
    t[i] = chars:sub(n, n)
  end
  return table.concat(t)
end

request = function()
  return wrk.format("POST", path, {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Cookie"] = cookie,
  }, body .. "&attempt=" .. token())
end

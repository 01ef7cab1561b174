-- wrk script: send the requests listed in BENCH_REQUESTS in order, one per line:
--   METHOD <tab> PATH <tab> BODY (urlencoded, may be empty) <tab> HTMX (1 or empty)
-- with the cookie BENCH_COOKIE. With one wrk thread (-t1) every connection takes the next line, so a
-- list prepared in order (each quiz run's answers, each game's actions, far apart) is sent in order;
-- after the last line it starts again from the first. Answers of 400 and more are appended to the
-- file BENCH_ERRORS (status and the start of the body), if given.
local lines = {}
local cookie = os.getenv("BENCH_COOKIE")
local position = 0

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do
    fields[#fields + 1] = field
  end
  return fields
end

for line in io.lines(os.getenv("BENCH_REQUESTS")) do
  if line ~= "" then
    lines[#lines + 1] = split(line)
  end
end

request = function()
  position = position % #lines + 1
  local entry = lines[position]
  local headers = { ["Cookie"] = cookie }
  local body = nil
  if entry[1] == "POST" then
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    body = entry[3]
  end
  if entry[4] == "1" then
    headers["HX-Request"] = "true"
  end
  return wrk.format(entry[1], entry[2], headers, body)
end

local errors = os.getenv("BENCH_ERRORS")

response = function(status, headers, body)
  if status >= 400 and errors then
    local out = io.open(errors, "a")
    out:write(status, "\t", (body or ""):sub(1, 600):gsub("%s+", " "), "\n")
    out:close()
  end
end

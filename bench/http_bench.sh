#!/usr/bin/env bash
# HTTP throughput of the app under gunicorn -w 2 (sync), measured with wrk on loopback.
# Every page type in the same run: /healthz, the deck (first visit and returning visitor), a lesson
# step (GET), a lesson answer (POST through the real form: CSRF token, seed, a fresh one-time
# attempt token per request, so every answer is counted) and an envido checker result; warm-up,
# then 10 s each at 16 connections, one wrk thread; each page's rate as a share of /healthz's.
# Then the deck page's weight over the wire with everything it loads, with and without gzip/brotli.
# Usage: bash bench/http_bench.sh   (or make bench-http). Needs wrk and curl (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-.venv/bin}
PORT=${PORT:-8765}
CONNECTIONS=${CONNECTIONS:-16}
DURATION=${DURATION:-10s}
BASE="http://127.0.0.1:${PORT}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk"; exit 2; }
command -v curl >/dev/null || { echo "curl is missing: apt-get install -y curl"; exit 2; }

work=$(mktemp -d)
export SECRET_KEY=bench-secret DATABASE_URL="sqlite:///${work}/bench.sqlite3"
"$BIN/flask" --app tutor db upgrade >/dev/null 2>&1

"$BIN/gunicorn" -w 2 -b "127.0.0.1:${PORT}" --log-level warning 'tutor:create_app()' >"$work/gunicorn.log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 50); do curl -fs "$BASE/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$BASE/healthz" >/dev/null || { echo "gunicorn did not start:"; cat "$work/gunicorn.log"; exit 1; }

echo "gunicorn -w 2 (sync) on $BASE; wrk -t1 -c${CONNECTIONS} -d${DURATION} --latency"

# A returning visitor sends the session cookie of an earlier visit (no new identity, no Set-Cookie).
cookie=$(curl -fs -o /dev/null -c - "$BASE/pl/deck" | awk '$6 == "tutor_session" {print $6 "=" $7}')

# A lesson step with a check, and the form that answers it right (the engine's answer for the seed).
STEP=${STEP:-/pl/lessons/card-ranking/not-by-number}
ENVIDO=${ENVIDO:-/pl/envido?hand=7o,6o,3b}
curl -fs -H "Cookie: $cookie" -o "$work/step.html" "$BASE$STEP"
export BENCH_PATH=$STEP BENCH_COOKIE=$cookie
BENCH_BODY=$("$BIN/python" - "$STEP" "$work/step.html" <<'PY'
import re, sys
from urllib.parse import urlencode
sys.path.insert(0, ".")
from tests.conftest import answer_form
from tutor.content import get_lesson
from tutor.content.checks import make_question
html = open(sys.argv[2], encoding="utf-8").read()
_lang, _word, lesson, step = sys.argv[1].strip("/").split("/")
fields = dict(re.findall(r'<input type="hidden" name="(csrf_token|seed)" value="([^"]*)"', html))
question = make_question(get_lesson(lesson).step(step).check, int(fields["seed"]))
print(urlencode({**fields, **answer_form(question, question.expected)}, doseq=True))
PY
)
export BENCH_BODY

for path in /healthz /pl/deck "$STEP" "$ENVIDO"; do wrk -t1 -c"$CONNECTIONS" -d2s -H "Cookie: $cookie" "$BASE$path" >/dev/null; done
wrk -t1 -c"$CONNECTIONS" -d2s -s bench/answer_post.lua "$BASE$STEP" >/dev/null   # warm-up

healthz_rps=""
measure() {  # label, path, extra wrk arguments...
  local label=$1 path=$2; shift 2
  local out rps p50 p90 p99 bad share
  out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$BASE$path")
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p90=$(awk '$1 == "90%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  bad=$(awk '/Non-2xx/ {print $NF}' <<<"$out"); bad=${bad:-0}
  healthz_rps=${healthz_rps:-$rps}
  share=$(awk -v a="$rps" -v b="$healthz_rps" 'BEGIN {printf "%.0f%%", 100 * a / b}')
  printf "%-30s %10s %7s %9s %9s %9s %8s\n" "$label" "$rps" "$share" "$p50" "$p90" "$p99" "$bad"
}
printf "%-30s %10s %7s %9s %9s %9s %8s\n" route "req/s" healthz p50 p90 p99 non2xx
measure /healthz /healthz
measure "/pl/deck (first visit)" /pl/deck
measure "/pl/deck (with cookie)" /pl/deck -H "Cookie: $cookie"
measure "lesson step GET" "$STEP" -H "Cookie: $cookie"
measure "lesson answer POST" "$STEP" -s bench/answer_post.lua
measure "envido checker result" "$ENVIDO" -H "Cookie: $cookie"

# Weight of /pl/deck with everything it loads (stylesheets, scripts, card sprites), first visit.
page=$(curl -fs "$BASE/pl/deck")
assets=$(grep -oE '(href|src)="/static/[^"#]+' <<<"$page" | sed -E 's/^(href|src)="//' | sort -u)
echo
echo "/pl/deck and what it loads, bytes over the wire:"
printf "%-28s %10s %10s %10s\n" resource identity gzip br
total_id=0; total_gz=0; total_br=0
for url in /pl/deck $assets; do
  id=$(curl -fs -o /dev/null -w '%{size_download}' "$BASE$url")
  gz=$(curl -fs -o /dev/null -w '%{size_download}' -H 'Accept-Encoding: gzip' "$BASE$url")
  br=$(curl -fs -o /dev/null -w '%{size_download}' -H 'Accept-Encoding: br' "$BASE$url")
  printf "%-28s %10s %10s %10s\n" "$url" "$id" "$gz" "$br"
  total_id=$((total_id + id)); total_gz=$((total_gz + gz)); total_br=$((total_br + br))
done
printf "%-28s %10s %10s %10s\n" total "$total_id" "$total_gz" "$total_br"

#!/bin/sh
# The web demo's figures in headless Chromium (WebGL in software, as this machine has no GPU): for
# each NPC count given (default 2000 10000), the page opened with ?npcs=N and its other controls as
# they start, run for SECONDS seconds (default 20) in real time, then its summary: the frame's work
# (median and 99th percentile of the last 240 frames), the decisions' turn, decisions a game
# second, and the seconds from the page's load to its first frame. Run it after `mvn verify`, from
# the repository's root.
set -ef # -f: an argument such as * stays as given
cd "$(dirname "$0")/.."
usage="usage: web/frame-time.sh [SECONDS [NPCS...]], whole numbers"
SECONDS_RUN=${1:-20}
[ $# -gt 0 ] && shift
COUNTS=${*:-2000 10000}
for value in $SECONDS_RUN $COUNTS; do
  case "$value" in ''|*[!0-9]*) echo "$usage; was: $value" >&2; exit 2;; esac
done
[ "$SECONDS_RUN" -ge 1 ] || { echo "$usage; SECONDS at least 1, was: $SECONDS_RUN" >&2; exit 2; }
for value in $COUNTS; do
  [ "$value" -ge 1 ] && [ "$value" -le 100000 ] || { echo "$usage; NPCS from 1 to 100000, was: $value" >&2; exit 2; }
done
command -v chromium >/dev/null || { echo "web/frame-time.sh: chromium is not installed (apt-get install chromium)" >&2; exit 1; }
[ -f web/html/target/war/html/html.nocache.js ] || { echo "web/frame-time.sh: run mvn verify first (not -DskipTests)" >&2; exit 1; }
PORT=9480
DEBUG=9481
python3 -m http.server $PORT -d web/html/target/war >/dev/null 2>&1 &
SERVER=$!
BROWSER=
trap 'kill $SERVER $BROWSER 2>/dev/null' EXIT
sleep 1
echo "$(chromium --version 2>/dev/null), swiftshader; ${SECONDS_RUN} s a run"
for npcs in $COUNTS; do
  chromium --headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader --window-size=1300,900 \
    --user-data-dir="$(mktemp -d)" --remote-debugging-port=$DEBUG \
    "http://localhost:$PORT/index.html?npcs=$npcs" >/dev/null 2>&1 &
  BROWSER=$!
  sleep "$SECONDS_RUN"
  curl -s localhost:$DEBUG/json | grep '"title"' | grep 'NPCs' | sed 's/ *"title": "//; s/",$//' \
    || { echo "web/frame-time.sh: the page at $npcs NPCs showed no figures" >&2; exit 1; }
  kill $BROWSER
  wait $BROWSER 2>/dev/null || true
done

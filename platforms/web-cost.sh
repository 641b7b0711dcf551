#!/bin/sh
# What a decision costs on the web, beside the JVM: platforms' WebCost at NPCS NPCs (default 10000),
# ROUNDS rounds of TICKS ticks (default 5 and 300)
# on the JVM (java, and $JAVA25 if set), compiled by TeaVM under node, and compiled by GWT 2.11 and
# 2.12 in headless Chromium, driven in real time (a virtual-time budget stops the page's clock). Run it after
# `mvn verify`, which builds both web compiles, from the repository's root.
set -e
if [ $# -eq 2 ] || [ $# -gt 3 ]; then
  echo "usage: platforms/web-cost.sh [NPCS [ROUNDS TICKS]], whole numbers; was given $# arguments" >&2; exit 2
fi
NPCS=${1:-10000}
ROUNDS=${2:-5}
TICKS=${3:-300}
for value in "$NPCS" "$ROUNDS" "$TICKS"; do
  case "$value" in ''|*[!0-9]*) echo "usage: platforms/web-cost.sh [NPCS [ROUNDS TICKS]], whole numbers; was: $value" >&2; exit 2;; esac
done
for built in platforms/game/target/teavm/platforms.js platforms/gwt/2.11/target/war/platforms/platforms.nocache.js \
    platforms/gwt/2.12/target/war/platforms/platforms.nocache.js; do
  [ -f "$built" ] || { echo "web-cost.sh: $built is missing: run mvn verify first (not -DskipTests)" >&2; exit 1; }
done
CP=platforms/game/target/classes:$(cd platforms/game && mvn -q -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
echo "== JVM $(java -version 2>&1 | head -1)"
java -cp "$CP" io.github.ecstimeslice.platforms.jvm.WebCostOnJvm "$NPCS" "$ROUNDS" "$TICKS"
if [ -n "$JAVA25" ]; then
  echo "== JVM $("$JAVA25" -version 2>&1 | head -1)"
  "$JAVA25" -cp "$CP" io.github.ecstimeslice.platforms.jvm.WebCostOnJvm "$NPCS" "$ROUNDS" "$TICKS"
fi
echo "== TeaVM, node $(node --version)"
node -e "require('./platforms/game/target/teavm/platforms.js').main(['cost', '$NPCS', '$ROUNDS', '$TICKS'])"
# GWT in headless Chromium, driven in real time; the page puts its report in its title when done,
# and DevTools' page list shows it. 2.11 compiles the game as an html module is by default, 2.12 tuned.
gwt() {
  echo "== GWT $1 ($2), $(chromium --version 2>/dev/null)"
  PORT=9333
  chromium --headless --no-sandbox --disable-gpu --user-data-dir="$(mktemp -d)" --remote-debugging-port=$PORT \
    "file://$(pwd)/platforms/gwt/$1/target/war/index.html?cost=$NPCS&rounds=$ROUNDS&ticks=$TICKS" >/dev/null 2>&1 &
  BROWSER=$!
  WAITED=0
  until curl -s localhost:$PORT/json | grep -q -E '"title": "(cost of|failed|usage)'; do
    sleep 1; WAITED=$((WAITED + 1))
    if [ $WAITED -gt 600 ]; then echo "GWT $1: no report in 600 s" >&2; kill $BROWSER; exit 1; fi
  done
  curl -s localhost:$PORT/json | grep -E '"title": "(cost of|failed|usage)' | sed 's/ *"title": "//; s/",$//' | tr '|' '\n' | sed 's/^ //; s/ $//'
  kill $BROWSER
  wait $BROWSER 2>/dev/null || true
}
gwt 2.11 "defaults"
gwt 2.12 "tuned: sso linker, no cast checks"

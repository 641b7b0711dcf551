#!/bin/sh
# What a decision costs on the web, beside the JVM: platforms' WebCost at NPCS NPCs (default 10000)
# on the JVM (java, and $JAVA25 if set), compiled by TeaVM under node, and compiled by GWT 2.12 in
# headless Chromium, driven in real time (a virtual-time budget stops the page's clock). Run it after
# `mvn verify`, which builds both web compiles, from the repository's root.
set -e
NPCS=${1:-10000}
case "$NPCS" in ''|*[!0-9]*) echo "usage: platforms/web-cost.sh [NPCS], NPCS a whole number, was: $NPCS" >&2; exit 2;; esac
CP=platforms/game/target/classes:$(cd platforms/game && mvn -q -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
echo "== JVM $(java -version 2>&1 | head -1)"
java -cp "$CP" io.github.ecstimeslice.platforms.jvm.WebCostOnJvm "$NPCS"
if [ -n "$JAVA25" ]; then
  echo "== JVM $("$JAVA25" -version 2>&1 | head -1)"
  "$JAVA25" -cp "$CP" io.github.ecstimeslice.platforms.jvm.WebCostOnJvm "$NPCS"
fi
echo "== TeaVM, node $(node --version)"
node -e "require('./platforms/game/target/teavm/platforms.js').main(['cost', '$NPCS'])"
echo "== GWT 2.12, $(chromium --version 2>/dev/null)"
PORT=9333
chromium --headless --no-sandbox --disable-gpu --user-data-dir="$(mktemp -d)" --remote-debugging-port=$PORT \
  "file://$(pwd)/platforms/gwt/2.12/target/war/index.html?cost=$NPCS" >/dev/null 2>&1 &
BROWSER=$!
# the page puts its report in its title when done: DevTools' page list shows it
until curl -s localhost:$PORT/json | grep -q '"title": "cost of'; do sleep 1; done
curl -s localhost:$PORT/json | grep '"title": "cost of' | sed 's/ *"title": "//; s/",$//' | tr '|' '\n' | sed 's/^ //; s/ $//'
kill $BROWSER

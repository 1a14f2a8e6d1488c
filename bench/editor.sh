#!/usr/bin/env bash
# Editor benchmark: open a 1,000-table model, heap, frame times while panning, zooming, dragging.
# Run bench/parser.sh once first to generate oracle/target/generated-1000-tables.cql.
#   bench/editor.sh [FILE]           headless (Monocle), JavaFX's software pipeline
#   bench/editor.sh --x11 [FILE]     a real window on $DISPLAY (or on Xvfb when there is none)
#   ... --window 1900x1150            another window size (the canvas grows with it)
# Extra JVM flags go in BENCH_JAVA_OPTS (e.g. -Dprism.order=sw).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath app)
# shellcheck disable=SC2206
opts=(-Xmx1g -Dkstudio.freshWindow=true -Dkstudio.recoveryDir=app/target/recovery ${BENCH_JAVA_OPTS:-})
if [[ "${1:-}" == "--x11" ]]; then
  shift
  if [[ -z "${DISPLAY:-}" ]]; then
    exec xvfb-run -a -s "-screen 0 1920x1200x24" \
      java "${opts[@]}" -cp "$cp" org.keyspacestudio.app.ui.EditorBenchmark "$@"
  fi
  exec java "${opts[@]}" -cp "$cp" org.keyspacestudio.app.ui.EditorBenchmark "$@"
fi
exec java "${opts[@]}" -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw \
  -Dheadless.geometry=1920x1200-32 \
  -Djava.awt.headless=true -cp "$cp" org.keyspacestudio.app.ui.EditorBenchmark "$@"

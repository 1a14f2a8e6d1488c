#!/usr/bin/env bash
# Editor benchmark, headless: open a 1,000-table model, heap, frame times while panning, zooming,
# dragging. Run bench/parser.sh once first to generate oracle/target/generated-1000-tables.cql.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath app)
exec java -Xmx1g -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw \
  -Dheadless.geometry=1600x1000-32 \
  -Djava.awt.headless=true -cp "$cp" org.keyspacestudio.app.ui.EditorBenchmark "$@"

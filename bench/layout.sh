#!/usr/bin/env bash
# Layout benchmark: the automatic layout of a generated 1,000-table Chebotko diagram (999 query
# arrows), a 200-entity ER diagram and a 200-task workflow, first call and warm; writes
# export/target/generated-200-entities.kstudio for bench/editor.sh.
# Usage: bench/layout.sh [ENTITIES [TABLES]]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath export)
exec java -Xmx1g -Djava.awt.headless=true -cp "$cp" \
  org.keyspacestudio.export.diagram.LayoutBenchmark "$@"

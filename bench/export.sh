#!/usr/bin/env bash
# Export benchmark: KillrVideo to PNG/SVG/PDF (first call and warm), layout of 1,000 tables.
# Run bench/parser.sh once first to generate oracle/target/generated-1000-tables.cql.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath export)
exec java -Djava.awt.headless=true -Dkstudio.corpus="${KSTUDIO_CORPUS:-../shared/corpus/cql}" \
  -cp "$cp" org.keyspacestudio.export.diagram.ExportBenchmark "$@"

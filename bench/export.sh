#!/usr/bin/env bash
# Export benchmark: KillrVideo to PNG/SVG/PDF (first call and warm), layout of 1,000 tables.
# Run bench/parser.sh once first to generate oracle/target/generated-1000-tables.cql.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests -Dspotless.check.skip=true -pl export -am install
mvn -B -q -pl export test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test >/dev/null
cp="export/target/test-classes:export/target/classes:$(cat export/target/test.classpath)"
exec java -Djava.awt.headless=true -Dkstudio.corpus="${KSTUDIO_CORPUS:-../shared/corpus/cql}" \
  -cp "$cp" org.keyspacestudio.export.diagram.ExportBenchmark "$@"

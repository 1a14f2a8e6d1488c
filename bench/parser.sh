#!/usr/bin/env bash
# Parser benchmark: Keyspace Studio's CQL parser next to Cassandra 5.0's own, same JVM, same text.
# Usage: bench/parser.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests -Dspotless.check.skip=true -pl oracle -am install
mvn -B -q -pl oracle test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test >/dev/null
cp="oracle/target/test-classes:oracle/target/classes:$(cat oracle/target/test.classpath)"
opens=$(sed -n 's/^ *\(--add-[a-z]* [^ ]*\)$/\1/p' oracle/pom.xml | tr '\n' ' ')
exec java -Xmx2g $opens -Dkstudio.corpus="${KSTUDIO_CORPUS:-../shared/corpus/cql}" \
  -Dcassandra.storagedir=/tmp/kstudio-bench \
  -cp "$cp" org.keyspacestudio.oracle.ParserBenchmark "$@"

#!/usr/bin/env bash
# Parser benchmark: Keyspace Studio's CQL parser next to Cassandra 5.0's own, same JVM, same text.
# Usage: bench/parser.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath oracle)
opens=$(cassandra_opens)
exec java -Xmx2g $opens -Dkstudio.corpus="${KSTUDIO_CORPUS:-../shared/corpus/cql}" \
  -Dcassandra.storagedir=/tmp/kstudio-bench \
  -cp "$cp" org.keyspacestudio.oracle.ParserBenchmark "$@"

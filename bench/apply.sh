#!/usr/bin/env bash
# Apply benchmark: a 50-table keyspace applied to a fresh local Cassandra node through
# 'kstudio apply', next to the same statements through the driver with its default settings,
# alternating, in one run. Usage: bench/apply.sh [ROUNDS] (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
mvn -B -q -DskipTests -Dspotless.check.skip=true -pl node -am install >&2
cp=$(test_classpath integration)
exec java -Dkstudio.node.classpath="$PWD/node/target/cassandra.classpath" \
  -Dkstudio.node.dir="$PWD/integration/target/node" \
  -cp "$cp" org.keyspacestudio.integration.ApplyBenchmark "$@"

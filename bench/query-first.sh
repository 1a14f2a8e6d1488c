#!/usr/bin/env bash
# Query-first benchmark: the mapping of 200 queries over a 200-entity model (target < 100 ms) and
# the checks the editor runs after every edit on a model mapped to 1,000 tables (query support
# target < 5 ms), medians and 95th percentiles of warm runs.
# Usage: bench/query-first.sh [ENTITIES [TABLES]]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath model)
exec java -Xmx1g -cp "$cp" org.keyspacestudio.model.mapping.QueryFirstBenchmark "$@"

#!/usr/bin/env bash
# Fuzz run: mutated corpus files through import, validation, writing, re-import and the project
# file; prints crashes, inputs over 1 s and round trips that change the model.
# Usage: bench/fuzz.sh [CASES [SEED]]   (default 100,000 cases, a new seed each run, printed)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath model)
exec java -Xss1m -Xmx1g -Dkstudio.corpus=../shared/corpus/cql ${FUZZ_DUMP:+-Dkstudio.fuzz.dump=$FUZZ_DUMP} -cp "$cp" org.keyspacestudio.model.fuzz.Fuzz "$@"

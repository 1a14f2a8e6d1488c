#!/usr/bin/env bash
# Replays one generated oracle case by seed: prints its script and any verdict mismatch.
# Usage: bench/oracle-case.sh SEED
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath oracle)
opens=$(cassandra_opens)
exec java $opens -Dcassandra.storagedir=/tmp/kstudio-oracle -cp "$cp" \
  org.keyspacestudio.oracle.ReplayCase "$@"

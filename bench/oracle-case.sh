#!/usr/bin/env bash
# Replays one generated oracle case by seed: prints its script and any verdict mismatch.
# Usage: bench/oracle-case.sh SEED
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests -Dspotless.check.skip=true -pl oracle -am install
mvn -B -q -pl oracle test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test >/dev/null
cp="oracle/target/test-classes:oracle/target/classes:$(cat oracle/target/test.classpath)"
opens=$(sed -n 's/^ *\(--add-[a-z]* [^ ]*\)$/\1/p' oracle/pom.xml | tr '\n' ' ')
exec java $opens -Dcassandra.storagedir=/tmp/kstudio-oracle -cp "$cp" \
  org.keyspacestudio.oracle.ReplayCase "$@"

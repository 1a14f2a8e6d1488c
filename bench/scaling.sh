#!/usr/bin/env bash
# Scaling benchmark: how the time to open a file grows with one hostile feature of it (n columns,
# a name of n characters, types nested n deep, n broken statements...), four sizes each twice the
# last, per stage (import, checks, CQL written, project file, fixes of the first problems); flags
# a stage growing faster than n^1.5 (a lead to run that shape larger: bench/scaling.sh 4 "SHAPE").
# Usage: bench/scaling.sh [FACTOR [SHAPE]]   (FACTOR scales every first size; SHAPE: part of a name)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
cp=$(test_classpath model)
exec java -Xss1m -Xms2g -Xmx2g -cp "$cp" org.keyspacestudio.model.fuzz.ScalingBenchmark "$@"

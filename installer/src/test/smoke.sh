#!/usr/bin/env bash
# Smoke test of the packaged app: its own runtime runs the command line, headless.
# Usage: smoke.sh LAUNCHER OUT_DIR
set -euo pipefail
launcher="$1"; out="$2"
mkdir -p "$out"
cat > "$out/smoke.cql" <<'CQL'
CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
CREATE TABLE shop.orders_by_user (user_id uuid, placed timestamp, order_id uuid, total decimal,
  PRIMARY KEY (user_id, placed)) WITH CLUSTERING ORDER BY (placed DESC);
CQL
"$launcher" --version
"$launcher" validate "$out/smoke.cql"
for format in png svg pdf; do
  rm -f "$out/smoke.$format"
  "$launcher" export-image "$out/smoke.cql" -o "$out/smoke.$format"
  test -s "$out/smoke.$format" || { echo "smoke test: no $format written"; exit 1; }
done
head -c 4 "$out/smoke.png" | grep -q PNG || { echo "smoke test: not a PNG"; exit 1; }
head -c 4 "$out/smoke.pdf" | grep -q '%PDF' || { echo "smoke test: not a PDF"; exit 1; }
grep -q orders_by_user "$out/smoke.svg" || { echo "smoke test: table missing from the SVG"; exit 1; }
echo "smoke test of the packaged app: 1 passed, 0 failed"

#!/usr/bin/env bash
# Start-up benchmark: time from launch to the first frame of the editor, packaged app-image,
# next to a minimal JavaFX window started the same way (same launcher and runtime), median of
# RUNS (default 7) each, alternating. Needs a display: runs under xvfb-run when DISPLAY is unset.
# Usage: bench/startup.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-7}"
launcher=installer/target/dist/keyspace-studio/bin/keyspace-studio
if [[ ! -x "$launcher" ]]; then
  mvn -B -q -DskipTests -Dspotless.check.skip=true -pl installer -am install
fi
if [[ -z "${DISPLAY:-}" ]]; then
  # One X server for every run, started before the first: its start is not the app's.
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
# Wall clock from just before the launch (the process start time the OS gives is biased by up to a
# second on Linux: boot time in whole seconds).
probe() {
  KSTUDIO_LAUNCH_MS=$(date +%s%3N) KSTUDIO_STARTUP_PROBE=1 "$launcher" "$@" 2>/dev/null \
    | sed -n 's/^first frame: \([0-9]*\) ms$/\1/p'
}
editor=(); minimal=()
for ((i = 0; i < runs; i++)); do
  editor+=("$(probe)")
  minimal+=("$(probe --minimal-window)")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
me=$(median "${editor[@]}"); mm=$(median "${minimal[@]}")
echo "runs: $runs each (alternating), app-image, $(nproc) cores"
echo "editor first frame:          median ${me} ms   (all: ${editor[*]})"
echo "minimal JavaFX window:       median ${mm} ms   (all: ${minimal[*]})"
awk -v e="$me" -v m="$mm" 'BEGIN { printf "ratio editor / minimal window: %.2f\n", e / m }'

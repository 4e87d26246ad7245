#!/usr/bin/env bash
# Issue 14's load tests for one tree, on PostgreSQL. Run it for a tree from before the work (such as
# e88d14a, with this load generator brought back into it: see docs/server.md, Measured) and for
# this one, minutes apart on the same quiet machine, and compare.
#
#   apps/server/bench/loadtest-suite.sh TREE OUTDIR [SECONDS]
#     TREE     a checkout (any tree whose `pnpm loadtest` takes today's options)
#     OUTDIR   where each run's whole output goes, one file per run (created if missing)
#     SECONDS  optional: measure every run for this many seconds instead of 20 (saturation) and
#              30 (300 x 1 s): only to check that the script works end to end
#
# Runs, in this order (each with 3 s of warm-up, 1 spectator per match, 2 worker threads):
#   loos-sat-uniform   --game loos --matches 100 --think 0 --seconds 20 --advance 0
#   loos-sat-default   --game loos --matches 100 --think 0 --seconds 20   (advance 0.25)
#   loos-300x1s        --game loos --matches 300 --think 1000 --seconds 30
#   belle-sat-uniform  --game belle-epoque --matches 100 --think 0 --seconds 20 --advance 0
#   belle-300x1s       --game belle-epoque --matches 300 --think 1000 --seconds 30
# then prints the key lines of every run. Database: LOADTEST_DATABASE_URL or TEST_DATABASE_URL,
# else postgresql://postgres@127.0.0.1:5432/test (each run makes and drops its own database).
set -u

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 TREE OUTDIR [SECONDS]" >&2
  exit 2
fi
tree=$(cd "$1" && pwd) || exit 2
out=$2
override=${3:-}
if [ ! -f "$tree/apps/server/bench/loadtest.ts" ]; then
  echo "$tree has no apps/server/bench/loadtest.ts" >&2
  exit 2
fi
if [ ! -f "$tree/apps/server/bench/loadPlayers.ts" ]; then
  echo "$tree's load test is not today's (no bench/loadPlayers.ts): it would not take these options" >&2
  exit 2
fi
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)

sat=${override:-20}
paced=${override:-30}
runs=(
  "loos-sat-uniform|--game loos --matches 100 --think 0 --seconds $sat --advance 0"
  "loos-sat-default|--game loos --matches 100 --think 0 --seconds $sat"
  "loos-300x1s|--game loos --matches 300 --think 1000 --seconds $paced"
  "belle-sat-uniform|--game belle-epoque --matches 100 --think 0 --seconds $sat --advance 0"
  "belle-300x1s|--game belle-epoque --matches 300 --think 1000 --seconds $paced"
)

# What was measured: the tree's commit and its uncommitted changes (the old tree's bench copy).
{
  echo "tree    $tree"
  echo "commit  $(git -C "$tree" rev-parse HEAD 2>/dev/null)"
  echo "node    $(node --version)"
  echo "host    $(uname -n), $(nproc) cores"
  echo "changes (git status --short):"
  git -C "$tree" status --short 2>/dev/null
} >"$out/tree.txt"

failed=0
for run in "${runs[@]}"; do
  name=${run%%|*}
  args=${run#*|}
  file="$out/$name.txt"
  echo "== $name: $args" >&2
  {
    echo "# $(date -u +%FT%TZ) $tree: pnpm loadtest -- $args"
    echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  } >"$file"
  # shellcheck disable=SC2086 # the arguments are meant to split
  (cd "$tree" && npx --yes pnpm@10 loadtest -- $args) >>"$file" 2>&1
  status=$?
  echo "# exit $status, load after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$file"
  if [ $status -ne 0 ]; then
    failed=1
    echo "   FAILED (exit $status): see $file" >&2
  fi
done

echo
echo "$tree ($(git -C "$tree" rev-parse --short HEAD 2>/dev/null)), outputs in $out"
for run in "${runs[@]}"; do
  name=${run%%|*}
  file="$out/$name.txt"
  echo
  echo "--- $name: ${run#*|}"
  grep -E '^# (load before|exit)' "$file"
  grep -E '^(actions acknowledged|actions per second|ack latency|opponent update|server CPU per action|load generator CPU|bytes per push|errors|lost / extra actions) ' "$file" ||
    echo "(no figures: the run failed, see $file)"
done
exit $failed

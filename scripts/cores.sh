#!/usr/bin/env bash
# Throughput of `sudoku-dlx solve --jobs 2` against `--jobs 1` on one file, on a machine that
# others may be using: runs alternate, and a run counts only when the rest of the machine was
# idle while it ran (CPU time from /proc/stat, minus the run's own, under 5% of its wall time).
#
# usage: scripts/cores.sh BIN FILE [PAIRS]   (PAIRS undisturbed pairs wanted, default 3)
# prints each run, then the median wall time of each --jobs and their ratio.
set -euo pipefail
bin=$1 file=$2 want=${3:-3}
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
tick=$(getconf CLK_TCK)
declare -A walls=([1]="" [2]="")
pairs=0 tries=0
while [ "$pairs" -lt "$want" ] && [ "$tries" -lt $((want * 6)) ]; do
  tries=$((tries + 1))
  ok=1 line=""
  for jobs in 1 2; do
    before=$(busy)
    stats=$( { /usr/bin/time -f "%e %U %S" "$bin" solve --jobs "$jobs" "$file" > /dev/null; } 2>&1 )
    after=$(busy)
    read -r wall user sys <<< "$stats"
    others=$(awk -v b="$before" -v a="$after" -v u="$user" -v s="$sys" -v t="$tick" \
      'BEGIN{o=(a-b)/t-u-s; print (o<0?0:o)}')
    quiet=$(awk -v o="$others" -v w="$wall" 'BEGIN{print (o < 0.05*w) ? 1 : 0}')
    echo "jobs=$jobs wall=${wall}s cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')s others=${others}s $( [ "$quiet" = 1 ] && echo counted || echo disturbed)"
    [ "$quiet" = 1 ] || ok=0
    line="$line $wall"
  done
  if [ "$ok" = 1 ]; then
    read -r one two <<< "$line"
    walls[1]="${walls[1]} $one" walls[2]="${walls[2]} $two"
    pairs=$((pairs + 1))
  fi
done
[ "$pairs" -gt 0 ] || { echo "no undisturbed pair in $tries tries: the machine is busy" >&2; exit 1; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
one=$(echo "${walls[1]}" | median) two=$(echo "${walls[2]}" | median)
echo "$file: $pairs undisturbed pairs; median wall --jobs 1 ${one}s, --jobs 2 ${two}s; speed-up $(awk -v a="$one" -v b="$two" 'BEGIN{printf "%.2f", a/b}')x"

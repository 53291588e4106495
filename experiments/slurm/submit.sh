#!/usr/bin/env bash
# Submit a beachcomber tournament or league as a Slurm job array (one shard
# per task) plus the merge that waits for all of it; print both job ids.
#
#   experiments/slurm/submit.sh [--shards N] [--bin BINARY] tournament|league ARGS...
#
# Every output name in ARGS (--out, --record, --summary) must contain
# `{shard}`: task I writes it with I in place of `{shard}`, and the merge
# writes it with `{shard}` removed (with one `-`, `_` or `.` before it):
# `runs/games-{shard}.csv` -> shards `runs/games-0.csv`... merged `runs/games.csv`.
# Slurm's logs go beside the primary output as slurm-JOBID_TASK.out.
set -euo pipefail

# ---- What to adapt to your cluster (environment variables override these) ----
# Partition (queue) to run in; empty = the cluster's default. See `sinfo -s`.
PARTITION=${PARTITION:-}
# Account to charge; empty = your default. Required on many clusters (`sacctmgr show assoc user=$USER`).
ACCOUNT=${ACCOUNT:-}
# Time limit of ONE shard (HH:MM:SS or D-HH:MM:SS): shard time ~ one-machine time / N * cores/CPUS_PER_TASK.
TIME=${TIME:-01:00:00}
# CPUs per shard: the binary plays that many games at once.
CPUS_PER_TASK=${CPUS_PER_TASK:-1}
# Memory per shard (records are streamed; a few hundred MB is plenty).
MEM=${MEM:-1G}
# Seconds before the time limit at which a shard gets SIGTERM to checkpoint (the
# binary needs well under a second; leave slack for slow shared file systems).
SIGNAL_LEAD=${SIGNAL_LEAD:-120}
# At most this many tasks at once (empty = no limit): --array=0-(N-1)%MAX_RUNNING.
MAX_RUNNING=${MAX_RUNNING:-}
# Extra sbatch options for both jobs, e.g. "--qos=long --mail-type=END".
EXTRA_SBATCH=${EXTRA_SBATCH:-}
# --------------------------------------------------------------------------------

here=$(cd "$(dirname "$0")" && pwd)
shards=3
bin=${BEACHCOMBER:-$here/../../target/release/beachcomber}
while [[ $# -gt 0 ]]; do
    case "$1" in
        --shards) shards=$2; shift 2 ;;
        --shards=*) shards=${1#--shards=}; shift ;;
        --bin) bin=$2; shift 2 ;;
        --bin=*) bin=${1#--bin=}; shift ;;
        --) shift; break ;;
        *) break ;;
    esac
done
die() { echo "submit.sh: $*" >&2; exit 2; }
[[ $# -ge 1 && ( $1 == tournament || $1 == league ) ]] ||
    die "usage: submit.sh [--shards N] [--bin BINARY] tournament|league ARGS... (output names with {shard})"
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "--shards must be a positive integer, not '$shards'"
[[ -x $bin ]] || die "no binary at $bin (cargo build --release -p beachcomber-cli, or --bin PATH)"
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

# The outputs, in the order that picks PRIMARY (--out, --record, --summary).
declare -A given=()
prev=""
for arg in "$@"; do
    case "$arg" in
        --shard | --shard=* | --resume) die "$arg is added per task; leave it out" ;;
        --out=* | --record=* | --summary=*) given[${arg%%=*}]=${arg#*=} ;;
    esac
    case "$prev" in --out | --record | --summary) given[$prev]=$arg ;; esac
    prev=$arg
done
merge_args=()
manifest_pattern=""
for label in --out --record --summary; do
    name=${given[$label]:-}
    [[ -z $name ]] && continue
    [[ $name == *"{shard}"* ]] || die "$label $name: the name must contain {shard}, or every task writes the same file"
    merged=$(printf '%s' "$name" | sed -E 's/[-_.]?\{shard\}//')
    merge_args+=("$label" "$merged")
    mkdir -p "$(dirname "$merged")" "$(dirname "${name//\{shard\}/0}")"
    [[ -z $manifest_pattern ]] && manifest_pattern=$name.manifest.json
done
[[ -n $manifest_pattern ]] || die "give --out, --record or --summary (with {shard} in the name)"
manifests=()
for ((i = 0; i < shards; i++)); do manifests+=("${manifest_pattern//\{shard\}/$i}"); done
logs=$(dirname "${manifest_pattern}")

common=(--parsable --time="$TIME" --cpus-per-task="$CPUS_PER_TASK" --mem="$MEM")
[[ -n $PARTITION ]] && common+=(--partition="$PARTITION")
[[ -n $ACCOUNT ]] && common+=(--account="$ACCOUNT")
# shellcheck disable=SC2206
[[ -n $EXTRA_SBATCH ]] && common+=($EXTRA_SBATCH)
array=0-$((shards - 1))${MAX_RUNNING:+%$MAX_RUNNING}

array_id=$(sbatch "${common[@]}" --array="$array" --requeue --signal="B:TERM@$SIGNAL_LEAD" \
    --output="$logs/slurm-%A_%a.out" "$here/shard.sbatch" "$bin" "$@")
array_id=${array_id%%;*}
merge_id=$(sbatch "${common[@]}" --dependency="afterok:$array_id" --kill-on-invalid-dep=no \
    --output="$logs/slurm-%j-merge.out" "$here/merge.sbatch" "$bin" "${manifests[@]}" "${merge_args[@]}")
merge_id=${merge_id%%;*}
echo "array job $array_id: $shards shards ($array), logs $logs/slurm-${array_id}_*.out"
echo "merge job $merge_id: after all of $array_id succeed -> ${merge_args[*]}"
echo "ARRAY_JOB_ID=$array_id"
echo "MERGE_JOB_ID=$merge_id"

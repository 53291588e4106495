#!/usr/bin/env bash
# Prove the Slurm recipe on a real single-node Slurm cluster on this machine.
#
# As root: installs Debian's slurmctld, slurmd, slurm-client and munge when
# missing, writes a minimal slurm.conf for this node in a temp dir, starts
# munged, slurmctld and slurmd directly (no systemd; own socket, ports,
# state and logs under the temp dir), waits for the node to be idle, then
#  1. runs a small tournament (rotation, an ISMCTS bot, zstd records) as a
#     3-task array plus the dependent merge (submit.sh) and compares the
#     merged files byte for byte (cmp) with an unsharded run;
#  2. runs a slower one, sends SIGTERM to a running task (scancel --signal),
#     checks that it checkpointed, requeues it (scontrol requeue), and checks
#     that the merged files are again byte-identical to an unsharded run;
#  3. runs a search (docs/search.md) with its own loop: each stage a 2-task
#     array, then its merge, until summary.md; its files byte-identical to an
#     unsharded search's.
# The daemons run in their own sessions (a signal to this script's process group
# reaches only it), and every daemon it started is stopped by pid and the temp dir removed, pass or
# fail. Prints PASS or FAIL; exits non-zero on failure.
#
#   experiments/slurm/prove.sh          (BEACHCOMBER=path to use a built binary; .ci/run passes
#                                        the ci profile's, target/ci/beachcomber)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
start_time=$SECONDS
log() { printf '[prove %3ds] %s\n' "$((SECONDS - start_time))" "$*"; }

tmp=""
pids=()
passed=false
cleanup() {
    local rc=$?
    set +e
    # Cancel whatever is left, then stop the daemons we started, by pid.
    if [[ -n $tmp && -e $tmp/slurm.conf ]] && [[ ${#pids[@]} -gt 0 ]]; then
        timeout 10 scancel --full --quiet --user=root >/dev/null 2>&1
        for _ in $(seq 60); do
            [[ -z $(timeout 5 squeue -h -t R,CG,S -o %i 2>/dev/null) ]] && break
            sleep 0.5
        done
        # Each job step's slurmstepd keeps a socket (NODE_JOB.STEP) in the spool dir until it is done.
        for _ in $(seq 40); do
            compgen -G "$tmp/spool/${host:-none}_[0-9]*" >/dev/null || break
            sleep 0.25
        done
    fi
    local p
    for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
    for _ in $(seq 50); do
        local alive=false
        for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=true; done
        $alive || break
        sleep 0.2
    done
    for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
    if ! $passed && [[ -n $tmp && -d $tmp ]]; then
        for f in "$tmp"/log/*.log "$tmp"/run*/shards/slurm-*.out; do
            [[ -f $f ]] || continue
            echo "---- $f (last lines)"
            tail -n 15 "$f"
        done
    fi
    if [[ -n $tmp && -d $tmp ]]; then
        # Whatever still holds a file in the temp dir was started by this run (a slurmstepd
        # whose slurmd is gone, a task's binary): stop it by its pid.
        for pdir in /proc/[0-9]*; do
            p=${pdir#/proc/}
            [[ $p == "$$" || $p == "$BASHPID" ]] && continue
            if ls -l "$pdir/fd" 2>/dev/null | grep -qF -- "$tmp/"; then
                kill -KILL "$p" 2>/dev/null
            fi
        done
        rm -rf -- "$tmp"
    fi
    if $passed && [[ $rc -eq 0 ]]; then
        echo "slurm prove: PASS ($((SECONDS - start_time)) s)"
    else
        echo "slurm prove: FAIL ($((SECONDS - start_time)) s)"
        [[ $rc -eq 0 ]] && rc=1
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
fail() { log "FAIL: $*"; exit 1; }

[[ $(id -u) -eq 0 ]] || fail "run as root (it starts munged, slurmctld and slurmd)"

# ---- packages ----
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
    ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    log "installing slurmctld slurmd slurm-client munge"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
fi
log "slurm $(dpkg-query -W -f '${Version}' slurmctld 2>/dev/null || echo '(not from dpkg)')"

# ---- the binary ----
bin=${BEACHCOMBER:-$root/target/release/beachcomber}
if [[ -z ${BEACHCOMBER:-} ]]; then
    log "cargo build --release -p beachcomber-cli"
    (cd "$root" && cargo build --release --quiet -p beachcomber-cli)
fi
[[ -x $bin ]] || fail "no binary at $bin"

tmp=$(mktemp -d /tmp/beachcomber-slurm.XXXXXX)
chmod 700 "$tmp"
mkdir -p "$tmp"/{munge,state,spool,log}

# ---- munge, on its own socket and key ----
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
setsid munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
    --seed-file="$tmp/munge/munged.seed" >"$tmp/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [[ -S $tmp/munge/munge.socket ]] && break; sleep 0.1; done
[[ -S $tmp/munge/munge.socket ]] || fail "munged did not start"

# ---- slurm.conf for this node ----
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
# Two free ports for the daemons (a previous cluster may still hold Slurm's defaults).
port_free() { ! (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
ctld_port=$((20000 + RANDOM % 20000))
while ! port_free "$ctld_port" || ! port_free $((ctld_port + 1)); do ctld_port=$((ctld_port + 2)); done
slurmd_port=$((ctld_port + 1))
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=beachcomber-prove
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=10
MinJobAge=600
SchedulerParameters=defer_batch
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

setsid slurmctld -D -i -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
setsid slurmd -D -f "$SLURM_CONF" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
log "munged, slurmctld, slurmd started (pids ${pids[*]}); node $host, $cpus CPUs"
state=""
for _ in $(seq 120); do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    [[ $state == idle ]] && break
    sleep 0.5
done
[[ $state == idle ]] || fail "node $host not idle after 60 s (state '$state')"
log "node $host idle"

# ---- helpers ----
job_state() { # JOBID -> its JobState (for an array task: JOBID_TASK)
    scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n1 | cut -d= -f2 || true
}
wait_state() { # JOBID STATE... : wait (up to $WAIT s) until the job is in one of the states
    local id=$1 s
    shift
    local deadline=$((SECONDS + ${WAIT:-240}))
    while ((SECONDS < deadline)); do
        s=$(job_state "$id")
        for want in "$@"; do [[ $s == "$want" ]] && return 0; done
        case $s in FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE)
            fail "job $id is $s (wanted $*)" ;;
        esac
        scontrol -o show job "$id" 2>/dev/null | grep -q 'Reason=DependencyNeverSatisfied' &&
            fail "job $id: DependencyNeverSatisfied"
        sleep 0.5
    done
    fail "job $id still '$s' after ${WAIT:-240} s (wanted $*)"
}
compare() { # DIR_MERGED DIR_REFERENCE
    local f
    for f in games.csv summary.csv games.jsonl.zst; do
        cmp "$1/$f" "$2/$f" || fail "$1/$f differs from the unsharded run's"
    done
    log "merged games.csv, summary.csv, games.jsonl.zst are byte-identical to the unsharded run's ($(wc -l <"$1/games.csv") CSV lines)"
}
submit() { # DIR ARGS... -> sets array_id, merge_id
    local dir=$1
    shift
    local out
    out=$(cd "$dir" && CPUS_PER_TASK=1 MEM=100M TIME=00:30:00 SIGNAL_LEAD=30 \
        "$here/submit.sh" --shards 3 --bin "$bin" "$@" \
        --out 'shards/games-{shard}.csv' --summary 'shards/summary-{shard}.csv' \
        --record 'shards/games-{shard}.jsonl.zst')
    echo "$out" | sed 's/^/    /'
    array_id=$(echo "$out" | sed -n 's/^ARRAY_JOB_ID=//p')
    merge_id=$(echo "$out" | sed -n 's/^MERGE_JOB_ID=//p')
    [[ -n $array_id && -n $merge_id ]] || fail "submit.sh printed no job ids"
}
reference() { # DIR ARGS... : the unsharded run
    mkdir -p "$1/ref"
    local dir=$1
    shift
    (cd "$dir" && "$bin" "$@" --quiet --out ref/games.csv --summary ref/summary.csv --record ref/games.jsonl.zst >/dev/null)
}

# ---- 1. a 3-task array and the merge, against the unsharded run ----
fast=(tournament --game seashells --players 2 --bots 'ismcts(iterations=50),greedy' --deals 30 --seed 11)
mkdir -p "$tmp/run1"
log "unsharded run: ${fast[*]}"
reference "$tmp/run1" "${fast[@]}"
log "submit.sh --shards 3 ${fast[*]}"
submit "$tmp/run1" "${fast[@]}"
WAIT=180 wait_state "$merge_id" COMPLETED
for t in 0 1 2; do
    [[ $(job_state "${array_id}_$t") == COMPLETED ]] || fail "task ${array_id}_$t is $(job_state "${array_id}_$t")"
    [[ -f $tmp/run1/shards/games-$t.csv.manifest.json ]] || fail "shard $t wrote no manifest"
done
log "array $array_id (3 tasks) and merge $merge_id completed"
compare "$tmp/run1/shards" "$tmp/run1/ref"

# ---- 2. SIGTERM a running task, requeue it, same bytes ----
slow=(tournament --game seashells --players 2 --bots "ismcts(iterations=${SLOW_ITERATIONS:-600}),greedy" --deals 600 --seed 12)
mkdir -p "$tmp/run2"
log "submit.sh --shards 3 ${slow[*]}"
submit "$tmp/run2" "${slow[@]}"
task=${array_id}_0
WAIT=120 wait_state "$task" RUNNING
partial=$tmp/run2/shards/games-0.csv.partial
# Interrupt it once it has saved some games (the CSV header alone is 70 bytes).
saved() { [[ -f $partial ]] && (($(stat -c %s "$partial") > 1000)); }
for _ in $(seq 300); do saved && break; sleep 0.1; done
saved || fail "task $task saved no games within 30 s"
[[ $(job_state "$task") == RUNNING ]] || fail "task $task finished before it could be interrupted: make the slow run slower (SLOW_ITERATIONS)"
log "scancel --batch --signal=TERM $task (running, $(wc -c <"$partial") bytes of games so far)"
scancel --batch --signal=TERM "$task"
deadline=$((SECONDS + 60))
while ((SECONDS < deadline)); do
    s=$(job_state "$task")
    [[ $s == RUNNING || $s == COMPLETING ]] || break
    sleep 0.2
done
exit_code=$(scontrol -o show job "$task" | grep -o ' ExitCode=[0-9:]*' | cut -d= -f2 || true)
log "task $task is $s, exit code $exit_code"
[[ $s == FAILED && $exit_code == 130:0 ]] || fail "task $task: expected FAILED with exit code 130:0 after SIGTERM, got $s $exit_code"
[[ -f $tmp/run2/shards/games-0.csv.checkpoint.json ]] || fail "task $task left no checkpoint"
grep -h 'interrupted after' "$tmp/run2/shards/slurm-${array_id}_0.out" | sed 's/^/    /'
grep -q 'interrupted after [1-9]' "$tmp/run2/shards/slurm-${array_id}_0.out" || fail "task $task did not report saved games"
[[ ! -e $tmp/run2/shards/games-0.csv.manifest.json ]] || fail "task $task finished despite SIGTERM"
log "scontrol requeue $task"
scontrol requeue "$task"
# A requeued job is held back (BeginTime about two minutes ahead): let it start now.
scontrol update JobId="$task" StartTime=now
log "merge $merge_id: $(scontrol -o show job "$merge_id" | grep -o 'Reason=[^ ]*') $(scontrol -o show job "$merge_id" | grep -o 'Dependency=[^ ]*')"
# Slurm remembers the array's highest exit code (130), so afterok on the whole array can no
# longer be met: make the merge wait for each task instead (the requeued one included).
scontrol update JobId="$merge_id" Dependency="afterok:${array_id}_0:${array_id}_1:${array_id}_2"
log "merge $merge_id: $(scontrol -o show job "$merge_id" | grep -o 'Reason=[^ ]*') $(scontrol -o show job "$merge_id" | grep -o 'Dependency=[^ ]*')"
log "unsharded run (meanwhile): ${slow[*]}"
reference "$tmp/run2" "${slow[@]}"
WAIT=240 wait_state "$merge_id" COMPLETED
for t in 0 1 2; do
    [[ $(job_state "${array_id}_$t") == COMPLETED ]] || fail "task ${array_id}_$t is $(job_state "${array_id}_$t")"
done
grep -q 'resuming' "$tmp/run2/shards/slurm-${array_id}_0.out" || fail "the requeued task did not resume (see its log)"
restarts=$(scontrol -o show job "$task" | grep -o 'Restarts=[0-9]*' | cut -d= -f2 || true)
log "requeued task resumed from its checkpoint (Restarts=$restarts) and completed; merge $merge_id completed"
[[ ! -e $tmp/run2/shards/games-0.csv.checkpoint.json ]] || fail "a checkpoint is left after the run completed"
compare "$tmp/run2/shards" "$tmp/run2/ref"
# ---- 3. a search over the cluster: docs/search.md's loop, round after round ----
# Each stage (a round, then the confirmation) as a 2-task array, then its merge, until the
# search writes summary.md; the files must be byte-identical to one machine's.
# A proof of sharding, not a question its 2,000 games could answer: --allow-unresolvable (its
# answer is inconclusive, docs/search.md "The plan").
search=(search --game shell-dash --players 2 --vary deck.Shell=6..=12:2 --vary deck.Jellyfish=4,8
    --bots random --strong-bots greedy --objective 'seat_ratio:0 near 1 margin 0.02'
    --constraint 'mean_turns <= 12' --first-deals 20 --max-rounds 3 --max-games 2000 --seed 3
    --confirm-seed 4 --allow-unresolvable --quiet)
mkdir -p "$tmp/run3"
(cd "$tmp/run3" && "$bin" "${search[@]}" --out ref >/dev/null) || fail "the unsharded search failed"
printf -v flags '%q ' "${search[@]}"
stages=0
until [[ -f $tmp/run3/cluster/summary.md ]]; do
    ((stages < 10)) || fail "the search did not finish in 10 stages"
    stages=$((stages + 1))
    (cd "$tmp/run3" && sbatch --wait --array=0-1 --cpus-per-task=1 --mem=100M --output=slurm-%A_%a.out \
        --wrap "$bin $flags --out cluster --shard \$SLURM_ARRAY_TASK_ID/2" >/dev/null) ||
        fail "stage $stages: a shard job failed"
    (cd "$tmp/run3" && sbatch --wait --cpus-per-task=1 --mem=100M --output=slurm-merge-%j.out \
        --wrap "$bin $flags --out cluster --merge 2" >/dev/null) ||
        fail "stage $stages: the merge job failed"
done
for f in candidates.csv rounds.csv front.csv confirm.csv summary.md; do
    cmp "$tmp/run3/cluster/$f" "$tmp/run3/ref/$f" || fail "the search's $f differs from the unsharded search's"
done
log "a search in $stages stages of a 2-task array and a merge: candidates.csv, rounds.csv, front.csv, confirm.csv and summary.md byte-identical to the unsharded search's"
passed=true

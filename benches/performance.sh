#!/usr/bin/env bash
# Regenerate the measured section of docs/performance.md ("Random playouts,
# measured"): random-playout throughput of every game from
# `beachcomber bench`, and ISMCTS iterations per CPU second from the `mcts`
# criterion bench, written between the markers
#   <!-- BEGIN benches/performance.sh -->  and  <!-- END benches/performance.sh -->
# (the rest of the file is left as it is).
#
# Usage (from anywhere in the repository):
#   benches/performance.sh [--runs N] [--scale X] [--old OLD_BEACHCOMBER] [--old-mcts OLD_MCTS_BENCH] [--no-mcts] [--dry-run]
#
#   --runs N       runs of each measurement (default 5); the medians are reported
#   --scale X      multiply the games of each run by X (default 1; 0.1 for a quick look)
#   --old BIN      an older `beachcomber` binary: each command is then run
#                  alternately with BIN and the new binary (old, new, old,
#                  new, ...) and the section gets a table of the ratios
#                  (medians of the per-pair ratios, so that the machine's
#                  drift during the runs cancels)
#   --old-mcts BIN an older build of the `mcts` criterion bench executable
#                  (`cargo bench -p beachcomber-benches --bench mcts --no-run`
#                  prints its path): ISMCTS is then compared the same way
#   --no-mcts      skip the ISMCTS measurement (it builds the criterion benches)
#   --dry-run      print the section instead of writing it into the file
#
# It builds the binary it measures with `cargo build --release` (and the
# `mcts` bench with `cargo bench --no-run`), honouring CARGO_TARGET_DIR.
# Needs bash, awk and sort. Timings depend on what else the machine runs:
# on a shared machine compare old and new with --old, not with old numbers.
set -euo pipefail

runs=5
scale=1
old=""
old_mcts=""
mcts=1
dry=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --scale) scale=$2; shift 2 ;;
        --old) old=$2; shift 2 ;;
        --old-mcts) old_mcts=$2; shift 2 ;;
        --no-mcts) mcts=0; shift ;;
        --dry-run) dry=1; shift ;;
        -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

cd "$(dirname "$0")/.."
doc=docs/performance.md
begin='<!-- BEGIN benches/performance.sh -->'
end='<!-- END benches/performance.sh -->'
grep -qF "$begin" "$doc" && grep -qF "$end" "$doc" || {
    echo "$doc lacks the markers $begin / $end" >&2
    exit 1
}

target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet
new="$target/release/beachcomber"
new_copy=$(mktemp /tmp/beachcomber-new.XXXXXX)
cp "$new" "$new_copy"
chmod +x "$new_copy"
trap 'rm -f "$new_copy"' EXIT

# The cases: game spec, players, games per run.
cases=(
    "seashells 4 2000000"
    "seashells(mode=stroll) 4 2000000"
    "seaside 4 1000000"
    "seaside 2 2000000"
    "shell-dash 2 1000000"
    "shell-dash 1 1000000"
    "shell-dash(reshuffle=empty) 2 2000000"
    "shell-dash(reshuffle=empty) 1 2000000"
)

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
minmax() { sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.2f-%.2f", lo, hi}'; }

# One `bench` run: prints "decisions/game ns/game(1 thread) games/s(all threads)".
bench_once() {
    "$1" bench --game "$2" --players "$3" --games "$4" | awk '
        /decisions per game/ {for (i = 1; i <= NF; i++) if ($i == "decisions") d = $(i - 1)}
        /1 thread/ {one = $5}
        /threads/ && !/1 thread/ {all = $3}
        END {print d, one, all}'
}

# A figure that did not come out (the command failed) stops the script.
need() { [ -n "$1" ] || { echo "no measurement from: $2" >&2; exit 1; }; }

threads=$(nproc)
cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
stamp=$(date -u +%Y-%m-%d)
commit=$(git rev-parse --short HEAD)
dirty=$(git status --porcelain --untracked-files=no | grep -q . && echo " (with uncommitted changes)" || true)

table="| game | players | decisions / game | one thread: ns/game (games/s) | $threads threads: games/s |
| --- | --- | --- | --- | --- |"
ratios="| game | players | old ns/game | new ns/game | old / new (range) |
| --- | --- | --- | --- | --- |"

for case in "${cases[@]}"; do
    read -r spec players games <<<"$case"
    games=$(awk -v g="$games" -v s="$scale" 'BEGIN {printf "%d", g * s < 1000 ? 1000 : g * s}')
    echo "measuring $spec, $players players, $games games x $runs runs" >&2
    news=(); olds=(); ratio_list=(); alls=(); dec=""
    for _ in $(seq "$runs"); do
        if [ -n "$old" ]; then
            read -r _ o _ < <(bench_once "$old" "$spec" "$players" "$games")
            need "${o:-}" "$old bench --game $spec --players $players"
            olds+=("$o")
        fi
        read -r d n a < <(bench_once "$new_copy" "$spec" "$players" "$games")
        need "${n:-}" "bench --game $spec --players $players"
        news+=("$n"); alls+=("$a"); dec=$d
        if [ -n "$old" ]; then
            ratio_list+=("$(awk -v o="$o" -v n="$n" 'BEGIN {print o / n}')")
        fi
    done
    n_med=$(printf '%s\n' "${news[@]}" | median)
    a_med=$(printf '%s\n' "${alls[@]}" | median)
    table+=$'\n'"$(awk -v s="\`$spec\`" -v p="$players" -v d="$dec" -v n="$n_med" -v a="$a_med" \
        'BEGIN {printf "| %s | %s | %s | %.0f ns (%.2fM/s) | %.2fM/s |", s, p, d, n, 1000 / n, a / 1e6}')"
    if [ -n "$old" ]; then
        o_med=$(printf '%s\n' "${olds[@]}" | median)
        r_med=$(printf '%s\n' "${ratio_list[@]}" | median)
        r_rng=$(printf '%s\n' "${ratio_list[@]}" | minmax)
        ratios+=$'\n'"$(awk -v s="\`$spec\`" -v p="$players" -v o="$o_med" -v n="$n_med" -v r="$r_med" -v g="$r_rng" \
            'BEGIN {printf "| %s | %s | %.0f | %.0f | **%.2fx** (%s) |", s, p, o, n, r, g}')"
    fi
done

mcts_text=""
if [ "$mcts" = 1 ]; then
    echo "building and measuring the mcts bench (seashells-2p)" >&2
    mcts_bin=$(cargo bench -p beachcomber-benches --bench mcts --no-run 2>&1 |
        awk '/Executable/ {gsub(/[()]/, "", $NF); print $NF}' | tail -1)
    mcts_copy=$(mktemp /tmp/mcts-new.XXXXXX)
    cp "$mcts_bin" "$mcts_copy"
    chmod +x "$mcts_copy"
    trap 'rm -f "$new_copy" "$mcts_copy"' EXIT
    ismcts_once() { MCTS_CPU=seashells-2p "$1" --bench | awk '/seashells-2p\/ismcts/ {sub(/k$/, "", $2); print $2}'; }
    m_new=(); m_old=(); m_ratio=()
    for _ in $(seq "$runs"); do
        if [ -n "$old_mcts" ]; then
            o=$(ismcts_once "$old_mcts"); need "$o" "$old_mcts"; m_old+=("$o")
        fi
        n=$(ismcts_once "$mcts_copy"); need "$n" "the mcts bench"; m_new+=("$n")
        if [ -n "$old_mcts" ]; then
            m_ratio+=("$(awk -v o="$o" -v n="$n" 'BEGIN {print n / o}')")
        fi
    done
    mn=$(printf '%s\n' "${m_new[@]}" | median)
    mcts_text="ISMCTS on 2-player Seashells from the opening, one thread, random
rollouts (\`MCTS_CPU=seashells-2p cargo bench -p beachcomber-benches --bench mcts\`,
iterations per CPU second of the thread, median of $runs runs): **${mn}k**"
    if [ -n "$old_mcts" ]; then
        mo=$(printf '%s\n' "${m_old[@]}" | median)
        mr=$(printf '%s\n' "${m_ratio[@]}" | median)
        mg=$(printf '%s\n' "${m_ratio[@]}" | minmax)
        mcts_text+=" against ${mo}k for the old build, new / old **$(awk -v r="$mr" 'BEGIN {printf "%.2f", r}')x** ($mg, runs alternated)"
    fi
    mcts_text+="."
fi

section="$begin
<!-- Generated by \`benches/performance.sh\` on $stamp at commit $commit$dirty; do not edit by hand. -->

Measured on $cpu ($threads threads), $runs runs of each line (medians),
games per run as in the script (\`--scale $scale\`):
\`beachcomber bench --game GAME --players N --games G\` (the one-thread figure is
its \"1 thread\" line; a game is the setup, its shuffles and deal, and a
uniformly random playout).

$table"
if [ -n "$old" ]; then
    section+="

Old against new, side by side: each command run alternately with the old
binary and the new one, the ratio taken pair by pair (old ns/game over new
ns/game: above 1 the new one is faster), median and range of the $runs pairs:

$ratios"
fi
if [ -n "$mcts_text" ]; then
    section+="

$mcts_text"
fi
section+="
$end"

if [ "$dry" = 1 ]; then
    printf '%s\n' "$section"
    exit 0
fi
tmp=$(mktemp)
awk -v b="$begin" -v e="$end" -v file=/dev/stdin '
    BEGIN {while ((getline line < file) > 0) sec = sec (sec == "" ? "" : "\n") line}
    $0 == b {print sec; skip = 1; next}
    $0 == e {skip = 0; next}
    !skip {print}' "$doc" <<<"$section" >"$tmp"
mv "$tmp" "$doc"
echo "rewrote the measured section of $doc" >&2

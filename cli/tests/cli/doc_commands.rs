//! Every command of the documentation is run: the fenced `sh` blocks of
//! `README.md`, `ARCHITECTURE.md` and `docs/*.md` are extracted, and each
//! command is looked up in [`TABLE`], which says how to run it in a reduced
//! form (fewer games, fewer iterations, `--quick`) through the binary under
//! test, or why it is not run. A command the table does not know fails the
//! test, and so does an entry no document uses any more: documented
//! commands cannot go stale.
//!
//! The examples of every subcommand's `--help` (its `Examples:` section)
//! are run the same way, each subcommand's as one block, after the argument
//! lines [`HELP_SETUP`] gives it (the files its examples read).
//!
//! The commands of one block run in order in one fresh temporary folder,
//! so a block's later commands read what its earlier ones wrote (files a
//! command needs that its block does not write are made by extra argument
//! lines before it in its entry).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// How a documented command is run by this test.
enum Do {
    /// Run these argument lines of the binary in order, each expected to
    /// succeed: the reduced command, perhaps after lines that prepare the
    /// files it reads. `{root}` is the workspace's root folder.
    Run(&'static [&'static str]),
    /// Run this argument line with this text on standard input.
    Stdin(&'static str, &'static str),
    /// Not run, for this reason.
    Skip(&'static str),
}

use Do::{Run, Skip, Stdin};

/// Why commands needing Slurm are skipped.
const SLURM: &str = "needs a Slurm cluster; experiments/slurm/prove.sh proves it on a real \
                     single-node Slurm in .ci/run";

/// Each documented command (continuation lines joined, comments dropped,
/// blanks collapsed) and how it is run.
const TABLE: &[(&str, Do)] = &[
    // README.md: install and the two commands.
    (
        "cargo install --locked --path cli",
        Skip("installs into ~/.cargo/bin; the binary it builds is the one under test"),
    ),
    (
        "beachcomber tournament --game seashells --players 4 --bots random --games 10000 --seed 1 --out results.csv",
        Run(&[
            "tournament --game seashells --players 4 --bots random --games 40 --seed 1 --out results.csv",
        ]),
    ),
    (
        "cargo test --workspace --profile ci",
        Skip("the test command itself"),
    ),
    // README.md: the Python package's install and first example.
    (
        "pip install ./python pandas",
        Skip("builds the Python package; python/ci.sh runs it in a fresh venv in .ci/run"),
    ),
    (
        "python3 python/examples/first_run.py",
        Skip(
            "needs the Python package; python/ci.sh runs it after the install, and python/tests/test_readme.py checks its output against README.md's",
        ),
    ),
    // docs/python.md: the NumPy training example.
    (
        "python3 python/examples/train_numpy.py --out model.json",
        Skip("needs the Python package; python/tests/test_model.py runs it"),
    ),
    (
        "python3 python/examples/train_numpy.py --game seaside --games 400 --features encoding+evaluate --l2 0.05 --out m.json",
        Skip("needs the Python package; a measurement quoted in docs/python.md (minutes)"),
    ),
    // Compare two bots (README.md, docs/cli.md).
    (
        "beachcomber tournament --game seashells --players 2 --bots 'ismcts(iterations=2000),greedy' --games 200 --seed 7 --summary summary.csv --record games.jsonl",
        Run(&[
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=20),greedy' --games 4 --seed 7 --summary summary.csv --record games.jsonl",
        ]),
    ),
    (
        "beachcomber replay games.jsonl --index 3",
        Run(&["replay games.jsonl --index 3"]),
    ),
    // SPRT.
    (
        "beachcomber tournament --game seashells --players 2 --bots 'ismcts(iterations=4000),ismcts(iterations=2000)' --games 20000 --sprt elo0=0,elo1=10",
        Run(&[
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=20),ismcts(iterations=10)' --games 4 --sprt elo0=0,elo1=10",
        ]),
    ),
    // League.
    (
        "beachcomber league --game seaside --players 2 --bots 'ismcts,pimc,greedy,random' --games-per-pairing 200 --summary ratings.csv",
        Run(&[
            "league --game seaside --players 2 --bots 'ismcts(iterations=10),pimc(iterations=20,worlds=2),greedy,random' --games-per-pairing 2 --summary ratings.csv",
        ]),
    ),
    (
        "beachcomber plot ratings.csv --kind ratings --out ratings.svg",
        Run(&[
            "league --game seaside --players 2 --bots greedy,random --games-per-pairing 2 --summary ratings.csv",
            "plot ratings.csv --kind ratings --out ratings.svg",
        ]),
    ),
    // Sweep and plot (README.md, docs/cli.md, docs/sweeps.md).
    (
        "beachcomber sweep --game seaside --players 2,3 --vary removed=0..=50:5 --bots random --bots 'greedy,random' --games 2000 --seed 1 --out sweep-removed",
        Run(&[
            "sweep --game seaside --players 2,3 --vary removed=0..=50:25 --bots random --bots 'greedy,random' --games 4 --seed 1 --out sweep-removed",
        ]),
    ),
    (
        "beachcomber sweep --game seaside --players 2,3,4 --vary removed=0,20 --bots random --games 2000 --baseline players=4,removed=0 --margin seat_ratio=0.1 --margin mean_turns=3 --out vs-4p",
        Run(&[
            "sweep --game seaside --players 2,3,4 --vary removed=0,20 --bots random --games 8 --baseline players=4,removed=0 --margin seat_ratio=0.1 --margin mean_turns=3 --out vs-4p",
        ]),
    ),
    (
        "beachcomber sweep --game shell-dash --players 2 --vary deck.Shell=8..=20:4 --vary deck.Jellyfish=4,8,12 --bots greedy --deals 500 --baseline deck.Shell=16,deck.Jellyfish=8 --trend 'mean_turns:log:deck.Shell+deck.Jellyfish' --out deck-trend",
        Run(&[
            "sweep --game shell-dash --players 2 --vary deck.Shell=8..=20:4 --vary deck.Jellyfish=4,8,12 --bots greedy --deals 4 --baseline deck.Shell=16,deck.Jellyfish=8 --trend 'mean_turns:log:deck.Shell+deck.Jellyfish' --out deck-trend",
        ]),
    ),
    (
        "beachcomber plot sweep-removed/metrics.csv --x removed --y win_share --by players --where seat=0 --where lineup=random --out seat0.svg",
        Run(&[
            "plot sweep-removed/metrics.csv --x removed --y win_share --by players --where seat=0 --where lineup=random --out seat0.svg",
        ]),
    ),
    // Experiment files (README.md, docs/experiments.md).
    (
        "beachcomber run experiments/shell-dash-deck.toml --quick",
        Run(&["run {root}/experiments/shell-dash-deck.toml --quick --out quick"]),
    ),
    (
        "beachcomber run experiments/shell-dash-deck.toml",
        Run(&["run {root}/experiments/shell-dash-deck.toml --quick --out full"]),
    ),
    (
        "beachcomber run experiments/seaside-removals.toml",
        Run(&["run {root}/experiments/seaside-removals.toml --quick --out full"]),
    ),
    (
        "beachcomber run experiments/train-seaside-2p.toml",
        Run(&["run {root}/experiments/train-seaside-2p.toml --quick --out full"]),
    ),
    (
        "beachcomber run experiments/seaside-removals.toml --quick",
        Skip("the same file as the line before, run with --quick there"),
    ),
    (
        "beachcomber run experiments/seaside-removals.toml --resume",
        Skip(
            "resumes an interrupted run; interrupting and resuming files is tested in sweep.rs and league_file.rs",
        ),
    ),
    (
        "beachcomber run experiments/draft.toml --exploratory --out /tmp/draft",
        Run(&["run {root}/experiments/shell-dash-deck.toml --quick --exploratory --out draft"]),
    ),
    (
        "beachcomber run experiments/NAME.toml --shard $SLURM_ARRAY_TASK_ID/16",
        Run(&[
            "run {root}/experiments/shell-dash-deck.toml --quick --out r --shard 0/2",
            "run {root}/experiments/shell-dash-deck.toml --quick --out r --shard 1/2",
        ]),
    ),
    (
        "beachcomber run experiments/NAME.toml --merge 16",
        Run(&["run {root}/experiments/shell-dash-deck.toml --quick --out r --merge 2"]),
    ),
    // Play (README.md, docs/play.md): end of input ends the game.
    (
        "beachcomber play --game seashells --players 3 --bots 'ismcts,greedy'",
        Stdin(
            "play --game seashells --players 3 --bots 'ismcts(iterations=10),greedy'",
            "",
        ),
    ),
    (
        "beachcomber play --game seashells --players 3 --bots 'ismcts(iterations=2000),greedy'",
        Stdin(
            "play --game seashells --players 3 --bots 'ismcts(iterations=10),greedy'",
            "1\n2\n",
        ),
    ),
    (
        "beachcomber play --game seaside --players 2 --seat 1 --seed 7 --record game.jsonl",
        Stdin(
            "play --game seaside --players 2 --seat 1 --seed 7 --bots greedy --record game.jsonl",
            "1\n",
        ),
    ),
    (
        "beachcomber play --game shell-dash --players 1",
        Stdin("play --game shell-dash --players 1", "quit\n"),
    ),
    (
        "yes 1 | beachcomber play --game shell-dash --players 2 --bots random --record g.jsonl",
        Stdin(
            "play --game shell-dash --players 2 --bots random --record g.jsonl",
            YES_1,
        ),
    ),
    // External bots (README.md, docs/cli.md, docs/protocol.md).
    (
        "beachcomber tournament --game seashells --players 2 --engine 'pyrandom=python3 bots/external/python/random_bot.py' --bots pyrandom,greedy --games 100 --record games.jsonl",
        Run(&[
            "tournament --game seashells --players 2 --engine 'pyrandom=python3 {root}/bots/external/python/random_bot.py' --bots pyrandom,greedy --games 4 --record games.jsonl",
        ]),
    ),
    (
        "beachcomber replay games.jsonl --verify-only",
        Run(&["replay games.jsonl --verify-only"]),
    ),
    (
        "beachcomber play --game shell-dash --players 2 --engine 'mine=./my_bot --depth 3' --bots mine",
        Skip("./my_bot stands for the reader's own program"),
    ),
    (
        "beachcomber tournament --game seashells --players 4 --bots pyrandom --games 300 --seed 1 --threads 1 --engine 'pyrandom=python3 bots/external/python/random_bot.py'",
        Run(&[
            "tournament --game seashells --players 4 --bots pyrandom --games 2 --seed 1 --threads 1 --engine 'pyrandom=python3 {root}/bots/external/python/random_bot.py'",
        ]),
    ),
    // Slurm (README.md, docs/slurm.md).
    (
        "experiments/slurm/submit.sh --shards 3 tournament --game seashells --players 2 --bots 'ismcts(iterations=2000),greedy' --deals 3000 --seed 7 --out 'runs/games-{shard}.csv' --summary 'runs/summary-{shard}.csv' --record 'runs/games-{shard}.jsonl.zst'",
        Skip(SLURM),
    ),
    (
        "cargo build --release -p beachcomber-cli",
        Skip("builds the binary under test"),
    ),
    // docs/cli.md's other examples.
    (
        "beachcomber tournament --game 'seaside(removed=18)' --players 3 --bots greedy --games 5000",
        Run(&["tournament --game 'seaside(removed=18)' --players 3 --bots greedy --games 3"]),
    ),
    (
        "beachcomber tournament --game 'shell-dash(deck=Sand:20,Wave:10,Jellyfish:8,Sun:6,Shell:10)' --players 1 --bots ismcts --games 500",
        Run(&[
            "tournament --game 'shell-dash(deck=Sand:20,Wave:10,Jellyfish:8,Sun:6,Shell:10)' --players 1 --bots 'ismcts(iterations=10)' --games 2",
        ]),
    ),
    (
        "beachcomber bench --game seaside --players 4",
        Run(&["bench --game seaside --players 4 --games 200"]),
    ),
    // docs/performance.md.
    (
        "benches/performance.sh",
        Skip(
            "builds the release binary and the criterion benches, measures for minutes and rewrites docs/performance.md",
        ),
    ),
    (
        "benches/performance.sh --old OLD_BINARY --old-mcts OLD_MCTS_BENCH",
        Skip("the same, side by side with an older build"),
    ),
    (
        "cargo run --release -- bench --game GAME --players N --games 2000000",
        Run(&[
            "bench --game seashells --players 4 --games 200",
            "bench --game 'seashells(mode=stroll)' --players 4 --games 200",
            "bench --game seaside --players 2 --games 200",
            "bench --game 'shell-dash(reshuffle=empty)' --players 1 --games 200",
        ]),
    ),
    // docs/bots.md: the voluntary reshuffle measurement.
    (
        "for r in choice empty; do for bots in ismcts,random random,ismcts; do beachcomber tournament --game \"shell-dash(reshuffle=$r)\" --players 2 --bots $bots --games 3000 --seed 2026 --summary s-$r-${bots%%,*}.csv done; done",
        Run(&[
            "tournament --game 'shell-dash(reshuffle=choice)' --players 2 --bots 'ismcts(iterations=10),random' --games 2 --seed 2026 --summary s-choice-ismcts.csv",
            "tournament --game 'shell-dash(reshuffle=empty)' --players 2 --bots 'random,ismcts(iterations=10)' --games 2 --seed 2026 --summary s-empty-random.csv",
        ]),
    ),
    (
        "beachcomber tournament --game 'shell-dash(reshuffle=choice)' --players 1 --bots ismcts --games 2000 --seed 2026",
        Run(&[
            "tournament --game 'shell-dash(reshuffle=choice)' --players 1 --bots 'ismcts(iterations=10)' --games 2 --seed 2026",
        ]),
    ),
    // docs/bots.md: the Shell Dash skill ceiling.
    (
        "beachcomber solve --game shell-dash --check 40000 --seed 2026",
        Run(&["solve --game shell-dash --check 20 --seed 2026"]),
    ),
    (
        "beachcomber solve --game 'shell-dash(reshuffle=empty)' --check 40000 --seed 2026",
        Run(&["solve --game 'shell-dash(reshuffle=empty)' --check 20 --seed 2026"]),
    ),
    (
        "beachcomber solve --game shell-dash --check 20000 --refine 3 --seed 2026",
        Run(&["solve --game shell-dash --check 20 --refine 1 --seed 2026"]),
    ),
    (
        "beachcomber solve --game shell-dash --duel 4000 --seed 2026",
        Run(&["solve --game shell-dash --duel 20 --seed 2026"]),
    ),
    (
        "for g in shell-dash 'shell-dash(reshuffle=empty)'; do for b in random ismcts; do beachcomber tournament --game \"$g\" --players 1 --bots $b --games 2000 --seed 2026 done; done",
        Run(&[
            "tournament --game shell-dash --players 1 --bots random --games 20 --seed 2026",
            "tournament --game 'shell-dash(reshuffle=empty)' --players 1 --bots 'ismcts(iterations=10)' --games 2 --seed 2026",
        ]),
    ),
    (
        "beachcomber tournament --game shell-dash --players 2 --bots ismcts,random --games 6000 --seed 2026",
        Run(&[
            "tournament --game shell-dash --players 2 --bots 'ismcts(iterations=10),random' --games 4 --seed 2026",
        ]),
    ),
    // docs/plots.md.
    (
        "beachcomber plot results/NAME/metrics.csv --x removed --y win_share --by players --where seat=0 --where lineup=random --out fig.svg",
        Run(&[
            "sweep --game seaside --players 2,3 --vary removed=0,10 --bots random --games 3 --out results/NAME",
            "plot results/NAME/metrics.csv --x removed --y win_share --by players --where seat=0 --where lineup=random --out fig.svg",
        ]),
    ),
    (
        "beachcomber plot results/NAME/metrics.csv --x removed --y win_share --by players --where seat=0 --where lineup=random --fit linear --out trend.svg",
        Run(&[
            "sweep --game seaside --players 2,3 --vary removed=0,10,20 --bots random --games 3 --out t",
            "plot t/metrics.csv --x removed --y win_share --by players --where seat=0 --where lineup=random --fit linear --out trend.svg",
        ]),
    ),
    (
        "beachcomber plot results/seaside-removals/metrics.csv --x removed --y max_seat_ratio --by players --where seat=0 --where lineup=random --reference players=4 --reference players=5 --out best-seat.svg",
        Run(&[
            "plot {root}/results/seaside-removals/metrics.csv --x removed --y max_seat_ratio --by players --where seat=0 --where lineup=random --reference players=4 --reference players=5 --out best-seat.svg",
        ]),
    ),
    (
        "beachcomber plot results/NAME/metrics.csv --kind bars --x seat --y win_share --by players --where removed=0 --where lineup=random --out seats.svg",
        Run(&[
            "plot results/NAME/metrics.csv --kind bars --x seat --y win_share --by players --where removed=0 --where lineup=random --out seats.svg",
        ]),
    ),
    (
        "beachcomber plot metrics.csv --x scoring --y mean_plies --by players --where seat=0 --out plies.png",
        Run(&[
            "sweep --game seashells --players 2,3 --vary scoring=simple,advanced --games 3 --out s",
            "plot s/metrics.csv --x scoring --y mean_plies --by players --where seat=0 --out plies.png",
        ]),
    ),
    (
        "beachcomber plot metrics.csv --x removed --y win_share --by bot --where seat=all --where players=3 --out bots.svg",
        Run(&[
            "sweep --game seaside --players 3 --vary removed=0,10 --bots greedy,random --games 3 --out m",
            "plot m/metrics.csv --x removed --y win_share --by bot --where seat=all --where players=3 --out bots.svg",
        ]),
    ),
    (
        "beachcomber plot games.csv --kind hist --x turns --by players --out turns.svg",
        Run(&["plot results/NAME/games.csv --kind hist --x turns --by players --out turns.svg"]),
    ),
    // docs/records.md.
    (
        "beachcomber tournament --game seaside --players 3 --games 100 --seed 7 --record games.jsonl --quiet",
        Run(&[
            "tournament --game seaside --players 3 --games 5 --seed 7 --record games.jsonl --quiet",
        ]),
    ),
    (
        "beachcomber replay games.jsonl --index 4",
        Run(&["replay games.jsonl --index 4"]),
    ),
    // docs/tournaments.md: the table as Parquet.
    (
        "beachcomber tournament --game seashells --players 4 --bots random --games 100000 --seed 1 --out games.parquet --quiet",
        Run(&[
            "tournament --game seashells --players 4 --bots random --games 40 --seed 1 --out games.parquet --quiet",
        ]),
    ),
    (
        "beachcomber plot games.parquet --kind hist --x turns --by seat --out turns.svg",
        Run(&["plot games.parquet --kind hist --x turns --by seat --out turns.svg"]),
    ),
    (
        "beachcomber merge games.parquet --out games.csv --quiet",
        Run(&["merge games.parquet --out games.csv --quiet"]),
    ),
    // docs/sweeps.md: a sweep's games table as Parquet.
    (
        "beachcomber sweep --game seaside --players 2,3 --vary removed=0,20 --games 2000 --format parquet --out sweep-parquet",
        Run(&[
            "sweep --game seaside --players 2,3 --vary removed=0,20 --games 10 --format parquet --out sweep-parquet",
        ]),
    ),
    // docs/tournaments.md: shards and merge.
    (
        "for i in 0 1 2; do beachcomber tournament --game seashells --players 2 --bots 'ismcts,greedy' --deals 300 --shard $i/3 --out 'games-{shard}.csv' --record 'games-{shard}.jsonl.zst' --quiet done",
        Run(&[
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=10),greedy' --deals 6 --shard 0/3 --out 'games-{shard}.csv' --record 'games-{shard}.jsonl.zst' --quiet",
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=10),greedy' --deals 6 --shard 1/3 --out 'games-{shard}.csv' --record 'games-{shard}.jsonl.zst' --quiet",
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=10),greedy' --deals 6 --shard 2/3 --out 'games-{shard}.csv' --record 'games-{shard}.jsonl.zst' --quiet",
        ]),
    ),
    (
        "beachcomber merge games-*.csv.manifest.json --out games.csv --summary summary.csv --record games.jsonl.zst",
        Run(&[
            "merge games-0.csv.manifest.json games-1.csv.manifest.json games-2.csv.manifest.json --out games.csv --summary summary.csv --record games.jsonl.zst",
        ]),
    ),
    // docs/web.md: the web app.
    (
        "beachcomber tournament --game seaside --players 2 --games 20 --seed 7 --record games.jsonl --quiet",
        Run(&[
            "tournament --game seaside --players 2 --games 4 --seed 7 --record games.jsonl --quiet",
        ]),
    ),
    (
        "beachcomber serve --records games.jsonl --results results",
        Skip(
            "serves until Ctrl-C; cli/tests/cli/serve.rs starts it with --port 0 and stops it, \
             web/e2e/run.sh drives it in a browser",
        ),
    ),
    (
        "web/e2e/run.sh --docs",
        Skip("the browser tests, a step of their own in .ci/run"),
    ),
    // `beachcomber tournament --help`.
    (
        "beachcomber tournament --game seashells --players 4 --games 10000 --seed 1 --out results.csv",
        Run(&["tournament --game seashells --players 4 --games 40 --seed 1 --out results.csv"]),
    ),
    (
        "beachcomber tournament --game seashells --players 2 --bots 'ismcts(iterations=2000),greedy' --deals 100 --seed 7 --summary summary.csv --record games.jsonl",
        Run(&[
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=20),greedy' --deals 2 --seed 7 --summary summary.csv --record games.jsonl",
        ]),
    ),
    (
        "beachcomber tournament --game shell-dash --players 1 --bots ismcts --games 500",
        Run(&["tournament --game shell-dash --players 1 --bots 'ismcts(iterations=10)' --games 2"]),
    ),
    // `beachcomber league --help`.
    (
        "beachcomber league --game seashells --players 2 --bots 'ismcts(iterations=200),greedy,random' --games-per-pairing 200 --seed 1 --summary ratings.csv",
        Run(&[
            "league --game seashells --players 2 --bots 'ismcts(iterations=10),greedy,random' --games-per-pairing 2 --seed 1 --summary ratings.csv",
        ]),
    ),
    (
        "beachcomber league --game shell-dash --players 2 --bots 'ismcts,pimc,greedy,random' --games-per-pairing 1000 --out games.csv --record games.jsonl.zst",
        Run(&[
            "league --game shell-dash --players 2 --bots 'ismcts(iterations=10),pimc(iterations=20,worlds=2),greedy,random' --games-per-pairing 2 --out games.csv --record games.jsonl.zst",
        ]),
    ),
    // `beachcomber run --help`.
    (
        "beachcomber run experiments/seaside-removals.toml --shard 0/4",
        Run(&["run {root}/experiments/seaside-removals.toml --quick --out r --shard 0/4"]),
    ),
    // `beachcomber sweep --help`.
    (
        "beachcomber sweep --game seaside --players 2,3 --vary removed=0..=50:5 --games 2000 --out sweep-removed",
        Run(&[
            "sweep --game seaside --players 2,3 --vary removed=0..=50:25 --games 4 --out sweep-removed",
        ]),
    ),
    (
        "beachcomber sweep --game seashells --players 2..=5 --vary scoring=simple,advanced --bots random --bots 'greedy,random' --games 1000 --seed 7 --out scoring",
        Run(&[
            "sweep --game seashells --players 2..=5 --vary scoring=simple,advanced --bots random --bots 'greedy,random' --games 2 --seed 7 --out scoring",
        ]),
    ),
    (
        "beachcomber sweep --game seaside --players 2,3,4 --vary removed=0,20 --baseline players=4,removed=0 --margin seat_ratio=0.05 --margin mean_turns=3 --games 2000 --out sweep-vs-4p",
        Run(&[
            "sweep --game seaside --players 2,3,4 --vary removed=0,20 --baseline players=4,removed=0 --margin seat_ratio=0.05 --margin mean_turns=3 --games 8 --out sweep-vs-4p",
        ]),
    ),
    (
        "beachcomber sweep --game shell-dash --players 2 --vary deck.Shell=8..=20:2 --vary reshuffle=choice,empty --bots greedy --deals 500 --out deck",
        Run(&[
            "sweep --game shell-dash --players 2 --vary deck.Shell=8..=20:2 --vary reshuffle=choice,empty --bots greedy --deals 2 --out deck",
        ]),
    ),
    // Search (docs/search.md).
    (
        "beachcomber search --game seaside --players 2 --vary removed=0..=50 --bots greedy --objective 'mean_lead_changes near 3.9 margin 0.15' --max-games 36000 --seed 20261401 --confirm-seed 20261402 --out search-removed",
        Run(&[
            "search --game seaside --players 2 --vary removed=0..=50:25 --bots greedy --objective 'mean_lead_changes near 3.9 margin 0.15' --first-deals 2 --max-games 40 --seed 20261401 --confirm-seed 20261402 --out search-removed",
        ]),
    ),
    // docs/balancing.md: the diagnosis, a lever by hand, a search over it.
    (
        "beachcomber tournament --game seashells --players 2 --bots greedy --games 4000 --seed 5",
        Run(&["tournament --game seashells --players 2 --bots greedy --games 40 --seed 5"]),
    ),
    (
        "beachcomber tournament --game 'seashells(compensation=1:1)' --players 2 --bots greedy --games 4000 --seed 6",
        Run(&[
            "tournament --game 'seashells(compensation=1:1)' --players 2 --bots greedy --games 40 --seed 6",
        ]),
    ),
    (
        "beachcomber search --game seashells --players 2 --vary compensation.1=0..=4 --include compensation.1=0 --bots greedy --objective 'seat_ratio:0 near 1 margin 0.02' --first-deals 2000 --max-games 400000 --confirm-games 140000 --seed 11 --confirm-seed 12 --out balance",
        Run(&[
            "search --game seashells --players 2 --vary compensation.1=0..=4 --include compensation.1=0 --bots greedy --objective 'seat_ratio:0 near 1 margin 0.02' --first-deals 20 --max-games 400 --confirm-games 200 --seed 11 --confirm-seed 12 --out balance --allow-unresolvable",
        ]),
    ),
    // docs/search.md's loop of a search over Slurm, line by line.
    ("until [ -f search-deck/summary.md ]; do", Skip(SLURM)),
    (
        "sbatch --wait --array=0-3 --wrap \"beachcomber search $SEARCH --out search-deck --shard \\$SLURM_ARRAY_TASK_ID/4\"",
        Skip(SLURM),
    ),
    (
        "sbatch --wait --wrap \"beachcomber search $SEARCH --out search-deck --merge 4\"",
        Skip(SLURM),
    ),
    ("done", Skip(SLURM)),
    // docs/python.md: the Python package (python/ci.sh tests it in .ci/run).
    (
        "pip install ./python",
        Skip("builds the Python package; python/ci.sh does it in a fresh venv in .ci/run"),
    ),
    (
        "bash python/ci.sh",
        Skip("the Python package's own test step of .ci/run"),
    ),
    (
        "bash benches/python-steps.sh",
        Skip(
            "a measurement (a venv with PettingZoo's classic environments, seconds per environment); its numbers are in docs/python.md",
        ),
    ),
    (
        "benches/parquet-load.sh",
        Skip(
            "a measurement (the release binary plays a million games twice, polars from PyPI in a fresh venv); its numbers are in docs/performance.md",
        ),
    ),
    (
        "bash benches/search-known-answer.sh",
        Skip(
            "twenty searches of 48,000 games (minutes); its numbers are committed in results/search-known-answer/",
        ),
    ),
    // `beachcomber search --help`.
    (
        "beachcomber search --game seaside --players 2 --vary removed=0..=50 --bots greedy --objective 'seat_ratio:0 near 1 margin 0.05' --seed 5 --confirm-seed 6 --out search-removed",
        Run(&[
            "search --game seaside --players 2 --vary removed=0..=50:25 --bots greedy --objective 'seat_ratio:0 near 1 margin 0.02' --first-deals 2 --max-games 40 --seed 5 --confirm-seed 6 --out search-removed --allow-unresolvable",
        ]),
    ),
    (
        "beachcomber search --game seaside --players 2 --bots greedy --vary removed=0..=40:10 --objective 'seat_ratio:0 near 1 margin 0.05' --constraint 'skill:greedy>random >= 100 elo' --constraint 'seat_ratio:0 near 1 <= baseline + 0.02' --baseline players=4 --confirm-games 60000 --seed 7 --confirm-seed 8 --out search-removed-skill",
        Run(&[
            "search --game seaside --players 2 --bots greedy --vary removed=0..=40:40 --objective 'seat_ratio:0 near 1 margin 0.05' --constraint 'skill:greedy>random >= 100 elo' --constraint 'seat_ratio:0 near 1 <= baseline + 0.02' --baseline players=4 --first-deals 2 --max-games 60 --seed 7 --confirm-seed 8 --out search-removed-skill --allow-unresolvable",
        ]),
    ),
    (
        "beachcomber search --game shell-dash --players 2 --bots greedy --vary deck.Shell=6..=24 --vary deck.Jellyfish=4..=16 --bound 'deck.Shell+deck.Jellyfish in 14..=36' --objective 'seat_ratio:0 near 1 margin 0.05' --constraint 'mean_turns <= 9' --max-candidates 60 --max-games 200000 --seed 11 --confirm-seed 12 --out search-deck",
        Run(&[
            "search --game shell-dash --players 2 --bots greedy --vary deck.Shell=6..=24 --vary deck.Jellyfish=4..=16 --bound 'deck.Shell+deck.Jellyfish in 14..=36' --objective 'seat_ratio:0 near 1 margin 0.05' --constraint 'mean_turns <= 9' --max-candidates 60 --initial 4 --proposals 2 --first-deals 2 --max-rounds 2 --max-games 60 --seed 11 --confirm-seed 12 --out search-deck --allow-unresolvable",
        ]),
    ),
    // `beachcomber replay --help` (after HELP_SETUP's records).
    (
        "beachcomber replay games.jsonl",
        Run(&["replay games.jsonl"]),
    ),
    (
        "beachcomber replay games.jsonl --index 3 --brief",
        Run(&["replay games.jsonl --index 3 --brief"]),
    ),
    (
        "beachcomber replay games.jsonl.gz",
        Run(&["replay games.jsonl.gz"]),
    ),
    // `beachcomber bench --help`.
    (
        "beachcomber bench --game seashells --players 4",
        Run(&["bench --game seashells --players 4 --games 200"]),
    ),
    (
        "beachcomber bench --game 'seaside(removed=0)' --players 2 --games 2000000",
        Run(&["bench --game 'seaside(removed=0)' --players 2 --games 200"]),
    ),
    (
        "beachcomber bench --game seashells --players 2 --bots 'random,greedy,ismcts(iterations=500)' --games 10",
        Run(&[
            "bench --game seashells --players 2 --bots 'random,greedy,ismcts(iterations=10)' --games 1",
        ]),
    ),
    // `beachcomber plot --help` (after HELP_SETUP's sweep, games and ratings).
    (
        "beachcomber plot results/NAME/metrics.csv --kind bars --x seat --y win_share --by players --where removed=0 --where lineup=random --out seats.png",
        Run(&[
            "plot results/NAME/metrics.csv --kind bars --x seat --y win_share --by players --where removed=0 --where lineup=random --out seats.png",
        ]),
    ),
    // `beachcomber serve --help`.
    (
        "beachcomber serve",
        Skip("serves until Ctrl-C; cli/tests/cli/serve.rs starts and stops the server"),
    ),
    (
        "beachcomber serve --port 0 --save my-games",
        Skip("serves until Ctrl-C; cli/tests/cli/serve.rs starts it with --port 0 and stops it"),
    ),
    // `beachcomber solve --help`.
    (
        "beachcomber solve --game shell-dash",
        Run(&["solve --game shell-dash"]),
    ),
    (
        "beachcomber solve --game 'shell-dash(reshuffle=empty)' --tolerance 1e-12",
        Run(&["solve --game 'shell-dash(reshuffle=empty)' --tolerance 1e-12"]),
    ),
    (
        "beachcomber solve --game shell-dash --check 20000 --seed 2026",
        Run(&["solve --game shell-dash --check 20 --seed 2026"]),
    ),
    (
        "beachcomber solve --game shell-dash --duel 3000 --seed 2026",
        Run(&["solve --game shell-dash --duel 20 --seed 2026"]),
    ), // docs/learning.md.
    (
        "beachcomber train --game seaside --players 2 --teacher greedy --games 1000 --features encoding --ridge 0.1 --steps 200 --seed 57 --out seaside-greedy-encoding.json",
        Run(&[
            "train --game seaside --players 2 --teacher greedy --quick --features encoding --seed 57 --out seaside-greedy-encoding.json",
        ]),
    ),
    (
        "beachcomber train --game seaside --players 2 --teacher greedy --games 1000 --features encoding+evaluate --ridge 0.1 --steps 200 --seed 57 --out seaside-greedy-encoding+evaluate.json",
        Run(&[
            "train --game seaside --players 2 --teacher greedy --quick --features encoding+evaluate --seed 57 --out seaside-greedy-encoding+evaluate.json",
        ]),
    ),
    (
        "beachcomber train --game seaside --players 2 --teacher expert --games 150 --features encoding --ridge 0.1 --steps 200 --seed 57 --out seaside-expert-encoding.json",
        Run(&[
            "train --game seaside --players 2 --teacher 'expert(iterations=50)' --quick --features encoding --seed 57 --out seaside-expert-encoding.json",
        ]),
    ),
    (
        "beachcomber train --game seaside --players 2 --teacher expert --games 150 --features encoding+evaluate --ridge 0.1 --steps 200 --seed 57 --out seaside-expert-encoding+evaluate.json",
        Run(&[
            "train --game seaside --players 2 --teacher 'expert(iterations=50)' --quick --features encoding+evaluate --seed 57 --out seaside-expert-encoding+evaluate.json",
        ]),
    ),
    (
        "beachcomber train --game seashells --players 2 --teacher greedy --games 1000 --features encoding --ridge 0.1 --steps 200 --seed 57 --out seashells-greedy-encoding.json",
        Run(&[
            "train --game seashells --players 2 --teacher greedy --quick --features encoding --seed 57 --out seashells-greedy-encoding.json",
        ]),
    ),
    (
        "beachcomber train --game seashells --players 2 --teacher greedy --games 1000 --features encoding+evaluate --ridge 0.1 --steps 200 --seed 57 --out seashells-greedy-encoding+evaluate.json",
        Run(&[
            "train --game seashells --players 2 --teacher greedy --quick --features encoding+evaluate --seed 57 --out seashells-greedy-encoding+evaluate.json",
        ]),
    ),
    (
        "beachcomber train --game seashells --players 2 --teacher expert --games 150 --features encoding --ridge 0.1 --steps 200 --seed 57 --out seashells-expert-encoding.json",
        Run(&[
            "train --game seashells --players 2 --teacher 'expert(iterations=50)' --quick --features encoding --seed 57 --out seashells-expert-encoding.json",
        ]),
    ),
    (
        "beachcomber train --game seashells --players 2 --teacher expert --games 150 --features encoding+evaluate --ridge 0.1 --steps 200 --seed 57 --out seashells-expert-encoding+evaluate.json",
        Run(&[
            "train --game seashells --players 2 --teacher 'expert(iterations=50)' --quick --features encoding+evaluate --seed 57 --out seashells-expert-encoding+evaluate.json",
        ]),
    ),
    (
        "beachcomber train --game seaside --players 2 --teacher greedy --games 1000 --out seaside-2.json",
        Run(&["train --game seaside --players 2 --teacher greedy --quick --out seaside-2.json"]),
    ),
    (
        "beachcomber train --game seashells --players 2 --teacher expert --games 150 --features encoding --out seashells-2.json",
        Run(&[
            "train --game seashells --players 2 --teacher 'expert(iterations=50)' --quick --features encoding --out seashells-2.json",
        ]),
    ),
    // `beachcomber train --help`.
    (
        "beachcomber train --game seaside --players 2 --teacher greedy --games 2000 --out seaside-2.json",
        Run(&["train --game seaside --players 2 --teacher greedy --quick --out seaside-2.json"]),
    ),
    (
        "beachcomber train --game seashells --players 2 --teacher expert --games 200 --features encoding --out m.json",
        Run(&[
            "train --game seashells --players 2 --teacher 'expert(iterations=50)' --quick --features encoding --out m.json",
        ]),
    ),
    (
        "beachcomber train --game seaside --players 2 --teacher greedy --quick --out quick.json",
        Run(&["train --game seaside --players 2 --teacher greedy --quick --out quick.json"]),
    ),
];

/// The argument lines run before a subcommand's `--help` examples: the
/// files they read (records to replay, a sweep and a league to plot).
const HELP_SETUP: &[(&str, &[&str])] = &[
    (
        "replay",
        &[
            "tournament --game seaside --players 2 --games 4 --seed 7 --record games.jsonl --quiet",
            "tournament --game seaside --players 2 --games 4 --seed 7 --record games.jsonl.gz --quiet",
        ],
    ),
    (
        "plot",
        &[
            "sweep --game seaside --players 2,3 --vary removed=0,10 --bots random --games 3 --out results/NAME --quiet",
            "tournament --game seaside --players 2 --games 4 --out games.csv --quiet",
            "league --game seaside --players 2 --bots greedy,random --games-per-pairing 2 --summary ratings.csv --quiet",
        ],
    ),
];

/// What `yes 1` pipes in, enough for a whole game.
const YES_1: &str = "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n\
                     1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n";

/// One command of a fenced `sh` block.
#[derive(Debug, PartialEq)]
struct DocCommand {
    /// The line of the document the command starts on (from 1).
    line: usize,
    /// The command: continuation lines joined, comments dropped, blanks
    /// collapsed; a `for` loop is one command up to its last `done`.
    text: String,
}

/// The fenced `sh` blocks of a markdown text, each as its commands.
fn sh_blocks(markdown: &str) -> Vec<Vec<DocCommand>> {
    let mut blocks = Vec::new();
    // `Some` inside an `sh` block; `inside_other` inside any other fence.
    let mut current: Option<Vec<DocCommand>> = None;
    let mut inside_other = false;
    let mut pending: Option<DocCommand> = None;
    for (i, raw) in markdown.lines().enumerate() {
        let fence = raw.trim();
        if fence.starts_with("```") {
            if let Some(block) = current.take() {
                blocks.push(block);
            } else if inside_other {
                inside_other = false;
            } else if fence == "```sh" {
                current = Some(Vec::new());
            } else {
                inside_other = true;
            }
            continue;
        }
        let Some(block) = current.as_mut() else {
            continue;
        };
        let line = strip_comment(raw);
        let line = line.trim();
        if line.is_empty() && pending.is_none() {
            continue;
        }
        let (part, continues) = match line.strip_suffix('\\') {
            Some(p) => (p.trim_end(), true),
            None => (line, false),
        };
        let command = pending.get_or_insert(DocCommand {
            line: i + 1,
            text: String::new(),
        });
        if !part.is_empty() {
            if !command.text.is_empty() {
                command.text.push(' ');
            }
            command.text.push_str(part);
        }
        let open_loop = count_words(&command.text, "for")
            > count_words(&command.text, "done") + count_words(&command.text, "done;");
        if !continues && !open_loop {
            let mut command = pending.take().expect("a command");
            command.text = command
                .text
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            block.push(command);
        }
    }
    blocks
}

/// How many whitespace-separated words of `text` are `word`.
fn count_words(text: &str, word: &str) -> usize {
    text.split_whitespace().filter(|w| *w == word).count()
}

/// `line` without a shell comment (a `#` at the start of a word, outside
/// quotes).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return &line[..i],
            _ => {}
        }
        previous = c;
    }
    line
}

/// Split an argument line as a shell would (single and double quotes,
/// backslash escapes outside single quotes; no expansion).
fn split_args(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    let mut quote = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, c) if c.is_whitespace() => args.extend(word.take()),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(q), c) if c == q => quote = None,
            (None | Some('"'), '\\') => {
                word.get_or_insert_with(String::new).extend(chars.next());
            }
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "unbalanced quotes in `{line}`");
    args.extend(word);
    args
}

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the CLI crate is inside the workspace")
        .to_path_buf()
}

/// The documents whose `sh` blocks are run: README.md, ARCHITECTURE.md
/// and docs/*.md, as paths relative to the root.
fn documents() -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| {
            e.expect("docs/ entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    docs.insert(0, "ARCHITECTURE.md".to_string());
    docs.insert(0, "README.md".to_string());
    docs
}

/// The table's entry for a documented command.
fn lookup(text: &str) -> Option<&'static Do> {
    TABLE.iter().find(|(doc, _)| *doc == text).map(|(_, d)| d)
}

/// Run one argument line of the binary in `dir`; a description of what
/// went wrong if it did not succeed.
fn run_line(dir: &Path, line: &str, stdin: Option<&str>) -> Result<(), String> {
    let line = line.replace("{root}", root().to_str().expect("a UTF-8 root"));
    let args = split_args(&line);
    let mut child = crate::common::bin()
        .args(&args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("`{line}` did not start: {e}"))?;
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().expect("a piped stdin");
        // The game may end before reading all of it.
        let _ = pipe.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("the binary ends");
    if !out.status.success() {
        return Err(format!(
            "`beachcomber {line}` exited with {:?}: {}",
            out.status.code(),
            crate::common::stderr(&out).trim_end()
        ));
    }
    let missing = outputs(&args)
        .into_iter()
        .filter(|name| !dir.join(name).exists())
        .collect::<Vec<_>>();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("`beachcomber {line}` did not write {missing:?}"))
    }
}

/// The files a command names after `--out`, `--summary` and `--record`
/// (with `{shard}` replaced by the `--shard` index).
fn outputs(args: &[String]) -> Vec<String> {
    let shard = args
        .windows(2)
        .find(|w| w[0] == "--shard")
        .and_then(|w| w[1].split('/').next().map(str::to_string));
    args.windows(2)
        .filter(|w| ["--out", "--summary", "--record"].contains(&w[0].as_str()))
        .map(|w| match &shard {
            Some(i) => w[1].replace("{shard}", i),
            None => w[1].clone(),
        })
        .collect()
}

/// The subcommands `beachcomber --help` lists (but `help`).
fn subcommands() -> Vec<String> {
    let out = crate::common::bin()
        .arg("--help")
        .output()
        .expect("the binary runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8 help");
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The `Examples:` section of a `--help` text (up to its first blank
/// line), unindented, as a fenced `sh` block; empty if it has none.
fn help_examples(help: &str) -> String {
    let lines: Vec<&str> = help
        .lines()
        .skip_while(|l| l.trim_end() != "Examples:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.strip_prefix("  ").unwrap_or(l))
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!("```sh\n{}\n```\n", lines.join("\n"))
}

/// Where commands come from: each document, then each subcommand's
/// `--help`, with the argument lines run before each of its blocks.
fn sources() -> Vec<(String, String, &'static [&'static str])> {
    let mut sources = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).expect("a readable document");
        sources.push((doc, text, &[][..]));
    }
    for command in subcommands() {
        let out = crate::common::bin()
            .args([command.as_str(), "--help"])
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "`{command} --help` failed");
        let help = String::from_utf8(out.stdout).expect("UTF-8 help");
        let setup = HELP_SETUP
            .iter()
            .find(|(c, _)| *c == command)
            .map_or(&[][..], |(_, lines)| *lines);
        sources.push((
            format!("`beachcomber {command} --help`"),
            help_examples(&help),
            setup,
        ));
    }
    sources
}

#[test]
fn every_documented_command_runs_or_is_listed_with_a_reason() {
    let mut problems = Vec::new();
    let mut used = vec![false; TABLE.len()];
    let (mut ran, mut skipped) = (0, 0);
    for (doc, text, setup) in sources() {
        for block in sh_blocks(&text) {
            let dir = crate::common::temp_dir();
            // As in a clone, `results/` exists (a folder --out is created
            // only in an existing folder).
            std::fs::create_dir(dir.path().join("results")).unwrap();
            for line in setup {
                if let Err(e) = run_line(dir.path(), line, None) {
                    problems.push(format!("{doc}: setup: {e}"));
                }
            }
            for command in block {
                let Some(index) = TABLE.iter().position(|(d, _)| *d == command.text) else {
                    problems.push(format!(
                        "{doc}:{}: `{}` is neither run nor skipped: add it to TABLE in {}",
                        command.line,
                        command.text,
                        file!()
                    ));
                    continue;
                };
                used[index] = true;
                let result = match &TABLE[index].1 {
                    Run(lines) => lines.iter().try_for_each(|l| run_line(dir.path(), l, None)),
                    Stdin(line, input) => run_line(dir.path(), line, Some(input)),
                    Skip(reason) => {
                        println!(
                            "skipped {doc}:{}: `{}`: {reason}",
                            command.line, command.text
                        );
                        skipped += 1;
                        continue;
                    }
                };
                ran += 1;
                if let Err(e) = result {
                    problems.push(format!("{doc}:{}: {e}", command.line));
                }
            }
        }
    }
    for ((doc, _), used) in TABLE.iter().zip(used) {
        if !used {
            problems.push(format!("TABLE entry no document uses any more: `{doc}`"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        ran >= 30,
        "only {ran} documented commands ran ({skipped} skipped)"
    );
}

#[test]
fn every_subcommand_has_examples_in_its_help() {
    let commands = subcommands();
    assert_eq!(
        commands,
        [
            "tournament",
            "league",
            "run",
            "sweep",
            "search",
            "merge",
            "replay",
            "bench",
            "play",
            "plot",
            "serve",
            "solve",
            "train"
        ]
    );
    for (doc, text, _) in sources().into_iter().filter(|(d, _, _)| d.starts_with('`')) {
        let commands: usize = sh_blocks(&text).iter().map(Vec::len).sum();
        assert!(commands >= 1, "{doc} has no examples");
    }
}

#[test]
fn the_examples_of_a_help_text_are_its_section_up_to_a_blank_line() {
    let help = "Usage: x\n\nExamples:\n  beachcomber a \\\n      --b 2\n  beachcomber c   # note\n\nMore text\n  beachcomber not-an-example\n";
    let blocks = sh_blocks(&help_examples(help));
    let texts: Vec<Vec<&str>> = blocks
        .iter()
        .map(|b| b.iter().map(|c| c.text.as_str()).collect())
        .collect();
    assert_eq!(texts, vec![vec!["beachcomber a --b 2", "beachcomber c"]]);
    assert_eq!(help_examples("Usage: x\n"), "");
}

#[test]
fn blocks_join_continuations_drop_comments_and_keep_loops_whole() {
    let markdown = "text\n```sh\n# a comment line\nbeachcomber a 'x # y' \\\n    --b 2   # trailing\n\n\
                    for i in 0 1; do\n  beachcomber c $i\ndone\n```\n```text\nbeachcomber not-run\n```\n\
                    ```rust,ignore\nlet x = 1;\n```\n```sh\nyes 1 | beachcomber d\n```\n";
    let blocks = sh_blocks(markdown);
    let texts: Vec<Vec<(usize, &str)>> = blocks
        .iter()
        .map(|b| b.iter().map(|c| (c.line, c.text.as_str())).collect())
        .collect();
    assert_eq!(
        texts,
        vec![
            vec![
                (4, "beachcomber a 'x # y' --b 2"),
                (7, "for i in 0 1; do beachcomber c $i done"),
            ],
            vec![(18, "yes 1 | beachcomber d")],
        ]
    );
}

#[test]
fn arguments_split_like_a_shell() {
    assert_eq!(
        split_args(
            r#"tournament --bots 'ismcts(iterations=20),greedy' --game "shell-dash(reshuffle=empty)" a\ b"#
        ),
        vec![
            "tournament",
            "--bots",
            "ismcts(iterations=20),greedy",
            "--game",
            "shell-dash(reshuffle=empty)",
            "a b"
        ]
    );
    assert_eq!(split_args("x ''"), vec!["x", ""]);
}

#[test]
fn an_unknown_command_is_not_in_the_table() {
    assert!(lookup("beachcomber tournament --game seashells --players 2 --games 7").is_none());
    assert!(matches!(
        lookup("cargo test --workspace --profile ci"),
        Some(Skip(_))
    ));
}

#[test]
fn the_outputs_checked_are_those_named_with_the_shard_filled_in() {
    let args = split_args(
        "tournament --shard 2/3 --out 'g-{shard}.csv' --record r.jsonl --seed 1 --summary s.csv",
    );
    assert_eq!(outputs(&args), vec!["g-2.csv", "r.jsonl", "s.csv"]);
}

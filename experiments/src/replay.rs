//! `beachcomber replay`: re-play game records through the engine, verifying
//! every decision and the result, and print a readable account of one game.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use beachcomber::display::{Describe, Viewer};
use beachcomber::games::AnyGame;
use beachcomber::record::{GameRecord, RecordFormat, Replay, verify_record};
use beachcomber::with_game;
use clap::Args;

/// Options of `beachcomber replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A JSON Lines file of game records (one game per line).
    #[arg(value_name = "FILE.jsonl")]
    pub file: PathBuf,
    /// Which game to show (0 = the first record of the file).
    #[arg(long, value_name = "I", default_value_t = 0)]
    pub index: usize,
    /// Only verify the records; show no game.
    #[arg(long)]
    pub verify_only: bool,
    /// Show the moves without the position after each.
    #[arg(long)]
    pub brief: bool,
}

/// Run the command.
pub fn run(args: ReplayArgs) -> Result<(), String> {
    let file = File::open(&args.file)
        .map_err(|e| format!("cannot read `{}`: {e}", args.file.display()))?;
    let mut records = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read `{}`: {e}", args.file.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let record: GameRecord = serde_json::from_str(&line).map_err(|e| {
            format!(
                "{} line {}: not a game record: {e}",
                args.file.display(),
                n + 1
            )
        })?;
        records.push((n + 1, record));
    }
    if records.is_empty() {
        return Err(format!("`{}` holds no game records", args.file.display()));
    }
    if !args.verify_only && args.index >= records.len() {
        return Err(format!(
            "--index {} is out of range: the file holds {} records (0..={})",
            args.index,
            records.len(),
            records.len() - 1
        ));
    }
    for (i, (line, record)) in records.iter().enumerate() {
        let game = AnyGame::from_record(record)
            .map_err(|e| format!("{} line {line} (record {i}): {e}", args.file.display()))?;
        let show = !args.verify_only && i == args.index;
        with_game!(&game, |g| check_and_show(g, record, show, args.brief)).map_err(|e| {
            format!(
                "{} line {line} (record {i}, seed {}): {e}",
                args.file.display(),
                record.seed_text()
            )
        })?;
    }
    out!(
        "{} record(s) verified: every decision legal, every result as recorded",
        records.len()
    );
    Ok(())
}

fn check_and_show<G: RecordFormat + Describe>(
    game: &G,
    record: &GameRecord,
    show: bool,
    brief: bool,
) -> Result<(), String> {
    let replay = verify_record(game, record).map_err(|e| e.to_string())?;
    if show {
        print_account(game, record, &replay, brief);
    }
    Ok(())
}

fn print_account<G: RecordFormat + Describe>(
    game: &G,
    record: &GameRecord,
    replay: &Replay<G>,
    brief: bool,
) {
    out!(
        "{} ({} players), options {}, seed {}",
        record.game,
        record.players,
        record.options,
        record.seed_text()
    );
    for (seat, bot) in record.bots.iter().enumerate() {
        out!("  seat {seat}: {bot}");
    }
    out!(
        "\nSetup:\n{}",
        game.describe_state(&replay.initial, Viewer::Referee)
    );
    for (ply, (before, action)) in replay.steps.iter().enumerate() {
        let seat = game
            .to_move(before)
            .map_or("-".to_string(), |s| s.to_string());
        out!("{:>4}. seat {seat}: {action}", ply + 1);
        if !brief {
            let after = replay
                .steps
                .get(ply + 1)
                .map_or(&replay.final_state, |(s, _)| s);
            for line in game.describe_state(after, Viewer::Referee).lines() {
                out!("      {line}");
            }
        }
    }
    out!(
        "\nFinal position:\n{}",
        game.describe_state(&replay.final_state, Viewer::Referee)
    );
    out!("\nResult:\n{}", game.describe_result(&replay.final_state));
}

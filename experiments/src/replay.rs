//! `beachcomber replay`: re-play game records through the engine, verifying
//! every decision and the result, and print a readable account of one game.

use std::fs::File;
use std::path::PathBuf;

use beachcomber::display::{Describe, Viewer};
use beachcomber::games::AnyGame;
use beachcomber::record::{GameEnd, GameRecord, RecordFormat, Replay, verify_record};
use beachcomber::record_io::RecordLines;
use beachcomber::with_game;
use clap::Args;

use crate::signals;

/// Examples shown after `beachcomber replay --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber replay games.jsonl                   verify every record, show game 0
  beachcomber replay games.jsonl --index 3 --brief  show game 3's moves only
  beachcomber replay games.jsonl --verify-only
  beachcomber replay games.jsonl.gz                compressed: gzip or zstd

The file may be plain or compressed with gzip or zstd (found from its first
bytes, whatever its name). It is read line by line (a record line may be at
most 64 MiB). A wrong
record is an error naming its line (exit status 1); Ctrl-C stops the replay
(exit status 130).";

/// Options of `beachcomber replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A JSON Lines file of game records (one game per line), plain or
    /// compressed (gzip, zstd).
    #[arg(value_name = "FILE.jsonl[.gz|.zst]")]
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

/// Run the command. The file is streamed: one line in memory at a time,
/// plus the record to show (at most
/// [`beachcomber::record_io::MAX_LINE_BYTES`] a line).
pub fn run(args: ReplayArgs) -> Result<(), String> {
    let name = args.file.display();
    let file = File::open(&args.file).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    let mut lines = RecordLines::new(file).map_err(|e| format!("{name} {e}"))?;
    let mut line = Vec::new();
    let mut records = 0usize;
    let mut shown: Option<(usize, GameRecord)> = None;
    loop {
        if signals::cancelled() {
            return Err(format!(
                "interrupted: replay stopped after {records} verified record(s)"
            ));
        }
        let Some(read) = lines.read_line(&mut line) else {
            break;
        };
        let line_no = read.map_err(|e| format!("{name} {e}"))?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let i = records;
        let record: GameRecord = serde_json::from_slice(&line)
            .map_err(|e| format!("{name} line {line_no}: not a game record: {e}"))?;
        let game = AnyGame::from_record(&record)
            .map_err(|e| format!("{name} line {line_no} (record {i}): {e}"))?;
        with_game!(&game, |g| check_and_show(g, &record, false, args.brief)).map_err(|e| {
            format!(
                "{name} line {line_no} (record {i}, seed {}): {e}",
                record.seed_text()
            )
        })?;
        if !args.verify_only && i == args.index {
            shown = Some((line_no, record));
        }
        records += 1;
    }
    if records == 0 {
        return Err(format!("`{name}` holds no game records"));
    }
    if !args.verify_only {
        let Some((line_no, record)) = shown else {
            return Err(format!(
                "--index {} is out of range: the file holds {records} records (0..={})",
                args.index,
                records - 1
            ));
        };
        let game =
            AnyGame::from_record(&record).map_err(|e| format!("{name} line {line_no}: {e}"))?;
        with_game!(&game, |g| check_and_show(g, &record, true, args.brief))
            .map_err(|e| format!("{name} line {line_no}: {e}"))?;
    }
    out!("{records} record(s) verified: every decision legal, every result as recorded");
    Ok(())
}

fn check_and_show<G: RecordFormat + Describe>(
    game: &G,
    record: &GameRecord,
    show: bool,
    brief: bool,
) -> Result<(), String> {
    let replay = verify_record(game, record).map_err(|e| e.to_string())?;
    // `human`: a seat played by a person (`beachcomber play`).
    for (seat, bot) in record.bots.iter().enumerate() {
        if bot == crate::play::HUMAN {
            continue;
        }
        beachcomber_bots::BotConfig::parse(bot)
            .map_err(|e| format!("field `bots`: seat {seat}: {e}"))?;
    }
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
        "{} ({}), options {}, seed {}",
        record.game,
        crate::players_text(record.players),
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
        out!(
            "{:>4}. seat {seat}: {}",
            ply + 1,
            game.describe_action(before, *action)
        );
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
    match record.end {
        GameEnd::Finished => {
            out!("\nResult:\n{}", game.describe_result(&replay.final_state));
        }
        GameEnd::Unfinished => {
            out!("\nThe game was stopped before its end (unfinished): no result.")
        }
        GameEnd::Forfeit(seat) => out!("\nSeat {seat} forfeited the game: no result."),
    }
}

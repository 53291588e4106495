//! `beachcomber replay`: re-play game records through the engine, verifying
//! every decision and the result, and print a readable account of one game.

use beachcomber::regular_file::{MAX_DATA_BYTES, open_regular_file};
use beachcomber::spec::one_line_path;
use std::io::Read;
use std::path::{Path, PathBuf};

use beachcomber::display::{Describe, Viewer};
use beachcomber::games::record_line::{RecordLine, parse_line};
use beachcomber::record::io::{RecordLines, RecordReadError};
use beachcomber::record::{
    EventList, GameEnd, GameRecord, RecordError, RecordFormat, Replay, verify_record_events,
};
use beachcomber::with_game;
use beachcomber_bots::LineError;
use clap::Args;

use crate::signals;

/// Examples shown after `beachcomber replay --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber replay games.jsonl                    # verify every record, show game 0
  beachcomber replay games.jsonl --index 3 --brief  # show game 3's moves only
  beachcomber replay games.jsonl --verify-only
  beachcomber replay games.jsonl.gz                 # compressed: gzip or zstd

The file may be plain or compressed with gzip or zstd (found from its first
bytes, whatever its name); `-` reads standard input (a named pipe or device
given by name is refused). It is read line by line (a record line may be at
most 48 MiB). A wrong record is an error naming its line (exit status 1); Ctrl-C stops the replay
(exit status 130).";

/// Options of `beachcomber replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A JSON Lines file of game records (one game per line), plain or
    /// compressed (gzip, zstd); `-` for standard input. It must be a
    /// regular file (a FIFO or device is refused: pipe it to `-`).
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
/// [`beachcomber::record::io::MAX_LINE_BYTES`] a line).
pub fn run(args: ReplayArgs) -> Result<(), crate::error::CliError> {
    Ok(replay(&args)?)
}

/// Why `replay` stopped: the file, a record, or the signal.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file cannot be opened.
    #[error("cannot read `{name}`: {source}")]
    Open {
        /// The file, escaped.
        name: String,
        /// What failed.
        source: std::io::Error,
    },
    /// The file cannot be read as records.
    #[error("{name} {source}")]
    Read {
        /// The file, escaped.
        name: String,
        /// What failed.
        source: RecordReadError,
    },
    /// A record that does not verify.
    #[error("{}", .error.message(.name, *.line, *.index))]
    Record {
        /// The file, escaped.
        name: String,
        /// Its line.
        line: usize,
        /// The record's index.
        index: usize,
        /// What is wrong.
        error: LineError,
    },
    /// The record to show does not verify.
    #[error("{name} line {line}: {error}")]
    Shown {
        /// The file, escaped.
        name: String,
        /// Its line.
        line: usize,
        /// What is wrong.
        error: LineError,
    },
    /// A signal stopped it.
    #[error("interrupted: replay stopped after {records} verified record(s)")]
    Interrupted {
        /// The records verified.
        records: usize,
    },
    /// No record in the file.
    #[error("`{name}` holds no game records")]
    Empty {
        /// The file, escaped.
        name: String,
    },
    /// `--index` past the last record.
    #[error(
        "--index {index} is out of range: the file holds {records} records (0..={})",
        .records - 1
    )]
    IndexOutOfRange {
        /// The index asked for.
        index: usize,
        /// The records in the file (at least one).
        records: usize,
    },
}

/// Verify every record of the file and show the one asked for.
fn replay(args: &ReplayArgs) -> Result<(), ReplayError> {
    let name = one_line_path(&args.file);
    let file: Box<dyn Read> = if args.file == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            open_regular_file(&args.file, MAX_DATA_BYTES).map_err(|source| ReplayError::Open {
                name: name.clone(),
                source,
            })?,
        )
    };
    let read_error = |source| ReplayError::Read {
        name: name.clone(),
        source,
    };
    let mut lines = RecordLines::new(file).map_err(read_error)?;
    let mut line = Vec::new();
    let mut records = 0usize;
    let mut shown: Option<(usize, Vec<u8>)> = None;
    loop {
        if signals::cancelled() {
            return Err(ReplayError::Interrupted { records });
        }
        let Some(read) = lines.read_line(&mut line) else {
            break;
        };
        let line_no = read.map_err(read_error)?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let i = records;
        check_line(&line, false, args.brief).map_err(|error| ReplayError::Record {
            name: name.clone(),
            line: line_no,
            index: i,
            error,
        })?;
        if !args.verify_only && i == args.index {
            shown = Some((line_no, line.clone()));
        }
        records += 1;
    }
    if records == 0 {
        return Err(ReplayError::Empty { name });
    }
    if !args.verify_only {
        let Some((line_no, line)) = shown else {
            return Err(ReplayError::IndexOutOfRange {
                index: args.index,
                records,
            });
        };
        check_line(&line, true, args.brief).map_err(|error| ReplayError::Shown {
            name: name.clone(),
            line: line_no,
            error,
        })?;
    }
    out!("{records} record(s) verified: every decision legal, every result as recorded");
    Ok(())
}

/// Read, verify and (if `show`) show the record `line`, in bounded memory
/// ([`parse_line`]).
fn check_line(line: &[u8], show: bool, brief: bool) -> Result<(), LineError> {
    let RecordLine {
        game,
        record,
        events,
    } = parse_line(line).map_err(|e| match e {
        RecordError::Json(_) => LineError::Json(e.to_string()),
        e => LineError::Game(e.to_string()),
    })?;
    with_game!(&game, |g| check_and_show(g, &record, &events, show, brief))
        .map_err(|e| LineError::Replay(record.seed_text(), e.to_string()))
}

/// Why a parsed record was refused: its events do not replay, or its bot
/// specs are not canonical.
#[derive(Debug, thiserror::Error)]
enum CheckError {
    /// The events do not replay to the recorded game.
    #[error(transparent)]
    Verify(#[from] RecordError),
    /// A bot spec is refused ([`beachcomber_bots::check_record_bots`]).
    #[error(transparent)]
    Bots(beachcomber_bots::RecordBotsError),
}

fn check_and_show<G: RecordFormat + Describe, E: EventList + ?Sized>(
    game: &G,
    record: &GameRecord,
    events: &E,
    show: bool,
    brief: bool,
) -> Result<(), CheckError> {
    let replay = verify_record_events(game, record, events)?;
    beachcomber_bots::check_record_bots(&record.bots).map_err(CheckError::Bots)?;
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
        crate::help::players_text(record.players),
        record.options,
        record.seed_text()
    );
    for (seat, bot) in record.bots.iter().enumerate() {
        out!("  seat {seat}: {bot}");
    }
    if record.undos > 0 {
        out!(
            "  undos: {} (moves the person took back; the events are the moves kept)",
            record.undos
        );
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

crate::error::command_error!(ReplayError);

#[cfg(test)]
mod tests {
    use super::*;
    use beachcomber::Game;
    use beachcomber::games::AnyGame;
    use beachcomber::record::build_record;

    /// A finished 2-player Seashells record line with `bots`.
    fn line(bots: [&str; 2]) -> Vec<u8> {
        let AnyGame::Seashells(g) = AnyGame::from_spec("seashells", 2).unwrap() else {
            unreachable!()
        };
        let mut rng = beachcomber::rng::rng_from_seed(5);
        let initial = g.new_game(&mut rng);
        let mut state = initial;
        let mut actions = Vec::new();
        while g.to_move(&state).is_some() {
            let a = g.random_action(&state, &mut rng);
            g.play_unchecked(&mut state, a);
            actions.push(a);
        }
        let bots: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
        serde_json::to_vec(&build_record(&g, Some(5), &bots, &initial, &actions)).unwrap()
    }

    fn refusal(bots: [&str; 2]) -> String {
        match check_line(&line(bots), false, true) {
            Err(LineError::Replay(_, e)) => e,
            Err(LineError::Json(e) | LineError::Game(e)) => panic!("{e}"),
            Ok(()) => panic!("{bots:?} accepted"),
        }
    }

    /// A refused bot spec is its own typed refusal, apart from a replay's.
    #[test]
    fn a_refused_bot_spec_is_a_typed_check_error() {
        let text = line(["random", "greedy"]);
        let RecordLine {
            game,
            record,
            events,
        } = parse_line(&text).unwrap();
        let e =
            with_game!(&game, |g| check_and_show(g, &record, &events, false, true)).unwrap_err();
        let CheckError::Bots(bots) = &e else {
            panic!("not a bot refusal: {e}");
        };
        assert_eq!(e.to_string(), bots.to_string());
        assert!(
            matches!(
                bots,
                beachcomber_bots::RecordBotsError::NotCanonical { seat: 1, .. }
            ),
            "{bots}"
        );
        assert!(
            e.to_string()
                .contains("`greedy` is not written canonically"),
            "{e}"
        );
    }

    /// Bot specs must be exactly the canonical spec of the bot they name
    /// (every option spelled out, as the writer writes them); `human` and
    /// engines stay allowed in any seat.
    #[test]
    fn non_canonical_bot_specs_are_refused_naming_the_canonical_one() {
        let canonical = "ismcts(iterations=2000,c=0.7,rollout=random,reward=auto)";
        for (spec, seat, want) in [
            ("ismcts(c=0.70000)", 1, canonical),
            ("ismcts", 1, canonical),
            (
                "ismcts(iterations=2000,c=0.70,rollout=random,reward=auto)",
                1,
                canonical,
            ),
            ("greedy", 1, "greedy(worlds=8)"),
        ] {
            let mut bots = ["random", "random"];
            bots[seat] = spec;
            assert_eq!(
                refusal(bots),
                format!(
                    "field `bots`: seat {seat}: `{spec}` is not written canonically (records \
                     hold `{want}`)"
                )
            );
        }
        for bots in [
            ["random", canonical],
            ["human", "human"],
            ["engine(name=mine)", "random"],
        ] {
            check_line(&line(bots), false, true).unwrap_or_else(|_| panic!("{bots:?} refused"));
        }
    }
}

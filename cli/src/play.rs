//! `beachcomber play`: a person plays one game against bots in the
//! terminal, with hints, undo and a replayable record.
//!
//! What the person sees is drawn for their seat only
//! (`Describe::describe_state` with [`Viewer::Seat`]): never the
//! opponents' secret cards, the bag's order or face-down cards. A bot's
//! move is shown with `Describe::describe_action` (what every seat sees)
//! and one line saying why it chose it; the person's choices with
//! `Describe::describe_choice`, which never names a face-down card. After
//! the game's end the full position and the final scoring are shown.
//!
//! Seeding is the tournament's: the game is dealt from
//! `deal_seed(--seed, 0)` (the deal of game 0 of a tournament with that
//! seed) and the decision at ply `p` gets an RNG seeded `decision_seed(game
//! seed, p)`, so after `undo` the bots re-decide exactly as before.
//!
//! Input is read line by line on a helper thread, so the main thread can
//! notice Ctrl-C while it waits: end of input, `quit` and Ctrl-C all stop
//! the game and write the record of the game so far (marked unfinished)
//! when `--record` was given. A second Ctrl-C exits at once (see
//! [`crate::signals`]).

use crate::error::CliError;
use crate::flag_error::FlagError;
use beachcomber::spec::one_line_path;
use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use beachcomber::bot::BotError;
use beachcomber::display::Viewer;
use beachcomber::game::Seat;
use beachcomber::games::GameKind;
use beachcomber::move_input::InputError;
use beachcomber::rng::derive;
use beachcomber::seating::Table;
use beachcomber::with_game;
use beachcomber_bots::session::{PlayError, Verdict};
use beachcomber_bots::{CompiledBots, GameSession, PersonLineup, Reward, SearchBot, SeatBot};
use clap::Args;

use crate::signals;
use beachcomber_store::files::output::{AtomicFile, OutputError, commit_all, resolve_outputs};

/// Examples shown after `beachcomber play --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber play --game seashells --players 3 --bots 'ismcts(iterations=2000),greedy'
  beachcomber play --game seaside --players 2 --seat 1 --seed 7 --record game.jsonl
  beachcomber play --game shell-dash --players 1
  yes 1 | beachcomber play --game shell-dash --players 2 --bots random --record g.jsonl

At the prompt type an action as listed (`15`, `h2`, `play:Beach`, `flip1`) or its
list number `#N` (a bare number is a list number only where no action is a number:
in Seashells `7` is square 7, `#7` the 7th listed), or one of:
  hint   the top 3 actions of an ismcts search from what you can see
  undo   take back your last decision (the bots then decide as before); never
         past a move that showed you something hidden, nor after the end
  show   draw the position again;  help   this list;  quit   stop the game
End of input, `quit` and Ctrl-C stop the game and, with --record, write the
game so far marked unfinished (`replay` shows it). Ctrl-C exits with status
130; a second Ctrl-C exits at once.";

/// Longest input line read (longer lines are cut).
const MAX_INPUT_LINE: u64 = 64 * 1024;

/// How often the main thread looks at the Ctrl-C flag while it waits.
const POLL: Duration = Duration::from_millis(50);

/// Options of `beachcomber play`.
#[derive(Args, Debug)]
#[command(mut_arg("players", |a| a.help("Number of players (seats at the table, yours included)")))]
pub struct PlayArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// Bot spec for each other seat in seat order, or one for all of them.
    #[arg(
        long,
        value_name = "SPECS",
        default_value = "ismcts",
        long_help = crate::help::bots_help()
    )]
    pub bots: String,
    /// Your seat (0 moves first).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seat: usize,
    /// Seed: the deal of game 0 of a tournament with this seed (default:
    /// from the clock; it is printed once the game has ended, so a game can
    /// be played again).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write the game record here (JSON Lines, docs/records.md), also for a
    /// game stopped before its end.
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// Iterations of the ismcts search behind `hint`.
    #[arg(long, value_name = "I", default_value_t = 4000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub hint_iterations: u32,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}

/// `--seat` past the game's last seat.
#[derive(Debug, thiserror::Error)]
#[error(
    "--seat {seat}: a game of {} has seats 0 to {}",
    crate::help::players_text(*.players),
    .players - 1
)]
pub struct NoSuchSeatFlag {
    /// The seat asked for.
    pub seat: usize,
    /// The game's players (at least one).
    pub players: usize,
}

crate::error::command_error!(NoSuchSeatFlag);

/// Run the command.
pub fn run(args: PlayArgs) -> Result<(), CliError> {
    let game = args.choice.build()?;
    let table = Table::with_person(args.choice.players, args.seat).map_err(|_| NoSuchSeatFlag {
        seat: args.seat,
        players: args.choice.players,
    })?;
    let engines = args.engines.start()?;
    let lineup = PersonLineup::parse_with(&args.bots, table, engines.aliases())
        .map_err(FlagError::of("--bots"))?;
    beachcomber_bots::check_models(lineup.seats().iter().flatten(), &game)
        .map_err(FlagError::of("--bots"))?;
    engines.check(lineup.seats().iter().flatten())?;
    let mut record_file = match &args.record {
        None => None,
        Some(path) => {
            let inputs = args.choice.inputs();
            let inputs: Vec<(&str, &Path)> = inputs
                .iter()
                .map(|(what, p)| (what.as_str(), p.as_path()))
                .collect();
            let compression = beachcomber::record::io::Compression::from_path(path)
                .map_err(FlagError::of("--record"))?;
            let mut resolved = resolve_outputs(&[("--record", path.as_path())], &inputs)?;
            Some(AtomicFile::create(resolved.remove(0))?.compressed(compression)?)
        }
    };
    let run_seed = args.seed.unwrap_or_else(clock_seed);
    let style = Style::detect();
    let options = Options {
        hint_iterations: args.hint_iterations,
        style,
        echo: !std::io::stdin().is_terminal(),
    };
    let input = spawn_reader();
    #[allow(clippy::clone_on_copy)] // some games' configurations are `Copy`
    let (end, record, failure) = with_game!(&game, |g| {
        let session = GameSession::new(g.clone(), lineup.clone(), run_seed);
        let mut terminal = Terminal::new(session, &engines, options);
        let end = terminal.play(&input);
        (end, terminal.session.record_line(), terminal.failure.take())
    });
    let saved = match (&mut record_file, &args.record) {
        (Some(file), Some(path)) => {
            let w = file.writer();
            w.write_all(record.as_bytes())
                .and_then(|()| w.write_all(b"\n"))
                .map_err(|source| OutputError::Write {
                    label: "--record".to_string(),
                    path: path.clone(),
                    source,
                })?;
            commit_all(record_file.take().into_iter().collect())?;
            format!("record written to {}", one_line_path(path))
        }
        _ => String::new(),
    };
    let saved = match (end, saved.is_empty()) {
        (_, true) => "no record written (give --record FILE.jsonl to keep one)".to_string(),
        (End::Finished, false) => saved,
        (_, false) => format!("{saved} (unfinished)"),
    };
    match end {
        End::Finished | End::Quit | End::InputClosed => {
            out!("{saved}");
            Ok(())
        }
        End::Interrupted => Err(CliError::PlayInterrupted { saved }),
        End::BotFailed => Err(CliError::PlayBotFailed {
            failure: failure.map(|f| Box::new(f) as Box<dyn std::error::Error + Send + Sync>),
            saved,
            log_note: engines.log_note(),
        }),
    }
}

/// A seed from the clock, for a game without `--seed`.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    // Small enough to type again.
    derive(now.as_nanos() as u64, std::process::id() as u64) % 1_000_000
}

/// ANSI colours when standard output is a terminal and `NO_COLOR` is unset
/// (or empty); plain text otherwise.
#[derive(Clone, Copy, Debug)]
struct Style {
    on: bool,
}

impl Style {
    fn detect() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            on: std::io::stdout().is_terminal() && !no_color,
        }
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }
    fn bot(self, text: &str) -> String {
        self.paint("36", text)
    }
    fn hint(self, text: &str) -> String {
        self.paint("33", text)
    }
    fn error(self, text: &str) -> String {
        self.paint("31", text)
    }
    fn prompt(self, text: &str) -> String {
        self.paint("1;32", text)
    }
}

/// What the reader thread sends.
enum Input {
    Line(String),
    End,
}

/// Read standard input line by line on a helper thread (a blocking read
/// cannot look at the Ctrl-C flag; the main thread waits on the channel
/// with a timeout instead).
fn spawn_reader() -> mpsc::Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let read = (&mut lock).take(MAX_INPUT_LINE).read_until(b'\n', &mut buf);
            match read {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Input::End);
                    return;
                }
                Ok(_) => {
                    let text = String::from_utf8_lossy(&buf).into_owned();
                    if tx.send(Input::Line(text)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// What the wait for a line gave.
enum Next {
    Line(String),
    End,
    Interrupted,
}

fn next_line(input: &mpsc::Receiver<Input>) -> Next {
    loop {
        if signals::cancelled() {
            return Next::Interrupted;
        }
        match input.recv_timeout(POLL) {
            Ok(Input::Line(text)) => return Next::Line(text),
            Ok(Input::End) | Err(mpsc::RecvTimeoutError::Disconnected) => return Next::End,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Finished,
    Quit,
    InputClosed,
    Interrupted,
    /// An external bot failed (`Session::failure` says which and why).
    BotFailed,
}

/// Settings of a session.
#[derive(Clone, Copy, Debug)]
struct Options {
    hint_iterations: u32,
    style: Style,
    /// Echo input lines (when they come from a pipe, for a readable
    /// transcript).
    echo: bool,
}

/// A seat's player.
enum Player<G: GameKind> {
    Human,
    /// A bot from the bots crate's one factory ([`CompiledBots::seat_bot`]).
    Bot(SeatBot<G>),
}

/// A bot of the game failed to decide.
#[derive(Debug, thiserror::Error)]
#[error("bot `{spec}` (seat {seat}) failed at decision {ply}: {error}")]
pub struct BotMoveError {
    /// The bot's spec.
    pub spec: String,
    /// Its seat.
    pub seat: Seat,
    /// The decision (ply) it failed at.
    pub ply: usize,
    /// Why.
    pub error: BotError,
}

/// One game in play at the terminal: the session and the bots' players.
struct Terminal<G: GameKind> {
    session: GameSession<G>,
    opts: Options,
    players: Vec<Player<G>>,
    /// Why an external bot failed, when one did.
    failure: Option<BotMoveError>,
}

impl<G: GameKind + CompiledBots> Terminal<G> {
    fn new(session: GameSession<G>, engines: &crate::engines::Engines, opts: Options) -> Self {
        let n = session.game().players();
        let players = session
            .lineup()
            .seats()
            .iter()
            .map(|c| match c {
                None => Player::Human,
                Some(c) => Player::Bot(G::seat_bot(c, n, &|c| engines.build(c))),
            })
            .collect();
        Terminal {
            session,
            opts,
            players,
            failure: None,
        }
    }

    fn game(&self) -> &G {
        self.session.game()
    }

    fn state(&self) -> &G::State {
        self.session.state()
    }

    fn say_error(&self, text: &str) {
        out!("{}", self.opts.style.error(text));
    }

    fn header(&self) {
        let st = self.opts.style;
        out!(
            "{}",
            st.bold(&format!(
                "{} with {}",
                self.game().canonical_spec(),
                crate::help::players_text(self.game().players()),
            ))
        );
        for (seat, spec) in self.session.specs().iter().enumerate() {
            if seat == self.session.person() {
                out!("  seat {seat}: you");
            } else {
                out!("  seat {seat}: {spec}");
            }
        }
        if self
            .players
            .iter()
            .any(|p| matches!(p, Player::Bot(SeatBot::Search(bot, _)) if bot.mode().cheats()))
        {
            out!("note: `oracle` sees hidden information (cheats): it is not a fair opponent");
        }
        out!(
            "Type an action as listed (its text{}) or its list number (#1, #2...); \
             hint, undo, show, help, quit.",
            if self.numbers_are_actions() {
                ", or a square's name such as `h2`"
            } else {
                ""
            }
        );
    }

    /// The position as the person's seat sees it, and their actions.
    fn show(&self) {
        let st = self.opts.style;
        let human = self.session.person();
        let me = format!("seat {human}");
        out!("");
        let viewer = Viewer::Seat(human);
        let (game, state) = (self.game(), self.state());
        // On the person's turn, the places their actions reach are marked.
        let picture = if self.session.persons_turn() {
            game.describe_with_choices(state, viewer)
        } else {
            game.describe_state(state, viewer)
        };
        for line in picture.lines() {
            if line.starts_with(&me) {
                out!("{}", st.bold(line));
            } else {
                out!("{line}");
            }
        }
        for line in game.describe_notes(state, viewer).lines() {
            out!("{line}");
        }
        if self.session.persons_turn() {
            out!("{}", st.bold("Your move:"));
            for (i, &a) in game.legal_actions(state).iter().enumerate() {
                let text = a.to_string();
                out!(
                    "{:>5}  {text:<10} {}",
                    format!("#{}", i + 1),
                    game.describe_choice(state, a)
                );
            }
        }
    }

    /// Play until the end or until the person stops.
    fn play(&mut self, input: &mpsc::Receiver<Input>) -> End {
        self.header();
        let mut dirty = true;
        loop {
            if signals::cancelled() {
                return self.stopped(End::Interrupted);
            }
            let Some(seat) = self.session.to_move() else {
                self.finish();
                return End::Finished;
            };
            if seat != self.session.person() {
                if let Err(why) = self.bot_move(seat) {
                    if signals::cancelled() {
                        return self.stopped(End::Interrupted);
                    }
                    self.failure = Some(why);
                    return self.stopped(End::BotFailed);
                }
                dirty = true;
                continue;
            }
            // A decision with one legal action is played at once, with a
            // notice; it is still a decision of the record.
            if let Some(only) = self.session.forced_move() {
                out!(
                    "{}",
                    self.opts.style.hint(&format!(
                        "your only legal move, played for you: {}",
                        self.game().describe_action(self.state(), only)
                    ))
                );
                self.session
                    .play_action(only)
                    .expect("the forced move is legal");
                dirty = true;
                continue;
            }
            if dirty {
                self.show();
                dirty = false;
            }
            let prompt = self.opts.style.prompt(&format!(
                "move {} (#1-#{}, action, hint, undo, help)> ",
                self.session.ply() + 1,
                self.game().legal_actions(self.state()).len()
            ));
            {
                let mut stdout = std::io::stdout().lock();
                let _ = stdout.write_all(prompt.as_bytes());
                let _ = stdout.flush();
            }
            let line = match next_line(input) {
                Next::Line(line) => line,
                Next::End => {
                    out!("");
                    return self.stopped(End::InputClosed);
                }
                Next::Interrupted => {
                    out!("");
                    return self.stopped(End::Interrupted);
                }
            };
            let text = line.trim();
            if self.opts.echo {
                out!("{text}");
            }
            match self.command(text) {
                Some(Command::Played) | Some(Command::Redraw) => dirty = true,
                Some(Command::Quit) => return self.stopped(End::Quit),
                None => {}
            }
        }
    }

    /// Handle one input line; `None` when nothing changed.
    fn command(&mut self, text: &str) -> Option<Command> {
        match text.to_ascii_lowercase().as_str() {
            "help" | "?" => {
                out!("{}", HELP);
                return None;
            }
            "show" => return Some(Command::Redraw),
            "hint" => {
                self.hint();
                return None;
            }
            "undo" => return self.undo(),
            "quit" | "exit" => return Some(Command::Quit),
            _ => {}
        }
        match self.session.play(text) {
            Ok(action) => {
                let before = self.session.before_last().expect("a move was played");
                out!("you: {}", self.game().describe_action(before, action));
                Some(Command::Played)
            }
            Err(PlayError::Input(e @ (InputError::Empty(_) | InputError::Unknown { .. }))) => {
                self.say_error(&format!("{e}; or a command (`help` lists them)"));
                None
            }
            Err(e) => {
                self.say_error(&format!("{e}; `show` lists them again"));
                None
            }
        }
    }

    /// Back to the person's previous decision (the session's undo rule).
    fn undo(&mut self) -> Option<Command> {
        match self.session.undo() {
            Ok(undone) => {
                out!(
                    "undone {} move(s): back to your decision at move {}",
                    undone.moves,
                    undone.ply + 1
                );
                Some(Command::Redraw)
            }
            Err(e) => {
                self.say_error(&e.to_string());
                None
            }
        }
    }

    /// The decision of the bot in `seat`, with one line saying why.
    fn bot_move(&mut self, seat: Seat) -> Result<(), BotMoveError> {
        let played = match &mut self.players[seat] {
            Player::Human => unreachable!("the person's seat has no bot"),
            Player::Bot(SeatBot::Other(bot, why)) => self
                .session
                .bot_turn(&mut **bot)
                .map(|a| a.map(|a| (a, why.to_string()))),
            Player::Bot(SeatBot::Search(bot, reward)) => {
                let reward = *reward;
                let played = self.session.bot_turn(&mut **bot);
                played.map(|a| a.map(|a| (a, explain(&**bot, a, reward))))
            }
        };
        let spec = &self.session.specs()[seat];
        let (action, why) = match played {
            Ok(Some(played)) => played,
            Ok(None) => unreachable!("a bot is to move"),
            Err(e) => {
                return Err(BotMoveError {
                    spec: spec.clone(),
                    seat,
                    ply: e.ply,
                    error: e.error,
                });
            }
        };
        let before = self.session.before_last().expect("a move was played");
        let line = format!(
            "seat {seat} ({}): {}  [{why}]",
            short_name(spec),
            self.game().describe_action(before, action)
        );
        out!("{}", self.opts.style.bot(&line));
        Ok(())
    }

    /// The top 3 actions of an ismcts search from the person's view.
    fn hint(&self) {
        let st = self.opts.style;
        let hint = match self.session.hint(self.opts.hint_iterations, 3) {
            Ok(hint) => hint,
            Err(e) => return self.say_error(&e.to_string()),
        };
        out!(
            "{}",
            st.hint(&format!(
                "hint (ismcts, {} iterations, from what you can see):",
                hint.iterations
            ))
        );
        for line in &hint.lines {
            let value = line
                .value
                .map_or("not searched".to_string(), |v| estimate(v, hint.reward));
            out!(
                "{}",
                st.hint(&format!(
                    "{:>5}  {:<10} {}  [{:.0}% of the search, {value}]",
                    format!("#{}", line.number),
                    line.action.to_string(),
                    self.game().describe_choice(self.state(), line.action),
                    100.0 * line.share
                ))
            );
        }
    }

    /// The end: the whole position, the scoring, who won.
    fn finish(&self) {
        let st = self.opts.style;
        let (game, state) = (self.game(), self.state());
        out!("");
        out!(
            "{}",
            st.bold("Game over. Final position (everything revealed):")
        );
        out!("{}", game.describe_state(state, Viewer::Referee).trim_end());
        out!("{}", st.bold("Final scoring:"));
        out!("{}", game.describe_result(state).trim_end());
        let verdict = match self.session.verdict().expect("the game is over") {
            Verdict::Won => "You win!".to_string(),
            Verdict::SharedWin => "You share the victory.".to_string(),
            Verdict::NobodyWon => "Nobody wins.".to_string(),
            Verdict::Lost(winners) => {
                let w: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
                format!("You lose: seat {} won.", w.join(", seat "))
            }
        };
        out!("{}", st.bold(&verdict));
        // Only now: the seed rebuilds the deal, every seat's secrets included.
        let run_seed = self.session.run_seed();
        out!("seed {run_seed} (the same game again: --seed {run_seed})");
    }

    /// Whether the game writes some action as a bare number (Seashells'
    /// squares): then a bare number is never a list number.
    fn numbers_are_actions(&self) -> bool {
        self.session.choices().numbers_are_actions
    }

    fn stopped(&self, why: End) -> End {
        let how = match why {
            End::Quit => "you quit",
            End::InputClosed => "end of input",
            End::Interrupted => "interrupted",
            End::BotFailed => "a bot failed",
            End::Finished => "finished",
        };
        out!(
            "Game stopped before its end ({how}) after {} move(s).",
            self.session.ply()
        );
        why
    }
}

/// What a command did.
enum Command {
    Played,
    Redraw,
    Quit,
}

/// `--help` of the prompt.
const HELP: &str = "\
Commands:
  ACTION   play the action written as in the list (e.g. `27`, `play:Beach`, `flip1`);
           Seashells squares also by name (`d4` is `27`, `d4+b` is `27+b`)
  #N       play the action with list number N (`#7`); a bare `7` is list number 7
           only in games where no action is written as a number (not Seashells'
           board, where `7` is square 7)
  hint     the top 3 actions of an ismcts search from what you can see
  undo     take back your last decision (the bots then decide as before);
           refused past a move that showed you something hidden (a card
           turned, a token drawn) and after the end
  show     draw the position and your actions again
  help     this list
  quit     stop the game (with --record, the game so far is written, unfinished)";

/// `ismcts` for `ismcts(iterations=...)`.
fn short_name(spec: &str) -> &str {
    spec.split('(').next().unwrap_or(spec)
}

/// An average reward in words.
fn estimate(mean: f64, reward: Reward) -> String {
    beachcomber_bots::hint::estimate_text(mean, reward)
}

/// Why an MCTS bot chose `action`, from its last search.
fn explain<G: GameKind>(bot: &dyn SearchBot<G>, action: G::Action, reward: Reward) -> String {
    let stats = bot.root_stats();
    if stats.is_empty() {
        return "its only legal move".to_string();
    }
    let total: u64 = stats.iter().map(|s| s.visits).sum();
    let Some(s) = stats.iter().find(|s| s.action == action) else {
        return "search".to_string();
    };
    if s.visits == 0 || total == 0 {
        return "search".to_string();
    }
    format!(
        "{}: chosen in {:.0}% of {total} iterations over {} options, {}{}",
        bot.mode(),
        100.0 * s.visits as f64 / total as f64,
        stats.len(),
        estimate(s.reward / s.visits as f64, reward),
        if bot.mode().cheats() {
            " (sees hidden cards)"
        } else {
            ""
        }
    )
}

//! Games in play: a person in one seat, bots in the others, each a
//! [`GameSession`] (the terminal `play`'s session: its seeding, input rule,
//! undo rule and record). The game is dealt from `deal_seed(seed, 0)` and
//! the decision at ply `p` gets `decision_seed(game seed, p)`, so after
//! `undo` the bots decide as before, and a hint has a stream of its own.
//! Undo goes back to the person's last real decision (one with a choice),
//! taking back the bots' moves and the person's forced moves after it.
//!
//! After every change (a move, the bots' replies, an undo) the game's
//! record is written whole to its file under `--save` (a temporary file
//! renamed over it), marked unfinished until the game ends: stopping the
//! server (Ctrl-C) loses nothing, and `beachcomber replay` reads the file.

use std::path::{Path, PathBuf};

use beachcomber::atomic_file::{AtomicError, write_atomically, write_new};
use beachcomber::display::Viewer;
use beachcomber::seating::Table;
use beachcomber::with_game;
use beachcomber_bots::session::Verdict;
use beachcomber_bots::{BotConfig, GameSession, PersonLineup};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::games::WebGame;
use crate::view::{choices, frame, move_json};

/// Iterations of the hint's search unless the request says otherwise.
pub const HINT_ITERATIONS: u32 = 4000;
/// The most work a bot of a web game may do per decision, in playouts
/// ([`BotConfig::work_per_decision`]: iterations times trees, greedy
/// rollouts' cost, belief pools), and the most iterations of a hint (an
/// `ismcts` search with random rollouts: one playout each), so that one
/// request cannot hold a core for minutes nor its memory grow past a few
/// tens of MB (the search tree holds a node per iteration).
pub const MAX_WORK: u64 = 200_000;
/// Top actions a hint shows.
pub const HINT_TOP: usize = 3;

/// A request to start a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game spec (`seashells(mode=stroll)`).
    pub game: String,
    /// Players.
    pub players: usize,
    /// One bot spec for every bot seat, or one per bot seat in seat order
    /// (comma-separated, as `--bots`); default `random`.
    #[serde(default)]
    pub bots: Option<String>,
    /// The person's seat (default 0).
    #[serde(default)]
    pub seat: usize,
    /// The run seed (default: 64 bits of OS entropy). Shown only once
    /// the game is over: with it the deal, every seat's secret, can be
    /// rebuilt.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A game in play, whatever the game.
pub trait Live: Send {
    /// The game as the person's seat sees it (everything, once over).
    fn view(&self) -> Value;
    /// Play the person's action, read by [`beachcomber::move_input`] (its
    /// listed text, a square's name, or its list number `#N` from 1); it
    /// must be the person's turn.
    fn play(&mut self, action: &str) -> Result<(), ApiError>;
    /// Let the bots decide until it is the person's turn or the game ends.
    fn bots_move(&mut self) -> Result<(), ApiError>;
    /// Back to the person's last real decision (one with a choice), the
    /// bots' and the forced moves after it taken back: how many moves. The
    /// session's undo rule ([`beachcomber_bots::session::UndoError`]): a
    /// refused undo is [`ApiError::Conflict`] (409) and changes nothing.
    fn undo(&mut self) -> Result<usize, ApiError>;
    /// The top actions of an ismcts search from the person's view.
    fn hint(&self, iterations: u32) -> Result<Value, ApiError>;
    /// The record of the game so far, as one JSON line.
    fn record_line(&self) -> String;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// The file the game is saved in.
    fn file(&self) -> &Path;
    /// Save the game in `file` from now on.
    fn set_file(&mut self, file: PathBuf);
}

/// Start a game from `req`, saved as `file` (see [`save_new`]). Building
/// the game and its bots may take time: call it on the blocking pool.
#[allow(clippy::clone_on_copy)] // some games' configurations are `Copy`
pub fn start(req: &NewGame, file: PathBuf) -> Result<Box<dyn Live>, ApiError> {
    let bad = ApiError::BadRequest;
    let game = beachcomber::games::AnyGame::from_spec(&req.game, req.players)
        .map_err(|e| bad(format!("game: {e}")))?;
    let table = Table::with_person(req.players, req.seat).map_err(|e| bad(e.to_string()))?;
    let lineup = parse_bots(req.bots.as_deref().unwrap_or("random"), table, &game)?;
    let seed = match req.seed {
        Some(seed) => seed,
        None => os_seed()?,
    };
    Ok(with_game!(&game, |g| {
        let session = GameSession::new(g.clone(), lineup.clone(), seed);
        Box::new(Session { session, file }) as Box<dyn Live>
    }))
}

/// The bots around the person of `table`: `text` holds one spec for every
/// bot, or one per bot seat in seat order. External engines and bots that
/// do more than [`MAX_WORK`] a decision are refused (before the count is
/// checked), and so are learned models of another game than `game` (a
/// model is named, `model=NAME`, never a path: see [`crate::build_app`]).
fn parse_bots(
    text: &str,
    table: Table,
    game: &beachcomber::games::AnyGame,
) -> Result<PersonLineup, ApiError> {
    let bad = ApiError::BadRequest;
    let given = beachcomber_bots::parse_list(text).map_err(|e| bad(format!("bots: {e}")))?;
    for c in &given {
        if matches!(c, BotConfig::Engine(_)) {
            return Err(bad(
                "bots: external engines cannot play in the web app (use `beachcomber play --engine`)"
                    .into(),
            ));
        }
        let work = c.work_per_decision().unwrap_or(u64::MAX);
        if work > MAX_WORK {
            return Err(bad(format!(
                "bots: `{c}` does {work} playouts a decision; this server allows at most \
                 {MAX_WORK} (iterations x trees, a greedy rollout counts {})",
                beachcomber_bots::work::GREEDY_ROLLOUT_COST
            )));
        }
        c.check_game(game)
            .map_err(|e| bad(format!("bots: `{c}`: {e}")))?;
    }
    PersonLineup::seat(given, table).map_err(|e| bad(format!("bots: {e}")))
}

/// A seed of 64 bits of OS entropy: never the clock, whose few million
/// likely values could be searched against the public board.
fn os_seed() -> Result<u64, ApiError> {
    getrandom::u64().map_err(|e| ApiError::Internal(format!("no OS entropy for a seed: {e}")))
}

/// A game of `G` in play, saved in `file`. The bots' configs are the
/// session's lineup: each decision builds its bot afresh and drops it
/// after, so an idle game holds no search tree (a bot decides from the
/// state and its decision's seed alone; the web refuses external engines,
/// the only bots with a state between decisions) and the memory of
/// searches is that of the decisions being made (`limits::MAX_THINKING` of
/// them, each at most [`MAX_WORK`]).
struct Session<G: WebGame> {
    session: GameSession<G>,
    file: PathBuf,
}

impl<G: WebGame> Live for Session<G> {
    fn view(&self) -> Value {
        let session = &self.session;
        let game = session.game();
        let over = session.over();
        // The person sees their seat's view; everything once the game is over.
        let viewer = if over {
            Viewer::Referee
        } else {
            Viewer::Seat(session.person())
        };
        let moves: Vec<Value> = session
            .moves()
            .map(|m| move_json(game, m.before, m.action, m.after, viewer))
            .collect();
        let your_turn = session.persons_turn();
        let specs = session.specs();
        let mut view = json!({
            "game": game.name(),
            "spec": game.canonical_spec(),
            "players": game.players(),
            "seat": session.person(),
            "bots": specs,
            "bots_short": crate::view::short_specs(specs),
            "file": self.file.file_name().map(|n| n.to_string_lossy().into_owned()),
            "ply": session.ply(),
            "over": over,
            "your_turn": your_turn,
            "frame": frame(game, session.state(), viewer),
            "moves": moves,
            "legal": if your_turn { choices(game, session.state()) } else { Vec::new() },
            "can_undo": session.can_undo(),
        });
        if let Some(verdict) = session.verdict() {
            // The seed rebuilds the deal: only once nothing is hidden.
            view["seed"] = session.run_seed().to_string().into();
            view["verdict"] = match verdict {
                Verdict::Won => "You win!",
                Verdict::SharedWin => "You share the victory.",
                Verdict::NobodyWon => "Nobody wins.",
                Verdict::Lost(_) => "You lose.",
            }
            .into();
        }
        view
    }

    fn play(&mut self, text: &str) -> Result<(), ApiError> {
        // The terminal's rule (docs/play.md): the listed text, a square's
        // name, or a list number `#N` (from 1).
        self.session
            .play(text)
            .map(|_| ())
            .map_err(|e| ApiError::BadRequest(e.to_string()))
    }

    fn bots_move(&mut self) -> Result<(), ApiError> {
        while let Some(seat) = self.session.bot_to_move() {
            let Some(config) = self.session.lineup().seats()[seat].as_ref() else {
                return Err(ApiError::Internal(format!("seat {seat} has no bot")));
            };
            let players = self.session.game().players();
            let mut bot = G::seat_bot(config, players, &G::compiled_bot);
            self.session.bot_turn(bot.bot_mut()).map_err(|e| {
                ApiError::Internal(format!("bot of seat {} failed: {}", e.seat, e.error))
            })?;
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<usize, ApiError> {
        self.session
            .undo()
            .map(|undone| undone.moves)
            .map_err(|e| ApiError::Conflict(e.to_string()))
    }

    fn hint(&self, iterations: u32) -> Result<Value, ApiError> {
        let hint = self
            .session
            .hint(iterations, HINT_TOP)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
        let (game, state) = (self.session.game(), self.session.state());
        let lines: Vec<Value> = hint
            .lines
            .iter()
            .map(|l| {
                json!({
                    "index": l.number.saturating_sub(1),
                    "action": l.action.to_string(),
                    "label": game.describe_choice(state, l.action),
                    "share": l.share,
                    "value": l.value,
                    "value_text": l.value.map_or("not searched".to_string(), |v| {
                        beachcomber_bots::hint::estimate_text(v, hint.reward)
                    }),
                })
            })
            .collect();
        Ok(json!({
            "iterations": hint.iterations,
            "reward": hint.reward.name(),
            "top": lines,
        }))
    }

    fn record_line(&self) -> String {
        self.session.record_line()
    }

    fn over(&self) -> bool {
        self.session.over()
    }

    fn file(&self) -> &Path {
        &self.file
    }

    fn set_file(&mut self, file: PathBuf) {
        self.file = file;
    }
}

/// Write the game's record over its file ([`write_atomically`]: a
/// temporary file of a random name, created exclusively in the same folder,
/// renamed over it), so the file always holds a whole record and nothing
/// planted under a predictable name is followed.
pub fn save(live: &dyn Live) -> Result<(), ApiError> {
    let mut line = live.record_line();
    line.push('\n');
    write_atomically(live.file(), line.as_bytes())
        .map_err(|e| ApiError::Internal(format!("cannot save the game: {e}")))
}

/// The most names [`save_new`] tries.
pub const NAME_TRIES: u64 = 1000;

/// Save a new game under the first free name `DIR/ID-NAME.jsonl` from
/// `next()`'s ids on: the file is created only where nothing has that name
/// ([`write_new`], the `O_EXCL` of a rename), so two servers sharing a
/// save folder never overwrite each other's games. Returns the id.
pub fn save_new(
    live: &mut dyn Live,
    dir: &Path,
    name: &str,
    mut next: impl FnMut() -> u64,
) -> Result<u64, ApiError> {
    let mut line = live.record_line();
    line.push('\n');
    for _ in 0..NAME_TRIES {
        let id = next();
        let path = dir.join(format!("{id}-{name}.jsonl"));
        match write_new(&path, line.as_bytes()) {
            Ok(()) => {
                live.set_file(path);
                return Ok(id);
            }
            Err(AtomicError::Exists(_)) => continue,
            Err(e) => return Err(ApiError::Internal(format!("cannot save the game: {e}"))),
        }
    }
    Err(ApiError::Internal(format!(
        "cannot save the game: {NAME_TRIES} names in `{}` are taken",
        dir.display()
    )))
}

//! Games in play: a person in one seat, bots in the others. Seeding is the
//! terminal `play`'s: the game is dealt from `deal_seed(seed, 0)` and the
//! decision at ply `p` gets `decision_seed(game seed, p)`, so after `undo`
//! the bots decide as before, and a hint has a stream of its own.
//!
//! After every change (a move, the bots' replies, an undo) the game's
//! record is written whole to its file under `--save` (a temporary file
//! renamed over it), marked unfinished until the game ends: stopping the
//! server (Ctrl-C) loses nothing, and `beachcomber replay` reads the file.

use std::path::{Path, PathBuf};

use beachcomber::atomic_file::{AtomicError, write_atomically, write_new};
use beachcomber::display::Viewer;
use beachcomber::game::Seat;
use beachcomber::move_input::MoveChoices;
use beachcomber::record::build_record;
use beachcomber::rng::{deal_seed, decision_seed, derive, rng_from_seed};
use beachcomber::with_game;
use beachcomber_bots::{BotConfig, HUMAN};
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
    /// Back to the person's previous decision.
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
    if req.seat >= req.players {
        return Err(bad(format!(
            "seat {}: a game of {} player(s) has seats 0 to {}",
            req.seat,
            req.players,
            req.players - 1
        )));
    }
    let configs = parse_bots(
        req.bots.as_deref().unwrap_or("random"),
        req.players,
        req.seat,
    )?;
    let seed = match req.seed {
        Some(seed) => seed,
        None => os_seed()?,
    };
    Ok(with_game!(&game, |g| {
        Box::new(Session::new(g.clone(), &configs, req.seat, seed, file)) as Box<dyn Live>
    }))
}

/// One bot config per seat (`None` for the person's): `text` holds one spec
/// for every bot, or one per bot seat in seat order. External engines and
/// bots that do more than [`MAX_WORK`] a decision are refused.
fn parse_bots(text: &str, players: usize, human: Seat) -> Result<Vec<Option<BotConfig>>, ApiError> {
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
    }
    let bot_seats = players - 1;
    let mut bots: Vec<BotConfig> = match given.len() {
        _ if players == 1 => Vec::new(),
        1 => vec![given[0].clone(); bot_seats],
        n if n == bot_seats => given,
        n => {
            return Err(bad(format!(
                "bots: {n} specs for {bot_seats} bot seat(s) (give one spec per bot seat in \
                 seat order, or one for every bot)"
            )));
        }
    };
    bots.reverse();
    Ok((0..players)
        .map(|seat| if seat == human { None } else { bots.pop() })
        .collect())
}

/// A seed of 64 bits of OS entropy: never the clock, whose few million
/// likely values could be searched against the public board.
fn os_seed() -> Result<u64, ApiError> {
    getrandom::u64().map_err(|e| ApiError::Internal(format!("no OS entropy for a seed: {e}")))
}

/// A game of `G` in play.
struct Session<G: WebGame> {
    game: G,
    run_seed: u64,
    seed: u64,
    human: Seat,
    specs: Vec<String>,
    /// The bots' configs: each decision builds its bot afresh and drops it
    /// after, so an idle game holds no search tree (a bot decides from the
    /// state and its decision's seed alone; the web refuses external
    /// engines, the only bots with a state between decisions) and the
    /// memory of searches is that of the decisions being made
    /// (`routes::MAX_THINKING` of them, each at most [`MAX_WORK`]).
    configs: Vec<Option<BotConfig>>,
    initial: G::State,
    state: G::State,
    states: Vec<G::State>,
    actions: Vec<G::Action>,
    file: PathBuf,
}

impl<G: WebGame> Session<G> {
    fn new(
        game: G,
        configs: &[Option<BotConfig>],
        human: Seat,
        run_seed: u64,
        file: PathBuf,
    ) -> Self {
        let seed = deal_seed(run_seed, 0);
        let initial = game.new_game(&mut rng_from_seed(seed));
        Session {
            configs: configs.to_vec(),
            specs: configs
                .iter()
                .map(|c| c.as_ref().map_or(HUMAN.to_string(), BotConfig::to_string))
                .collect(),
            game,
            run_seed,
            seed,
            human,
            state: initial.clone(),
            initial,
            states: Vec::new(),
            actions: Vec::new(),
            file,
        }
    }

    fn push(&mut self, action: G::Action) {
        self.states.push(self.state.clone());
        self.game.play_unchecked(&mut self.state, action);
        self.actions.push(action);
    }

    fn my_turn(&self) -> bool {
        self.game.to_move(&self.state) == Some(self.human)
    }
}

impl<G: WebGame> Live for Session<G> {
    fn view(&self) -> Value {
        let over = self.over();
        // The person sees their seat's view; everything once the game is over.
        let viewer = if over {
            Viewer::Referee
        } else {
            Viewer::Seat(self.human)
        };
        let moves: Vec<Value> = self
            .actions
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let after = self.states.get(i + 1).unwrap_or(&self.state);
                move_json(&self.game, &self.states[i], a, after, viewer)
            })
            .collect();
        let mut view = json!({
            "game": self.game.name(),
            "spec": self.game.canonical_spec(),
            "players": self.game.players(),
            "seat": self.human,
            "bots": self.specs,
            "bots_short": crate::view::short_specs(&self.specs),
            "file": self.file.file_name().map(|n| n.to_string_lossy().into_owned()),
            "ply": self.actions.len(),
            "over": over,
            "your_turn": self.my_turn(),
            "frame": frame(&self.game, &self.state, viewer),
            "moves": moves,
            "legal": if self.my_turn() { choices(&self.game, &self.state) } else { Vec::new() },
            "can_undo": (0..self.actions.len()).any(|i| self.game.to_move(&self.states[i]) == Some(self.human)),
        });
        if over {
            // The seed rebuilds the deal: only once nothing is hidden.
            view["seed"] = self.run_seed.to_string().into();
            let outcome = self.game.outcome(&self.state);
            let me = self.human;
            let verdict = if outcome.winners.contains(me) {
                if outcome.winners.len() > 1 {
                    "You share the victory."
                } else {
                    "You win!"
                }
            } else if outcome.winners.is_empty() {
                "Nobody wins."
            } else {
                "You lose."
            };
            view["verdict"] = verdict.into();
        }
        view
    }

    fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let bad = ApiError::BadRequest;
        if self.over() {
            return Err(bad("the game is over".into()));
        }
        if !self.my_turn() {
            return Err(bad("it is not your turn".into()));
        }
        let legal = self.game.legal_actions(&self.state);
        // The terminal's rule (docs/play.md): the listed text, a square's
        // name, or a list number `#N` (from 1).
        let action = MoveChoices::new(&self.game, &self.state)
            .parse(text)
            .map(|i| legal[i])
            .map_err(|e| bad(e.to_string()))?;
        self.push(action);
        Ok(())
    }

    fn bots_move(&mut self) -> Result<(), ApiError> {
        while let Some(seat) = self.game.to_move(&self.state) {
            if seat == self.human {
                break;
            }
            let ply = self.actions.len() as u64;
            let mut rng = rng_from_seed(decision_seed(self.seed, ply));
            let Some(config) = self.configs.get(seat).and_then(Option::as_ref) else {
                return Err(ApiError::Internal(format!("seat {seat} has no bot")));
            };
            let action = config
                .build::<G>()
                .try_choose(&self.game, &self.state, &mut rng)
                .map_err(|e| ApiError::Internal(format!("bot of seat {seat} failed: {e}")))?;
            self.push(action);
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<usize, ApiError> {
        let human = self.human;
        let back = (0..self.actions.len())
            .rev()
            .find(|&i| self.game.to_move(&self.states[i]) == Some(human));
        let Some(i) = back else {
            return Err(ApiError::BadRequest(
                "nothing to undo: this is your first decision".into(),
            ));
        };
        let undone = self.actions.len() - i;
        self.state = self.states[i].clone();
        self.states.truncate(i);
        self.actions.truncate(i);
        Ok(undone)
    }

    fn hint(&self, iterations: u32) -> Result<Value, ApiError> {
        if !self.my_turn() {
            return Err(ApiError::BadRequest("a hint is for your turn".into()));
        }
        let ply = self.actions.len() as u64;
        let mut rng = rng_from_seed(derive(decision_seed(self.seed, ply), 0x4849_4e54));
        let hint =
            beachcomber_bots::hint::hint(&self.game, &self.state, iterations, HINT_TOP, &mut rng);
        let lines: Vec<Value> = hint
            .lines
            .iter()
            .map(|l| {
                json!({
                    "index": l.number.saturating_sub(1),
                    "action": l.action.to_string(),
                    "label": self.game.describe_choice(&self.state, l.action),
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
        let record = build_record(
            &self.game,
            Some(self.seed),
            &self.specs,
            &self.initial,
            &self.actions,
        );
        serde_json::to_string(&record).unwrap_or_default()
    }

    fn over(&self) -> bool {
        self.game.to_move(&self.state).is_none()
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

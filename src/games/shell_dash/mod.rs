//! **Shell Dash** (Manzanita Game Co.), 1 or 2 players: the engine.
//!
//! The rules are those of `docs/rules.md`, section *Shell Dash* (the rules
//! as this engine plays them); `docs/shell_dash.md` describes the engine's
//! design and measured speed.
//!
//! # Spec
//! `shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,max_turns=200,reshuffle=choice)`.
//! - `deck`: the make-up of the deck as `Name:count` pairs, comma separated,
//!   names spelled as in the rules (`Sand`, `Wave`, `Flip-Flop`, `Jellyfish`,
//!   `Sun`, `Shell`). A kind left out has **no card** in the deck (count 0);
//!   a kind given twice or an unknown name is an error. The deck must hold
//!   9 to [`DECK_CAP`] cards (9 to deal the first board), of which at least
//!   [`WINNING_SHELLS`] Shells (a game with fewer could never be won).
//! - `max_turns`: the number of turns (of all players together) after which
//!   the game ends, 1 to [`MAX_TURNS`]; default 200.
//! - `reshuffle`: `choice` (default: at the end of each turn that does not
//!   end the game, when both the discard pile and the deck hold cards, the
//!   player whose turn ends decides whether to shuffle them together into a
//!   new deck before the refill) or `empty` (only an empty deck is
//!   reshuffled, from the discard pile).
//! - `compensation=SEAT:N,...` and `start_flipflops=SEAT:N,...`: the
//!   balancing levers (variants, not the rules; 2 players only): Shells (0
//!   to [`MAX_COMPENSATION`]) and Flip-Flops (0 to [`MAX_START_FLIPFLOPS`])
//!   a seat holds at the start, from outside the deck. Compensation Shells
//!   are Shells held (toward the 3 that win, and at the cap); spent starting
//!   Flip-Flops are discarded and reshuffled like the deck's, so the cards
//!   in play are [`ShellDash::cards_in_play`]. Both are state (`shells`,
//!   `flipflops`), so the evaluation and the encoding see them.
//!
//! # Layout
//! `state.rs` (state, actions, cards), `rules.rs` (setup and play: the
//! [`Game`](crate::game::Game) impl), `scoring.rs`, `evaluate.rs`,
//! `determinize.rs` (determinization and observation), `record.rs` (the
//! record format), `display.rs` (the [`Describe`](crate::display::Describe)
//! impl).
//!
//! # State
//! [`ShellDashState`] is `Copy` and holds no heap: the 18 places of the board
//! (6 rows of 3; the rows past `rows` are unused) as card codes with two
//! bitboards (`down`: face-down cards, `up`: cards revealed this turn; a
//! place in neither is empty), the deck as a fixed array of [`DECK_CAP`] card
//! codes read from `top` to `len` (top first), the discard pile as counts per
//! kind (its order never matters: it is only ever shuffled), the walker's row
//! and the decision to take, and per seat the Shells collected and the
//! Flip-Flops held. The observation ([`ShellDashObservation`]) is the same
//! type with the hidden parts masked.
//!
//! # Chance during play
//! A reshuffle (forced, of an empty deck, or chosen) happens inside
//! [`Game::play_unchecked`](crate::game::Game::play_unchecked), which takes
//! no random number generator. The state therefore carries a 64-bit
//! `chance_seed`: reshuffle number `k` uses a generator seeded with
//! `derive(chance_seed, k)`, the cards to shuffle (the discard pile, plus the
//! remaining deck for a chosen reshuffle) laid out in kind order and then
//! shuffled. A new game takes its `chance_seed` from a hash of the initial
//! deck order (so a replayed record rebuilds the same state),
//! [`Game::determinize`](crate::game::Game::determinize) draws a fresh one
//! from its generator (the order of future reshuffles is hidden). A replay
//! never uses it: the record's reshuffle events give each new deck, checked
//! to be a permutation of the cards reshuffled.
//!
//! # Actions
//! [`ShellDashAction::Flip`]`(column)`: flip the face-down card in that column
//! of the walker's current row (advancing, or after a Wave).
//! [`ShellDashAction::FlipFlop`]`(spend)`: at a Jellyfish while holding a
//! Flip-Flop, spend one and advance (`true`), or end the turn keeping it
//! (`false`). [`ShellDashAction::Shuffle`]`(yes)`: at the end of a turn
//! ([`Phase::Shuffle`], `reshuffle=choice` only), reshuffle the discard pile
//! and the deck together or not. A state always presents a decision or is
//! over: steps that need no decision (rows walked through, the turn's end,
//! refills, forced reshuffles, turns with nothing to flip) are played inside
//! the action that leads to them.
//!
//! # Evaluation ([`Evaluate`](crate::game::Evaluate))
//! Everything a seat can evaluate is public (face-down cards are hidden from
//! everybody), so the evaluation reads only public information. A seat's
//! *progress* is its Shells held, plus the Shells revealed in the walk in
//! progress (if it is the walker) times `1/2^k` where `k` is the number of
//! rows still to walk, the walker's row included, plus 1/4 per Flip-Flop
//! held.
//! - Two players: own progress minus the opponent's (in Shells).
//! - Solo: progress minus 1/100 per turn played.
//!
//! `final_margin`: two players, (own Shells - other Shells) / 3, clamped to
//! [-1, 1]; solo, `(max_turns - turns + 1) / max_turns` when won (1 for a
//! win in one turn, just above 0 for a win in the last turn), -1 when lost.

mod determinize;
mod display;
mod encode;
mod evaluate;
mod observe;
mod record;
mod rules;
mod scoring;
pub mod solve;
mod state;

pub use state::{
    Card, DealRule, Phase, Position, ReshuffleRule, ShellDashAction, ShellDashObservation,
    ShellDashState,
};

use crate::games::options::seat_list_text;
use crate::games::{GameOption, OptionKind, SpecOptions};
use crate::spec::{Spec, SpecError};

/// The most cards a deck may hold (the state's fixed deck capacity).
pub const DECK_CAP: usize = 256;
/// The fewest cards a deck may hold: the 9 cards of the first board.
pub const MIN_DECK: usize = 9;
/// The largest `max_turns` (so that no game runs for long).
pub const MAX_TURNS: u32 = 10_000;
/// The default `max_turns`.
pub const DEFAULT_MAX_TURNS: u32 = 200;
/// The default deck (docs/rules.md ruling): counts by kind, in [`Card::ALL`] order.
pub const DEFAULT_DECK: [u16; KINDS] = [16, 10, 6, 8, 6, 14];
/// Number of card kinds.
pub const KINDS: usize = Card::COUNT;
/// Places in a row.
pub const COLUMNS: usize = 3;
/// Rows at the start.
pub const START_ROWS: u8 = 3;
/// The most rows the board can have.
pub const MAX_ROWS: u8 = 6;
/// Places on a full board.
pub const PLACES: usize = COLUMNS * MAX_ROWS as usize;
/// Shells that win (and the fewest Shells a deck may hold).
pub const WINNING_SHELLS: u8 = 3;
/// Board code of an empty place.
pub const EMPTY: u8 = 0xFF;
/// Board code (in an observation) of a face-down card.
pub const HIDDEN: u8 = 0xFE;

/// Option `deck`: the deck's make-up.
pub const DECK: GameOption = GameOption {
    name: "deck",
    kind: OptionKind::Text {
        syntax: "KIND:N,...",
        default: "`Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14`",
    },
    about: "cards by kind, names as in the rules; a kind left out has no card; 9 to 256 \
            cards, at least 3 Shells",
    help_note: Some(
        "default Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14; at least 3 Shells",
    ),
    variant: false,
};

/// Option `max_turns`: the turn cap.
pub const MAX_TURNS_OPTION: GameOption = GameOption {
    name: "max_turns",
    kind: OptionKind::Integer {
        min: 1,
        max: MAX_TURNS as u64,
        default: DEFAULT_MAX_TURNS as u64,
    },
    about: "the turns (of all players together) after which the game ends",
    help_note: Some("1 to 10000, default 200"),
    variant: false,
};

/// Option `reshuffle`: the reshuffle rule.
pub const RESHUFFLE: GameOption = GameOption {
    name: "reshuffle",
    kind: OptionKind::Choice {
        words: &ReshuffleRule::NAMES,
        default: 0,
    },
    about: "`choice`: the player whose turn ends may shuffle the discard pile and the deck \
            together before the refill; `empty`: only an empty deck is reshuffled",
    help_note: Some("default choice"),
    variant: false,
};

/// Option `deal`: the plain or the coupled shuffle (same distribution).
pub const DEAL: GameOption = GameOption {
    name: "deal",
    kind: OptionKind::Choice {
        words: &DealRule::NAMES,
        default: 0,
    },
    about: "`plain`: each deck shuffled on its own; `coupled`: every card's place drawn from \
            (seed, kind, copy), so decks that differ by a few cards deal mostly the same order \
            from one seed. Changes no rule and no distribution, only which deals designs share",
    help_note: Some("default plain"),
    variant: false,
};

/// Seats a lever can name (Shell Dash has at most 2).
pub const SEATS: usize = 2;
/// The most Shells a seat may start with: one fewer than a win (with 3 the
/// seat would have won before any turn).
pub const MAX_COMPENSATION: u8 = WINNING_SHELLS - 1;
/// The most Flip-Flops a seat may start with: a walk passes at most one
/// Jellyfish per row, so 6 (one per row of the largest board) is the most
/// one walk can spend.
pub const MAX_START_FLIPFLOPS: u16 = MAX_ROWS as u16;

/// Option `compensation` (a balancing lever, not the rules): Shells each
/// seat holds at the start.
pub const COMPENSATION: GameOption = GameOption {
    name: "compensation",
    kind: OptionKind::SeatList {
        min: 0,
        max: MAX_COMPENSATION as u64,
    },
    about: "Shells a seat holds at the start, from outside the deck (2 players only): they \
            count toward the 3 that win and at the max_turns cap, where the most Shells held, \
            compensation included and at least one, win, ties shared",
    help_note: Some("0 to 2 per seat, e.g. 1:1; 2 players"),
    variant: true,
};

/// Option `start_flipflops` (a balancing lever, not the rules): Flip-Flops
/// each seat holds at the start.
pub const START_FLIPFLOPS: GameOption = GameOption {
    name: "start_flipflops",
    kind: OptionKind::SeatList {
        min: 0,
        max: MAX_START_FLIPFLOPS as u64,
    },
    about: "Flip-Flops a seat holds at the start, from outside the deck (2 players only): \
            spent like any Flip-Flop, then discarded and reshuffled with the other cards",
    help_note: Some("0 to 6 per seat, e.g. 1:1; 2 players"),
    variant: true,
};

/// Shell Dash's options, in canonical order.
pub const OPTIONS: [GameOption; 6] = [
    DECK,
    MAX_TURNS_OPTION,
    RESHUFFLE,
    DEAL,
    COMPENSATION,
    START_FLIPFLOPS,
];

/// Why a Shell Dash configuration does not build (players, deck, turn cap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShellDashConfigError {
    /// A player count other than 1 or 2.
    Players(usize),
    /// Fewer Shells in the deck than a win takes.
    TooFewShells(u16),
    /// Fewer cards than the first board takes.
    TooFewCards(usize),
    /// More cards than a state holds.
    TooManyCards(usize),
    /// A turn cap outside 1 to [`MAX_TURNS`].
    MaxTurns(u32),
    /// A lever (`compensation`, `start_flipflops`) set in a solo game.
    SoloLever(&'static str),
    /// A seat's compensation above [`MAX_COMPENSATION`].
    Compensation {
        /// The seat.
        seat: usize,
        /// Its Shells.
        shells: u8,
    },
    /// A seat's starting Flip-Flops above [`MAX_START_FLIPFLOPS`].
    StartFlipFlops {
        /// The seat.
        seat: usize,
        /// Its Flip-Flops.
        flipflops: u16,
    },
    /// The deck and the starting Flip-Flops together exceed [`DECK_CAP`].
    TooManyInPlay(usize),
}

impl std::fmt::Display for ShellDashConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShellDashConfigError::Players(players) => {
                write!(f, "shell-dash takes 1 or 2 players, not {players}")
            }
            ShellDashConfigError::TooFewShells(shells) => write!(
                f,
                "the deck holds {shells} Shells, fewer than the {WINNING_SHELLS} needed to win: \
                 no game could be won"
            ),
            ShellDashConfigError::TooFewCards(total) => write!(
                f,
                "the deck holds {total} cards, fewer than the {MIN_DECK} needed to deal the board"
            ),
            ShellDashConfigError::TooManyCards(total) => write!(
                f,
                "the deck holds {total} cards, more than the {DECK_CAP} supported"
            ),
            ShellDashConfigError::MaxTurns(max_turns) => {
                write!(f, "max_turns must be 1 to {MAX_TURNS}, not {max_turns}")
            }
            ShellDashConfigError::SoloLever(name) => write!(
                f,
                "`{name}` balances the seats of a 2-player game; solo has one seat and a fixed \
                 goal of {WINNING_SHELLS} Shells"
            ),
            ShellDashConfigError::Compensation { seat, shells } => write!(
                f,
                "seat {seat} cannot start with {shells} Shells: 0 to {MAX_COMPENSATION} \
                 ({WINNING_SHELLS} would win before a turn)"
            ),
            ShellDashConfigError::StartFlipFlops { seat, flipflops } => write!(
                f,
                "seat {seat} cannot start with {flipflops} Flip-Flops: 0 to {MAX_START_FLIPFLOPS}"
            ),
            ShellDashConfigError::TooManyInPlay(total) => write!(
                f,
                "the deck and the starting Flip-Flops make {total} cards, more than the \
                 {DECK_CAP} supported"
            ),
        }
    }
}

impl std::error::Error for ShellDashConfigError {}

/// The message, for the errors that carry it as text (a record's
/// `RecordError::field`).
impl From<ShellDashConfigError> for String {
    fn from(e: ShellDashConfigError) -> String {
        e.to_string()
    }
}

/// Shell Dash for 1 or 2 players with a given deck, turn cap and reshuffle
/// rule.
#[derive(Clone, Debug)]
pub struct ShellDash {
    players: usize,
    counts: [u16; KINDS],
    total: u16,
    max_turns: u32,
    reshuffle: ReshuffleRule,
    /// The plain or the coupled shuffle (option `deal`).
    deal: DealRule,
    /// The deck in kind order (the starting point of every shuffle).
    sorted: [u8; DECK_CAP],
    /// Shells each seat holds at the start, from outside the deck (option
    /// `compensation`; 0 for both by default).
    compensation: [u8; SEATS],
    /// Flip-Flops each seat holds at the start, from outside the deck
    /// (option `start_flipflops`; 0 for both by default). Once spent they
    /// are cards like the others: the cards in play are the deck plus these.
    start_flipflops: [u16; SEATS],
}

impl ShellDash {
    /// Shell Dash for `players` (1 or 2) with a deck of `counts` cards by kind
    /// ([`Card::ALL`] order), a cap of `max_turns` turns and the default
    /// reshuffle rule ([`ReshuffleRule::Choice`]).
    pub fn new(
        players: usize,
        counts: [u16; KINDS],
        max_turns: u32,
    ) -> Result<ShellDash, ShellDashConfigError> {
        ShellDash::with_reshuffle(players, counts, max_turns, ReshuffleRule::Choice)
    }

    /// [`ShellDash::new`] with the reshuffle rule `reshuffle`.
    pub fn with_reshuffle(
        players: usize,
        counts: [u16; KINDS],
        max_turns: u32,
        reshuffle: ReshuffleRule,
    ) -> Result<ShellDash, ShellDashConfigError> {
        if !(1..=2).contains(&players) {
            return Err(ShellDashConfigError::Players(players));
        }
        let shells = counts[Card::Shell as usize];
        if shells < WINNING_SHELLS as u16 {
            return Err(ShellDashConfigError::TooFewShells(shells));
        }
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        if total < MIN_DECK {
            return Err(ShellDashConfigError::TooFewCards(total));
        }
        if total > DECK_CAP {
            return Err(ShellDashConfigError::TooManyCards(total));
        }
        if !(1..=MAX_TURNS).contains(&max_turns) {
            return Err(ShellDashConfigError::MaxTurns(max_turns));
        }
        let mut sorted = [0u8; DECK_CAP];
        let mut k = 0;
        for (code, &n) in counts.iter().enumerate() {
            sorted[k..k + n as usize].fill(code as u8);
            k += n as usize;
        }
        Ok(ShellDash {
            players,
            counts,
            total: total as u16,
            max_turns,
            reshuffle,
            deal: DealRule::Plain,
            sorted,
            compensation: [0; SEATS],
            start_flipflops: [0; SEATS],
        })
    }

    /// This game with the levers `compensation` (Shells by seat, 0 to
    /// [`MAX_COMPENSATION`]) and `start_flipflops` (Flip-Flops by seat, 0
    /// to [`MAX_START_FLIPFLOPS`]), both from outside the deck; refused in
    /// a solo game (unless all 0) and when the cards in play would exceed
    /// [`DECK_CAP`].
    pub fn with_levers(
        mut self,
        compensation: [u8; SEATS],
        start_flipflops: [u16; SEATS],
    ) -> Result<ShellDash, ShellDashConfigError> {
        for seat in 0..SEATS {
            if compensation[seat] > MAX_COMPENSATION {
                return Err(ShellDashConfigError::Compensation {
                    seat,
                    shells: compensation[seat],
                });
            }
            if start_flipflops[seat] > MAX_START_FLIPFLOPS {
                return Err(ShellDashConfigError::StartFlipFlops {
                    seat,
                    flipflops: start_flipflops[seat],
                });
            }
        }
        if self.players == 1 {
            if compensation != [0; SEATS] {
                return Err(ShellDashConfigError::SoloLever(COMPENSATION.name));
            }
            if start_flipflops != [0; SEATS] {
                return Err(ShellDashConfigError::SoloLever(START_FLIPFLOPS.name));
            }
        }
        let in_play =
            self.total as usize + start_flipflops.iter().map(|&n| n as usize).sum::<usize>();
        if in_play > DECK_CAP {
            return Err(ShellDashConfigError::TooManyInPlay(in_play));
        }
        self.compensation = compensation;
        self.start_flipflops = start_flipflops;
        Ok(self)
    }

    /// Shells each seat holds at the start (option `compensation`).
    pub fn compensation(&self) -> [u8; SEATS] {
        self.compensation
    }

    /// Flip-Flops each seat holds at the start (option `start_flipflops`).
    pub fn start_flipflops(&self) -> [u16; SEATS] {
        self.start_flipflops
    }

    /// The cards in play by kind: the deck plus the starting Flip-Flops
    /// (the compensation Shells are not cards of play: they never leave
    /// their seat).
    pub fn cards_in_play(&self) -> [u16; KINDS] {
        let mut counts = self.counts;
        counts[Card::FlipFlop as usize] += self.start_flipflops.iter().sum::<u16>();
        counts
    }

    /// Build from a parsed spec (see the module docs for the options).
    pub fn from_spec(spec: &Spec, players: usize) -> Result<ShellDash, SpecError> {
        let options = SpecOptions::read(spec, &OPTIONS)?;
        let counts = match options.text(&DECK) {
            None => DEFAULT_DECK,
            Some(text) => parse_deck(text).map_err(|why| options.bad_value(&DECK, text, why))?,
        };
        let max_turns = options.integer(&MAX_TURNS_OPTION)? as u32;
        let reshuffle = ReshuffleRule::ALL[options.choice(&RESHUFFLE)?];
        let deal = DealRule::ALL[options.choice(&DEAL)?];
        // Read for both seats whatever the player count, so that a lever in
        // a solo game gets the solo refusal rather than a seat range error.
        let compensation = options
            .seat_list::<SEATS>(&COMPENSATION, SEATS)?
            .map(|n| n as u8);
        let start_flipflops = options
            .seat_list::<SEATS>(&START_FLIPFLOPS, SEATS)?
            .map(|n| n as u16);
        ShellDash::with_reshuffle(players, counts, max_turns, reshuffle)
            .and_then(|game| {
                game.with_deal(deal)
                    .with_levers(compensation, start_flipflops)
            })
            .map_err(|why| SpecError::Invalid {
                name: spec.name.clone(),
                why: why.to_string(),
            })
    }

    /// The deck's make-up: cards by kind, in [`Card::ALL`] order.
    pub fn deck_counts(&self) -> [u16; KINDS] {
        self.counts
    }

    /// The turn cap.
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// This game dealt with `deal` (the plain or the coupled shuffle).
    pub fn with_deal(mut self, deal: DealRule) -> ShellDash {
        self.deal = deal;
        self
    }

    /// The plain or the coupled shuffle.
    pub fn deal_rule(&self) -> DealRule {
        self.deal
    }

    /// The reshuffle rule.
    pub fn reshuffle_rule(&self) -> ReshuffleRule {
        self.reshuffle
    }
}

/// Parse `Sand:16,Wave:10,...` (kinds left out count 0).
pub fn parse_deck(text: &str) -> Result<[u16; KINDS], String> {
    let expected = || {
        format!(
            "`Name:count` pairs separated by commas, names among {} (a kind left out has no card)",
            Card::NAMES.join(", ")
        )
    };
    let mut counts = [0u16; KINDS];
    let mut given = [false; KINDS];
    for part in text.split(',') {
        let part = part.trim();
        let Some((name, count)) = part.split_once(':') else {
            return Err(format!("{} (`{part}` has no `:`)", expected()));
        };
        let Some(card) = Card::from_name(name.trim()) else {
            return Err(format!("{} (unknown card `{}`)", expected(), name.trim()));
        };
        if std::mem::replace(&mut given[card as usize], true) {
            return Err(format!("{} (`{}` given twice)", expected(), card.name()));
        }
        counts[card as usize] = match count.trim().parse::<u16>() {
            Ok(n) if n as usize <= DECK_CAP => n,
            _ => {
                return Err(format!(
                    "{} (`{}` is not a count 0 to {DECK_CAP})",
                    expected(),
                    count.trim()
                ));
            }
        };
    }
    Ok(counts)
}

/// `Sand:16,Wave:10,...` for counts by kind.
pub fn deck_text(counts: &[u16; KINDS]) -> String {
    Card::ALL
        .iter()
        .map(|c| format!("{}:{}", c.name(), counts[*c as usize]))
        .collect::<Vec<_>>()
        .join(",")
}

impl crate::games::GameKind for ShellDash {
    const NAME: &'static str = "shell-dash";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=2;
    const SOLO_SCORE: Option<&'static str> = Some(
        "solo: score = turns taken to collect 3 Shells, fewer is better; a win is a game finished within max_turns",
    );
    const OPTIONS: &'static [GameOption] = &OPTIONS;

    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError> {
        ShellDash::from_spec(spec, players)
    }

    fn option_values(&self) -> Vec<Option<String>> {
        vec![
            Some(deck_text(&self.counts)),
            Some(self.max_turns.to_string()),
            Some(self.reshuffle.to_string()),
            (self.deal != DealRule::Plain).then(|| self.deal.to_string()),
            seat_list_text(&self.compensation.map(u64::from)),
            seat_list_text(&self.start_flipflops.map(u64::from)),
        ]
    }
}

//! Readable accounts of Shell Dash states, actions and results (the
//! [`Describe`] impl).

use std::fmt::Write as _;

use super::{COLUMNS, Card, Phase, ShellDash, ShellDashAction, ShellDashState, WINNING_SHELLS};
use crate::display::{Describe, Viewer};
use crate::game::Seat;

impl ShellDash {
    /// ` (1 from the compensation)` for a seat given Shells at the start
    /// (option `compensation`), else nothing.
    fn compensation_note(&self, seat: usize) -> String {
        match self.compensation().get(seat) {
            Some(&n) if n > 0 => format!(" ({n} from the compensation)"),
            _ => String::new(),
        }
    }
}

impl Describe for ShellDash {
    /// The board, the piles and the seats' holdings. Face-down cards and the
    /// deck's order are hidden from both seats: a seat's picture shows
    /// `[face-down]` and the deck's size; the referee's shows each
    /// face-down card as `[Card]` and the deck's next 9 cards, top first.
    fn describe_state(&self, s: &ShellDashState, viewer: Viewer) -> String {
        let referee = viewer == Viewer::Referee;
        let mut text = String::new();
        let _ = write!(text, "turn {} of at most {}; ", s.turn, self.max_turns);
        match s.phase {
            Phase::Over => text.push_str("the game is over\n"),
            Phase::Flip => {
                let _ = writeln!(
                    text,
                    "seat {} walks, flipping a card of row {}",
                    s.to_move, s.row
                );
            }
            Phase::Jellyfish => {
                let _ = writeln!(
                    text,
                    "seat {} meets a Jellyfish in row {}: spend a Flip-Flop or keep it",
                    s.to_move, s.row
                );
            }
            Phase::Shuffle => {
                let _ = writeln!(
                    text,
                    "seat {}'s turn ends: shuffle the discard pile into the deck or not",
                    s.to_move
                );
            }
        }
        let walking = matches!(s.phase, Phase::Flip | Phase::Jellyfish);
        for r in 0..s.rows as usize {
            let marker = if walking && r == s.row as usize {
                '>'
            } else {
                ' '
            };
            let _ = write!(text, "{marker} row {r}:");
            for c in 0..COLUMNS {
                let cell = match s.place(r, c) {
                    None => "(empty)".to_string(),
                    Some((card, true)) if referee => format!("[{card}]"),
                    Some((_, true)) => "[face-down]".to_string(),
                    Some((card, false)) => card.name().to_string(),
                };
                let _ = write!(text, " {cell:<11}");
            }
            text.truncate(text.trim_end().len());
            text.push('\n');
        }
        if let Some(card) = Card::from_code(s.last) {
            let _ = writeln!(text, "last card flipped: {card}");
        }
        let _ = write!(text, "deck: {} cards", s.deck_size());
        if referee && s.deck_size() > 0 {
            // The next 9 cards (a board's worth), then how many more.
            let deck = &s.deck[s.top as usize..s.len as usize];
            let order: Vec<&str> = deck
                .iter()
                .take(9)
                .map(|&c| Card::from_code(c).map_or("?", Card::name))
                .collect();
            let _ = write!(text, " (top first: {}", order.join(", "));
            if deck.len() > 9 {
                let _ = write!(text, ", ... {} more", deck.len() - 9);
            }
            text.push(')');
        }
        text.push_str("; discard pile:");
        if s.discard_size() == 0 {
            text.push_str(" empty");
        }
        let mut first = true;
        for card in Card::ALL {
            let n = s.discard[card as usize];
            if n > 0 {
                let _ = write!(text, "{} {card} {n}", if first { "" } else { "," });
                first = false;
            }
        }
        let _ = writeln!(text, "; reshuffles: {}", s.reshuffles);
        for p in 0..self.players {
            let _ = writeln!(
                text,
                "seat {p}: {} Shells{}, {} Flip-Flops held",
                s.shells[p],
                self.compensation_note(p),
                s.flipflops[p]
            );
        }
        if s.spent > 0 {
            let _ = writeln!(text, "Flip-Flops spent this turn: {}", s.spent);
        }
        text
    }

    /// `seat 0 flips row 1, column 2: Shell`, `seat 1 spends a Flip-Flop to
    /// pass the Jellyfish`, `seat 0 reshuffles the discard pile (7 cards) and
    /// the deck (12 cards) together`... A flipped card is named: the flip
    /// shows it to everybody.
    fn describe_action(&self, before: &ShellDashState, action: ShellDashAction) -> String {
        let seat = before.to_move;
        match action {
            ShellDashAction::Flip(c) => {
                let card = before
                    .place(before.row as usize, c as usize)
                    .map_or("nothing".to_string(), |(card, _)| card.to_string());
                format!("seat {seat} flips row {}, column {c}: {card}", before.row)
            }
            ShellDashAction::FlipFlop(true) => {
                format!("seat {seat} spends a Flip-Flop to pass the Jellyfish")
            }
            ShellDashAction::FlipFlop(false) => {
                format!("seat {seat} keeps the Flip-Flops and ends the turn at the Jellyfish")
            }
            ShellDashAction::Shuffle(true) => format!(
                "seat {seat} reshuffles the discard pile ({} cards) and the deck ({} cards) together",
                before.discard_size(),
                before.deck_size()
            ),
            ShellDashAction::Shuffle(false) => {
                format!("seat {seat} does not reshuffle")
            }
        }
    }

    /// `flip row 1, column 2 (face-down)`: a choice never names the card
    /// it would turn up.
    fn describe_choice(&self, before: &ShellDashState, action: ShellDashAction) -> String {
        match action {
            ShellDashAction::Flip(c) => {
                let what = match before.place(before.row as usize, c as usize) {
                    None => "nothing there".to_string(),
                    Some((_, true)) => "face-down".to_string(),
                    Some((card, false)) => format!("face up: {card}"),
                };
                format!("flip row {}, column {c} ({what})", before.row)
            }
            _ => self.describe_action(before, action),
        }
    }

    fn describe_reveal(
        &self,
        _before: &ShellDashState,
        action: ShellDashAction,
        _: Seat,
    ) -> String {
        match action {
            ShellDashAction::Flip(_) => "a card you have seen turned",
            _ => "the end of the game, which showed the deck",
        }
        .to_string()
    }

    fn describe_result(&self, s: &ShellDashState) -> String {
        let winners = self.winners(s);
        let mut text = String::new();
        if self.players == 1 {
            if winners.is_empty() {
                let _ = write!(
                    text,
                    "solo: lost, {} Shells after the cap of {} turns",
                    s.shells[0], self.max_turns
                );
            } else {
                let _ = write!(
                    text,
                    "solo: 3 Shells in {} turns (score {}, fewer is better)",
                    s.turn, s.turn
                );
            }
            return text;
        }
        for p in 0..self.players {
            let _ = writeln!(
                text,
                "seat {p}: {} Shells{}{}",
                s.shells[p],
                self.compensation_note(p),
                if winners.contains(p) { " (winner)" } else { "" }
            );
        }
        let how = if s.shells.iter().any(|&n| n >= WINNING_SHELLS) {
            "a walk reached 3 Shells"
        } else if winners.is_empty() {
            "the turn cap, nobody holding a Shell"
        } else {
            "the turn cap, the most Shells win"
        };
        let _ = write!(text, "after {} turns: {how}", s.turn);
        text
    }
}

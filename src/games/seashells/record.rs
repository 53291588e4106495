//! Seashells game records (RULES.md §4) and readable accounts.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::{
    COLOURS, Item, Mode, SHAPES, SQUARES, Scoring, Seashells, SeashellsAction, SeashellsState,
    bottles_of, heads_of, pairs_of, sand_dollars_of, tails_of,
};
use crate::display::{Describe, Viewer};
use crate::game::{Game, Seat};
use crate::record::{RecordError, RecordFormat, Replay, get_bool, get_u64, replay_decisions};

/// How each seat's coins were earned (for accounts and tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreBreakdown {
    /// Count of each shape (`0..7`) then colour (`7..14`), cards included, by seat.
    pub counts: Vec<[u8; 14]>,
    /// Coins from each shape then colour, by seat.
    pub category_coins: Vec<[i32; 14]>,
    /// Complete fossil pairs by seat.
    pub fossil_pairs: Vec<u32>,
    /// Sand dollars by seat.
    pub sand_dollars: Vec<u32>,
    /// Total coins by seat.
    pub coins: Vec<i32>,
    /// Sun tie-break values by seat.
    pub sun_counts: Vec<u32>,
}

fn item_json(code: u8) -> Value {
    match Item::from_code(code) {
        Item::Shell { shape, colour } => {
            json!({ "shell": [SHAPES[shape as usize], COLOURS[colour as usize]] })
        }
        Item::FossilHead => json!("FossilHead"),
        Item::FossilTail => json!("FossilTail"),
        Item::SandDollar => json!("SandDollar"),
        Item::Bottle => json!("Bottle"),
    }
}

fn name_index(names: &[&str; 7], v: &Value, field: &str) -> Result<u8, RecordError> {
    let name = v
        .as_str()
        .ok_or_else(|| RecordError::field(field, "expected a name"))?;
    names
        .iter()
        .position(|n| *n == name)
        .map(|i| i as u8)
        .ok_or_else(|| {
            RecordError::field(
                field,
                format!("unknown name `{name}` (known: {})", names.join(", ")),
            )
        })
}

fn shell_json(v: &Value, field: &str) -> Result<(u8, u8), RecordError> {
    let pair = v
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| RecordError::field(field, "expected [SHAPE, COLOUR]"))?;
    Ok((
        name_index(&SHAPES, &pair[0], field)?,
        name_index(&COLOURS, &pair[1], field)?,
    ))
}

fn parse_item(v: &Value, field: &str) -> Result<Option<Item>, RecordError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => match s.as_str() {
            "FossilHead" => Ok(Some(Item::FossilHead)),
            "FossilTail" => Ok(Some(Item::FossilTail)),
            "SandDollar" => Ok(Some(Item::SandDollar)),
            "Bottle" => Ok(Some(Item::Bottle)),
            other => Err(RecordError::field(field, format!("unknown item `{other}`"))),
        },
        Value::Object(o) => {
            let shell = o.get("shell").ok_or_else(|| {
                RecordError::field(field, "expected {\"shell\": [SHAPE, COLOUR]}")
            })?;
            let (shape, colour) = shell_json(shell, field)?;
            Ok(Some(Item::Shell { shape, colour }))
        }
        _ => Err(RecordError::field(field, "expected an item or null")),
    }
}

fn card_mask(v: Option<&Value>, names: &[&str; 7], field: &str) -> Result<u8, RecordError> {
    let list = v
        .and_then(Value::as_array)
        .ok_or_else(|| RecordError::field(field, "expected an array of names"))?;
    let mut mask = 0u8;
    for name in list {
        let i = name_index(names, name, field)?;
        if mask & (1 << i) != 0 {
            return Err(RecordError::field(field, "a card is listed twice"));
        }
        mask |= 1 << i;
    }
    Ok(mask)
}

fn names_of(mask: u8, names: &'static [&'static str; 7]) -> Vec<&'static str> {
    (0..7)
        .filter(|&i| mask >> i & 1 != 0)
        .map(|i| names[i])
        .collect()
}

impl Seashells {
    /// Every seat's scoring, category by category.
    pub fn breakdown(&self, s: &SeashellsState) -> ScoreBreakdown {
        let n = self.players;
        let counts: Vec<[u8; 14]> = (0..n).map(|p| self.counts(s, p)).collect();
        let mut category_coins = vec![[0i32; 14]; n];
        for cat in 0..14 {
            let column: Vec<u8> = counts.iter().map(|c| c[cat]).collect();
            let mut coins = vec![0i32; n];
            super::score_category(&column, self.scoring, &mut coins);
            for p in 0..n {
                category_coins[p][cat] = coins[p];
            }
        }
        let fossil_pairs: Vec<u32> = (0..n).map(|p| pairs_of(s.got[p])).collect();
        let sand_dollars: Vec<u32> = (0..n).map(|p| sand_dollars_of(s.got[p])).collect();
        let all = self.coins(s);
        ScoreBreakdown {
            counts,
            category_coins,
            fossil_pairs,
            sand_dollars,
            coins: all[..n].to_vec(),
            sun_counts: (0..n).map(|p| self.sun_count(s, p)).collect(),
        }
    }

    fn seat_line(&self, s: &SeashellsState, p: Seat) -> String {
        let got = s.got[p];
        let mut line = format!(
            "seat {p}: cards {}/{}; {} shells, fossils {}H {}T, sand dollars {}, bottles {} held {} spent",
            names_of(s.shape_cards[p], &SHAPES).join("+"),
            names_of(s.colour_cards[p], &COLOURS).join("+"),
            (got & super::ALL_SHELLS).count_ones(),
            heads_of(got),
            tails_of(got),
            sand_dollars_of(got),
            bottles_of(got) - s.spent[p] as u32,
            s.spent[p],
        );
        let mut shells: Vec<String> = Vec::new();
        let mut m = got & super::ALL_SHELLS;
        while m != 0 {
            shells.push(Item::from_code(m.trailing_zeros() as u8).label());
            m &= m - 1;
        }
        if !shells.is_empty() {
            let _ = write!(line, "\n        shells: {}", shells.join(" "));
        }
        line
    }
}

impl RecordFormat for Seashells {
    fn options_json(&self) -> Value {
        json!({ "mode": self.mode.word(), "scoring": self.scoring.word() })
    }

    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError> {
        let word = |key: &str, choices: &[&str]| -> Result<usize, RecordError> {
            match options.get(key) {
                None => Ok(0),
                Some(v) => v
                    .as_str()
                    .and_then(|w| choices.iter().position(|c| *c == w))
                    .ok_or_else(|| {
                        RecordError::field(
                            format!("options.{key}"),
                            format!("expected one of {}", choices.join("|")),
                        )
                    }),
            }
        };
        let mode = [Mode::Board, Mode::Stroll][word("mode", &["board", "stroll"])?];
        let scoring =
            [Scoring::Simple, Scoring::Advanced][word("scoring", &["simple", "advanced"])?];
        Seashells::new(players, mode, scoring)
            .map_err(|e| RecordError::field("players", e.to_string()))
    }

    fn setup_json(&self, s: &SeashellsState) -> Value {
        let items: Vec<Value> = (0..SQUARES)
            .map(|sq| {
                if sq == s.start as usize {
                    Value::Null
                } else {
                    item_json(s.items[sq])
                }
            })
            .collect();
        let cards: Vec<Value> = (0..self.players)
            .map(|p| {
                json!({
                    "shapes": names_of(s.shape_cards[p], &SHAPES),
                    "colours": names_of(s.colour_cards[p], &COLOURS),
                })
            })
            .collect();
        json!({
            "items": items,
            "sun": [SHAPES[(s.sun / 7) as usize], COLOURS[(s.sun % 7) as usize]],
            "bucket": s.start,
            "cards": cards,
        })
    }

    fn action_events(
        &self,
        before: &SeashellsState,
        action: SeashellsAction,
        _after: &SeashellsState,
        out: &mut Vec<Value>,
    ) {
        out.push(match action {
            SeashellsAction::Take { square, bottle } => {
                json!({ "seat": before.turn, "take": square, "bottle": bottle })
            }
            SeashellsAction::Step { steps, bottle } => {
                json!({ "seat": before.turn, "step": steps, "bottle": bottle })
            }
        });
    }

    fn result_json(&self, s: &SeashellsState) -> Value {
        let o = self.outcome(s);
        json!({ "coins": o.scores.as_slice(), "winners": o.winners.iter().collect::<Vec<_>>() })
    }

    fn replay(&self, setup: &Value, events: &[Value]) -> Result<Replay<Self>, RecordError> {
        let list = setup
            .get("items")
            .and_then(Value::as_array)
            .filter(|a| a.len() == SQUARES)
            .ok_or_else(|| RecordError::field("setup.items", "expected an array of 64 entries"))?;
        let mut items = [None; SQUARES];
        for (sq, v) in list.iter().enumerate() {
            items[sq] = parse_item(v, &format!("setup.items[{sq}]"))?;
        }
        let sun = shell_json(setup.get("sun").unwrap_or(&Value::Null), "setup.sun")?;
        let bucket = get_u64(setup, "bucket").map_err(|e| RecordError::field("setup.bucket", e))?;
        if bucket >= SQUARES as u64 || items[bucket as usize].is_some() {
            return Err(RecordError::field(
                "setup.bucket",
                "must be the index of the null entry of `items`",
            ));
        }
        let hands = setup
            .get("cards")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.cards", "expected an array of hands"))?;
        let mut cards = Vec::with_capacity(hands.len());
        for (p, hand) in hands.iter().enumerate() {
            let field = format!("setup.cards[{p}]");
            cards.push((
                card_mask(hand.get("shapes"), &SHAPES, &field)?,
                card_mask(hand.get("colours"), &COLOURS, &field)?,
            ));
        }
        let initial = self
            .setup_state(&items, sun, &cards)
            .map_err(|e| RecordError::field("setup", e))?;
        let mode = self.mode;
        replay_decisions(self, initial, events, |_, e| {
            let bottle = get_bool(e, "bottle")?;
            match mode {
                Mode::Board => {
                    let square = get_u64(e, "take")?;
                    if square >= 64 {
                        return Err(format!("square {square} is off the board"));
                    }
                    Ok(SeashellsAction::Take {
                        square: square as u8,
                        bottle,
                    })
                }
                Mode::Stroll => {
                    let steps = get_u64(e, "step")?;
                    if !(1..=4).contains(&steps) {
                        return Err(format!("a step is 1 to 4 items, not {steps}"));
                    }
                    Ok(SeashellsAction::Step {
                        steps: steps as u8,
                        bottle,
                    })
                }
            }
        })
    }
}

impl Describe for Seashells {
    fn describe_state(&self, s: &SeashellsState, viewer: Viewer) -> String {
        let _ = viewer;
        let mut out = String::new();
        let sun = Item::from_code(s.sun);
        let _ = writeln!(
            out,
            "Seashells, {} players, {} mode, {} scoring; Sun shell {} ({} {})",
            self.players,
            self.mode.word(),
            self.scoring.word(),
            sun.label(),
            SHAPES[(s.sun / 7) as usize],
            COLOURS[(s.sun % 7) as usize],
        );
        let cell = |sq: usize| -> String {
            if sq == s.bucket as usize {
                "[U]".to_string()
            } else if s.occ >> sq & 1 != 0 {
                Item::from_code(s.items[sq]).label()
            } else {
                ".".to_string()
            }
        };
        match self.mode {
            Mode::Board => {
                let _ = writeln!(
                    out,
                    "     {}",
                    (0..8).map(|c| format!("{c:>4}")).collect::<String>()
                );
                for row in 0..8 {
                    let _ = write!(out, "{:>3} |", row * 8);
                    for col in 0..8 {
                        let _ = write!(out, "{:>4}", cell(row * 8 + col));
                    }
                    out.push('\n');
                }
                let _ = writeln!(
                    out,
                    "Bucket [U] on square {} (row {}, column {}); {} items left, {} in its row and column",
                    s.bucket,
                    s.bucket / 8,
                    s.bucket % 8,
                    s.occ.count_ones(),
                    self.reachable(s).count_ones()
                );
            }
            Mode::Stroll => {
                let _ = writeln!(
                    out,
                    "Ring, clockwise; `|` marks the shovel point, the Bucket's starting place {}:",
                    s.start
                );
                for line in 0..4 {
                    let _ = write!(out, "{:>3} ", line * 16);
                    for pos in line * 16..line * 16 + 16 {
                        let _ = write!(out, "{:>4}", cell(pos));
                        if pos == s.start as usize {
                            out.push('|');
                        }
                    }
                    out.push('\n');
                }
                let _ = writeln!(
                    out,
                    "Bucket [U] at position {}; {} items left; {} shovel(s) left",
                    s.bucket,
                    s.occ.count_ones(),
                    s.shovels
                );
            }
        }
        for p in 0..self.players {
            let _ = writeln!(out, "{}", self.seat_line(s, p));
        }
        match self.to_move(s) {
            Some(p) => {
                let _ = writeln!(out, "seat {p} to move");
            }
            None => {
                let _ = writeln!(out, "game over");
            }
        }
        out
    }

    fn describe_result(&self, s: &SeashellsState) -> String {
        let b = self.breakdown(s);
        let n = self.players;
        let mut out = String::new();
        let _ = write!(out, "{:<10}", "");
        for p in 0..n {
            let _ = write!(out, " | seat {p:<5}");
        }
        out.push('\n');
        let _ = writeln!(out, "{:<10}{}", "", " | count coin".repeat(n));
        for cat in 0..14 {
            let name = if cat < 7 {
                SHAPES[cat]
            } else {
                COLOURS[cat - 7]
            };
            let _ = write!(out, "{name:<10}");
            for p in 0..n {
                let _ = write!(
                    out,
                    " | {:>5} {:>4}",
                    b.counts[p][cat], b.category_coins[p][cat]
                );
            }
            out.push('\n');
        }
        let _ = write!(out, "{:<10}", "fossils");
        for p in 0..n {
            let _ = write!(
                out,
                " | {:>3}pr {:>4}",
                b.fossil_pairs[p],
                3 * b.fossil_pairs[p]
            );
        }
        out.push('\n');
        let _ = write!(out, "{:<10}", "sand $");
        for p in 0..n {
            let _ = write!(out, " | {:>5} {:>4}", b.sand_dollars[p], b.sand_dollars[p]);
        }
        out.push('\n');
        let _ = write!(out, "{:<10}", "TOTAL");
        for p in 0..n {
            let _ = write!(out, " | {:>10}", b.coins[p]);
        }
        out.push('\n');
        let _ = write!(out, "{:<10}", "Sun count");
        for p in 0..n {
            let _ = write!(out, " | {:>10}", b.sun_counts[p]);
        }
        out.push('\n');
        let o = self.outcome(s);
        let winners: Vec<String> = o.winners.iter().map(|p| p.to_string()).collect();
        let best = b.coins.iter().copied().max().unwrap_or(0);
        let tied = b.coins.iter().filter(|&&c| c == best).count();
        let how = match (tied, o.winners.len()) {
            (1, _) => "most coins".to_string(),
            (_, 1) => format!("{tied} tied on {best} coins; the Sun tie-break decides"),
            _ => format!("{tied} tied on {best} coins; still tied on the Sun: shared victory"),
        };
        let _ = writeln!(out, "winner(s): seat {} ({how})", winners.join(", seat "));
        out
    }
}

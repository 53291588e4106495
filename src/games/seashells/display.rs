//! Readable accounts ([`Describe`]): the board or ring, each seat's
//! collection and (for who may see them) secret cards, readable moves and
//! the final scoring.
//!
//! Board squares are written `a1`..`h8` ([`square_name`]: column letter,
//! then row number counted from the top), with the square number the action
//! text uses (`27` is `d4`).

use std::fmt::Write as _;

use super::record::names_of;
use super::state::ALL_SHELLS;
use super::{
    COLOURS, Item, Mode, SHAPES, Seashells, SeashellsAction, SeashellsState, bottles_of, heads_of,
    sand_dollars_of, square_name, tails_of,
};
use crate::display::{Describe, Viewer};
use crate::game::{Game, Seat};

impl Seashells {
    fn seat_line(&self, s: &SeashellsState, p: Seat, viewer: Viewer) -> String {
        let got = s.got[p];
        let cards = if viewer.sees_secrets_of(p) {
            format!(
                "cards {}/{}",
                names_of(s.shape_cards[p], &SHAPES).join("+"),
                names_of(s.colour_cards[p], &COLOURS).join("+"),
            )
        } else {
            "cards hidden".to_string()
        };
        let mut line = format!(
            "seat {p}: {cards}; {} shells, fossils {}H {}T, sand dollars {}, bottles {} held {} spent",
            (got & ALL_SHELLS).count_ones(),
            heads_of(got),
            tails_of(got),
            sand_dollars_of(got),
            bottles_of(got).saturating_sub(s.spent[p] as u32),
            s.spent[p],
        );
        let mut shells: Vec<String> = Vec::new();
        let mut m = got & ALL_SHELLS;
        while m != 0 {
            shells.push(Item::from_code(m.trailing_zeros() as u8).label());
            m &= m - 1;
        }
        if !shells.is_empty() {
            let _ = write!(line, "\n        shells: {}", shells.join(" "));
        }
        line
    }

    /// The item on place `at`, if it is still there.
    fn item_at(s: &SeashellsState, at: u32) -> Option<Item> {
        (s.occ >> (at & 63) & 1 != 0).then(|| Item::from_code(s.items[(at & 63) as usize]))
    }
}

impl Seashells {
    /// The squares (board) or ring positions (stroll) the seat to move can
    /// take, as a bit mask (empty when the game is over).
    fn choice_places(&self, s: &SeashellsState) -> u64 {
        if self.to_move(s).is_none() {
            return 0;
        }
        match self.mode {
            Mode::Board => self.reachable(s),
            Mode::Stroll => {
                let steps = s.occ.count_ones().min(4);
                (1..=steps).fold(0u64, |mask, k| {
                    let to = (s.bucket as u32 + Self::stroll_distance(s, k)) & 63;
                    mask | 1 << to
                })
            }
        }
    }

    /// [`Describe::describe_state`], with the places in `marked` drawn as
    /// `*ITEM` (the columns then one character wider) and a line saying so.
    fn picture(&self, s: &SeashellsState, viewer: Viewer, marked: u64) -> String {
        let mut out = String::new();
        let width = if marked == 0 { 4 } else { 5 };
        let sun = Item::from_code(s.sun);
        let _ = writeln!(
            out,
            "Seashells, {} players, {} mode, {} scoring; Sun shell {} ({} {})",
            self.players,
            self.mode,
            self.scoring,
            sun.label(),
            SHAPES[(s.sun / 7) as usize],
            COLOURS[(s.sun % 7) as usize],
        );
        if let Viewer::Seat(k) = viewer {
            let _ = writeln!(out, "as seen by seat {k}");
        }
        let cell = |sq: usize| -> String {
            let text = if sq == s.bucket as usize {
                "[U]".to_string()
            } else if s.occ >> sq & 1 != 0 {
                Item::from_code(s.items[sq]).label()
            } else {
                ".".to_string()
            };
            let text = if marked >> sq & 1 != 0 {
                format!("*{}", text.trim_start())
            } else {
                text
            };
            format!("{text:>width$}")
        };
        match self.mode {
            Mode::Board => {
                let _ = writeln!(
                    out,
                    "  row sq |{}",
                    (b'a'..=b'h')
                        .map(|c| format!("{:>width$}", c as char))
                        .collect::<String>()
                );
                for row in 0..8 {
                    let _ = write!(out, "{:>5}{:>3} |", row + 1, row * 8);
                    for col in 0..8 {
                        out.push_str(&cell(row * 8 + col));
                    }
                    out.push('\n');
                }
                let _ = writeln!(
                    out,
                    "Bucket [U] on {} (square {}); {} items left, {} in its row and column",
                    square_name(s.bucket),
                    s.bucket,
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
                        out.push_str(&cell(pos));
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
        if marked != 0 {
            let _ = writeln!(out, "* marks the places you can take");
        }
        for p in 0..self.players {
            let _ = writeln!(out, "{}", self.seat_line(s, p, viewer));
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
}

impl Describe for Seashells {
    fn describe_state(&self, s: &SeashellsState, viewer: Viewer) -> String {
        self.picture(s, viewer, 0)
    }

    /// The legend of the picture's abbreviations, and who leads each shape
    /// and colour with the shells collected so far (public: the secret
    /// cards, which also count, are left out).
    fn describe_notes(&self, s: &SeashellsState, _viewer: Viewer) -> String {
        const CODES: [&str; 7] = ["Sc", "Co", "Wh", "Cw", "Oy", "St", "Na"];
        let mut out = String::from("Legend: ");
        let shapes: Vec<String> = (0..7)
            .map(|i| format!("{} {}", CODES[i], SHAPES[i]))
            .collect();
        let colours: Vec<String> = COLOURS.iter().map(|c| format!("{} {c}", &c[..1])).collect();
        let _ = writeln!(
            out,
            "{}; second letter the colour: {}",
            shapes.join(", "),
            colours.join(", ")
        );
        out.push_str(
            "        FH/FT fossil head/tail, $ sand dollar, Bo bottle, [U] the Bucket, * a place you may take\n",
        );
        let players = self.players;
        // counts[seat][category]: shapes 0..7, colours 7..14.
        let counts: Vec<[u32; 14]> = (0..players)
            .map(|p| {
                let mut c = [0u32; 14];
                let mut m = s.got[p] & ALL_SHELLS;
                while m != 0 {
                    let code = m.trailing_zeros() as usize;
                    c[code / 7] += 1;
                    c[7 + code % 7] += 1;
                    m &= m - 1;
                }
                c
            })
            .collect();
        let lead = |cat: usize, name: &str| -> String {
            let best = counts.iter().map(|c| c[cat]).max().unwrap_or(0);
            if best == 0 {
                return format!("{name} -");
            }
            let leaders: Vec<String> = (0..players)
                .filter(|&p| counts[p][cat] == best)
                .map(|p| p.to_string())
                .collect();
            format!("{name} s{} ({best})", leaders.join("+s"))
        };
        out.push_str("Leads so far (shells collected; the secret cards also count at the end):\n");
        let _ = writeln!(
            out,
            "  shapes:  {}",
            (0..7)
                .map(|i| lead(i, SHAPES[i]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let _ = writeln!(
            out,
            "  colours: {}",
            (0..7)
                .map(|i| lead(7 + i, COLOURS[i]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        out
    }

    /// The picture with the squares (board) or ring positions (stroll) the
    /// seat to move can take marked `*`.
    fn describe_with_choices(&self, s: &SeashellsState, viewer: Viewer) -> String {
        self.picture(s, viewer, self.choice_places(s))
    }

    /// Board mode: the square's board name (`d4` for `27`, `d4+b`).
    fn action_names(&self, action: SeashellsAction) -> Vec<String> {
        match action {
            SeashellsAction::Take { square, bottle } => {
                vec![format!(
                    "{}{}",
                    square_name(square),
                    if bottle { "+b" } else { "" }
                )]
            }
            SeashellsAction::Step { .. } => Vec::new(),
        }
    }

    /// `take d4 (square 27): Scallop/Yellow, then spends a bottle`; stroll:
    /// `step 3 to place 41: Bottle, passing the shovel point (1 shovel left)`.
    fn describe_action(&self, before: &SeashellsState, action: SeashellsAction) -> String {
        let bottle = if action.bottle() {
            ", then spends a bottle for an extra turn"
        } else {
            ""
        };
        match action {
            SeashellsAction::Take { square, .. } => {
                let what = match Self::item_at(before, square as u32) {
                    Some(item) => item.to_string(),
                    None => "nothing there".to_string(),
                };
                format!(
                    "take {} (square {square}): {what}{bottle}",
                    square_name(square)
                )
            }
            SeashellsAction::Step { steps, .. } => {
                let left = before.occ.count_ones();
                if steps == 0 || steps as u32 > left {
                    return format!("step {steps}: only {left} item(s) left{bottle}");
                }
                let distance = Self::stroll_distance(before, steps as u32);
                let to = (before.bucket as u32 + distance) & 63;
                let what = Self::item_at(before, to).map_or("nothing".into(), |i| i.to_string());
                let shovel = if Self::passes_point(before, distance) {
                    match before.shovels {
                        0 | 1 => {
                            ", passing the shovel point: the last shovel goes, the stroll ends"
                                .to_string()
                        }
                        n => format!(", passing the shovel point ({} shovel(s) left)", n - 1),
                    }
                } else {
                    String::new()
                };
                format!("step {steps} to place {to}: {what}{shovel}{bottle}")
            }
        }
    }

    fn describe_reveal(&self, _: &SeashellsState, _: SeashellsAction, _: Seat) -> String {
        "the end of the game, which showed every card".to_string()
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
        if b.compensation.iter().any(|&c| c != 0) {
            // The `compensation` lever (not the rules): its row only when set.
            let _ = write!(out, "{:<10}", "compens.");
            for p in 0..n {
                let _ = write!(out, " | {:>10}", b.compensation[p]);
            }
            out.push('\n');
        }
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

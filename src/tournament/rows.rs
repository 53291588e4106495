//! CSV rows of a run (docs/tournaments.md): the tidy per-seat-per-game rows
//! of `--out` (formatted in the workers; their columns are
//! [`GameColumn`]'s, read back by [`super::game_row`]) and the summary rows
//! of `--summary`. Fields are quoted as the `csv` crate does: only when they
//! hold a comma, a quote or a line break.

use std::fmt::Write;

use super::game_row::{END_FINISHED, END_FORFEIT, GameColumn};
use super::shares::{SHARE_UNIT, ranks};
use super::totals::{Tally, Totals};
use super::{GameResult, RunSpec};
use crate::stats::sprt::Sprt;

/// The header line of `--out` for a game with its own columns `extra`.
pub fn game_header(extra: &[&str]) -> String {
    plan_header(&[], extra)
}

/// The header line of `--out` for a plan whose rows begin with the value
/// columns `values` (a sweep's varied settings), for a game with its own
/// columns `extra`: the values, the common columns ([`GameColumn`]), the
/// game's. A game column named like a value column is written
/// `NAME_actual` (Seaside's `removed` in a sweep of `removed`: the tokens
/// a game actually set aside, beside the setting).
pub fn plan_header(values: &[&str], extra: &[&str]) -> String {
    let mut header = String::new();
    for v in values {
        header.push_str(&field(v));
        header.push(',');
    }
    header.push_str(&GameColumn::NAMES.join(","));
    for column in extra {
        header.push(',');
        header.push_str(column);
        if values.contains(column) {
            header.push_str("_actual");
        }
    }
    header.push('\n');
    header
}

/// The header line of `--summary` (with its newline).
pub const SUMMARY_HEADER: &str = "game_spec,players,games,seed,rotations,kind,seat,bot,\
seat_games,wins,win_rate,win_low95,win_high95,mean_score,score_ci95,mean_rank,\
tie_rate,mean_plies,sd_plies,mean_turns,sd_turns,paired_diff,paired_ci95,paired_deals,\
wins60,won,score_sum,score_sq,rank_sum,ties,plies_sum,plies_sq,turns_sum,turns_sq,\
paired_sum,paired_sq,paired_unit,sprt,sprt_llr,sprt_lower,sprt_upper,sprt_decision,sprt_counts\n";

/// `text` as a CSV field: quoted (quotes doubled) when it holds a comma, a
/// quote or a line break, else as is.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The `--out` rows of one game (one per seat, each with its newline);
/// `bots` are the distinct bot specs already passed through [`field`].
/// Hand-formatted (integers digit by digit, win shares from a table): this
/// runs once per game in the workers and must cost little next to a random
/// game.
pub fn game_rows(result: &GameResult, bots: &[String]) -> String {
    let mut out = Vec::new();
    write_game_rows(result, bots, &mut out);
    String::from_utf8(out).expect("ASCII digits and UTF-8 specs")
}

/// [`game_rows`], appended to `out`.
pub fn write_game_rows(result: &GameResult, bots: &[String], out: &mut Vec<u8>) {
    write_game_rows_after(&[], result, bots, out);
}

/// [`write_game_rows`] with `lead` (CSV fields, each followed by its comma:
/// a plan part's values) at the start of every row.
pub fn write_game_rows_after(lead: &[u8], result: &GameResult, bots: &[String], out: &mut Vec<u8>) {
    write_game_rows_laid_out(lead, result, bots, None, out);
}

/// The game columns of a plan whose parts may be of different games: the
/// columns of each part's game (`per_part`, each
/// [`crate::game::Game::extra_columns`]) in the order they first appear.
/// One game's columns for a plan of one game.
pub fn extra_columns_union<'a>(per_part: impl IntoIterator<Item = &'a [&'a str]>) -> Vec<&'a str> {
    let mut columns: Vec<&str> = Vec::new();
    for list in per_part {
        for &c in list {
            if !columns.contains(&c) {
                columns.push(c);
            }
        }
    }
    columns
}

/// Where each of `columns` (a plan's game columns, [`extra_columns_union`])
/// is among a part's own game columns `own`: `None` when they are the
/// same list (the rows are written as they are), else one entry per
/// column, `None` for a column the part's game does not have (left empty).
pub fn extras_layout(columns: &[&str], own: &[&str]) -> Option<Vec<Option<usize>>> {
    (columns != own).then(|| {
        columns
            .iter()
            .map(|c| own.iter().position(|o| o == c))
            .collect()
    })
}

/// [`write_game_rows_after`] with the game's own columns laid out as
/// `extras` says ([`extras_layout`]; `None`: as they are).
pub fn write_game_rows_laid_out(
    lead: &[u8],
    result: &GameResult,
    bots: &[String],
    extras: Option<&[Option<usize>]>,
    out: &mut Vec<u8>,
) {
    let players = result.seat_bots.len();
    let w = &result.outcome.winners;
    let ranks = ranks(result);
    // Room for the longest rows these values can make: the rows are
    // written in place, then the buffer is cut to what was written. A
    // number takes at most 20 digits and a sign, and its comma.
    const NUMBER: usize = 22;
    let extra_count = extras.map_or(result.extras.len(), <[_]>::len);
    let spec_bytes: usize = result.seat_bots.iter().map(|&b| bots[b].len()).sum();
    let row = lead.len()
        + 4 * NUMBER // game, deal, rotation, seed
        + 3 * NUMBER + 1 // seat, score, rank; the spec's comma
        + ",0.0000,0,".len() // win_share, won
        + 2 * NUMBER // plies, turns
        + ",forfeit:".len() + NUMBER // end
        + extra_count * NUMBER
        + 1; // the newline
    let begin = out.len();
    out.resize(begin + players * row + spec_bytes, 0);
    let buf = &mut out[begin..];
    // The fields in `GameColumn`'s order. The prefix (game, deal, rotation,
    // seed) and the suffix (plies, turns, end, the game's columns) are the
    // same on every row: formatted on the first row, copied to the others.
    // `at` is where the next byte goes.
    let mut at = put(buf, 0, lead);
    at = put_number(buf, at, result.index);
    at = put(buf, at, b",");
    at = put_number(buf, at, result.deal);
    at = put(buf, at, b",");
    at = put_number(buf, at, result.rotation);
    at = put(buf, at, b",");
    at = put_number(buf, at, result.seed);
    at = put(buf, at, b",");
    let prefix = 0..at;
    let mut suffix = 0..0;
    for (seat, &bot) in result.seat_bots.iter().enumerate() {
        if seat > 0 {
            buf.copy_within(prefix.clone(), at);
            at += prefix.len();
        }
        at = put_number(buf, at, seat as u64);
        at = put(buf, at, b",");
        at = put(buf, at, bots[bot].as_bytes());
        at = put(buf, at, b",");
        at = put_signed(buf, at, i64::from(result.outcome.scores[seat]));
        at = put(buf, at, b",");
        at = put_number(buf, at, ranks[seat]);
        at = if w.contains(seat) {
            let at = put(buf, at, b",");
            let at = put(buf, at, SHARES[w.len()].as_bytes());
            put(buf, at, b",1,")
        } else {
            put(buf, at, b",0.0000,0,")
        };
        if seat > 0 {
            buf.copy_within(suffix.clone(), at);
            at += suffix.len();
            continue;
        }
        let from = at;
        at = put_number(buf, at, u64::from(result.plies));
        at = put(buf, at, b",");
        at = put_number(buf, at, u64::from(result.turns));
        // `end`: `finished`, or `forfeit:S` when seat S's bot forfeited.
        at = put(buf, at, b",");
        at = match result.forfeit {
            None => put(buf, at, END_FINISHED.as_bytes()),
            Some(seat) => {
                let at = put(buf, at, END_FORFEIT.as_bytes());
                put_number(buf, at, seat as u64)
            }
        };
        let mut push_extra = |at: usize, value: Option<i64>| {
            let at = put(buf, at, b",");
            value.map_or(at, |v| put_signed(buf, at, v))
        };
        at = match extras {
            None => result
                .extras
                .iter()
                .fold(at, |at, &v| push_extra(at, Some(v))),
            Some(layout) => layout.iter().fold(at, |at, i| {
                push_extra(at, i.and_then(|i| result.extras.get(i).copied()))
            }),
        };
        at = put(buf, at, b"\n");
        suffix = from..at;
    }
    out.truncate(begin + at);
}

/// Write `bytes` at `at` in `buf`; returns the position after them. The
/// row writers pass the position by value so that it stays in a register.
#[inline(always)]
fn put(buf: &mut [u8], at: usize, bytes: &[u8]) -> usize {
    buf[at..at + bytes.len()].copy_from_slice(bytes);
    at + bytes.len()
}

/// Write the decimal digits of `n` at `at` (see [`put`]). Seats, ranks,
/// scores and lengths are mostly below 100 and are written at once.
#[inline(always)]
fn put_number(buf: &mut [u8], at: usize, n: u64) -> usize {
    if n < 10 {
        buf[at] = b'0' + n as u8;
        at + 1
    } else if n < 100 {
        let pair = n as usize * 2;
        buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        at + 2
    } else {
        put_long_number(buf, at, n)
    }
}

/// [`put_number`] for `n` ≥ 100: two digits at a time from the last.
fn put_long_number(buf: &mut [u8], at: usize, mut n: u64) -> usize {
    let end = at + n.ilog10() as usize + 1;
    let mut i = end;
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        let pair = n as usize * 2;
        buf[i - 2..i].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        buf[i - 1] = b'0' + n as u8;
    }
    end
}

/// [`put_number`] of a signed number.
#[inline(always)]
fn put_signed(buf: &mut [u8], at: usize, n: i64) -> usize {
    let at = if n < 0 { put(buf, at, b"-") } else { at };
    put_number(buf, at, n.unsigned_abs())
}

/// `1/k` with 4 decimals, by the number of winners `k` (`{:.4}`).
const SHARES: [&str; 9] = [
    "0.0000", "1.0000", "0.5000", "0.3333", "0.2500", "0.2000", "0.1667", "0.1429", "0.1250",
];

/// Two-digit pairs "00".."99", for [`put_number`].
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// The `--summary` rows of a run (after [`SUMMARY_HEADER`]): one per bot
/// (`kind` = `bot`, empty `seat`), then one per seat (`kind` = `seat`; its
/// `bot` is the seat's spec, or empty when the lineup rotates). The run's
/// description and run-level totals are on every row; the paired columns
/// are filled on bot rows of a two-bot run (the row's bot minus the other).
///
/// With a sequential test, its columns (`sprt` the test's canonical spec,
/// the log-likelihood ratio, its bounds, the decision, and the counts of
/// whole deals by score level separated by `:`) are filled on every row.
pub fn summary_rows(spec: &RunSpec, totals: &Totals, sprt: Option<&Sprt>) -> String {
    let mut out = String::new();
    let sprt_columns = match (sprt, totals.paired.as_ref()) {
        (Some(test), Some(p)) => {
            let o = test.decide(&p.score_counts());
            let counts: Vec<String> = p.levels.iter().map(u64::to_string).collect();
            format!(
                "{},{:.4},{:.4},{:.4},{},{}",
                field(&test.to_string()),
                o.llr,
                o.lower,
                o.upper,
                o.decision,
                counts.join(":")
            )
        }
        _ => ",,,,,".to_string(),
    };
    let bots = spec.bots();
    let rotating = spec.rotations() > 1;
    let game = field(&spec.game);
    let (plies, plies_sd) = totals.plies();
    let (turns, turns_sd) = totals.turns();
    let mut line = |kind: &str,
                    seat: String,
                    bot: &str,
                    t: &Tally,
                    paired: Option<(f64, f64, u64, i64, i128, u64)>| {
        let (rate, low, high) = t.win_share();
        let (mean, half) = t.score();
        let (pd, pci, pdeals, psum, psq, punit) = match paired {
            Some((d, h, n, s, q, u)) => (
                format!("{d:.4}"),
                format!("{h:.4}"),
                n.to_string(),
                s.to_string(),
                q.to_string(),
                u.to_string(),
            ),
            None => Default::default(),
        };
        let _ = writeln!(
            out,
            "{game},{},{},{},{},{kind},{seat},{},{},{:.4},{rate:.4},{low:.4},{high:.4},{mean:.4},{half:.4},{:.4},\
             {:.4},{plies:.4},{plies_sd:.4},{turns:.4},{turns_sd:.4},{pd},{pci},{pdeals},\
             {},{},{},{},{},{},{},{},{},{},{psum},{psq},{punit},{sprt_columns}",
            spec.players,
            totals.games,
            spec.seed,
            spec.rotations(),
            field(bot),
            t.games,
            t.wins60 as f64 / SHARE_UNIT as f64,
            t.mean_rank(),
            totals.tie_rate(),
            t.wins60,
            t.won,
            t.score_sum,
            t.score_sq,
            t.rank_sum,
            totals.ties,
            totals.plies_sum,
            totals.plies_sq,
            totals.turns_sum,
            totals.turns_sq,
        );
    };
    for (i, t) in totals.bots.iter().enumerate() {
        let paired = totals.paired.as_ref().map(|p| {
            let (d, h) = p.difference();
            let sign = if i == 0 { 1 } else { -1 };
            (
                sign as f64 * d + 0.0,
                h,
                p.deals,
                sign * p.sum,
                p.sq,
                p.unit(),
            )
        });
        line("bot", String::new(), &bots[i], t, paired);
    }
    for (seat, t) in totals.seats.iter().enumerate() {
        let bot = if rotating || spec.lineups.len() > 1 {
            ""
        } else {
            spec.lineup()[seat].as_str()
        };
        line("seat", seat.to_string(), bot, t, None);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_match_the_formatted_fractions() {
        for (k, text) in SHARES.iter().enumerate().skip(1) {
            assert_eq!(*text, format!("{:.4}", 1.0 / k as f64));
        }
    }

    #[test]
    fn numbers_are_written_as_display_writes_them() {
        let mut buf = [0u8; 64];
        let cases = [
            0,
            7,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            1234567890123,
            10u64.pow(19),
            u64::MAX,
        ];
        for n in cases {
            let at = put_number(&mut buf, 3, n);
            assert_eq!(&buf[3..at], n.to_string().as_bytes());
        }
        for n in [0, -1, -10, 42, i64::MIN, i64::MAX] {
            let at = put_signed(&mut buf, 0, n);
            assert_eq!(&buf[..at], n.to_string().as_bytes());
        }
    }

    /// The longest values of every field fit the room reserved for a game,
    /// and the rows are exactly those `format!` writes.
    #[test]
    fn the_longest_rows_are_written_exactly() {
        use crate::game::{Outcome, SeatSet};
        let mut winners = SeatSet::EMPTY;
        winners.insert(1);
        winners.insert(2);
        let result = GameResult {
            index: u64::MAX,
            part: 0,
            deal: u64::MAX - 1,
            lineup: 0,
            rotation: u64::MAX - 2,
            seed: u64::MAX - 3,
            seat_bots: vec![0, 1, 0],
            outcome: Outcome {
                scores: [i32::MIN, i32::MAX, i32::MAX].into_iter().collect(),
                winners,
            },
            plies: u32::MAX,
            turns: u32::MAX - 1,
            extras: vec![i64::MIN, i64::MAX, 0],
            record_line: None,
            forfeit: Some(usize::MAX),
        };
        let bots = ["\"a,b\"".to_string(), "random".to_string()];
        let lead = b"x,";
        let layout = [Some(2), None, Some(0), Some(1)];
        for extras in [None, Some(&layout[..])] {
            let mut out = b"kept".to_vec();
            write_game_rows_laid_out(lead, &result, &bots, extras, &mut out);
            let tail = match extras {
                None => format!(",{},{},0", i64::MIN, i64::MAX),
                Some(_) => format!(",0,,{},{}", i64::MIN, i64::MAX),
            };
            let row = |seat: usize, bot: &str, score: i32, rank: u64, share: &str, won: u8| {
                format!(
                    "x,{},{},{},{},{seat},{bot},{score},{rank},{share},{won},{},{},forfeit:{}{tail}\n",
                    u64::MAX,
                    u64::MAX - 1,
                    u64::MAX - 2,
                    u64::MAX - 3,
                    u32::MAX,
                    u32::MAX - 1,
                    usize::MAX,
                )
            };
            let want = format!(
                "kept{}{}{}",
                row(0, "\"a,b\"", i32::MIN, 3, "0.0000", 0),
                row(1, "random", i32::MAX, 1, "0.5000", 1),
                row(2, "\"a,b\"", i32::MAX, 1, "0.5000", 1),
            );
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }
}

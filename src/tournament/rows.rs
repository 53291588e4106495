//! CSV rows of a run (docs/tournaments.md): the tidy per-seat-per-game rows
//! of `--out` (formatted in the workers) and the summary rows of
//! `--summary`. Fields are quoted as the `csv` crate does: only when they
//! hold a comma, a quote or a line break.

use std::fmt::Write;

use super::totals::{SHARE_UNIT, Tally, Totals, ranks};
use super::{GameResult, RunSpec};
use crate::stats::sprt::Sprt;

/// The common columns of `--out` (with its newline); a game's own columns
/// ([`crate::game::Game::extra_columns`]) follow: see [`game_header`].
pub const GAME_HEADER: &str =
    "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end\n";

/// The header line of `--out` for a game with its own columns `extra`.
pub fn game_header(extra: &[&str]) -> String {
    plan_header(&[], extra)
}

/// The header line of `--out` for a plan whose rows begin with the value
/// columns `values` (a sweep's varied settings), for a game with its own
/// columns `extra`. A game column named like a value column is written
/// `NAME_actual` (Seaside's `removed` in a sweep of `removed`: the tokens
/// a game actually set aside, beside the setting).
pub fn plan_header(values: &[&str], extra: &[&str]) -> String {
    let mut header = String::new();
    for v in values {
        header.push_str(&field(v));
        header.push(',');
    }
    header.push_str(GAME_HEADER.trim_end());
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
    let spec_bytes: usize = result.seat_bots.iter().map(|&b| bots[b].len()).sum();
    let ranks = ranks(result);
    let w = &result.outcome.winners;
    // The prefix (game, deal, rotation, seed) and the suffix (plies, turns,
    // end, the game's columns) are the same on every row: formatted once.
    let mut prefix = Vec::with_capacity(64 + lead.len());
    prefix.extend_from_slice(lead);
    push_u64(&mut prefix, result.index);
    prefix.push(b',');
    push_u64(&mut prefix, result.deal);
    prefix.push(b',');
    push_u64(&mut prefix, result.rotation);
    prefix.push(b',');
    push_u64(&mut prefix, result.seed);
    prefix.push(b',');
    let mut suffix = Vec::with_capacity(32);
    push_u64(&mut suffix, u64::from(result.plies));
    suffix.push(b',');
    push_u64(&mut suffix, u64::from(result.turns));
    // `end`: `finished`, or `forfeit:S` when seat S's bot forfeited.
    match result.forfeit {
        None => suffix.extend_from_slice(b",finished"),
        Some(seat) => {
            suffix.extend_from_slice(b",forfeit:");
            push_u64(&mut suffix, seat as u64);
        }
    }
    let mut push_extra = |value: Option<i64>| {
        suffix.push(b',');
        if let Some(value) = value {
            if value < 0 {
                suffix.push(b'-');
            }
            push_u64(&mut suffix, value.unsigned_abs());
        }
    };
    match extras {
        None => result.extras.iter().for_each(|&v| push_extra(Some(v))),
        Some(layout) => layout
            .iter()
            .for_each(|i| push_extra(i.and_then(|i| result.extras.get(i).copied()))),
    }
    suffix.push(b'\n');
    out.reserve(players * (prefix.len() + suffix.len() + 32) + spec_bytes);
    for (seat, &bot) in result.seat_bots.iter().enumerate() {
        let (share, won): (&[u8], &[u8]) = if w.contains(seat) {
            (SHARES[w.len()].as_bytes(), b",1,")
        } else {
            (b"0.0000", b",0,")
        };
        out.extend_from_slice(&prefix);
        push_u64(out, seat as u64);
        out.push(b',');
        out.extend_from_slice(bots[bot].as_bytes());
        out.push(b',');
        let score = result.outcome.scores[seat];
        if score < 0 {
            out.push(b'-');
        }
        push_u64(out, u64::from(score.unsigned_abs()));
        out.push(b',');
        push_u64(out, ranks[seat]);
        out.push(b',');
        out.extend_from_slice(share);
        out.extend_from_slice(won);
        out.extend_from_slice(&suffix);
    }
}

/// `1/k` with 4 decimals, by the number of winners `k` (`{:.4}`).
const SHARES: [&str; 9] = [
    "0.0000", "1.0000", "0.5000", "0.3333", "0.2500", "0.2000", "0.1667", "0.1429", "0.1250",
];

/// Two-digit pairs "00".."99", for [`push_u64`].
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Append the decimal digits of `n` (two at a time).
fn push_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        let pair = n as usize * 2;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        i -= 1;
        digits[i] = b'0' + n as u8;
    }
    out.extend_from_slice(&digits[i..]);
}

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
        let mut out = Vec::new();
        for n in [0, 7, 10, 1234567890123, u64::MAX] {
            out.clear();
            push_u64(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }
}

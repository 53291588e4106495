//! CSV rows of a run (docs/tournaments.md): the tidy per-seat-per-game rows
//! of `--out` (formatted in the workers) and the summary rows of
//! `--summary`. Fields are quoted as the `csv` crate does: only when they
//! hold a comma, a quote or a line break.

use std::fmt::Write;

use super::totals::{SHARE_UNIT, Tally, Totals, ranks};
use super::{GameResult, RunSpec};

/// The header line of `--out` (with its newline).
pub const GAME_HEADER: &str =
    "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns\n";

/// The header line of `--summary` (with its newline).
pub const SUMMARY_HEADER: &str = "game_spec,players,games,seed,rotations,kind,seat,bot,\
seat_games,wins,win_rate,win_low95,win_high95,mean_score,score_ci95,mean_rank,\
tie_rate,mean_plies,sd_plies,mean_turns,sd_turns,paired_diff,paired_ci95,paired_deals,\
wins60,won,score_sum,score_sq,rank_sum,ties,plies_sum,plies_sq,turns_sum,turns_sq,\
paired_sum,paired_sq,paired_unit\n";

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
pub fn game_rows(result: &GameResult, bots: &[String]) -> String {
    let mut out = String::with_capacity(64 * result.seat_bots.len());
    let ranks = ranks(result);
    let w = &result.outcome.winners;
    for (seat, &bot) in result.seat_bots.iter().enumerate() {
        let share = if w.contains(seat) {
            1.0 / w.len() as f64
        } else {
            0.0
        };
        let _ = writeln!(
            out,
            "{},{},{},{},{seat},{},{},{},{share:.4},{},{},{}",
            result.index,
            result.deal,
            result.rotation,
            result.seed,
            bots[bot],
            result.outcome.scores[seat],
            ranks[seat],
            u8::from(share > 0.0),
            result.plies,
            result.turns
        );
    }
    out
}

/// The `--summary` rows of a run (after [`SUMMARY_HEADER`]): one per bot
/// (`kind` = `bot`, empty `seat`), then one per seat (`kind` = `seat`; its
/// `bot` is the seat's spec, or empty when the lineup rotates). The run's
/// description and run-level totals are on every row; the paired columns
/// are filled on bot rows of a two-bot run (the row's bot minus the other).
pub fn summary_rows(spec: &RunSpec, totals: &Totals) -> String {
    let mut out = String::new();
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
             {},{},{},{},{},{},{},{},{},{},{psum},{psq},{punit}",
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
        let bot = if rotating {
            ""
        } else {
            spec.lineup[seat].as_str()
        };
        line("seat", seat.to_string(), bot, t, None);
    }
    out
}

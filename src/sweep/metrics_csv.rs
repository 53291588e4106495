//! `metrics.csv`: the balance metrics of every combination of a plan.

use crate::game::{ExtraMetric, MetricKind};
use crate::tournament::rows::field;
use crate::tournament::{Plan, Totals};

/// The columns of `metrics.csv` after the value columns, before the
/// game's own metrics.
pub const METRICS_COLUMNS: &str = "seat,bot,games,win_share,win_low95,win_high95,\
mean_score,score_ci95,tie_rate,tie_low95,tie_high95,mean_plies,sd_plies,plies_ci95,\
mean_turns,sd_turns,turns_ci95,mean_margin,margin_ci95,paired_diff,paired_ci95,\
seat_ratio,seat_ratio_low95,seat_ratio_high95,max_seat_ratio,max_seat_ratio_low95,\
max_seat_ratio_high95,min_seat_ratio,min_seat_ratio_low95,min_seat_ratio_high95,seat_gap,\
seat_gap_low95,seat_gap_high95,skill_elo,skill_elo_low95,skill_elo_high95";

/// The header of `metrics.csv` for `plan` and the game's own metrics.
pub fn metrics_header(plan: &Plan, extra: &[ExtraMetric]) -> String {
    let mut header: Vec<String> = plan.value_columns().iter().map(|c| field(c)).collect();
    header.push(METRICS_COLUMNS.to_string());
    for m in extra {
        header.push(m.name.to_string());
        match m.kind {
            MetricKind::Mean | MetricKind::PerPlayer => {
                header.push(format!("{}_ci95", m.name.trim_start_matches("mean_")))
            }
            MetricKind::Share => {
                let stem = m.name.trim_end_matches("_share");
                header.push(format!("{stem}_low95"));
                header.push(format!("{stem}_high95"));
            }
        }
    }
    header.join(",") + "\n"
}

/// The rows of `metrics.csv` (after [`metrics_header`]): per combination,
/// one row per seat (its bot, or `(rotated)` when the lineup rotates),
/// then, when the lineup mixes bots, one row per bot over every seat it
/// held (`seat` = `all`). The combination's game-level metrics (ties,
/// length, margin, the best and worst seat, the game's own) are on each of
/// its rows; a seat's `seat_ratio` on its row. On the bot rows of a lineup
/// of two distinct bots, `paired_diff` is the bot's win share minus the
/// other's, paired per deal (the rotations of a deal together), with the
/// half-width of its 95% interval, and `skill_elo` the bot's Bradley-Terry
/// Elo against the other from their pairwise results. Intervals:
/// docs/statistics.md.
pub fn metrics_rows(plan: &Plan, totals: &[Totals], extra: &[ExtraMetric]) -> String {
    let mut out = String::new();
    for (part, t) in plan.parts.iter().zip(totals) {
        let lead: String = part.values.iter().map(|(_, v)| field(v) + ",").collect();
        let (level, own) = game_level_metrics(t, part.run.players, extra);
        let fairness = seat_fairness(t);
        let rotated = part.run.rotations() > 1;
        for (seat, s) in t.seats.iter().enumerate() {
            let bot = if rotated {
                "(rotated)".to_string()
            } else {
                part.run.lineup()[seat].clone()
            };
            let ratio = match &fairness {
                Some(f) => f.seats[seat].clone(),
                None => ",,".to_string(),
            };
            let best = fairness.as_ref().map_or(",,,,,,,,", |f| &f.combination);
            out.push_str(&format!(
                "{lead}{seat},{},{}{level},,,{ratio},{best},,,{own}\n",
                field(&bot),
                tally_metrics(s)
            ));
        }
        let bots = part.run.bots();
        if bots.len() > 1 {
            let paired = t.paired.as_ref().filter(|p| p.deals > 0);
            let difference = paired.map(|p| p.difference());
            let skill = paired.and_then(|p| p.skill_elo());
            for (i, (bot, b)) in bots.iter().zip(&t.bots).enumerate() {
                // The first bot's difference and Elo; the second's are their
                // negations.
                let sign = if i == 0 { 1.0 } else { -1.0 };
                let pair = match difference {
                    Some((d, h)) => format!("{:.4},{h:.4}", sign * d + 0.0),
                    None => ",".to_string(),
                };
                let elo = match skill {
                    Some((e, low, high)) if i == 0 => format!("{e:.1},{low:.1},{high:.1}"),
                    Some((e, low, high)) => {
                        format!("{:.1},{:.1},{:.1}", -e + 0.0, -high + 0.0, -low + 0.0)
                    }
                    None => ",,".to_string(),
                };
                let best = fairness.as_ref().map_or(",,,,,,,,", |f| &f.combination);
                out.push_str(&format!(
                    "{lead}all,{},{}{level},{pair},,,,{best},{elo}{own}\n",
                    field(bot),
                    tally_metrics(b)
                ));
            }
        }
    }
    out
}

/// The seat-fairness columns of a combination, formatted.
struct SeatFairnessCells {
    /// Per seat: `seat_ratio,low,high`.
    seats: Vec<String>,
    /// `max_seat_ratio,low,high,min_seat_ratio,low,high,seat_gap,low,high`.
    combination: String,
}

/// A combination's seat-fairness columns ([`Totals::seat_fairness`]);
/// `None` for a solo game or without games.
fn seat_fairness(t: &Totals) -> Option<SeatFairnessCells> {
    let f = t.seat_fairness()?;
    let three = |(v, low, high): crate::tournament::Interval| format!("{v:.4},{low:.4},{high:.4}");
    Some(SeatFairnessCells {
        seats: f.seats.iter().map(|&s| three(s)).collect(),
        combination: format!(
            "{},{},{}",
            three(f.max_ratio),
            three(f.min_ratio),
            three(f.gap)
        ),
    })
}

fn tally_metrics(t: &crate::tournament::Tally) -> String {
    let (share, low, high) = t.win_share();
    let (score, score_half) = t.score();
    format!(
        "{},{share:.4},{low:.4},{high:.4},{score:.3},{score_half:.3}",
        t.games
    )
}

/// The game-level columns through the margin, and the game's own metrics
/// (each with its leading comma).
fn game_level_metrics(t: &Totals, players: usize, extra: &[ExtraMetric]) -> (String, String) {
    let (tie, tie_low, tie_high) = t.tie_interval();
    let (plies, plies_sd) = t.plies();
    let (turns, turns_sd) = t.turns();
    let margin = match t.margin() {
        Some((m, h)) => format!("{m:.3},{h:.3}"),
        None => ",".to_string(),
    };
    let level = format!(
        ",{tie:.4},{tie_low:.4},{tie_high:.4},{plies:.3},{plies_sd:.3},{:.3},{turns:.3},{turns_sd:.3},{:.3},{margin}",
        t.plies_ci95(),
        t.turns_ci95()
    );
    let mut text = String::new();
    for m in extra {
        match m.kind {
            MetricKind::Mean => match t.extra(m.column) {
                Some((mean, h)) => text.push_str(&format!(",{mean:.3},{h:.3}")),
                None => text.push_str(",,"),
            },
            MetricKind::PerPlayer => match t.extra(m.column) {
                Some((mean, h)) => {
                    let p = players as f64;
                    text.push_str(&format!(",{:.3},{:.3}", mean / p, h / p));
                }
                None => text.push_str(",,"),
            },
            MetricKind::Share => match t.extra_share(m.column) {
                Some((share, low, high)) => {
                    text.push_str(&format!(",{share:.4},{low:.4},{high:.4}"))
                }
                None => text.push_str(",,,"),
            },
        }
    }
    (level, text)
}

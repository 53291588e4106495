//! A league summary's pairwise tables, from `pairs.csv`: each bot against
//! the next one down the ratings and every misfit ([`pairs_table`]), and
//! what hidden information is worth: each cheating bot against its fair
//! counterpart ([`hidden_information_table`]).

use std::fmt::Write as _;

use beachcomber_bots::{BotConfig, short_label};

use super::report::{MIN_DEALS, TOO_FEW};

/// The columns of `pairs.csv` the summary reads.
pub(super) const PAIRS_COLUMNS: &[&str] = &[
    "game_spec",
    "players",
    "bot_a",
    "bot_b",
    "score_a",
    "score_a_low95",
    "score_a_high95",
    "predicted_a",
    "elo_diff",
    "elo_diff_low95",
    "elo_diff_high95",
    "p_holm",
    "misfit",
    "deals",
];

/// One pairing's row of [`PAIRS_COLUMNS`] seen from one of its two bots
/// (`flip`: from `bot_b`'s side, whose score is the mirror of `bot_a`'s
/// and whose Elo difference is its negation), formatted for a table.
struct Oriented<'a> {
    /// The bot whose side this is.
    first: &'a str,
    /// Its opponent.
    second: &'a str,
    /// `0.731 [0.688, 0.774]` (or marked [`TOO_FEW`]).
    score: String,
    /// The share the ratings predict.
    predicted: String,
    /// `181.7 [158.0, 208.1]` (or marked [`TOO_FEW`]).
    elo: String,
    /// The Elo difference's interval, when both ends are numbers.
    elo_interval: Option<(f64, f64)>,
}

impl<'a> Oriented<'a> {
    fn new(r: &'a [String], flip: bool) -> Self {
        let num = |i: usize| r[i].parse::<f64>().ok();
        let share = |i: usize| num(i).map(|v| if flip { 1.0 - v } else { v });
        let elo = |i: usize| num(i).map(|v| if flip { -v } else { v });
        let (first, second) = if flip { (&r[3], &r[2]) } else { (&r[2], &r[3]) };
        let (low, high) = if flip {
            (share(6), share(5))
        } else {
            (share(5), share(6))
        };
        let (dlow, dhigh) = if flip {
            (elo(10), elo(9))
        } else {
            (elo(9), elo(10))
        };
        let f = |v: Option<f64>, digits: usize| {
            // `+ 0.0`: a mirrored 0 is written 0, not -0.
            v.map(|v| format!("{:.digits$}", v + 0.0))
                .unwrap_or_else(|| "—".to_string())
        };
        let few = r[13].parse::<u64>().is_ok_and(|d| d < MIN_DEALS);
        let interval = |point: String, lo: String, hi: String| {
            if few {
                format!("{point} {TOO_FEW}")
            } else {
                format!("{point} [{lo}, {hi}]")
            }
        };
        Oriented {
            first,
            second,
            score: interval(f(share(4), 3), f(low, 3), f(high, 3)),
            predicted: f(share(7), 3),
            elo: interval(f(elo(8), 1), f(dlow, 1), f(dhigh, 1)),
            elo_interval: if few { None } else { dlow.zip(dhigh) },
        }
    }
}

/// A bot's label in a table cell.
fn cell(text: &str) -> String {
    short_label(text).replace('|', "\\|")
}

/// The league's rows of `pairs`.
fn league_rows<'a>(pairs: &'a [Vec<String>], game: &str, players: &str) -> Vec<&'a Vec<String>> {
    pairs
        .iter()
        .filter(|r| r[0] == game && r[1] == players)
        .collect()
}

/// The row of the pairing of `x` and `y`, whichever is `bot_a`.
fn find<'a>(league: &[&'a Vec<String>], x: &str, y: &str) -> Option<&'a Vec<String>> {
    league
        .iter()
        .find(|r| (r[2] == x && r[3] == y) || (r[2] == y && r[3] == x))
        .copied()
}

/// A league's pairwise table from `pairs.csv` (rows of [`PAIRS_COLUMNS`]):
/// each bot against the next one down the ratings (`order`, best first:
/// how far apart neighbours are, by their difference's own interval), then
/// every misfit (a score the ratings do not predict), each pairing once,
/// the better-rated bot first. A pairing of fewer than [`MIN_DEALS`] deals
/// shows its score and Elo difference marked [`TOO_FEW`], not intervals.
pub(super) fn pairs_table(
    md: &mut String,
    pairs: &[Vec<String>],
    game: &str,
    players: &str,
    order: &[&str],
) {
    let league = league_rows(pairs, game, players);
    if league.is_empty() {
        return;
    }
    let mut shown: Vec<&Vec<String>> = Vec::new();
    for w in order.windows(2) {
        if let Some(r) = find(&league, w[0], w[1]) {
            shown.push(r);
        }
    }
    let misfits: Vec<&&Vec<String>> = league.iter().filter(|r| r[12] == "1").collect();
    for r in &misfits {
        if !shown.iter().any(|s| std::ptr::eq(*s, **r)) {
            shown.push(r);
        }
    }
    let rank = |bot: &str| order.iter().position(|b| *b == bot).unwrap_or(usize::MAX);
    let _ = writeln!(
        md,
        "\nPairwise (`pairs.csv`): each bot against the next one down, then every misfit \
         ({} of {} pairings).\n",
        misfits.len(),
        league.len()
    );
    let _ = writeln!(
        md,
        "| bot | against | score [95%] | predicted | Elo difference [95%] | p (Holm) | misfit |"
    );
    let _ = writeln!(md, "| --- | --- | --- | --- | --- | --- | --- |");
    for r in shown {
        // The better-rated bot first: B's view of A's row is its mirror.
        let o = Oriented::new(r, rank(&r[3]) < rank(&r[2]));
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            cell(o.first),
            cell(o.second),
            o.score,
            o.predicted,
            o.elo,
            if r[11].is_empty() {
                "—"
            } else {
                r[11].as_str()
            },
            if r[12] == "1" { "**yes**" } else { "no" }
        );
    }
}

/// What hidden information is worth in a league: each cheating bot of
/// `order` whose fair counterpart ([`BotConfig::fair_counterpart`]:
/// `ismcts` with the oracle's search settings) plays in the league, against
/// it, from the cheating bot's side: the Elo difference with its own 95%
/// interval (`pairs.csv`'s, from the ratings' bootstrap resamples), its
/// observed score, and whether the interval excludes 0. `oracle` (it sees
/// everything) gives the worth of all hidden information,
/// `oracle(sees=hands)` that of the other seats' private information.
/// Nothing is written when no cheating bot meets its counterpart.
pub(super) fn hidden_information_table(
    md: &mut String,
    pairs: &[Vec<String>],
    game: &str,
    players: &str,
    order: &[&str],
) {
    let league = league_rows(pairs, game, players);
    let canonical = |bot: &str| BotConfig::parse(bot).ok().map(|c| c.to_string());
    let rows: Vec<Oriented> = order
        .iter()
        .filter_map(|bot| {
            let fair = BotConfig::parse(bot).ok()?.fair_counterpart()?.to_string();
            let counterpart = order
                .iter()
                .find(|b| canonical(b).as_deref() == Some(fair.as_str()))?;
            let r = find(&league, bot, counterpart)?;
            Some(Oriented::new(r, r[3] == *bot))
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "\nHidden information (`pairs.csv`): each oracle against its fair counterpart, \
         `ismcts` with the same search settings; `oracle` sees every hidden thing, \
         `oracle(sees=hands)` the other seats' private information but not the future.\n"
    );
    let _ = writeln!(
        md,
        "| oracle | fair counterpart | Elo difference [95%] | score [95%] | interval excludes 0 |"
    );
    let _ = writeln!(md, "| --- | --- | --- | --- | --- |");
    for o in rows {
        let excludes = match o.elo_interval {
            Some((low, high)) if low > 0.0 || high < 0.0 => "yes",
            Some(_) => "no",
            None => "—",
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {excludes} |",
            cell(o.first),
            cell(o.second),
            o.elo,
            o.score
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISMCTS: &str = "ismcts(iterations=2000,c=0.7,rollout=random,reward=auto)";
    const ORACLE: &str = "oracle(iterations=2000,c=0.7,rollout=random,reward=auto)";
    const HANDS: &str = "oracle(iterations=2000,c=0.7,rollout=random,reward=auto,sees=hands)";
    const EXPERT: &str = "expert(iterations=2000)";

    /// A row of [`PAIRS_COLUMNS`]: `score`, its interval, the predicted
    /// share, the Elo difference and its interval, for `deals` deals.
    fn row(a: &str, b: &str, numbers: [&str; 7], deals: &str) -> Vec<String> {
        let mut r = vec!["seaside(removed=rulebook)".to_string(), "2".to_string()];
        r.push(a.to_string());
        r.push(b.to_string());
        r.extend(numbers.iter().map(|n| n.to_string()));
        r.extend(["1.0000".to_string(), "0".to_string(), deals.to_string()]);
        r
    }

    /// The hidden-information table of the 2-player Seaside league of
    /// `pairs`, with the ratings' `order`.
    fn hidden_table(pairs: &[Vec<String>], order: &[&str]) -> String {
        let mut md = String::new();
        hidden_information_table(&mut md, pairs, "seaside(removed=rulebook)", "2", order);
        md
    }

    /// The one-sided pairing of the oracle and a fair bot, far apart.
    fn far_apart(fair: &str, deals: &str) -> Vec<String> {
        row(
            ORACLE,
            fair,
            ["0.9", "0.8", "1.0", "0.9", "400.0", "300.0", "500.0"],
            deals,
        )
    }

    fn constructed() -> Vec<Vec<String>> {
        vec![
            // Listed with the fair bot first: the table mirrors it.
            row(
                ISMCTS,
                ORACLE,
                [
                    "0.1600", "0.1260", "0.1940", "0.1650", "-283.4", "-312.0", "-260.1",
                ],
                "200",
            ),
            row(
                HANDS,
                ISMCTS,
                [
                    "0.5090", "0.4960", "0.5220", "0.5080", "6.2", "-3.1", "15.9",
                ],
                "200",
            ),
            row(
                EXPERT,
                ISMCTS,
                [
                    "0.5440", "0.4930", "0.5950", "0.5490", "34.0", "7.0", "62.0",
                ],
                "200",
            ),
            // Another league's oracle pairing: not this league's.
            {
                let mut r = far_apart(ISMCTS, "200");
                r[1] = "4".to_string();
                r
            },
        ]
    }

    /// Each oracle of the league against `ismcts` with its settings, from
    /// the oracle's side (a row listed the other way round mirrored), with
    /// whether the difference's interval excludes 0; fair bots' pairings
    /// and other leagues' rows are not shown.
    #[test]
    fn each_oracle_is_shown_against_its_fair_counterpart() {
        let md = hidden_table(&constructed(), &[ORACLE, EXPERT, HANDS, ISMCTS]);
        let lines: Vec<&str> = md.lines().filter(|l| l.starts_with("| ")).collect();
        assert_eq!(
            lines,
            [
                "| oracle | fair counterpart | Elo difference [95%] | score [95%] | interval excludes 0 |",
                "| --- | --- | --- | --- | --- |",
                "| oracle | ismcts | 283.4 [260.1, 312.0] | 0.840 [0.806, 0.874] | yes |",
                "| oracle(sees=hands) | ismcts | 6.2 [-3.1, 15.9] | 0.509 [0.496, 0.522] | no |",
            ]
        );
    }

    /// A negative difference whose interval lies below 0 excludes it too;
    /// fewer than [`MIN_DEALS`] deals show no interval and no verdict.
    #[test]
    fn a_negative_difference_and_too_few_deals() {
        let pairs = vec![
            row(
                HANDS,
                ISMCTS,
                ["0.4", "0.35", "0.45", "0.4", "-70.0", "-90.0", "-50.0"],
                "200",
            ),
            far_apart(ISMCTS, "4"),
        ];
        let md = hidden_table(&pairs, &[ORACLE, ISMCTS, HANDS]);
        let lines: Vec<&str> = md.lines().filter(|l| l.starts_with("| o")).collect();
        assert_eq!(
            lines[1..],
            [
                "| oracle | ismcts | 400.0 (too few games) | 0.900 (too few games) | — |",
                "| oracle(sees=hands) | ismcts | -70.0 [-90.0, -50.0] | 0.400 [0.350, 0.450] | yes |",
            ]
        );
    }

    /// No table without an oracle and its counterpart in the league: an
    /// oracle against `ismcts` at another budget is not its counterpart.
    #[test]
    fn no_table_without_the_counterpart() {
        let other_budget = "ismcts(iterations=250,c=0.7,rollout=random,reward=auto)";
        let pairs = vec![far_apart(other_budget, "200")];
        assert_eq!(hidden_table(&pairs, &[ORACLE, other_budget]), "");
    }

    /// The neighbours' table keeps its rows: the better-rated bot first,
    /// a mirrored row's score and difference flipped.
    #[test]
    fn neighbours_are_shown_better_rated_first() {
        let mut md = String::new();
        pairs_table(
            &mut md,
            &constructed(),
            "seaside(removed=rulebook)",
            "2",
            &[ORACLE, ISMCTS],
        );
        let lines: Vec<&str> = md.lines().filter(|l| l.starts_with("| o")).collect();
        assert_eq!(
            lines,
            [
                "| oracle | ismcts | 0.840 [0.806, 0.874] | 0.835 | 283.4 [260.1, 312.0] | 1.0000 | no |"
            ]
        );
    }
}

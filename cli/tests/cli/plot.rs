//! End-to-end tests of `beachcomber plot`: each kind of figure from small
//! hand-made CSVs (the SVG is read back: title, axis labels, legend, and the
//! exact number of points of each series), and each bad input with its
//! one-line message and no output file left behind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The series colours, in order (plot::COLORS).
const BLUE: &str = "#1F77B4";
const ORANGE: &str = "#FF7F0E";
/// The fair lines of the first two series: their colours, darker.
const DARK_BLUE: &str = "#12476C";
const DARK_ORANGE: &str = "#994C08";

/// A sweep's metrics: removed 0, 10, 20 × players 2, 3, per seat; the
/// players=3 point at removed=20 has no data. The lineup is quoted.
const METRICS: &str = "\
removed,scoring,players,lineup,seat,bot,games,win_share,win_low95,win_high95,mean_score,score_ci95,tie_rate,tie_low95,tie_high95,mean_plies,sd_plies,plies_ci95,mean_turns,sd_turns,turns_ci95,mean_margin,margin_ci95
0,simple,2,\"greedy,greedy\",0,greedy,100,0.55,0.45,0.65,20,1,0.01,0,0.05,40,3,0.5,20,2,0.3,3,0.5
0,simple,2,\"greedy,greedy\",1,greedy,100,0.44,0.34,0.54,19,1,0.01,0,0.05,40,3,0.5,20,2,0.3,3,0.5
0,simple,3,\"greedy,greedy,greedy\",0,greedy,100,0.40,0.31,0.50,18,1,0.02,0,0.06,50,3,0.5,25,2,0.3,2,0.5
0,simple,3,\"greedy,greedy,greedy\",1,greedy,100,0.33,0.24,0.43,17,1,0.02,0,0.06,50,3,0.5,25,2,0.3,2,0.5
0,simple,3,\"greedy,greedy,greedy\",2,greedy,100,0.25,0.17,0.35,16,1,0.02,0,0.06,50,3,0.5,25,2,0.3,2,0.5
10,simple,2,\"greedy,greedy\",0,greedy,100,0.53,0.43,0.63,20,1,0.01,0,0.05,35,3,0.5,18,2,0.3,3,0.5
10,simple,2,\"greedy,greedy\",1,greedy,100,0.46,0.36,0.56,19,1,0.01,0,0.05,35,3,0.5,18,2,0.3,3,0.5
10,simple,3,\"greedy,greedy,greedy\",0,greedy,100,0.38,0.29,0.48,18,1,0.02,0,0.06,45,3,0.5,23,2,0.3,2,0.5
10,simple,3,\"greedy,greedy,greedy\",1,greedy,100,0.33,0.24,0.43,17,1,0.02,0,0.06,45,3,0.5,23,2,0.3,2,0.5
10,simple,3,\"greedy,greedy,greedy\",2,greedy,100,0.27,0.19,0.37,16,1,0.02,0,0.06,45,3,0.5,23,2,0.3,2,0.5
20,simple,2,\"greedy,greedy\",0,greedy,100,0.51,0.41,0.61,20,1,0.01,0,0.05,30,3,0.5,15,2,0.3,3,0.5
20,simple,2,\"greedy,greedy\",1,greedy,100,0.48,0.38,0.58,19,1,0.01,0,0.05,30,3,0.5,15,2,0.3,3,0.5
20,simple,3,\"greedy,greedy,greedy\",0,greedy,0,,,,,,,,,,,,,,,,
20,simple,3,\"greedy,greedy,greedy\",1,greedy,0,,,,,,,,,,,,,,,,
20,simple,3,\"greedy,greedy,greedy\",2,greedy,0,,,,,,,,,,,,,,,,
";

/// Two values of a categorical parameter (scoring), 2 players, seat 0.
const SCORING: &str = "\
scoring,players,seat,win_share,win_low95,win_high95,mean_plies,plies_ci95
simple,2,0,0.52,0.48,0.56,40,1.5
advanced,2,0,0.50,0.46,0.54,42,1.5
";

/// A sweep's per-game CSV: game numbers restart in each combination; one
/// row per seat. Combination 0 (2 players) has 4 games with turns 10, 10,
/// 11, 13; combination 1 (3 players) has 3 games with turns 12, 12, 14.
const GAMES: &str = "\
combination,players,game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end
0,2,0,0,0,1,0,greedy,10,0,1,1,21,10,normal
0,2,0,0,0,1,1,greedy,8,1,0,0,21,10,normal
0,2,1,1,0,1,0,greedy,10,0,1,1,20,10,normal
0,2,1,1,0,1,1,greedy,8,1,0,0,20,10,normal
0,2,2,2,0,1,0,greedy,10,0,1,1,23,11,normal
0,2,2,2,0,1,1,greedy,8,1,0,0,23,11,normal
0,2,3,3,0,1,0,greedy,10,0,1,1,27,13,normal
0,2,3,3,0,1,1,greedy,8,1,0,0,27,13,normal
1,3,0,0,0,1,0,greedy,10,0,1,1,36,12,normal
1,3,0,0,0,1,1,greedy,9,1,0,0,36,12,normal
1,3,0,0,0,1,2,greedy,8,2,0,0,36,12,normal
1,3,1,1,0,1,0,greedy,10,0,1,1,37,12,normal
1,3,1,1,0,1,1,greedy,9,1,0,0,37,12,normal
1,3,1,1,0,1,2,greedy,8,2,0,0,37,12,normal
1,3,2,2,0,1,0,greedy,10,0,1,1,42,14,normal
1,3,2,2,0,1,1,greedy,9,1,0,0,42,14,normal
1,3,2,2,0,1,2,greedy,8,2,0,0,42,14,normal
";

/// A league's ratings (the bots out of rating order; one spec is quoted).
const RATINGS: &str = "\
game_spec,players,seed,deals,games_per_pairing,bot,rating,low95,high95,games,win_share,win_low95,win_high95,mean_rank,converged
seashells,2,1,100,200,greedy,0,0,0,400,0.5,0.45,0.55,0.5,true
seashells,2,1,100,200,random,-300,-350,-260,400,0.1,0.07,0.13,0.9,true
seashells,2,1,100,200,\"ismcts(iterations=200,c=0.7)\",150.5,110,190,400,0.8,0.75,0.85,0.2,true
";

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn plot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_beachcomber"))
        .arg("plot")
        .args(args)
        .output()
        .expect("run beachcomber")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A temporary folder with `name` holding `text`.
fn with_csv(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Draw a figure (`args` then `--out DIR/fig.svg`); the SVG text.
fn draw(dir: &Path, args: &[&str]) -> String {
    let out = dir.join("fig.svg");
    let mut all = args.to_vec();
    all.extend(["--out", s(&out)]);
    let o = plot(&all);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches("<text ").count(),
        svg.matches("</text>").count()
    );
    assert_eq!(svg.matches("<svg ").count(), 1);
    svg
}

/// The opening tags `<NAME ...>` of the SVG.
fn tags<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name} ");
    svg.match_indices(&open)
        .map(|(i, _)| &svg[i..i + svg[i..].find('>').unwrap()])
        .collect()
}

/// The value of attribute `name` of a tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let i = tag.find(&key)? + key.len();
    Some(&tag[i..i + tag[i..].find('"')?])
}

/// The tags `name` whose attribute `key` is `value`.
fn with<'a>(svg: &'a str, name: &str, key: &str, value: &str) -> Vec<&'a str> {
    tags(svg, name)
        .into_iter()
        .filter(|t| attr(t, key) == Some(value))
        .collect()
}

/// The texts of the SVG, in order.
fn texts(svg: &str) -> Vec<String> {
    svg.match_indices("<text ")
        .map(|(i, _)| {
            let start = i + svg[i..].find('>').unwrap() + 1;
            let end = start + svg[start..].find("</text>").unwrap();
            svg[start..end]
                .trim()
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
        })
        .collect()
}

/// The data lines of colour `color` (3 px wide: dashes and whiskers are 2,
/// legend samples 4), as their point counts.
fn lines(svg: &str, color: &str) -> Vec<usize> {
    with(svg, "polyline", "stroke", color)
        .into_iter()
        .filter(|t| attr(t, "stroke-width") == Some("3"))
        .map(|t| attr(t, "points").unwrap().split_whitespace().count())
        .collect()
}

/// Every text is at least 14 px.
fn assert_readable(svg: &str) {
    for t in tags(svg, "text") {
        let size: f64 = attr(t, "font-size").unwrap().parse().unwrap();
        assert!(size >= 14.0, "{t}");
    }
}

fn assert_has(texts: &[String], wanted: &[&str]) {
    for w in wanted {
        assert!(texts.iter().any(|t| t == w), "no text `{w}` in {texts:?}");
    }
}

#[test]
fn line_plot_has_one_line_per_series_with_bands_and_fair_lines() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--x",
            "removed",
            "--y",
            "win_share",
            "--by",
            "players",
            "--where",
            "seat=0",
        ],
    );
    assert_eq!(attr(tags(&svg, "svg")[0], "width"), Some("800"));
    assert_eq!(attr(tags(&svg, "svg")[0], "height"), Some("500"));
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Share of wins by tokens removed, per number of players (seat = 0)",
            "tokens removed",
            "share of wins (fraction of games)",
            "95% interval",
            "players=2",
            "players=3",
            "fair 1/2",
            "fair 1/3",
            "0",
            "10",
            "20",
        ],
    );
    assert_readable(&svg);
    // players=2: 3 points; players=3: 2 (no data at removed=20).
    assert_eq!(with(&svg, "circle", "fill", BLUE).len(), 3);
    assert_eq!(with(&svg, "circle", "fill", ORANGE).len(), 2);
    assert_eq!(tags(&svg, "circle").len(), 5);
    assert_eq!(lines(&svg, BLUE), [3]);
    assert_eq!(lines(&svg, ORANGE), [2]);
    // One band per series: 2 × its points corners.
    let bands: Vec<(Option<&str>, usize)> = tags(&svg, "polygon")
        .into_iter()
        .map(|t| {
            (
                attr(t, "fill"),
                attr(t, "points").unwrap().split_whitespace().count(),
            )
        })
        .collect();
    assert_eq!(bands, [(Some(BLUE), 6), (Some(ORANGE), 4)]);
    // The fair lines are dashed: many two-point pieces of each colour.
    for color in [DARK_BLUE, DARK_ORANGE] {
        let dashes = with(&svg, "polyline", "stroke", color)
            .into_iter()
            .filter(|t| attr(t, "stroke-width") == Some("2"))
            .filter(|t| attr(t, "points").unwrap().split_whitespace().count() == 2)
            .count();
        assert!(dashes > 10, "{color}: {dashes} dashes");
    }
}

#[test]
fn against_players_the_fair_share_is_one_line_along_x_with_whole_ticks() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--x",
            "players",
            "--y",
            "win_share",
            "--by",
            "removed",
            "--where",
            "seat=0",
        ],
    );
    let t = texts(&svg);
    assert_has(&t, &["removed=0", "removed=10", "fair 1/players", "2", "3"]);
    // No level line per count, and no fractional tick between 2 and 3.
    assert!(
        !t.iter().any(|t| t.starts_with("fair 1/2") || t == "2.5"),
        "{t:?}"
    );
    // removed=0 and 10 have both counts, removed=20 only 2 players.
    assert_eq!(lines(&svg, BLUE), [2]);
    assert_eq!(lines(&svg, ORANGE), [2]);
    // The fair line is dashed dark grey, from (2, 1/2) down to (3, 1/3):
    // its pieces go down from left to right.
    let dashes: Vec<Vec<(f64, f64)>> = with(&svg, "polyline", "stroke", "#282828")
        .into_iter()
        .filter(|t| attr(t, "stroke-width") == Some("2"))
        .map(|t| {
            attr(t, "points")
                .unwrap()
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect();
    assert!(dashes.len() > 10, "{} dashes", dashes.len());
    // SVG y grows downwards: a falling share is a growing y.
    assert!(
        dashes
            .iter()
            .all(|d| d.len() == 2 && d[1].0 > d[0].0 && d[1].1 > d[0].1)
    );
}

#[test]
fn line_plot_band_from_ci95_and_units() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--x",
            "removed",
            "--y",
            "mean_plies",
            "--where",
            "seat=0",
            "--where",
            // Numbers compare as numbers: 2.0 selects players 2.
            "players=2.0",
            "--title",
            "Decisions & <removal>",
        ],
    );
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Decisions & <removal>",
            "decisions per game (mean)",
            "tokens removed",
            // One series, in words, and its band: a legend of two entries.
            "decisions per game",
            "95% interval",
        ],
    );
    // No fair line, no series of players.
    assert!(
        !t.iter()
            .any(|t| t.starts_with("fair") || t.starts_with("players=")),
        "{t:?}"
    );
    assert_eq!(with(&svg, "circle", "fill", BLUE).len(), 3);
    assert_eq!(tags(&svg, "polygon").len(), 1);
    // mean_plies ± plies_ci95: the band is 1 wide around 40, 35, 30.
    let band = attr(tags(&svg, "polygon")[0], "points").unwrap();
    assert_eq!(band.split_whitespace().count(), 6);
    // No band column: no band (mean_score has score_ci95, sd_plies has none).
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--x",
            "removed",
            "--y",
            "sd_plies",
            "--where",
            "seat=0",
            "--where",
            "players=2",
        ],
    );
    assert_eq!(tags(&svg, "polygon").len(), 0);
    assert_eq!(with(&svg, "circle", "fill", BLUE).len(), 3);
    // No band: no legend entry for one.
    assert!(!texts(&svg).iter().any(|t| t == "95% interval"));
}

#[test]
fn line_plot_places_text_x_values_as_categories_in_file_order() {
    let (dir, csv) = with_csv("metrics.csv", SCORING);
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--x",
            "scoring",
            "--y",
            "win_share",
            "--width",
            "640",
            "--height",
            "400",
        ],
    );
    assert_eq!(attr(tags(&svg, "svg")[0], "width"), Some("640"));
    assert_eq!(attr(tags(&svg, "svg")[0], "height"), Some("400"));
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Share of wins by scoring",
            "simple",
            "advanced",
            "share of wins",
            "fair 1/2",
        ],
    );
    let simple = t.iter().position(|t| t == "simple").unwrap();
    let advanced = t.iter().position(|t| t == "advanced").unwrap();
    assert!(simple < advanced);
    let circles = with(&svg, "circle", "fill", BLUE);
    assert_eq!(circles.len(), 2);
    let cx: Vec<i64> = circles
        .iter()
        .map(|c| attr(c, "cx").unwrap().parse().unwrap())
        .collect();
    assert!(cx[0] < cx[1], "{cx:?}");
}

#[test]
fn bars_have_one_bar_per_category_and_series_with_error_bars() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--kind",
            "bars",
            "--x",
            "seat",
            "--y",
            "win_share",
            "--by",
            "players",
            "--where",
            "removed=0",
        ],
    );
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Share of wins by seat, per number of players (tokens removed = 0)",
            "seat (0 moves first)",
            "share of wins (fraction of games)",
            "95% interval",
            "players=2",
            "players=3",
            "fair 1/2",
            "fair 1/3",
            "0",
            "1",
            "2",
        ],
    );
    assert_readable(&svg);
    // Bars are drawn with opacity; the background is the only other rect.
    assert_eq!(with(&svg, "rect", "fill", BLUE).len(), 2);
    assert_eq!(with(&svg, "rect", "fill", ORANGE).len(), 3);
    assert_eq!(tags(&svg, "rect").len(), 6);
    // Error bars: 3 dark strokes per bar, and 3 in the legend's sample.
    let whiskers = with(&svg, "polyline", "stroke", "#1E1E1E").len();
    assert_eq!(whiskers, 3 * 5 + 3);
    assert_eq!(tags(&svg, "circle").len(), 0);
}

#[test]
fn hist_counts_each_game_once_per_series() {
    let (dir, csv) = with_csv("games.csv", GAMES);
    let svg = draw(
        dir.path(),
        &[s(&csv), "--kind", "hist", "--x", "turns", "--by", "players"],
    );
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Distribution of turns per game, per number of players",
            "turns per game",
            "games",
            "players=2 (4 games)",
            "players=3 (3 games)",
        ],
    );
    assert_readable(&svg);
    // Step outlines: bins 10..=14 for both series, 2 corners per bin and
    // the two ends on the axis.
    assert_eq!(lines(&svg, BLUE), [12]);
    assert_eq!(lines(&svg, ORANGE), [12]);

    // One series: a bar per non-empty bin (10: 2 games, 11: 1, 13: 1).
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--kind",
            "hist",
            "--x",
            "plies",
            "--where",
            "players=2",
        ],
    );
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Distribution of decisions per game (number of players = 2)",
            "decisions per game",
            "games",
        ],
    );
    assert!(!t.iter().any(|t| t.ends_with("games)")), "no legend: {t:?}");
    let bars = with(&svg, "rect", "fill", BLUE);
    assert_eq!(bars.len(), 4, "plies 20, 21, 23, 27");
    let heights: Vec<i64> = bars
        .iter()
        .map(|b| attr(b, "height").unwrap().parse().unwrap())
        .collect();
    assert!(
        heights.iter().all(|&h| h == heights[0]),
        "one game each: {heights:?}"
    );
}

#[test]
fn ratings_are_sorted_with_whiskers() {
    let (dir, csv) = with_csv("ratings.csv", RATINGS);
    let svg = draw(dir.path(), &[s(&csv), "--kind", "ratings"]);
    let t = texts(&svg);
    assert_has(
        &t,
        &[
            "Ratings: seashells, 2 players",
            "rating (Elo, greedy = 0)",
            "bot",
            "greedy",
            "random",
            // Shown without its options at their defaults (c=0.7).
            "ismcts(iterations=200)",
        ],
    );
    assert_readable(&svg);
    let circles = with(&svg, "circle", "fill", BLUE);
    assert_eq!(circles.len(), 3);
    // Best at the top (smallest y), and further right.
    let cy: Vec<i64> = circles
        .iter()
        .map(|c| attr(c, "cy").unwrap().parse().unwrap())
        .collect();
    let cx: Vec<i64> = circles
        .iter()
        .map(|c| attr(c, "cx").unwrap().parse().unwrap())
        .collect();
    assert!(cy[0] < cy[1] && cy[1] < cy[2], "{cy:?}");
    assert!(cx[0] > cx[1] && cx[1] > cx[2], "{cx:?}");
    // The labels of the y axis, top to bottom.
    let pos = |name: &str| t.iter().position(|x| x == name).unwrap();
    let (a, b, c) = (pos("ismcts(iterations=200)"), pos("greedy"), pos("random"));
    assert!(a != b && b != c);
    // Whiskers: 3 strokes per bot with an interval (greedy's is 0..0).
    assert_eq!(with(&svg, "polyline", "stroke", BLUE).len(), 9);
}

/// A ladder of long bot names with close ratings (as Shell Dash's): the
/// plot spans the canvas, each name has a row of its own, and every point
/// is labelled with its value and interval.
#[test]
fn ratings_use_the_canvas_and_labels_never_overlap() {
    let bots = [
        ("random", 0.0, 0.0, 0.0),
        ("greedy", 11.0, -11.0, 33.0),
        (
            "\"ismcts(iterations=2500,c=0.7,rollout=random,reward=auto)\"",
            39.0,
            18.0,
            59.0,
        ),
        ("\"pimc(iterations=250)\"", 43.0, 22.0, 64.0),
        ("\"ismcts(iterations=250)\"", 47.0, 27.0, 69.0),
        ("\"pimc(iterations=2500)\"", 53.0, 33.0, 74.0),
        ("\"oracle(iterations=2500)\"", 648.0, 599.0, 714.0),
    ];
    let mut csv = RATINGS.lines().next().unwrap().to_string() + "\n";
    for (bot, r, lo, hi) in bots {
        csv.push_str(&format!(
            "shell-dash,2,1,100,200,{bot},{r},{lo},{hi},400,0.5,0.45,0.55,0.5,true\n"
        ));
    }
    let (dir, path) = with_csv("ratings.csv", &csv);
    let svg = draw(dir.path(), &[s(&path), "--kind", "ratings"]);
    assert_readable(&svg);
    let number = |t: &str, a: &str| attr(t, a).unwrap().parse::<f64>().unwrap();
    // The points span most of the width (the data run from -11 to 714).
    let cx: Vec<f64> = with(&svg, "circle", "fill", BLUE)
        .iter()
        .map(|c| number(c, "cx"))
        .collect();
    assert_eq!(cx.len(), 7);
    let spread =
        cx.iter().cloned().fold(f64::MIN, f64::max) - cx.iter().cloned().fold(f64::MAX, f64::min);
    // (The names are shown without their default options, and the label
    // area is as wide as the longest name shown.)
    assert!(spread > 0.5 * 800.0, "{cx:?}");
    // The names, one row each: at least a line apart, left of every point.
    let tags = tags(&svg, "text");
    let t = texts(&svg);
    let names = [
        "oracle(iterations=2500)",
        "pimc(iterations=2500)",
        "ismcts(iterations=250)",
        "pimc(iterations=250)",
        "ismcts(iterations=2500)",
        "greedy",
        "random",
    ];
    let mut ys = Vec::new();
    for name in names {
        let i = t
            .iter()
            .position(|x| x == name)
            .unwrap_or_else(|| panic!("{name}: {t:?}"));
        ys.push(number(tags[i], "y"));
        assert!(number(tags[i], "x") < cx.iter().cloned().fold(f64::MAX, f64::min));
    }
    for w in ys.windows(2) {
        assert!(
            w[1] - w[0] >= 18.0,
            "rows top to bottom, a line apart: {ys:?}"
        );
    }
    // Each value written beside its point.
    assert_has(&t, &["648 [599, 714]", "11 [-11, 33]", "0 [0, 0]"]);
    // The x ticks do not overlap: each at least its width from the next.
    let mut ticks: Vec<(f64, usize)> = t
        .iter()
        .zip(&tags)
        .filter(|(x, _)| x.parse::<f64>().is_ok())
        .map(|(x, tag)| (number(tag, "x"), x.len()))
        .collect();
    ticks.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(ticks.len() >= 3, "{t:?}");
    for w in ticks.windows(2) {
        assert!(
            w[1].0 - w[0].0 >= 9.0 * w[0].1.max(w[1].1) as f64,
            "{ticks:?}"
        );
    }
}

#[test]
fn png_is_the_svg_rasterized() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let out = dir.path().join("fig.png");
    let o = plot(&[
        s(&csv),
        "--x",
        "removed",
        "--y",
        "win_share",
        "--by",
        "players",
        "--where",
        "seat=0",
        "--out",
        s(&out),
        "--width",
        "640",
        "--height",
        "400",
    ]);
    // PNG text needs a system font: `.ci/run` installs fonts-dejavu-core
    // when no font is installed, so a missing font fails here, loudly.
    assert!(
        o.status.success(),
        "{} (install a font, e.g. apt-get install fonts-dejavu-core)",
        stderr(&o)
    );
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    assert_eq!((be(16), be(20)), (640, 400));
    // Only the figure in the folder (no temporary file left).
    let names: Vec<String> = listing(dir.path()).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["fig.png", "metrics.csv"]);
}

#[test]
fn help_lists_the_flags_and_examples() {
    let o = plot(&["--help"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    for flag in [
        "--kind",
        "--x",
        "--y",
        "--by",
        "--where",
        "--title",
        "--out",
        "--width",
        "--height",
        "Examples:",
    ] {
        assert!(text.contains(flag), "{flag}: {text}");
    }
}

/// `args` (then `--out DIR/fig.svg` unless given) fails with exactly
/// `error: {message}` and leaves the folder as it was.
fn fails(dir: &Path, args: &[&str], message: &str) {
    let before = listing(dir);
    let mut all = args.to_vec();
    let out = dir.join("fig.svg");
    if !args.contains(&"--out") {
        all.extend(["--out", s(&out)]);
    }
    let o = plot(&all);
    assert!(!o.status.success(), "{args:?} succeeded");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), format!("error: {message}\n"), "{args:?}");
    assert_eq!(listing(dir), before, "{args:?} left files");
}

fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let content = if e.path().is_file() {
                std::fs::read(e.path()).unwrap()
            } else {
                Vec::new()
            };
            (e.file_name().to_string_lossy().into_owned(), content)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn bad_input_is_a_one_line_error_and_leaves_no_file() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let d = dir.path();
    let c = s(&csv);
    let columns = METRICS.lines().next().unwrap().replace(',', ", ");
    let base = [
        "--x",
        "removed",
        "--y",
        "win_share",
        "--by",
        "players",
        "--where",
        "seat=0",
    ];
    let missing = d.join("missing.csv");
    fails(
        d,
        &[s(&missing), "--x", "removed", "--y", "win_share"],
        &format!(
            "cannot read {}: No such file or directory (os error 2)",
            s(&missing)
        ),
    );
    fails(
        d,
        &[c, "--x", "removal", "--y", "win_share"],
        &format!("--x column `removal` is not in {c} (its columns: {columns})"),
    );
    fails(
        d,
        &[c, "--x", "removed", "--y", "wins"],
        &format!("--y column `wins` is not in {c} (its columns: {columns})"),
    );
    fails(
        d,
        &[
            c,
            "--x",
            "removed",
            "--y",
            "win_share",
            "--by",
            "players,colour",
        ],
        &format!("--by column `colour` is not in {c} (its columns: {columns})"),
    );
    fails(
        d,
        &[
            c,
            "--x",
            "removed",
            "--y",
            "win_share",
            "--where",
            "chair=0",
        ],
        &format!("--where column `chair` is not in {c} (its columns: {columns})"),
    );
    fails(
        d,
        &[c, "--x", "removed", "--y", "win_share", "--where", "seat"],
        "--where takes COL=VALUE, not `seat`",
    );
    fails(
        d,
        &[c, "--y", "win_share"],
        &format!("--kind line needs --x COL (the columns of {c}: {columns})"),
    );
    fails(
        d,
        &[c, "--kind", "bars", "--x", "seat"],
        &format!("--kind bars needs --y COL (the columns of {c}: {columns})"),
    );
    fails(
        d,
        &[
            c, "--x", "removed", "--y", "lineup", "--by", "players", "--where", "seat=0",
        ],
        &format!("non-numeric lineup value `greedy,greedy` on line 2 of {c}"),
    );
    fails(
        d,
        &[
            c,
            "--x",
            "removed",
            "--y",
            "win_share",
            "--where",
            "seat=7",
            "--where",
            "players=2",
        ],
        &format!("no rows left after --where seat=7, players=2 (15 rows in {c})"),
    );
    fails(
        d,
        &[c, "--x", "removed", "--y", "win_share", "--by", "players"],
        "2 rows for removed=0 in series players=2: add --where or --by (e.g. --where seat=0)",
    );
    fails(
        d,
        &[c, "--x", "removed", "--y", "win_share", "--where", "seat=0"],
        "2 rows for removed=0: add --where or --by (e.g. --where players=2)",
    );
    fails(
        d,
        &[
            c,
            "--x",
            "removed",
            "--y",
            "win_share",
            "--where",
            "players=3",
            "--where",
            "removed=20",
            "--where",
            "seat=0",
        ],
        &format!("no data: win_share is empty in every row selected from {c}"),
    );
    let mut args = vec![c, "--kind", "pie"];
    args.extend(base);
    fails(
        d,
        &args,
        "unknown --kind `pie` (the kinds: line, bars, hist, ratings)",
    );
    let pdf = d.join("fig.pdf");
    let mut args = vec![c];
    args.extend(base);
    args.extend(["--out", s(&pdf)]);
    fails(
        d,
        &args,
        &format!(
            "unsupported output extension `.pdf` in {} (supported: .svg, .png)",
            s(&pdf)
        ),
    );
    let nowhere = d.join("no/such/folder/fig.svg");
    let mut args = vec![c];
    args.extend(base);
    args.extend(["--out", s(&nowhere)]);
    fails(
        d,
        &args,
        &format!(
            "--out: cannot write `{}`: the folder `{}` does not exist (create it first)",
            s(&nowhere),
            s(&d.join("no/such/folder"))
        ),
    );
    let folder = d.join("figures.svg");
    std::fs::create_dir(&folder).unwrap();
    let mut args = vec![c];
    args.extend(base);
    args.extend(["--out", s(&folder)]);
    fails(
        d,
        &args,
        &format!("cannot write {}: it is a folder", s(&folder)),
    );
    // A failed plot leaves an earlier figure as it was.
    let out = d.join("fig.svg");
    std::fs::write(&out, "earlier").unwrap();
    fails(
        d,
        &[c, "--x", "removed", "--y", "win_share", "--by", "players"],
        "2 rows for removed=0 in series players=2: add --where or --by (e.g. --where seat=0)",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier");
}

#[test]
fn bad_ratings_and_games_input() {
    let (dir, _csv) = with_csv("ratings.csv", RATINGS);
    let d = dir.path();
    let doubled = format!(
        "{RATINGS}{}",
        RATINGS
            .lines()
            .nth(1)
            .unwrap()
            .replace("seashells,2", "seashells,3")
    );
    let twice = d.join("twice.csv");
    std::fs::write(&twice, format!("{doubled}\n")).unwrap();
    fails(
        d,
        &[s(&twice), "--kind", "ratings"],
        "2 rows for bot=greedy: add --where or --by (e.g. --where players=2)",
    );
    // With --by, each league is a series.
    let svg = draw(d, &[s(&twice), "--kind", "ratings", "--by", "players"]);
    assert_has(
        &texts(&svg),
        &[
            "players=2",
            "players=3",
            "Ratings: seashells, per number of players",
        ],
    );
    assert_eq!(with(&svg, "circle", "fill", BLUE).len(), 3);
    assert_eq!(with(&svg, "circle", "fill", ORANGE).len(), 1);
    std::fs::remove_file(&twice).unwrap();

    let (games_dir, games) = with_csv("games.csv", GAMES);
    let g = s(&games);
    let header = GAMES.lines().next().unwrap().replace(',', ", ");
    fails(
        games_dir.path(),
        &[g, "--kind", "ratings"],
        &format!("ratings column `rating` is not in {g} (its columns: {header})"),
    );
    fails(
        games_dir.path(),
        &[g, "--kind", "hist", "--x", "end"],
        &format!("non-numeric end value `normal` on line 2 of {g}"),
    );
}

/// Run `plot args` to its end: its exit code, standard error and peak
/// resident memory in bytes (of that process alone: see `run_measured`).
fn plot_measured(args: &[&str]) -> (i32, String, u64) {
    let mut all = vec!["plot"];
    all.extend_from_slice(args);
    let (code, err, memory) = crate::common::run_measured(&all);
    (code.expect("plot exited"), err, memory)
}

/// Most memory a plot of a large CSV may take.
const PLOT_MEMORY: u64 = 100 << 20;

#[test]
fn plots_of_a_large_csv_stay_in_bounded_memory() {
    use std::io::Write;
    // A per-game CSV of 1,000,000 two-seat games (about 110 MB): game g has
    // `seed` g, `turns` 3 + (7919 g mod 37) and bot `a` in seat 0 when g is
    // even, `b` when odd.
    let games: u64 = 1_000_000;
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    {
        let mut w = std::io::BufWriter::new(std::fs::File::create(&csv).unwrap());
        writeln!(
            w,
            "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end"
        )
        .unwrap();
        for g in 0..games {
            let turns = 3 + g * 7919 % 37;
            let (first, second) = if g % 2 == 0 { ("a", "b") } else { ("b", "a") };
            for (seat, bot) in [(0, first), (1, second)] {
                writeln!(
                    w,
                    "{g},{g},0,{g},{seat},{bot},{},{seat},{}.0000,{},{},{turns},finished",
                    10 - seat,
                    1 - seat,
                    1 - seat,
                    2 * turns + 1
                )
                .unwrap();
            }
        }
        w.flush().unwrap();
    }
    let size = std::fs::metadata(&csv).unwrap().len();
    assert!(size > 100 << 20, "{size} bytes");
    let out = dir.path().join("fig.svg");
    let c = s(&csv);

    // Counted exactly while reading (37 distinct values): two series.
    let (code, err, memory) = plot_measured(&[
        c,
        "--kind",
        "hist",
        "--x",
        "turns",
        "--by",
        "bot",
        "--out",
        s(&out),
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(memory < PLOT_MEMORY, "hist took {} MB", memory >> 20);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_has(
        &texts(&svg),
        &[
            "bot=a (500000 games)",
            "bot=b (500000 games)",
            "turns per game",
        ],
    );
    // Bins 3..=39: 2 corners per bin and the two ends on the axis.
    assert_eq!(lines(&svg, BLUE), [2 * 37 + 2]);
    assert_eq!(lines(&svg, ORANGE), [2 * 37 + 2]);

    // 1,000,000 distinct values: counted into the bins in a second
    // reading; 40 bins of 25,000 games each.
    let (code, err, memory) =
        plot_measured(&[c, "--kind", "hist", "--x", "seed", "--out", s(&out)]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(memory < PLOT_MEMORY, "hist took {} MB", memory >> 20);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_has(&texts(&svg), &["games (bins of 25000)"]);
    let bars = with(&svg, "rect", "fill", BLUE);
    assert_eq!(bars.len(), 40);
    let heights: Vec<&str> = bars.iter().map(|b| attr(b, "height").unwrap()).collect();
    assert!(heights.iter().all(|h| *h == heights[0]), "{heights:?}");

    // A line plot of one point per game is refused past 100,000 points,
    // in bounded memory too.
    std::fs::remove_file(&out).unwrap();
    let (code, err, memory) = plot_measured(&[
        c,
        "--x",
        "game",
        "--y",
        "score",
        "--where",
        "seat=0",
        "--out",
        s(&out),
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: more than 100000 points (a value of --x game in a series) in {c}: a line \
             plot draws one row per point; add --where or choose another --x\n"
        )
    );
    assert!(memory < PLOT_MEMORY, "line took {} MB", memory >> 20);
    assert!(!out.exists());
}

#[test]
fn text_from_the_csv_in_an_error_is_one_line() {
    // A cell with a line break, a column name with a tab.
    let (dir, csv) = with_csv("m.csv", "x,\"y\tz\",c\n1,\"a\nb\",p\n2,5,\"p\nq\"\n2,6,r\n");
    let d = dir.path();
    let c = s(&csv);
    fails(
        d,
        &[c, "--x", "x", "--y", "y\tz", "--where", "x=1"],
        &format!("non-numeric y\\tz value `a\\nb` on line 2 of {c}"),
    );
    fails(
        d,
        &[c, "--x", "w\nv", "--y", "c"],
        &format!("--x column `w\\nv` is not in {c} (its columns: x, y\\tz, c)"),
    );
    // The hint's value comes from the file too.
    fails(
        d,
        &[c, "--x", "x", "--y", "y\tz", "--where", "x=2"],
        "2 rows for x=2: add --where or --by (e.g. --where c=p\\nq)",
    );
    fails(
        d,
        &[c, "--kind", "hist", "--x", "y\tz", "--by", "c"],
        &format!("non-numeric y\\tz value `a\\nb` on line 2 of {c}"),
    );
}

/// Exactly linear points, y = 0.2 + 0.05 x, each with a 95% band of
/// ± 1.959964 · 0.01 (standard error 0.01): the slope is 0.05 and its
/// interval ± 1.959964 / sqrt(Σ w (x − x̄)²) = ± 1.959964 / sqrt(10⁴ · 500)
/// = ± 0.000877 (no scatter: no chi-square scaling).
const LINEAR: &str = "\
x,bot,y,y_low95,y_high95
10,a,0.7,0.680400360,0.719599640
20,a,1.2,1.180400360,1.219599640
30,a,1.7,1.680400360,1.719599640
40,a,2.2,2.180400360,2.219599640
";

/// The dashed (2 px) paths of colour `color`.
fn dashes(svg: &str, color: &str) -> usize {
    with(svg, "polyline", "stroke", color)
        .into_iter()
        .filter(|t| attr(t, "stroke-width") == Some("2"))
        .count()
}

#[test]
fn fit_linear_puts_the_slope_and_its_interval_in_the_legend() {
    let (dir, csv) = with_csv("linear.csv", LINEAR);
    let svg = draw(
        dir.path(),
        &[s(&csv), "--x", "x", "--y", "y", "--fit", "linear"],
    );
    assert_readable(&svg);
    // One series: a legend all the same, for the slope.
    assert_has(
        &texts(&svg),
        &["y", "slope 0.05000 [0.04912, 0.05088] per x"],
    );
    assert_eq!(lines(&svg, BLUE), [4]);
    // The trend line (dashed) and the legend's sample of it (3 dashes).
    assert!(dashes(&svg, BLUE) > 3, "{svg}");
    // Without --fit: no slope, no dashes.
    let plain = draw(dir.path(), &[s(&csv), "--x", "x", "--y", "y"]);
    assert!(!plain.contains("slope"));
    assert_eq!(dashes(&plain, BLUE), 0);
}

#[test]
fn fit_log_gives_the_slope_per_ln_x() {
    // y = 0.651 − 0.050 ln x, standard error 0.01 (the band from
    // STEM_ci95): Σ w (ln x − mean)² = 10⁴ · 0.68914..., so the interval
    // is −0.050 ± 0.0236.
    let mut text = String::from("length,players,mean_score,score_ci95\n");
    for players in [2, 3] {
        for x in [20.0f64, 30.0, 45.0, 60.0] {
            let y = 0.651 - 0.050 * x.ln() + f64::from(players);
            text.push_str(&format!("{x},{players},{y},0.01959963984540054\n"));
        }
    }
    let (dir, csv) = with_csv("lengths.csv", &text);
    let svg = draw(
        dir.path(),
        &[
            s(&csv),
            "--x",
            "length",
            "--y",
            "mean_score",
            "--by",
            "players",
            "--fit",
            "log",
        ],
    );
    let slope = "slope \u{2212}0.050 [\u{2212}0.074, \u{2212}0.026] per ln x";
    let t = texts(&svg);
    assert_has(&t, &["players=2", "players=3", slope]);
    assert_eq!(t.iter().filter(|t| *t == slope).count(), 2);
    // A log line is drawn through many points, dashed.
    assert!(dashes(&svg, ORANGE) > 6, "{svg}");
}

#[test]
fn a_series_without_a_fit_is_drawn_and_named_once_on_stderr() {
    // players=2 has 3 points with bands; players=3 has 2 (removed=20 has no data).
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let out = dir.path().join("fig.svg");
    let o = plot(&[
        s(&csv),
        "--x",
        "removed",
        "--y",
        "win_share",
        "--by",
        "players",
        "--where",
        "seat=0",
        "--fit",
        "linear",
        "--out",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("note: ") && err.contains("no fitted line for players=3: 2 points"),
        "{err}"
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    let t = texts(&svg);
    assert_eq!(
        t.iter().filter(|t| t.starts_with("slope ")).count(),
        1,
        "{t:?}"
    );
    assert_eq!(dashes(&svg, ORANGE), 0);
}

#[test]
fn fit_is_refused_where_it_cannot_be_drawn() {
    let (dir, csv) = with_csv("metrics.csv", METRICS);
    let d = dir.path();
    let c = s(&csv);
    let base = ["--x", "removed", "--y", "win_share", "--where", "seat=0"];
    for kind in ["bars", "hist"] {
        let mut args = vec![c, "--kind", kind, "--fit", "linear"];
        args.extend(base);
        fails(
            d,
            &args,
            &format!("--fit draws a trend line on line figures, not on --kind {kind}"),
        );
    }
    let mut args = vec![c, "--fit", "log", "--by", "players"];
    args.extend(base);
    fails(
        d,
        &args,
        &format!("--fit log needs x > 0, but --x removed is 0 on line 2 of {c}"),
    );
    let mut args = vec![c, "--fit", "quadratic"];
    args.extend(base);
    fails(d, &args, "unknown --fit `quadratic` (linear or log)");
    let mut args = vec![
        c,
        "--fit",
        "linear",
        "--x",
        "scoring",
        "--y",
        "win_share",
        "--by",
        "players",
    ];
    args.extend(["--where", "seat=0"]);
    fails(
        d,
        &args,
        &format!("--fit needs numbers in the --x column, and scoring has text values in {c}"),
    );
}

/// METRICS with a 4-player baseline at removed=0 only (seat 0: 0.30
/// [0.21, 0.40]), as the Seaside removals sweep has.
fn with_baseline() -> String {
    format!(
        "{METRICS}0,simple,4,\"greedy,greedy,greedy,greedy\",0,greedy,100,0.30,0.21,0.40,16,1,0.02,0,0.06,60,3,0.5,30,2,0.3,2,0.5\n"
    )
}

/// The points of a polyline (x, y in pixels).
fn points(tag: &str) -> Vec<(f64, f64)> {
    attr(tag, "points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn a_reference_series_is_a_level_dashed_line_across_the_plot() {
    let (dir, csv) = with_csv("metrics.csv", &with_baseline());
    let args = [
        s(&csv),
        "--x",
        "removed",
        "--y",
        "win_share",
        "--by",
        "players",
        "--where",
        "seat=0",
    ];
    // Without --reference the baseline is one dot at x=0.
    let plain = draw(dir.path(), &args);
    const GREEN: &str = "#2CA02C";
    assert_eq!(with(&plain, "circle", "fill", GREEN).len(), 1);
    let mut with_ref = args.to_vec();
    with_ref.extend(["--reference", "players=4"]);
    let svg = draw(dir.path(), &with_ref);
    assert_has(
        &texts(&svg),
        &["players=4 (tokens removed = 0)", "players=2"],
    );
    assert_readable(&svg);
    // No dot; a dashed line of green 2-point pieces, all at one height,
    // reaching (nearly) from the left edge of the plot to the right.
    assert_eq!(with(&svg, "circle", "fill", GREEN).len(), 0);
    let dashes: Vec<Vec<(f64, f64)>> = with(&svg, "polyline", "stroke", GREEN)
        .into_iter()
        .filter(|t| attr(t, "stroke-width") == Some("2"))
        .map(points)
        .collect();
    assert!(dashes.len() > 10, "{} dashes", dashes.len());
    let y = dashes[0][0].1;
    assert!(dashes.iter().flatten().all(|p| (p.1 - y).abs() < 0.5));
    // The blue series' points span the x axis (its x from 0 to 20); the
    // reference spans at least as far.
    let blue: Vec<f64> = with(&svg, "circle", "fill", BLUE)
        .iter()
        .map(|c| attr(c, "cx").unwrap().parse().unwrap())
        .collect();
    let (lo, hi) = dashes
        .iter()
        .flatten()
        .fold((f64::INFINITY, 0.0f64), |(a, b), p| {
            (a.min(p.0), b.max(p.0))
        });
    assert!(
        lo <= blue[0] && hi >= blue[2],
        "{lo}..{hi} against {blue:?}"
    );
    // Its band: one faint green strip as wide as the line.
    let strips = with(&svg, "rect", "fill", GREEN);
    assert_eq!(strips.len(), 1);
    let width: f64 = attr(strips[0], "width").unwrap().parse().unwrap();
    assert!(width >= hi - lo - 12.0, "{width} against {}", hi - lo);
}

#[test]
fn a_bad_reference_is_a_one_line_error() {
    let (dir, csv) = with_csv("metrics.csv", &with_baseline());
    let c = s(&csv);
    let base = [
        c,
        "--x",
        "removed",
        "--y",
        "win_share",
        "--by",
        "players",
        "--where",
        "seat=0",
    ];
    let run = |extra: &[&str], message: &str| {
        let mut args = base.to_vec();
        args.extend(extra);
        fails(dir.path(), &args, message);
    };
    run(
        &["--reference", "players=2"],
        "the --reference series players=2 has 3 points: a reference is one point (a baseline, \
         drawn as a level line), so narrow it with --where",
    );
    run(
        &["--reference", "players=6"],
        "--reference players=6 matches no series (the series: players=2; players=3; players=4)",
    );
    run(
        &["--reference", "seat=0"],
        "--reference seat=0: a reference is a whole series, so its column must be one of --by \
         (players)",
    );
    run(
        &["--reference", "players"],
        "--reference takes COL=VALUE, not `players`",
    );
    run(
        &["--reference", "players=4", "--kind", "bars"],
        "--reference draws a level line on line figures, not on --kind bars",
    );
    fails(
        dir.path(),
        &[
            c,
            "--x",
            "removed",
            "--y",
            "win_share",
            "--by",
            "players",
            "--where",
            "seat=0",
            "--where",
            "players=4",
            "--reference",
            "players=4",
        ],
        "every series is a --reference: leave at least one series to draw against them",
    );
}

/// The xxh3 of each figure kind's SVG drawn from the hand-made CSVs above
/// (line with fair lines, along players, of categories, with a reference
/// and a linear fit, with a log fit; bars; hist; ratings of one and of two
/// series), as drawn before the figure code was split into named steps
/// (issue 54): a change of any byte of any figure fails here, with the
/// figure's name.
#[test]
fn every_figure_kind_draws_the_committed_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let write = |name: &str, text: &str| {
        let path = d.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let metrics = write("metrics.csv", METRICS);
    let baseline = write("baseline.csv", &with_baseline());
    let scoring = write("scoring.csv", SCORING);
    let games = write("games.csv", GAMES);
    let ratings = write("ratings.csv", RATINGS);
    let two = RATINGS.replacen(",1,100,", ",2,100,", 3);
    let two = format!("{RATINGS}{}", two.split_once('\n').unwrap().1);
    let ratings2 = write("ratings2.csv", &two);
    let mut text = String::from("length,players,mean_score,score_ci95\n");
    for players in [2, 3] {
        for x in [20.0f64, 30.0, 45.0, 60.0] {
            let y = 0.651 - 0.050 * x.ln() + f64::from(players);
            text.push_str(&format!("{x},{players},{y},0.01959963984540054\n"));
        }
    }
    let lengths = write("lengths.csv", &text);
    // (figure, input, flags, xxh3 of the SVG)
    let figures = [
        (
            "line",
            &metrics,
            "--x removed --y win_share --by players --where seat=0",
            0xe530443037270aa6u64,
        ),
        (
            "line along players",
            &metrics,
            "--x players --y win_share --by removed --where seat=0",
            0x87de62d34f656e91,
        ),
        (
            "line of categories",
            &scoring,
            "--x scoring --y win_share",
            0xf988c1a0c53d4c17,
        ),
        (
            "line with a reference and a fit",
            &baseline,
            "--x removed --y win_share --by players --where seat=0 --reference players=4 --fit linear",
            0x5918723bc020d6ea,
        ),
        (
            "line with a log fit",
            &lengths,
            "--x length --y mean_score --by players --fit log",
            0x588edf9eec832304,
        ),
        (
            "bars",
            &metrics,
            "--kind bars --x seat --y win_share --by players --where removed=0",
            0x591b02ba0cb6d0b0,
        ),
        (
            "hist",
            &games,
            "--kind hist --x turns --by players",
            0xb8f1d8ba93cc3534,
        ),
        ("ratings", &ratings, "--kind ratings", 0x8b7e845c795df364),
        (
            "ratings of two series",
            &ratings2,
            "--kind ratings --by seed",
            0x15672a12ae8a7305,
        ),
    ];
    let mut wrong = Vec::new();
    for (name, input, flags, want) in &figures {
        let out = d.join("fig.svg");
        let mut all = vec![input.as_str()];
        all.extend(flags.split(' '));
        all.extend(["--out", s(&out)]);
        let o = plot(&all);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let hash = xxhash_rust::xxh3::xxh3_64(&std::fs::read(&out).unwrap());
        if hash != *want {
            wrong.push(format!("{name}: {hash:#018x}"));
        }
    }
    assert!(wrong.is_empty(), "figures changed: {}", wrong.join("; "));
}

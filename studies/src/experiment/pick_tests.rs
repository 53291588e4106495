use super::*;

/// A compare.csv of `removed` 0..=20 at 2 players and the 4-player
/// baseline, greedy mirror rows for the best/worst seats and a
/// `greedy,random` skill row, verdicts as given.
fn compare_csv(dir: &Path, rows: &[(&str, &str, &str, &str, &str, &str)]) -> std::path::PathBuf {
    let mut text = String::from(
        "removed,players,lineup,seat,bot,metric,value,baseline_value,diff,diff_low95,\
         diff_high95,paired,margin,verdict\n",
    );
    for (removed, players, lineup, metric, value, verdict) in rows {
        let (seat, bot) = if *metric == "skill_elo" {
            ("all", "greedy(worlds=8)")
        } else {
            ("all", "all")
        };
        let lineup = match *lineup {
            "greedy" => "greedy(worlds=8)",
            other => other,
        };
        let lineup = if lineup.contains(',') {
            format!("\"{lineup}\"")
        } else {
            lineup.to_string()
        };
        let bot = if bot.contains(',') {
            format!("\"{bot}\"")
        } else {
            bot.to_string()
        };
        text.push_str(&format!(
            "{removed},{players},{lineup},{seat},{bot},{metric},{value},1,0,0,0,true,0.05,{verdict}\n"
        ));
    }
    let path = dir.join("compare.csv");
    std::fs::write(&path, text).unwrap();
    path
}

fn rule(text: &str) -> PickRule {
    toml::from_str(text).unwrap()
}

fn baseline() -> toml::Table {
    toml::from_str("players = 4\nremoved = 0\n").unwrap()
}

const ACCEPT: &str = "by = \"removed\"\ntarget = { 2 = 12 }\naccept = [\
    { metric = \"max_seat_ratio\", lineup = \"greedy\" },\
    { metric = \"skill_elo\", lineup = \"greedy,random\", bot = \"greedy\" }]\n";

#[test]
fn the_pick_passes_every_named_test_and_is_nearest_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let gr = "greedy(worlds=8),random";
    let path = compare_csv(
        dir.path(),
        &[
            ("0", "4", "greedy", "max_seat_ratio", "1.1", "equivalent"),
            ("0", "2", "greedy", "max_seat_ratio", "1.1", "non-inferior"),
            ("0", "2", gr, "skill_elo", "40", "non-inferior"),
            // 10 is nearer 12 than 20 but fails skill; 15 has no skill row.
            ("10", "2", "greedy", "max_seat_ratio", "1.1", "non-inferior"),
            ("10", "2", gr, "skill_elo", "40", "inferior"),
            ("15", "2", "greedy", "max_seat_ratio", "1.1", "equivalent"),
            ("20", "2", "greedy", "max_seat_ratio", "1.1", "non-inferior"),
            ("20", "2", gr, "skill_elo", "40", "equivalent"),
            // A random mirror's verdict is not named by the rule.
            ("20", "2", "random", "max_seat_ratio", "1.1", "worse"),
        ],
    );
    let picks = judge(&rule(ACCEPT), &baseline(), &path).unwrap();
    // The baseline's own count has no setting to judge: not listed.
    assert_eq!(picks.len(), 1);
    let two = &picks[0];
    assert_eq!(two.players, "2");
    assert_eq!(
        two.baseline.as_ref().map(setting_text).as_deref(),
        Some("removed = 0")
    );
    let passes: Vec<(String, bool)> = two
        .settings
        .iter()
        .map(|(s, _, pass)| (setting_text(s), *pass))
        .collect();
    assert_eq!(
        passes,
        [
            ("removed = 0".to_string(), true),
            ("removed = 10".to_string(), false),
            ("removed = 15".to_string(), false),
            ("removed = 20".to_string(), true),
        ]
    );
    assert_eq!(
        two.settings[1].1,
        [
            Some("non-inferior".to_string()),
            Some("inferior".to_string())
        ]
    );
    assert_eq!(two.settings[2].1, [Some("equivalent".to_string()), None]);
    // 20 is 8 from 12, 0 is 12 from it.
    assert_eq!(
        two.pick.as_ref().map(setting_text).as_deref(),
        Some("removed = 20")
    );
    // Nearest 1: the toward-one metric's best side, by its value.
    let by_metric = rule(
        "by = \"max_seat_ratio\"\nlineup = \"greedy\"\naccept = [{ metric = \"max_seat_ratio\" }]\n",
    );
    let picks = judge(&by_metric, &baseline(), &path).unwrap();
    // Every max_seat_ratio row must pass: 20's random row is `worse`.
    assert_eq!(
        picks[0].settings.iter().filter(|s| s.2).count(),
        3,
        "{:?}",
        picks[0].settings
    );
    assert_eq!(by_players(&picks)["2"].as_deref(), Some("removed = 0"));
    assert_eq!(
        confirm_tables(&picks),
        [toml::from_str::<toml::Table>("removed = 0\nplayers = 2\n").unwrap()]
    );
}

#[test]
fn no_setting_passing_is_no_pick_and_the_section_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = compare_csv(
        dir.path(),
        &[
            ("0", "4", "greedy", "max_seat_ratio", "1.1", "equivalent"),
            ("10", "2", "greedy", "max_seat_ratio", "1.2", "inconclusive"),
        ],
    );
    let r = rule(&format!(
        "{ACCEPT}table = [{{ metric = \"seat_ratio\", lineup = \"greedy\" }}]\n"
    ));
    let picks = judge(&r, &baseline(), &path).unwrap();
    assert_eq!(picks[0].pick, None);
    let mut md = String::new();
    picks_section(&mut md, &r, &picks, None, &dir.path().join("metrics.csv")).unwrap();
    assert!(
        md.contains("**No pick**: none of the 1 settings passes every test."),
        "{md}"
    );
    assert!(
        md.contains("| removed = 10 | — | inconclusive | — | no | no |"),
        "{md}"
    );
}

#[test]
fn a_confirmed_pick_says_which_tests_it_passed_again() {
    let dir = tempfile::tempdir().unwrap();
    let gr = "greedy(worlds=8),random";
    let rows = [
        ("0", "4", "greedy", "max_seat_ratio", "1.1", "equivalent"),
        ("20", "2", "greedy", "max_seat_ratio", "1.1", "non-inferior"),
        ("20", "2", gr, "skill_elo", "40", "equivalent"),
    ];
    let path = compare_csv(dir.path(), &rows);
    let r = rule(ACCEPT);
    let picks = judge(&r, &baseline(), &path).unwrap();
    let again = picks.clone();
    let mut md = String::new();
    picks_section(
        &mut md,
        &r,
        &picks,
        Some(&again),
        &dir.path().join("metrics.csv"),
    )
    .unwrap();
    assert!(
        md.contains(
            "**confirmed**: on the confirmation's fresh seed it passes again every test the rule \
             decides on (max_seat_ratio (greedy), skill_elo of greedy (greedy,random))."
        ),
        "{md}"
    );
    // A row the rule names decides; the random mirror's row is reported.
    assert!(decides_on(
        &r,
        "max_seat_ratio",
        "greedy(worlds=8)",
        "all",
        "all"
    ));
    assert!(!decides_on(&r, "max_seat_ratio", "random", "all", "all"));
    assert!(!decides_on(
        &r,
        "seat_ratio",
        "greedy(worlds=8)",
        "0",
        "all"
    ));
}

#[test]
fn the_pick_comes_from_the_passes_left_after_holms_correction() {
    // Three settings, standard error 0.01 (95% half-width 0.0196), margin
    // 0.02: removed = 10 is better at p = Φ(-1.9) = 0.0287, removed = 20
    // at p = Φ(-4) = 3.2e-5, removed = 30 does not pass. Uncorrected, 10
    // (nearest 12) would be the pick; Holm over 3: 3.2e-5 x 3 passes,
    // 0.0287 x 2 = 0.057 > 0.05 does not, so the pick is 20.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "removed,players,lineup,seat,bot,metric,value,baseline_value,diff,diff_low95,\
         diff_high95,paired,margin,verdict\n",
    );
    for (removed, d, verdict) in [
        ("10", -0.039, "better"),
        ("20", -0.06, "better"),
        ("30", 0.0, "inconclusive"),
    ] {
        let half = beachcomber::stats::Z95 * 0.01;
        text.push_str(&format!(
            "{removed},2,greedy(worlds=8),all,all,max_seat_ratio,1,1,{d},{},{},true,0.02,{verdict}\n",
            d - half,
            d + half
        ));
    }
    let path = dir.path().join("compare.csv");
    std::fs::write(&path, text).unwrap();
    let r = rule(
        "by = \"removed\"\ntarget = { 2 = 12 }\ncorrection = \"holm\"\naccept = [{ metric = \"max_seat_ratio\", lineup = \"greedy\" }]\n",
    );
    // A rule without `correction` (the committed rules' meaning) picks
    // from the uncorrected passes: 10, nearest 12, marked in `passes`.
    let legacy = rule(
        "by = \"removed\"\ntarget = { 2 = 12 }\naccept = [{ metric = \"max_seat_ratio\", lineup = \"greedy\" }]\n",
    );
    let picks = judge(&legacy, &baseline(), &path).unwrap();
    assert_eq!(
        picks[0].pick.as_ref().map(setting_text).as_deref(),
        Some("removed = 10")
    );
    let mut md = String::new();
    picks_section(
        &mut md,
        &legacy,
        &picks,
        None,
        &path.with_file_name("metrics.csv"),
    )
    .unwrap();
    assert!(
        md.contains(
            "the rule names no `correction`, so the pick is from the uncorrected passes (at 0.05 \
             each, about 0.15 of them would pass by chance alone if no setting truly met its tests)"
        ),
        "{md}"
    );
    assert!(
        md.contains("| removed = 10 | better | **pick** | no |"),
        "{md}"
    );
    let picks = judge(&r, &baseline(), &path).unwrap();
    let two = &picks[0];
    assert_eq!(
        two.settings.iter().map(|s| s.2).collect::<Vec<_>>(),
        [true, true, false]
    );
    assert_eq!(two.corrected, [false, true, false]);
    assert_eq!(
        two.pick.as_ref().map(setting_text).as_deref(),
        Some("removed = 20")
    );
    let mut md = String::new();
    picks_section(&mut md, &r, &picks, None, &dir.path().join("metrics.csv")).unwrap();
    assert!(
        md.contains(
            "(2 of 3 settings pass uncorrected, 1 after Holm's step-down correction over the 3 \
             settings' one-sided tests at 0.05"
        ),
        "{md}"
    );
    assert!(md.contains("| removed = 10 | better | yes | no |"), "{md}");
    assert!(
        md.contains("| removed = 20 | better | yes | **pick** |"),
        "{md}"
    );
}

/// A `correction` that is neither `none` nor `holm` is refused with the
/// words allowed.
#[test]
fn an_unknown_correction_is_refused_with_the_allowed_words() {
    let error = toml::from_str::<PickRule>(
        "by = \"removed\"\ncorrection = \"bonferroni\"\naccept = [{ metric = \"tie_rate\" }]\n",
    )
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("unknown variant `bonferroni`, expected `none` or `holm`"),
        "{error}"
    );
    let none =
        rule("by = \"removed\"\ncorrection = \"none\"\naccept = [{ metric = \"tie_rate\" }]\n");
    assert_eq!(none.correction, Correction::None);
    assert_eq!(rule(ACCEPT).correction, Correction::None);
}

use super::*;

fn criterion(text: &str) -> toml::Value {
    let table: toml::Table = toml::from_str(text).unwrap();
    table["criterion"].clone()
}

#[test]
fn the_canonical_form_sorts_keys_at_every_level() {
    let value = criterion(
        "[criterion]\ntext = \"fair\"\nmargins = { seat_ratio = 0.1, mean_turns = 3 }\n\
         baseline = { removed = 0, players = 3 }\nconfirm = [{ removed = 35 }]\n",
    );
    assert_eq!(
        canonical(&value).to_string(),
        r#"{"baseline":{"players":3,"removed":0},"confirm":[{"removed":35}],"margins":{"mean_turns":3,"seat_ratio":0.1},"text":"fair"}"#
    );
}

#[test]
fn a_criterion_hash_is_xxh3_of_the_canonical_form_whatever_the_order_and_layout() {
    let one = criterion("[criterion]\ntext = \"fair\"\nbaseline = { players = 3, removed = 0 }\n");
    let reordered =
        criterion("[criterion.baseline]\nremoved = 0\nplayers = 3\n\n[criterion]\ntext = 'fair'\n");
    let expected = format!(
        "{:016x}",
        xxhash_rust::xxh3::xxh3_64(br#"{"baseline":{"players":3,"removed":0},"text":"fair"}"#)
    );
    assert_eq!(criterion_hash(&one), expected);
    assert_eq!(criterion_hash(&reordered), expected);
    assert_eq!(expected.len(), 16);
    // Any value changed is another criterion.
    let other =
        criterion("[criterion]\ntext = \"fair\"\nbaseline = { players = 3, removed = 5 }\n");
    assert_ne!(criterion_hash(&other), expected);
    // Only the criterion counts: the rest of the file may change.
    assert_eq!(
        criterion_hash_in(
            "seed = 9\n[criterion]\ntext = \"fair\"\nbaseline = { players = 3, removed = 0 }\n"
        ),
        Some(expected)
    );
    assert_eq!(criterion_hash_in("seed = 9\n"), None);
    assert_eq!(criterion_hash_in("seed = \n"), None);
}

fn version(commit: &str, hash: Option<&str>) -> Version {
    Version {
        commit: CommitDate {
            commit: commit.to_string(),
            date: format!("date of {commit}"),
        },
        hash: hash.map(str::to_string),
    }
}

#[test]
fn the_criterions_commit_is_the_oldest_of_the_newest_run_with_its_hash() {
    // Newest first: e and d kept the criterion c wrote (other edits of the
    // file); b had another, which a had too.
    let versions = [
        version("e", Some("h2")),
        version("d", Some("h2")),
        version("c", Some("h2")),
        version("b", Some("h1")),
        version("a", Some("h2")),
    ];
    assert_eq!(last_change(&versions, "h2").unwrap().commit, "c");
    // The working tree's criterion is not the newest commit's.
    assert_eq!(last_change(&versions, "h1"), None);
    assert_eq!(last_change(&versions, "h3"), None);
    // A file never committed.
    assert_eq!(last_change(&[], "h2"), None);
    // The newest commit removed the criterion.
    let removed = [version("b", None), version("a", Some("h2"))];
    assert_eq!(last_change(&removed, "h2"), None);
    let one = [version("a", Some("h2"))];
    assert_eq!(last_change(&one, "h2").unwrap().commit, "a");
}

#[test]
fn a_folder_is_under_another_by_its_resolved_path() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results");
    std::fs::create_dir(&results).unwrap();
    assert!(is_under(&results.join("study"), &results));
    assert!(is_under(&results, &results));
    assert!(is_under(&dir.path().join("x/../results/y"), &results));
    assert!(!is_under(&dir.path().join("results-2"), &results));
    assert!(!is_under(&dir.path().join("scratch"), &results));
    // Through a symbolic link into results/.
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&results, &link).unwrap();
    assert!(is_under(&link.join("study"), &results));
}

#[test]
fn labels_are_written_and_read_as_their_words() {
    let labels = [
        (RuleLabel::Locked, "locked"),
        (RuleLabel::Reproduction, "reproduction"),
        (RuleLabel::Exploratory, "exploratory"),
        (
            RuleLabel::SameGamesAs("abc123".into()),
            "same games as abc123",
        ),
        (RuleLabel::NoProvenance, "no git provenance"),
    ];
    for (label, text) in labels {
        assert_eq!(
            serde_json::to_string(&label).unwrap(),
            format!("\"{text}\"")
        );
        assert_eq!(
            serde_json::from_str::<RuleLabel>(&format!("\"{text}\"")).unwrap(),
            label
        );
    }
    assert!(serde_json::from_str::<RuleLabel>("\"same games as \"").is_err());
    assert!(serde_json::from_str::<RuleLabel>("\"locked-ish\"").is_err());
}

#[test]
fn exploratory_labels_every_verdict_once_and_keeps_empty_cells() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("compare.csv");
    std::fs::write(
        &path,
        "players,lineup,metric,margin,verdict\n2,\"greedy,random\",seat_ratio,0.1,equivalent\n\
         2,\"greedy,random\",mean_turns,,\n3,greedy,seat_ratio,0.1,worse\n\
         3,greedy,tie_rate,,none\n",
    )
    .unwrap();
    label_verdicts(&path).unwrap();
    label_verdicts(&path).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "players,lineup,metric,margin,verdict\n\
         2,\"greedy,random\",seat_ratio,0.1,exploratory: equivalent\n\
         2,\"greedy,random\",mean_turns,,\n3,greedy,seat_ratio,0.1,exploratory: worse\n\
         3,greedy,tie_rate,,none\n"
    );
}

#[test]
fn the_unused_seeds_proposed_skip_every_used_seed_and_the_files_own() {
    let used: std::collections::BTreeSet<u64> = [8, 10].into_iter().collect();
    assert_eq!(unused_after(7, &used, &[7, 11]), [9, 12, 13]);
    // At the top of the range: fewer, never a wrap to 0.
    assert_eq!(unused_after(u64::MAX - 1, &used, &[]), [u64::MAX]);
    assert_eq!(unused_after(u64::MAX, &used, &[]), Vec::<u64>::new());
}

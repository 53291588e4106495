use std::path::{Path, PathBuf};

use super::*;
use crate::manifest::Manifest;

/// The workspace's root (this crate is `store/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `*manifest.json` under `dir`, sorted.
fn manifests(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with("manifest.json") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(relative: &str) -> Manifest {
    Manifest::read(&root().join(relative)).unwrap()
}

#[test]
fn every_committed_manifest_reads_into_a_kind_and_writes_back_as_read() {
    let mut seen = 0;
    for dir in ["results", "cli/tests/equivalence"] {
        for path in manifests(&root().join(dir)) {
            let bytes = std::fs::read(&path).unwrap();
            let manifest: Manifest = serde_json::from_slice(&bytes)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut again = serde_json::to_vec_pretty(&manifest).unwrap();
            again.push(b'\n');
            if dir == "results" {
                // The studies' manifests as the program wrote them: the
                // same bytes.
                assert!(
                    again == bytes,
                    "{} is not written back as read",
                    path.display()
                );
            } else {
                // The harness blanks the timings (`"seconds": 0`): the
                // description (where the kind is) is written back as read.
                let read: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                let written: serde_json::Value = serde_json::from_slice(&again).unwrap();
                assert_eq!(
                    written["description"],
                    read["description"],
                    "{}",
                    path.display()
                );
            }
            seen += 1;
        }
    }
    // The studies and the harness hold dozens of manifests of each kind.
    assert!(seen >= 50, "only {seen} manifests found");
}

#[test]
fn a_league_s_anchors_are_indices_into_each_part_s_bots() {
    let labelled = read("results/expert-strength/manifest.json");
    let RunKind::League {
        games_per_pairing,
        resamples,
        anchors,
    } = &labelled.description.kind
    else {
        panic!("not a league: {:?}", labelled.description.kind);
    };
    assert_eq!((*games_per_pairing, resamples.get()), (None, 1000));
    assert_eq!(anchors, &vec![1, 1, 1]);
    let single = read("cli/tests/equivalence/league/files/anchored.csv.manifest.json");
    assert_eq!(
        single.description.kind,
        RunKind::League {
            games_per_pairing: Some(6),
            resamples: crate::counts::Resamples::DEFAULT,
            anchors: vec![1],
        }
    );
    // Written back: the anchor by bot name, under the single league's key.
    let plan = &single.description.plan;
    assert_eq!(
        single.description.kind.to_raw(plan),
        (
            "league",
            vec![
                ("games_per_pairing".to_string(), "6".to_string()),
                ("resamples".to_string(), "1000".to_string()),
                ("anchor".to_string(), "random".to_string()),
            ]
        )
    );
}

#[test]
fn a_tournament_s_sprt_is_read_from_its_setting() {
    let stopped = read("cli/tests/equivalence/tournament-sprt/files/o.csv.manifest.json");
    let want: Sprt = "elo0=0,elo1=300,alpha=0.05,beta=0.05".parse().unwrap();
    assert_eq!(
        stopped.description.kind,
        RunKind::Tournament { sprt: Some(want) }
    );
}

#[test]
fn a_tournament_s_sprt_and_a_sweep_s_comparison_round_trip() {
    let tournament = read("cli/tests/equivalence/tournament-files/files/out.csv.manifest.json");
    let plan = &tournament.description.plan;
    let sprt: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
    let kind = RunKind::Tournament { sprt: Some(sprt) };
    let (command, settings) = kind.to_raw(plan);
    assert_eq!(command, "tournament");
    assert_eq!(
        settings,
        [(
            "sprt".to_string(),
            "elo0=0,elo1=5,alpha=0.05,beta=0.05".to_string()
        )]
    );
    assert_eq!(RunKind::from_raw(command, &settings, plan), Ok(kind));
    let sweep = RunKind::Sweep {
        records: true,
        compare: Some(CompareSpec {
            baseline: vec![("players".to_string(), "2".to_string())],
            ..CompareSpec::default()
        }),
    };
    let (command, settings) = sweep.to_raw(plan);
    assert_eq!(
        settings,
        [
            ("records".to_string(), "true".to_string()),
            ("baseline".to_string(), "players=2".to_string()),
        ]
    );
    assert_eq!(RunKind::from_raw(command, &settings, plan), Ok(sweep));
}

#[test]
fn unknown_commands_and_settings_not_in_canonical_form_are_refused() {
    let plan = &read("cli/tests/equivalence/tournament-files/files/out.csv.manifest.json")
        .description
        .plan;
    assert_eq!(
        RunKind::from_raw("bench", &[], plan),
        Err(KindError::UnknownCommand("bench".to_string()))
    );
    let extra = [("resamples".to_string(), "10".to_string())];
    assert_eq!(
        RunKind::from_raw("tournament", &extra, plan),
        Err(KindError::NotCanonical("tournament".to_string()))
    );
    let bad = [("records".to_string(), "yes".to_string())];
    assert_eq!(
        RunKind::from_raw("sweep", &bad, plan)
            .unwrap_err()
            .to_string(),
        "the setting `records`: `yes` is no bool"
    );
}

/// The lines of `path` before its unit tests (`#[cfg(test)]`).
fn code_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines().map(str::to_string).collect()
}

/// Every `.rs` file under `dir` but unit-test files (`*_tests.rs`), sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy().to_string();
            if path.is_dir() {
                stack.push(path);
            } else if name.ends_with(".rs") && !name.ends_with("_tests.rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn command_names_are_spelled_only_in_the_kind_s_mapping() {
    const NAMES: [&str; 3] = ["\"tournament\"", "\"league\"", "\"sweep\""];
    let root = root();
    let mut files = sources(&root.join("store/src"));
    files.extend(sources(&root.join("studies/src")));
    files.extend(sources(&root.join("cli/src")));
    files.push(root.join("src/league.rs"));
    let mut in_mapping = 0;
    let mut unexpected = Vec::new();
    for path in &files {
        let relative = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        for (n, line) in code_lines(path).iter().enumerate() {
            if !NAMES.iter().any(|name| line.contains(name)) {
                continue;
            }
            let trimmed = line.trim();
            let allowed = match relative.as_str() {
                // The one serde mapping: `command()`'s arms and
                // `from_raw`'s arms.
                "store/src/manifest/kind.rs" => {
                    let arm = (trimmed.starts_with("RunKind::") && trimmed.ends_with("\","))
                        || NAMES
                            .iter()
                            .any(|name| trimmed.starts_with(&format!("{name} => ")));
                    in_mapping += usize::from(arm);
                    arm
                }
                // The experiment file's TOML tables `[sweep]` and
                // `[[league]]`: key names of the file, not commands.
                "studies/src/experiment/file.rs" | "studies/src/experiment/specs.rs" => {
                    trimmed.contains("rename = \"")
                        || trimmed.contains("at(&[\"")
                        || trimmed.contains("Step::key(\"")
                        || trimmed.contains("origin(")
                }
                _ => false,
            };
            if !allowed {
                unexpected.push(format!("{relative}:{}: {trimmed}", n + 1));
            }
        }
    }
    assert!(
        unexpected.is_empty(),
        "command names outside the mapping:\n{}",
        unexpected.join("\n")
    );
    // Each name once in `command()` and once in `from_raw`.
    assert_eq!(in_mapping, 6);
}

#[test]
fn a_sweep_s_declared_tests_and_seats_round_trip() {
    let tournament = read("cli/tests/equivalence/tournament-files/files/out.csv.manifest.json");
    let plan = &tournament.description.plan;
    let mut compare = CompareSpec {
        baseline: vec![("players".to_string(), "2".to_string())],
        seats: Some(beachcomber::compare::Seats::List(vec![0, 2])),
        ..CompareSpec::default()
    };
    compare
        .add_margins("max_seat_ratio=0.05:non-inferior,tie_rate=0.02")
        .unwrap();
    let sweep = RunKind::Sweep {
        records: false,
        compare: Some(compare),
    };
    let (command, settings) = sweep.to_raw(plan);
    assert_eq!(
        settings,
        [
            ("records".to_string(), "false".to_string()),
            ("baseline".to_string(), "players=2".to_string()),
            (
                "margins".to_string(),
                "max_seat_ratio=0.05:non-inferior,tie_rate=0.02".to_string()
            ),
            ("seats".to_string(), "0,2".to_string()),
        ]
    );
    assert_eq!(RunKind::from_raw(command, &settings, plan), Ok(sweep));
    let mut bad = settings.clone();
    bad[3].1 = "worst".to_string();
    assert_eq!(
        RunKind::from_raw(command, &bad, plan)
            .unwrap_err()
            .to_string(),
        "the setting `seats`: seats `worst` are none of `first`, `each`, `best-worst` or a \
         list of distinct seat numbers"
    );
}

#[test]
fn a_league_s_resamples_out_of_range_are_refused_on_read() {
    let single = read("cli/tests/equivalence/league/files/anchored.csv.manifest.json");
    let plan = &single.description.plan;
    let (command, mut settings) = single.description.kind.to_raw(plan);
    let at = settings.iter().position(|(k, _)| k == "resamples").unwrap();
    for (value, refused) in [
        ("99", true),
        ("100", false),
        ("100000", false),
        ("100001", true),
        ("0", true),
    ] {
        settings[at].1 = value.to_string();
        let got = RunKind::from_raw(command, &settings, plan);
        if refused {
            assert_eq!(
                got.unwrap_err().to_string(),
                format!("the setting `resamples`: {value} is not in 100..=100000")
            );
        } else {
            assert!(got.is_ok(), "{value}: {got:?}");
        }
    }
}

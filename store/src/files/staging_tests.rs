use super::*;

/// Every file under `dir` with its bytes, sorted (folders as their names).
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let name = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                out.push((format!("{name}/"), Vec::new()));
                stack.push(p);
            } else {
                out.push((name, fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn file(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, text).unwrap();
}

#[test]
fn the_staging_folder_is_a_hidden_sibling() {
    let d = tempfile::tempdir().unwrap();
    let study = d.path().join("results/study");
    let (target, staging) = staging_folder(&study).unwrap();
    assert_eq!(target, study);
    assert_eq!(staging, d.path().join("results/.study.staging"));
    let (target, staging) = staging_folder(Path::new("study")).unwrap();
    assert_eq!(
        (target, staging),
        (PathBuf::from("study"), PathBuf::from(".study.staging"))
    );
    // A link is followed: the folder it names is the one replaced.
    fs::create_dir_all(&study).unwrap();
    let link = d.path().join("link");
    std::os::unix::fs::symlink(&study, &link).unwrap();
    let (target, staging) = staging_folder(&link).unwrap();
    assert_eq!(target, study.canonicalize().unwrap());
    assert_eq!(staging, target.with_file_name(".study.staging"));
    assert!(matches!(
        staging_folder(Path::new("/")),
        Err(StagingError::NoName(_))
    ));
}

#[test]
fn a_finished_run_replaces_the_old_folder_and_keeps_its_other_files() {
    let d = tempfile::tempdir().unwrap();
    let study = d.path().join("study");
    file(&study, "games.csv", "old games");
    file(&study, "summary.md", "old summary");
    file(&study, "fig.svg", "old figure");
    file(&study, "confirm.csv", "old confirmation");
    file(&study, "confirm/games.csv", "old confirm games");
    file(&study, "README.md", "notes");
    file(&study, "scripts/tables.py", "print()");
    let staging = Staging::begin(&study, false).unwrap();
    assert!(staging.is_staged());
    let work = staging.work().to_path_buf();
    assert_eq!(work, d.path().join(".study.staging"));
    file(&work, "games.csv", "new games");
    file(&work, "summary.md", "new summary");
    // The old folder is untouched until the commit.
    assert_eq!(tree(&study).len(), 9);
    staging.commit(&["fig.svg".to_string()]).unwrap();
    assert_eq!(
        tree(&study),
        [
            ("README.md".to_string(), b"notes".to_vec()),
            ("games.csv".to_string(), b"new games".to_vec()),
            ("scripts/".to_string(), Vec::new()),
            ("scripts/tables.py".to_string(), b"print()".to_vec()),
            ("summary.md".to_string(), b"new summary".to_vec()),
        ]
    );
    assert!(!work.exists());
    assert_eq!(
        fs::read_dir(d.path()).unwrap().count(),
        1,
        "nothing left beside the folder"
    );
}

#[test]
fn a_first_run_renames_its_staging_folder_into_place() {
    let d = tempfile::tempdir().unwrap();
    let study = d.path().join("new/study");
    let staging = Staging::begin(&study, false).unwrap();
    file(staging.work(), "summary.md", "s");
    staging.commit(&[]).unwrap();
    assert_eq!(tree(&study), [("summary.md".to_string(), b"s".to_vec())]);
    assert_eq!(fs::read_dir(d.path().join("new")).unwrap().count(), 1);
}

#[test]
fn resume_continues_in_the_staging_folder_else_in_place() {
    let d = tempfile::tempdir().unwrap();
    let study = d.path().join("study");
    file(&study, "summary.md", "old");
    // No staging folder: in place, and the commit changes nothing.
    let staging = Staging::begin(&study, true).unwrap();
    assert!(!staging.is_staged());
    assert_eq!(staging.work(), study);
    staging.commit(&[]).unwrap();
    assert_eq!(tree(&study), [("summary.md".to_string(), b"old".to_vec())]);
    // An interrupted run's staging folder is where --resume continues.
    let first = Staging::begin(&study, false).unwrap();
    file(first.work(), "checkpoint.json", "{}");
    drop(first);
    let again = Staging::begin(&study, true).unwrap();
    assert!(again.is_staged());
    assert!(again.work().join("checkpoint.json").exists());
    // A staging name taken by a file is refused.
    let other = d.path().join("other");
    fs::write(d.path().join(".other.staging"), "x").unwrap();
    assert!(matches!(
        Staging::begin(&other, false),
        Err(StagingError::NotAFolder(_))
    ));
    // As is a results folder that is a file.
    fs::write(d.path().join("plain"), "x").unwrap();
    assert!(matches!(
        Staging::begin(&d.path().join("plain"), false),
        Err(StagingError::NotAFolder(_))
    ));
}

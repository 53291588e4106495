//! Damaged shards whose manifests were rewritten to match them (bytes and
//! xxh3), CSV and Parquet, each refused by `merge` in one line naming the
//! shard, the line and the column, with nothing written.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use beachcomber::tournament::Shard;
use parquet::basic::Compression;
use parquet::data_type::ByteArray;
use parquet::file::metadata::KeyValue;
use serde_json::Value;

use crate::execute::Silent;
use crate::execute::tests::{control, folder, play, small};
use crate::files::paths::OutputPaths;
use crate::parquet_table::hostile_tests::{Cells, one_page, write_table};

/// `out` alone as a run's outputs.
fn only_out(out: PathBuf) -> OutputPaths {
    OutputPaths {
        out: Some(out),
        summary: None,
        record: None,
        pairs: None,
    }
}

/// Two shards of the small tournament (320 games) in `dir`, their games
/// tables `shard-I.EXT`: their manifests and tables.
fn two_shards(dir: &Path, ext: &str) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let small = small();
    let never = AtomicBool::new(false);
    (0..2)
        .map(|i| {
            let out = dir.join(format!("shard-{i}.{ext}"));
            let shard = Shard::new(i, 2).unwrap();
            play(
                &small,
                only_out(out.clone()),
                control(shard, false),
                &Silent,
                &never,
            )
            .unwrap();
            (dir.join(format!("shard-{i}.{ext}.manifest.json")), out)
        })
        .unzip()
}

/// Record `file`'s new length and hash in `manifest`, as a forger would.
fn rewrite_manifest(manifest: &Path, file: &Path) {
    let bytes = std::fs::read(file).unwrap();
    let mut v: Value = serde_json::from_slice(&std::fs::read(manifest).unwrap()).unwrap();
    for f in v["files"].as_array_mut().unwrap() {
        if f["output"] == "--out" {
            f["bytes"] = bytes.len().into();
            f["xxh3"] = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes)).into();
        }
    }
    std::fs::write(manifest, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

/// Merge `manifests` into `out`: the error's text (and that nothing was
/// written), or `None` when the merge succeeded.
fn merge_into(manifests: &[PathBuf], out: &Path) -> Option<String> {
    let never = AtomicBool::new(false);
    let result = crate::merge::merge(manifests, only_out(out.to_path_buf()), &never);
    let e = result.err()?.to_string();
    assert!(!out.exists(), "{e}");
    // Nor its temporary file (`.NAME.XXXXXX.partial`).
    let name = out.file_name().unwrap().to_string_lossy().to_string();
    let dir = std::fs::read_dir(out.parent().unwrap()).unwrap();
    let left: Vec<String> = dir
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with('.') && n.contains(&name))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert!(!e.contains('\n') && e.len() < 400, "{e}");
    Some(e)
}

/// The CSV text of shard tables `texts`, edited line by line:
/// `edit(shard, line number, line)` gives the line written (the header is
/// line 1).
fn edit_csv(texts: &[String], edit: impl Fn(usize, usize, &str) -> String) -> Vec<String> {
    texts
        .iter()
        .enumerate()
        .map(|(s, text)| {
            text.lines()
                .enumerate()
                .map(|(n, l)| edit(s, n + 1, l) + "\n")
                .collect()
        })
        .collect()
}

/// `line` with its cell `column` (0-based) set to `cell`.
fn set_cell(line: &str, column: usize, cell: &str) -> String {
    let mut cells: Vec<&str> = line.split(',').collect();
    cells[column] = cell;
    cells.join(",")
}

/// An edit of a line.
type Edit = Box<dyn Fn(&str) -> String>;

const SEED: usize = 3;
const SEAT: usize = 4;
const RANK: usize = 7;
const WIN_SHARE: usize = 8;
const WON: usize = 9;
const END: usize = 12;

#[test]
fn damaged_csv_shards_with_matching_manifests_are_refused() {
    let (_keep, dir) = folder("merge-damaged-csv");
    let (manifests, tables) = two_shards(&dir, "csv");
    let good: Vec<String> = tables
        .iter()
        .map(|t| std::fs::read_to_string(t).unwrap())
        .collect();
    let out = dir.join("merged.csv");
    assert_eq!(merge_into(&manifests, &out), None);
    std::fs::remove_file(&out).unwrap();
    let shard = |s: usize| tables[s].display().to_string();
    // (the edit of shard 1's line 5, the error's end after the path)
    let cases: Vec<(Edit, String)> = vec![
        (
            Box::new(|l| set_cell(l, SEED, "banana")),
            "the seed `banana` is not a count written as this program writes it".into(),
        ),
        (
            Box::new(|l| l[..l.rfind(',').unwrap()].to_string()),
            "it has 12 cells, the header 13".into(),
        ),
        (
            Box::new(|l| set_cell(l, WON, "yes")),
            "the won `yes` is not 0 or 1".into(),
        ),
        (
            Box::new(|l| set_cell(l, SEAT, "-1")),
            "the seat `-1` is not a count written as this program writes it".into(),
        ),
        (
            Box::new(|l| set_cell(l, SEAT, "7")),
            "the seat `7` is not a seat of a 2-player game".into(),
        ),
        (
            Box::new(|l| set_cell(l, WIN_SHARE, "NaN")),
            "the win_share `NaN` is not a number with 4 decimals".into(),
        ),
        (
            Box::new(|l| set_cell(&set_cell(l, WIN_SHARE, "0.5000"), WON, "0")),
            "the win_share `0.5` is not a share of the win (0 to 1, above 0 when won is 1)".into(),
        ),
        (
            Box::new(|l| set_cell(l, RANK, "3")),
            "the rank `3` is not a rank of a 2-player game (1 to 2)".into(),
        ),
        (
            Box::new(|l| set_cell(l, END, &"x".repeat(100_000))),
            format!(
                "the end `{}…[99920 more bytes]` is not `finished` or `forfeit:SEAT`",
                "x".repeat(80)
            ),
        ),
    ];
    for (edit, why) in &cases {
        let texts = edit_csv(&good, |s, n, l| {
            if (s, n) == (1, 5) {
                edit(l)
            } else {
                l.to_string()
            }
        });
        std::fs::write(&tables[1], &texts[1]).unwrap();
        rewrite_manifest(&manifests[1], &tables[1]);
        let e = merge_into(&manifests, &out).expect(why);
        assert_eq!(
            e,
            format!(
                "`{}` line 5: {why}: the shard file is damaged or not of this run",
                shard(1)
            )
        );
    }
    // The columns `seat` and `won` dropped from every shard.
    let texts = edit_csv(&good, |_, _, l| {
        let cells: Vec<&str> = l.split(',').collect();
        let kept: Vec<&str> = (0..cells.len())
            .filter(|&k| k != SEAT && k != WON)
            .map(|k| cells[k])
            .collect();
        kept.join(",")
    });
    for s in 0..2 {
        std::fs::write(&tables[s], &texts[s]).unwrap();
        rewrite_manifest(&manifests[s], &tables[s]);
    }
    assert_eq!(
        merge_into(&manifests, &out).unwrap(),
        format!(
            "`{}`: a games table of this run has at least 13 columns, this header 11: the \
             shard file is damaged or not of this run",
            shard(0)
        )
    );
    // Put back, the shards merge again.
    for s in 0..2 {
        std::fs::write(&tables[s], &good[s]).unwrap();
        rewrite_manifest(&manifests[s], &tables[s]);
    }
    assert_eq!(merge_into(&manifests, &out), None);
}

/// How a column of a forged Parquet shard is stored.
#[derive(Clone, Copy, PartialEq)]
enum Stored {
    UInt,
    Int,
    Double,
    Bool,
    Text,
}

/// The columns of the games table as this program stores them.
fn stored(name: &str) -> Stored {
    match name {
        "bot" | "end" => Stored::Text,
        "score" => Stored::Int,
        "win_share" => Stored::Double,
        "won" => Stored::Bool,
        _ => Stored::UInt,
    }
}

/// Write `text` (a games table's CSV, without quoted cells) as Parquet
/// into `path`, each column stored as `how` says, with the decimals'
/// metadata this program writes.
fn forge_parquet(path: &Path, text: &str, how: impl Fn(&str) -> Stored) {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let columns: Vec<(&str, Cells)> = header
        .iter()
        .enumerate()
        .map(|(k, &name)| {
            let cells = rows.iter().map(|r| r[k]);
            let column = match how(name) {
                // Counts above 2^63 as their bits; `-1` as itself.
                Stored::UInt => Cells::UInt(
                    cells
                        .map(|c| {
                            c.parse::<u64>()
                                .map_or_else(|_| c.parse().unwrap(), |v| v as i64)
                        })
                        .collect(),
                ),
                Stored::Int => Cells::Int(cells.map(|c| c.parse().unwrap()).collect()),
                Stored::Double => Cells::Double(cells.map(|c| c.parse().unwrap()).collect()),
                Stored::Bool => Cells::Bool(cells.map(|c| c == "1").collect()),
                Stored::Text => Cells::Text(cells.map(ByteArray::from).collect()),
            };
            (name, column)
        })
        .collect();
    let decimals = KeyValue::new(
        crate::parquet_table::DECIMALS_KEY.to_string(),
        r#"{"win_share":4}"#.to_string(),
    );
    let props = one_page(Compression::ZSTD(Default::default()))
        .set_key_value_metadata(Some(vec![decimals]))
        .build();
    write_table(path, &columns, 1, props);
}

#[test]
fn damaged_parquet_shards_with_matching_manifests_are_refused() {
    let (_keep, dir) = folder("merge-damaged-parquet");
    let (manifests, tables) = two_shards(&dir, "parquet");
    // The shards' rows as CSV text, from a CSV run of the same shards.
    let (_, csv) = two_shards(&dir, "csv");
    let texts: Vec<String> = csv
        .iter()
        .map(|t| std::fs::read_to_string(t).unwrap())
        .collect();
    assert!(texts.iter().all(|t| !t.contains('"')));
    // Forged the way this program writes them, they merge (to CSV, and to
    // Parquet): the forgery below is what differs.
    for s in 0..2 {
        forge_parquet(&tables[s], &texts[s], stored);
        rewrite_manifest(&manifests[s], &tables[s]);
    }
    for out in ["m.csv", "m.parquet"] {
        assert_eq!(merge_into(&manifests, &dir.join(out)), None, "{out}");
        std::fs::remove_file(dir.join(out)).unwrap();
    }
    let shard = |s: usize| tables[s].display().to_string();
    let tail = "the shard file is damaged or not of this run";
    // `seed` stored as doubles.
    forge_parquet(&tables[1], &texts[1], |n| {
        if n == "seed" {
            Stored::Double
        } else {
            stored(n)
        }
    });
    rewrite_manifest(&manifests[1], &tables[1]);
    for out in ["m.csv", "m.parquet"] {
        assert_eq!(
            merge_into(&manifests, &dir.join(out)).unwrap(),
            format!(
                "`{}`: its column `seed` is not stored as this program stores it (UINT64): \
                 {tail}",
                shard(1)
            )
        );
    }
    // `won` as text, `yes` in one row.
    let won_yes = edit_lines(&texts[1], 5, |l| set_cell(l, WON, "yes"));
    forge_parquet(&tables[1], &won_yes, |n| {
        if n == "won" { Stored::Text } else { stored(n) }
    });
    rewrite_manifest(&manifests[1], &tables[1]);
    assert_eq!(
        merge_into(&manifests, &dir.join("m.csv")).unwrap(),
        format!(
            "`{}`: its column `won` is not stored as this program stores it (BOOLEAN): {tail}",
            shard(1)
        )
    );
    // Cells of the right types that are no row of the run: seat -1 (in a
    // UINT64 column), a NaN share.
    let cases = [
        (
            edit_lines(&texts[1], 5, |l| set_cell(l, SEAT, "-1")),
            "the seat `18446744073709551615` is not a seat of a 2-player game",
        ),
        (
            edit_lines(&texts[1], 5, |l| set_cell(l, WIN_SHARE, "NaN")),
            "the win_share `NaN` is not a number with 4 decimals",
        ),
    ];
    for (text, why) in &cases {
        forge_parquet(&tables[1], text, stored);
        rewrite_manifest(&manifests[1], &tables[1]);
        for out in ["m.csv", "m.parquet"] {
            assert_eq!(
                merge_into(&manifests, &dir.join(out)).unwrap(),
                format!("`{}` line 5: {why}: {tail}", shard(1)),
                "{out}"
            );
        }
    }
    // `seat` and `won` missing from both shards.
    for s in 0..2 {
        let text: String = texts[s]
            .lines()
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                let kept: Vec<&str> = (0..cells.len())
                    .filter(|&k| k != SEAT && k != WON)
                    .map(|k| cells[k])
                    .collect();
                kept.join(",") + "\n"
            })
            .collect();
        forge_parquet(&tables[s], &text, stored);
        rewrite_manifest(&manifests[s], &tables[s]);
    }
    assert_eq!(
        merge_into(&manifests, &dir.join("m.csv")).unwrap(),
        format!(
            "`{}`: a games table of this run has at least 13 columns, this header 11: {tail}",
            shard(0)
        )
    );
}

/// `text` with its line `at` (the header is 1) edited.
fn edit_lines(text: &str, at: usize, edit: impl Fn(&str) -> String) -> String {
    text.lines()
        .enumerate()
        .map(|(n, l)| if n + 1 == at { edit(l) } else { l.to_string() } + "\n")
        .collect()
}

/// The typed refusals read as the strings they replaced.
#[test]
fn a_shard_refusal_and_a_bad_cell_read_as_one_line_each() {
    use crate::merge_check::ShardError;
    use crate::parquet_table::{CellKind, Column, check_cell};
    let e = ShardError::NotASeat {
        what: "forfeiting seat",
        seat: 5,
        players: 2,
    };
    assert_eq!(
        e.to_string(),
        "the forfeiting seat `5` is not a seat of a 2-player game"
    );
    let column = Column {
        name: "rank".into(),
        kind: CellKind::Unsigned,
        optional: false,
    };
    let e = ShardError::Stored {
        column: column.name.clone(),
        optional: true,
        stored: column.kind.stored(),
    };
    assert_eq!(
        e.to_string(),
        "its column `rank` is not stored as this program stores it (optional UINT64)"
    );
    let bad = check_cell(&column, b"07").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "the rank `07` is not a count written as this program writes it"
    );
}

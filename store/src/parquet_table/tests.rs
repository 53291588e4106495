//! The Parquet games table: written from CSV text, read back as the same
//! text, with the same bytes from the same text.

use super::read::{ParquetRows, csv_line, header_line};
use super::write::CsvToParquet;
use super::*;

/// Columns of a plain (one-part) run without quality metrics: no value
/// columns.
fn plain() -> GamesColumns {
    GamesColumns {
        values: Vec::new(),
        quality: false,
    }
}

const HEADER: &str = "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end";

/// The Parquet bytes of `csv` written in pieces of `piece` bytes.
fn convert(columns: &GamesColumns, csv: &str, piece: usize) -> std::io::Result<Vec<u8>> {
    let mut writer = CsvToParquet::new(columns.clone(), Vec::new());
    for chunk in csv.as_bytes().chunks(piece.max(1)) {
        writer.write_all(chunk)?;
    }
    writer.finish()
}

use std::io::Write;

/// The CSV text of a Parquet file.
fn text_of(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    std::fs::write(&path, bytes).unwrap();
    let mut rows = ParquetRows::open(&path).unwrap();
    let mut text = header_line(&rows.header);
    let mut record = csv::StringRecord::new();
    let mut line = String::new();
    while rows.next_row(&mut record).unwrap() {
        csv_line(&record, &mut line);
        text.push_str(&line);
    }
    text
}

#[test]
fn a_table_reads_back_as_its_csv_text_whatever_the_pieces() {
    let csv = format!(
        "{HEADER},capped\n\
         0,0,0,18446744073709551615,0,\"greedy(worlds=8,c=0.5)\",-3,1,1.0000,1,12,6,finished,0\n\
         0,0,0,18446744073709551615,1,random,7,2,0.0000,0,12,6,forfeit:1,\n\
         1,0,1,42,0,random,0,1,0.3333,1,9,4,finished,1\n"
    );
    let whole = convert(&plain(), &csv, usize::MAX).unwrap();
    for piece in [1, 2, 7, 64] {
        assert_eq!(convert(&plain(), &csv, piece).unwrap(), whole, "{piece}");
    }
    assert_eq!(text_of(&whole), csv);
    assert!(whole.starts_with(b"PAR1") && whole.ends_with(b"PAR1"));
}

#[test]
fn value_columns_are_integers_only_when_every_value_is_one() {
    let columns = GamesColumns {
        values: vec![CellKind::Signed, CellKind::Text],
        quality: true,
    };
    let header = format!(
        "removed,lineup,{HEADER},removed_actual,lead_changes,drama,decisiveness,comeback,branching"
    );
    let names: Vec<&str> = header.split(',').collect();
    let kinds: Vec<(CellKind, bool)> = columns
        .columns(&names)
        .unwrap()
        .into_iter()
        .map(|c| (c.kind, c.optional))
        .collect();
    assert_eq!(kinds[0], (CellKind::Signed, false));
    assert_eq!(kinds[1], (CellKind::Text, false));
    assert_eq!(kinds[2 + 8], (CellKind::Fixed(4), false));
    assert_eq!(kinds[2 + 9], (CellKind::Flag, false));
    let tail: Vec<_> = kinds[kinds.len() - 6..].to_vec();
    assert_eq!(
        tail,
        [
            (CellKind::Signed, true),
            (CellKind::Signed, true),
            (CellKind::Fixed(4), true),
            (CellKind::Fixed(4), true),
            (CellKind::Signed, true),
            (CellKind::Fixed(4), true),
        ]
    );
    let csv = format!(
        "{header}\n35,\"expert,random\",0,0,0,1,0,expert,10,1,0.5000,1,30,30,finished,35,2,-0.0005,0.1250,1,3.5000\n"
    );
    let bytes = convert(&columns, &csv, 5).unwrap();
    assert_eq!(text_of(&bytes), csv);
}

#[test]
fn cells_not_written_as_this_program_writes_them_are_refused() {
    for (row, want) in [
        ("01,0,0,1,0,r,0,1,1.0000,1,1,1,finished", "the game `01`"),
        ("0,0,0,1,0,r,-0,1,1.0000,1,1,1,finished", "the score `-0`"),
        ("0,0,0,1,0,r,+1,1,1.0000,1,1,1,finished", "the score `+1`"),
        (
            "0,0,0,1,0,r,0,1,1.000,1,1,1,finished",
            "the win_share `1.000`",
        ),
        (
            "0,0,0,1,0,r,0,1,-0.0000,1,1,1,finished",
            "the win_share `-0.0000`",
        ),
        ("0,0,0,1,0,r,0,1,1.0000,2,1,1,finished", "the won `2`"),
        ("0,0,0,,0,r,0,1,1.0000,1,1,1,finished", "the seed ``"),
        (
            "0,0,0,1,0,r,0,1,1.0000,1,1,1",
            "has 12 cells, its header 13",
        ),
    ] {
        let csv = format!("{HEADER}\n{row}\n");
        let e = convert(&plain(), &csv, 3).unwrap_err().to_string();
        assert!(e.contains(want), "{row}: {e}");
        assert!(e.contains("line 2"), "{e}");
    }
    let e = convert(&plain(), "game,deal\n", 3).unwrap_err().to_string();
    assert!(e.contains("at least 13 columns"), "{e}");
    let e = convert(&plain(), "", 3).unwrap_err().to_string();
    assert!(e.contains("no header"), "{e}");
}

#[test]
fn fixed_point_cells_read_back_as_written() {
    for units in (0..200_000i64).chain([1 << 40, (1 << 53) - 1]) {
        for sign in [1, -1] {
            let n = sign * units;
            if n == 0 && sign < 0 {
                continue;
            }
            let text = format!(
                "{}{}.{:04}",
                if n < 0 { "-" } else { "" },
                units / 10_000,
                units % 10_000
            );
            let v = parse_fixed(text.as_bytes(), 4).unwrap();
            assert_eq!(format!("{v:.4}"), text);
        }
    }
    assert_eq!(parse_fixed(b"9007199254740.9920", 4), None);
    assert_eq!(parse_fixed(b"1.5", 4), None);
    assert_eq!(parse_fixed(b".5000", 4), None);
    assert_eq!(parse_unsigned(b"18446744073709551615"), Some(u64::MAX));
    assert_eq!(parse_unsigned(b"18446744073709551616"), None);
    assert_eq!(parse_signed(b"-9223372036854775808"), Some(i64::MIN));
}

#[test]
fn row_groups_have_a_fixed_row_count() {
    let mut csv = format!("{HEADER}\n");
    let rows = ROW_GROUP_ROWS + 10;
    for g in 0..rows {
        csv.push_str(&format!("{g},{g},0,7,0,random,1,1,1.0000,1,3,3,finished\n"));
    }
    let bytes = convert(&plain(), &csv, 1 << 16).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    std::fs::write(&path, &bytes).unwrap();
    let reader = parquet::file::serialized_reader::SerializedFileReader::new(
        std::fs::File::open(&path).unwrap(),
    )
    .unwrap();
    use parquet::file::reader::FileReader;
    let groups: Vec<i64> = reader
        .metadata()
        .row_groups()
        .iter()
        .map(|g| g.num_rows())
        .collect();
    assert_eq!(groups, [ROW_GROUP_ROWS as i64, 10]);
    assert_eq!(
        reader.metadata().file_metadata().created_by(),
        Some(CREATED_BY)
    );
    assert_eq!(text_of(&bytes), csv);
}

#[test]
fn a_corrupt_file_is_refused_in_one_line() {
    let csv = format!("{HEADER}\n0,0,0,1,0,r,0,1,1.0000,1,1,1,finished\n");
    let bytes = convert(&plain(), &csv, 100).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    let mut cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"game,deal\n".to_vec(),
        bytes[..bytes.len() / 2].to_vec(),
        bytes[..bytes.len() - 1].to_vec(),
    ];
    // One byte in three changed, in turn (the crate's reader panics on
    // some: caught, an error like the others).
    for i in (0..bytes.len()).step_by(3) {
        let mut b = bytes.clone();
        b[i] ^= 0x5a;
        cases.push(b);
    }
    let mut refused = 0;
    for case in cases {
        std::fs::write(&path, &case).unwrap();
        let result = ParquetRows::open(&path).and_then(|mut rows| {
            let mut record = csv::StringRecord::new();
            while rows.next_row(&mut record)? {}
            Ok(())
        });
        if let Err(e) = result {
            let e = e.to_string();
            assert!(!e.contains('\n') && !e.is_empty(), "{e}");
            refused += 1;
        }
    }
    // Many changes (in statistics, in unused bits) read as other values:
    // Parquet files carry no checksum.
    assert!(refused >= 100, "{refused}");
}

#[test]
fn the_columns_have_their_parquet_types() {
    use parquet::basic::{LogicalType, Repetition, Type as PhysicalType};
    use parquet::file::reader::FileReader;
    let columns = GamesColumns {
        values: vec![CellKind::Signed, CellKind::Text],
        quality: false,
    };
    let csv = format!(
        "players,lineup,{HEADER},capped\n2,random,0,0,0,1,0,random,-1,1,1.0000,1,2,2,finished,\n"
    );
    let bytes = convert(&columns, &csv, 9).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    std::fs::write(&path, &bytes).unwrap();
    let reader = parquet::file::serialized_reader::SerializedFileReader::new(
        std::fs::File::open(&path).unwrap(),
    )
    .unwrap();
    let schema = reader.metadata().file_metadata().schema_descr();
    let types: Vec<(String, PhysicalType, Option<LogicalType>, Repetition)> = schema
        .columns()
        .iter()
        .map(|c| {
            (
                c.name().to_string(),
                c.physical_type(),
                c.logical_type_ref().cloned(),
                c.self_type().get_basic_info().repetition(),
            )
        })
        .collect();
    let unsigned = Some(LogicalType::integer(64, false));
    let text = Some(LogicalType::String);
    let want = [
        ("players", PhysicalType::INT64, None, Repetition::REQUIRED),
        (
            "lineup",
            PhysicalType::BYTE_ARRAY,
            text.clone(),
            Repetition::REQUIRED,
        ),
        (
            "game",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        (
            "deal",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        (
            "rotation",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        (
            "seed",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        (
            "seat",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        (
            "bot",
            PhysicalType::BYTE_ARRAY,
            text.clone(),
            Repetition::REQUIRED,
        ),
        ("score", PhysicalType::INT64, None, Repetition::REQUIRED),
        (
            "rank",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        (
            "win_share",
            PhysicalType::DOUBLE,
            None,
            Repetition::REQUIRED,
        ),
        ("won", PhysicalType::BOOLEAN, None, Repetition::REQUIRED),
        (
            "plies",
            PhysicalType::INT64,
            unsigned.clone(),
            Repetition::REQUIRED,
        ),
        ("turns", PhysicalType::INT64, unsigned, Repetition::REQUIRED),
        ("end", PhysicalType::BYTE_ARRAY, text, Repetition::REQUIRED),
        ("capped", PhysicalType::INT64, None, Repetition::OPTIONAL),
    ];
    let want: Vec<_> = want
        .into_iter()
        .map(|(n, p, l, r)| (n.to_string(), p, l, r))
        .collect();
    assert_eq!(types, want);
    let kv = reader
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap();
    assert_eq!(kv.len(), 1);
    assert_eq!(kv[0].key, DECIMALS_KEY);
    assert_eq!(kv[0].value.as_deref(), Some(r#"{"win_share":4}"#));
    assert_eq!(text_of(&bytes), csv);
}

/// A header too short or with a common column misnamed is a typed refusal,
/// its text the one merges and Parquet writes have always reported.
#[test]
fn a_wrong_header_is_a_typed_refusal() {
    let columns = GamesColumns {
        values: vec![CellKind::Signed],
        quality: false,
    };
    let short = columns.columns(&["removed", "lineup"]).unwrap_err();
    let least = 1 + GameColumn::COUNT;
    assert_eq!(short, HeaderError::TooFew { least, given: 2 });
    assert_eq!(
        short.to_string(),
        format!("a games table of this run has at least {least} columns, this header 2")
    );
    let mut names: Vec<String> = std::iter::once("removed".to_string())
        .chain(GameColumn::ALL.iter().map(|c| c.name().to_string()))
        .collect();
    names[1] = "bad\nname".to_string();
    let misnamed = columns.columns(&names).unwrap_err();
    let want = GameColumn::ALL[0].name();
    assert_eq!(
        misnamed.to_string(),
        format!(
            "column 2 of the games table is `{}`, not `{want}`",
            crate::clip::clipped("bad\nname")
        )
    );
    assert!(!misnamed.to_string().contains('\n'));
}

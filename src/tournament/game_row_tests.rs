use super::*;
use crate::game::{Outcome, SeatSet};
use crate::tournament::rows::{game_header, plan_header, write_game_rows_after};
use crate::tournament::{Count, GameResult, Part, RunSpec};

/// A plan of two parts labelled `removed` and `lineup`.
fn plan() -> Plan {
    let run = RunSpec::new(
        "pebbles",
        3,
        &["a".to_string(), "b,c".to_string(), "a".to_string()],
        Count::Deals(2),
        5,
        true,
    )
    .unwrap();
    let part = |removed: &str| Part {
        values: vec![
            ("removed".to_string(), removed.to_string()),
            ("lineup".to_string(), "mixed".to_string()),
        ],
        run: run.clone(),
    };
    Plan {
        parts: vec![part("0"), part("20")],
    }
}

/// Split one CSV line of the rows the writer makes (fields quoted only
/// when they hold a comma, no quote inside).
fn cells(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while !rest.is_empty() || out.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap();
            out.push(quoted[..end].to_string());
            rest = quoted[end + 1..].strip_prefix(',').unwrap_or("");
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = rest.get(end + 1..).unwrap_or("");
        }
    }
    out
}

fn header_cells(values: &[&str]) -> Vec<String> {
    cells(plan_header(values, &["removed", "x"]).trim_end())
}

#[test]
fn the_header_is_the_value_columns_then_the_columns_then_the_games() {
    assert_eq!(
        game_header(&[]),
        "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end\n"
    );
    assert_eq!(
        plan_header(&["removed", "a,b"], &["removed", "x"]),
        "removed,\"a,b\",game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,\
         end,removed_actual,x\n"
    );
}

#[test]
fn rows_the_writer_writes_read_back_as_the_games_values() {
    let plan = plan();
    let mut winners = SeatSet::EMPTY;
    winners.insert(0);
    winners.insert(2);
    let tie = GameResult {
        index: 9,
        part: 1,
        deal: 1,
        lineup: 0,
        rotation: 2,
        seed: 123_456_789_012,
        seat_bots: vec![1, 0, 1],
        outcome: Outcome {
            scores: [7, -3, 7].into_iter().collect(),
            winners,
        },
        plies: 41,
        turns: 14,
        extras: vec![-5, 0],
        record_line: None,
        forfeit: None,
    };
    let mut alone = SeatSet::EMPTY;
    alone.insert(1);
    let forfeit = GameResult {
        index: 10,
        deal: 0,
        rotation: 0,
        seed: 1,
        outcome: Outcome {
            scores: [0, 2, 1].into_iter().collect(),
            winners: alone,
        },
        forfeit: Some(2),
        ..tie.clone()
    };
    let bots = ["\"b,c\"".to_string(), "a".to_string()];
    let header = header_cells(&["removed", "lineup"]);
    let mut reader = GameRowReader::new(&plan, &header).unwrap();
    // Each row the writer writes, as the cells a CSV reader gives.
    let written = |lead: &[u8], result: &GameResult| -> Vec<Vec<String>> {
        let mut out = Vec::new();
        write_game_rows_after(lead, result, &bots, &mut out);
        String::from_utf8(out).unwrap().lines().map(cells).collect()
    };
    let (tie_rows, forfeit_rows) = (written(b"20,mixed,", &tie), written(b"0,mixed,", &forfeit));
    fn read_back<'r>(reader: &mut GameRowReader, rows: &'r [Vec<String>]) -> Vec<GameRow<'r>> {
        rows.iter()
            .map(|row| {
                reader
                    .read(|i| row.get(i).map_or("", String::as_str))
                    .unwrap()
            })
            .collect()
    }
    let read = read_back(&mut reader, &tie_rows);
    let forfeited = read_back(&mut reader, &forfeit_rows);
    let row =
        |seat: usize, bot: &'static str, score: i64, rank: u64, share: f64, won: bool| GameRow {
            part: 1,
            game: 9,
            deal: 1,
            rotation: 2,
            seed: 123_456_789_012,
            seat,
            bot,
            score,
            rank,
            win_share: share,
            won,
            plies: 41,
            turns: 14,
            forfeit: None,
            quality: None,
        };
    assert_eq!(
        read,
        [
            row(0, "a", 7, 1, 0.5, true),
            row(1, "b,c", -3, 3, 0.0, false),
            row(2, "a", 7, 1, 0.5, true),
        ]
    );
    assert_eq!(
        forfeited[0],
        GameRow {
            part: 0,
            game: 10,
            deal: 0,
            rotation: 0,
            seed: 1,
            score: 0,
            rank: 3,
            win_share: 0.0,
            won: false,
            forfeit: Some(2),
            ..row(0, "a", 0, 0, 0.0, false)
        }
    );
}

/// A valid row of part 0, as cells.
fn good_row() -> Vec<String> {
    let mut row: Vec<String> = ["0", "mixed"].map(String::from).to_vec();
    row.extend(
        "3,1,0,77,1,a,5,2,0.0000,0,20,7,finished,1,2"
            .split(',')
            .map(String::from),
    );
    row
}

fn read_one(header: &[String], row: &[String]) -> Result<(), GameRowError> {
    let mut reader = GameRowReader::new(&plan(), header)?;
    reader
        .read(|i| row.get(i).map_or("", String::as_str))
        .map(|_| ())
}

#[test]
fn a_missing_column_is_named_the_value_columns_first() {
    let mut header = header_cells(&["removed", "lineup"]);
    header.retain(|h| h != "turns" && h != "lineup");
    assert_eq!(
        read_one(&header, &good_row()),
        Err(GameRowError::MissingColumn("lineup".to_string()))
    );
    let mut header = header_cells(&["removed", "lineup"]);
    header.retain(|h| h != "plies" && h != "turns");
    let e = read_one(&header, &good_row()).unwrap_err();
    assert_eq!(e, GameRowError::MissingColumn("plies".to_string()));
    assert_eq!(e.to_string(), "the column `plies` is missing");
}

#[test]
fn a_cell_that_does_not_read_is_named_with_its_column() {
    let header = header_cells(&["removed", "lineup"]);
    assert_eq!(read_one(&header, &good_row()), Ok(()));
    let bad = |at: usize, cell: &str| {
        let mut row = good_row();
        row[at] = cell.to_string();
        read_one(&header, &row).unwrap_err().to_string()
    };
    assert_eq!(bad(2, "x"), "the game `x` is not a number");
    assert_eq!(bad(6, "-1"), "the seat `-1` is not a number");
    assert_eq!(bad(8, "1.5"), "the score `1.5` is not a number");
    assert_eq!(bad(10, "half"), "the win_share `half` is not a number");
    assert_eq!(bad(11, "yes"), "the won `yes` is not 0 or 1");
    assert_eq!(bad(13, "7.0"), "the turns `7.0` is not a number");
    assert_eq!(
        bad(14, "forfeit:x"),
        "the end `forfeit:x` is not `finished` or `forfeit:SEAT`"
    );
    assert_eq!(bad(2, "a\nb"), "the game `a\\nb` is not a number");
    // The first bad cell in the file's order is the one named.
    let mut row = good_row();
    row[13] = "t".to_string();
    row[3] = "d".to_string();
    assert_eq!(
        read_one(&header, &row).unwrap_err().to_string(),
        "the deal `d` is not a number"
    );
    // Value cells of no part: before any cell is typed.
    let mut row = good_row();
    row[0] = "5".to_string();
    row[2] = "x".to_string();
    let e = read_one(&header, &row).unwrap_err();
    assert_eq!(e, GameRowError::NoPart);
    assert_eq!(e.to_string(), "a row of no combination of the run");
}

#[test]
fn the_quality_columns_are_read_when_the_header_has_every_one() {
    let mut header = header_cells(&["removed", "lineup"]);
    let mut row = good_row();
    let read = |header: &[String], row: &[String]| {
        let mut reader = GameRowReader::new(&plan(), header).unwrap();
        reader
            .read(|i| row.get(i).map_or("", String::as_str))
            .map(|r| r.quality)
    };
    assert_eq!(read(&header, &row), Ok(None));
    header.extend(
        crate::metrics::quality::game_columns()
            .into_iter()
            .map(String::from),
    );
    row.extend(["3", "0.2500", "0.1000", "1", "12.50"].map(String::from));
    assert_eq!(read(&header, &row), Ok(Some([3.0, 0.25, 0.1, 1.0, 12.5])));
    // Four of the five: not a quality file.
    assert_eq!(read(&header[..header.len() - 1], &row), Ok(None));
    let last = row.len() - 1;
    row[last] = "many".to_string();
    assert_eq!(
        read(&header, &row).unwrap_err().to_string(),
        "the game-quality value `many` is not a number"
    );
}

//! criterion benchmark of `tournament --out`'s row formatting: the four
//! tidy CSV rows of one 4-player Seashells game, as the workers write them.
//!
//! `cargo bench -p beachcomber-benches --bench rows`

use std::hint::black_box;

use beachcomber::game::{Outcome, SeatSet};
use beachcomber::tournament::GameResult;
use beachcomber::tournament::rows::write_game_rows_laid_out;
use criterion::{Criterion, criterion_group, criterion_main};

fn four_player_rows(c: &mut Criterion) {
    let mut winners = SeatSet::EMPTY;
    winners.insert(2);
    let result = GameResult {
        index: 1_234_567,
        part: 0,
        deal: 1_234_567,
        lineup: 0,
        rotation: 0,
        seed: 6_791_897_765_849_424_158,
        seat_bots: vec![0; 4],
        outcome: Outcome {
            scores: [6, 13, 24, 16].into_iter().collect(),
            winners,
        },
        plies: 60,
        turns: 60,
        extras: vec![],
        record_line: None,
        forfeit: None,
    };
    let bots = ["random".to_string()];
    let mut out = Vec::with_capacity(1 << 20);
    write_game_rows_laid_out(&[], &result, &bots, None, &mut out);
    assert_eq!(out.len(), 303, "{}", String::from_utf8_lossy(&out));
    c.bench_function("rows/seashells-4p", |b| {
        b.iter(|| {
            if out.len() > 1 << 19 {
                out.clear();
            }
            write_game_rows_laid_out(&[], black_box(&result), &bots, None, &mut out);
        })
    });
}

criterion_group!(benches, four_player_rows);
criterion_main!(benches);

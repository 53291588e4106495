//! Tests of the tournament engine on the toy game `Pebbles`.

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use super::*;
use crate::GameRng;
use crate::bot::Bot;
use crate::game::{Game, Outcome, SeatSet};
use crate::record::io::Compression;
use crate::rng::below;
use crate::runner::{GameReport, GameStop, WantRecord};
use crate::testing::toy::Pebbles;

/// Takes the first legal action (spec `first`) or a random one (`rand`).
struct Simple(bool);

impl Bot<Pebbles> for Simple {
    fn choose(
        &mut self,
        game: &Pebbles,
        state: &<Pebbles as Game>::State,
        rng: &mut GameRng,
    ) -> <Pebbles as Game>::Action {
        let legal = game.legal_actions(state);
        if self.0 {
            legal[below(rng, legal.len() as u32) as usize]
        } else {
            legal[0]
        }
    }
}

fn bot(spec: &str) -> Box<dyn Bot<Pebbles>> {
    match spec {
        "last" => Box::new(Last),
        _ => Box::new(Simple(spec == "rand")),
    }
}

/// Takes the last legal action (spec `last`).
struct Last;

impl Bot<Pebbles> for Last {
    fn choose(
        &mut self,
        game: &Pebbles,
        state: &<Pebbles as Game>::State,
        _rng: &mut GameRng,
    ) -> <Pebbles as Game>::Action {
        let legal = game.legal_actions(state);
        legal[legal.len() - 1]
    }
}

fn specs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn spec(lineup: &[&str], count: Count) -> RunSpec {
    RunSpec::new("pebbles", lineup.len(), &specs(lineup), count, 5, true).unwrap()
}

/// Keeps every game it is given.
#[derive(Default)]
struct Keep(Vec<GameResult>);

impl Sink for Keep {
    fn game(&mut self, game: &GameResult, _totals: &Totals) -> Flow {
        self.0.push(game.clone());
        Flow::Continue
    }
}

fn play(spec: &RunSpec, range: Range<u64>, rows: bool, records: bool) -> (Totals, Vec<GameResult>) {
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range,
        want_rows: rows,
        records: records.then_some(Compression::Plain),
        cancel: &never,
        on_done: &|| {},
    };
    let mut keep = Keep::default();
    let played = play_range(
        &Pebbles {
            players: spec.players,
        },
        spec,
        bot,
        &options,
        Totals::new(spec),
        &mut keep,
    )
    .unwrap();
    (played.totals, keep.0)
}

#[test]
fn the_lineup_rotates_through_the_seats() {
    let s = spec(&["rand", "first", "first"], Count::Deals(2));
    assert_eq!(s.rotations(), 3);
    assert_eq!(s.games(), 6);
    let seats = |r| {
        (0..3)
            .map(|seat| s.seat_spec(0, r, seat))
            .collect::<Vec<_>>()
    };
    assert_eq!(seats(0), ["rand", "first", "first"]);
    assert_eq!(seats(1), ["first", "rand", "first"]);
    assert_eq!(seats(2), ["first", "first", "rand"]);
    // One spec, or --no-rotate: one rotation.
    assert_eq!(spec(&["rand", "rand"], Count::Games(3)).rotations(), 1);
    let fixed = RunSpec::new(
        "pebbles",
        2,
        &specs(&["rand", "first"]),
        Count::Games(3),
        5,
        false,
    );
    assert_eq!(fixed.unwrap().games(), 3);
}

#[test]
fn bad_counts_and_lineups_are_refused() {
    let lineup = specs(&["rand", "first", "first"]);
    let e = RunSpec::new("pebbles", 3, &lineup, Count::Games(7), 1, true).unwrap_err();
    assert_eq!(
        e,
        RunSpecError::GamesNotMultiple {
            games: 7,
            rotations: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "7 games is not a multiple of the 3 seat rotations of each deal \
         (use 6 or 9 games, --deals 2, or --no-rotate)"
    );
    let e = RunSpec::new("pebbles", 3, &lineup, Count::Deals(0), 1, true).unwrap_err();
    assert_eq!(e, RunSpecError::Empty);
    let e = RunSpec::new("pebbles", 4, &lineup, Count::Deals(1), 1, true).unwrap_err();
    assert_eq!(
        e,
        RunSpecError::Lineup {
            given: 3,
            players: 4
        }
    );
}

#[test]
fn every_rotation_of_a_deal_has_the_deal_seed_and_records_say_so() {
    let s = spec(&["rand", "first"], Count::Deals(3));
    let (_, games) = play(&s, 0..6, true, true);
    let order: Vec<(u64, u64, u64)> = games
        .iter()
        .map(|g| (g.index, g.deal, g.rotation))
        .collect();
    assert_eq!(
        order,
        [
            (0, 0, 0),
            (1, 0, 1),
            (2, 1, 0),
            (3, 1, 1),
            (4, 2, 0),
            (5, 2, 1)
        ]
    );
    for g in &games {
        assert_eq!(g.seed, crate::rng::deal_seed(5, g.deal));
        let line = String::from_utf8(g.record_line.clone().unwrap()).unwrap();
        assert!(line.contains(&format!("\"seed\":{}", g.seed)), "{line}");
        assert!(line.ends_with('\n'));
        assert_eq!(g.seat_bots, if g.rotation == 0 { [0, 1] } else { [1, 0] });
    }
}

#[test]
fn totals_of_any_split_merge_into_the_totals_of_the_whole() {
    let s = spec(&["rand", "first", "first"], Count::Deals(7));
    let (whole, _) = play(&s, 0..21, false, false);
    assert_eq!(whole.games, 21);
    assert_eq!(whole.paired.as_ref().unwrap().deals, 7);
    assert!(whole.paired.as_ref().unwrap().open.is_empty());
    for cuts in [vec![1], vec![4, 5], vec![2, 10, 11, 20]] {
        let mut bounds = vec![0];
        bounds.extend(cuts);
        bounds.push(21);
        let mut merged = Totals::new(&s);
        // Merge in reverse order: order does not matter either.
        for w in bounds.windows(2).rev() {
            merged.merge(&play(&s, w[0]..w[1], false, false).0);
        }
        assert_eq!(merged, whole, "{bounds:?}");
    }
    // A part that splits a deal leaves it open until merged.
    let (part, _) = play(&s, 0..4, false, false);
    let p = part.paired.unwrap();
    assert_eq!((p.deals, p.open.len()), (1, 1));
}

#[test]
fn the_paired_difference_and_ranks_are_exact() {
    let s = spec(&["rand", "first"], Count::Deals(2));
    let mut totals = Totals::new(&s);
    let game = |deal, rotation, scores: [i32; 2], winners: &[usize]| {
        let mut w = SeatSet::EMPTY;
        for &x in winners {
            w.insert(x);
        }
        GameResult {
            index: deal * 2 + rotation,
            part: 0,
            deal,
            lineup: 0,
            rotation,
            seed: 0,
            seat_bots: if rotation == 0 {
                vec![0, 1]
            } else {
                vec![1, 0]
            },
            outcome: Outcome {
                scores: scores.into_iter().collect(),
                winners: w,
            },
            plies: 4,
            turns: 2,
            extras: vec![],
            record_line: None,
            forfeit: None,
        }
    };
    // Deal 0: A wins in seat 0, then shares the win: (1 + 0) / 2 = 0.5.
    // Deal 1: B wins both: -1.
    let games = [
        game(0, 0, [5, 3], &[0]),
        game(0, 1, [4, 4], &[0, 1]),
        game(1, 0, [1, 3], &[1]),
        game(1, 1, [3, 1], &[0]),
    ];
    assert_eq!(ranks(&games[0]).as_slice(), [1, 2]);
    assert_eq!(ranks(&games[1]).as_slice(), [1, 1]);
    for g in &games {
        totals.add(g);
    }
    let p = totals.paired.clone().unwrap();
    assert_eq!((p.deals, p.sum, p.unit()), (2, 60 - 120, 120));
    let (d, _) = p.difference();
    assert_eq!(d, -0.25);
    assert_eq!(totals.ties, 1);
    assert_eq!(totals.bots[0].wins60, 60 + 30);
    assert_eq!(totals.bots[1].wins60, 30 + 60 + 60);
    assert_eq!(totals.bots[0].rank_sum, 1 + 1 + 2 + 2);
    assert_eq!(
        rows::game_rows(&games[1], &["rand".into(), "\"x,y\"".into()]),
        "1,0,1,0,0,\"x,y\",4,1,0.5000,1,4,2,finished\n1,0,1,0,1,rand,4,1,0.5000,1,4,2,finished\n"
    );
    assert_eq!(rows::field("a,b\"c"), "\"a,b\"\"c\"");
    assert_eq!(rows::field("greedy(worlds=2)"), "greedy(worlds=2)");
}

#[test]
fn a_range_cancelled_before_it_starts_plays_no_game() {
    let s = spec(&["rand", "first"], Count::Deals(5));
    let cancel = AtomicBool::new(true);
    let done = Mutex::new(0u64);
    let on_done = || *done.lock().unwrap() += 1;
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range: 0..s.games(),
        want_rows: true,
        records: Some(Compression::Plain),
        cancel: &cancel,
        on_done: &on_done,
    };
    let mut keep = Keep::default();
    let game = Pebbles { players: 2 };
    let e = play_range(&game, &s, bot, &options, Totals::new(&s), &mut keep).unwrap_err();
    let RunError::Cancelled { next, totals } = e else {
        panic!("cancelled: {e}")
    };
    assert_eq!((next, totals[0].games), (0, 0));
    assert!(keep.0.is_empty());
    assert_eq!(*done.lock().unwrap(), 0, "no game finished");
    // The same range uncancelled: every game, in order.
    cancel.store(false, Ordering::SeqCst);
    let played = play_range(&game, &s, bot, &options, Totals::new(&s), &mut keep).unwrap();
    assert_eq!(played.end, s.games());
    let order: Vec<u64> = keep.0.iter().map(|g| g.index).collect();
    assert_eq!(order, (0..s.games()).collect::<Vec<_>>());
}

#[test]
fn a_cancelled_range_keeps_the_whole_frames_finished_in_order() {
    let s = spec(&["rand", "first"], Count::Deals(2000));
    let cancel = AtomicBool::new(false);
    let done = Mutex::new(0u64);
    let on_done = || {
        let mut d = done.lock().unwrap();
        *d += 1;
        if *d == 300 {
            cancel.store(true, Ordering::SeqCst);
        }
    };
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range: 0..s.games(),
        want_rows: false,
        records: None,
        cancel: &cancel,
        on_done: &on_done,
    };
    let mut keep = Keep::default();
    let e = play_range(
        &Pebbles { players: 2 },
        &s,
        bot,
        &options,
        Totals::new(&s),
        &mut keep,
    )
    .unwrap_err();
    let RunError::Cancelled { next, totals } = e else {
        panic!("cancelled: {e}")
    };
    assert_eq!(next % FRAME_GAMES, 0, "whole frames only");
    assert!(next < s.games(), "stopped early: {next}");
    assert_eq!(keep.0.len() as u64, next);
    assert_eq!(totals[0].games, next);
    let order: Vec<u64> = keep.0.iter().map(|g| g.index).collect();
    assert_eq!(order, (0..next).collect::<Vec<_>>());
}

/// Keeps each chunk's bytes; stops after game `stop_at`.
struct Bytes {
    rows: Vec<u8>,
    records: Vec<u8>,
    chunks: Vec<(u64, u64)>,
    stop_at: Option<u64>,
}

impl Sink for Bytes {
    fn game(&mut self, game: &GameResult, _totals: &Totals) -> Flow {
        if Some(game.index) == self.stop_at {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), SinkError> {
        assert_eq!(totals[0].games, chunk.end, "totals through the chunk");
        if let Some(&(_, end)) = self.chunks.last() {
            assert_eq!(end, chunk.start, "chunks follow each other");
        }
        self.chunks.push((chunk.start, chunk.end));
        self.rows.extend_from_slice(&chunk.rows);
        self.records.extend_from_slice(&chunk.records);
        Ok(())
    }
}

fn bytes_of(
    s: &RunSpec,
    range: Range<u64>,
    compression: Compression,
    stop_at: Option<u64>,
    totals: Totals,
) -> (Bytes, Played) {
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range,
        want_rows: true,
        records: Some(compression),
        cancel: &never,
        on_done: &|| {},
    };
    let mut sink = Bytes {
        rows: vec![],
        records: vec![],
        chunks: vec![],
        stop_at,
    };
    let played = play_range(&Pebbles { players: 2 }, s, bot, &options, totals, &mut sink).unwrap();
    (sink, played)
}

/// Keeps the rows and records of a plan's chunks, and checks the totals
/// handed with each chunk.
#[derive(Default)]
struct PlanBytes {
    rows: Vec<u8>,
    records: Vec<u8>,
}

impl Sink for PlanBytes {
    fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), SinkError> {
        let counted: u64 = totals.iter().map(|t| t.games).sum();
        assert_eq!(counted, chunk.end, "totals through the chunk");
        self.rows.extend_from_slice(&chunk.rows);
        self.records.extend_from_slice(&chunk.records);
        Ok(())
    }
}

fn play_plan_bytes(plan: &Plan, shard: Shard, threads: usize) -> (PlanBytes, PlanPlayed) {
    let games: Vec<Pebbles> = plan
        .parts
        .iter()
        .map(|p| Pebbles {
            players: p.run.players,
        })
        .collect();
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard,
        range: 0..Layout::new(plan, shard).games(),
        want_rows: true,
        records: Some(Compression::Plain),
        cancel: &never,
        on_done: &|| {},
    };
    let totals = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
    let mut sink = PlanBytes::default();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let played = pool
        .install(|| play_plan(&games, plan, bot, &options, totals, &mut sink))
        .unwrap();
    (sink, played)
}

#[test]
fn a_plan_plays_each_part_exactly_as_its_run_alone() {
    let part = |value: &str, players: usize, lineup: &[&str], deals: u64, seed: u64| Part {
        values: vec![("v".to_string(), value.to_string())],
        run: RunSpec::new(
            "pebbles",
            players,
            &specs(lineup),
            Count::Deals(deals),
            seed,
            true,
        )
        .unwrap(),
    };
    let plan = Plan {
        parts: vec![
            part("a", 2, &["rand", "first"], 70, 5),
            part("b,c", 3, &["rand"], 50, 9),
            part("d", 2, &["first", "rand"], 33, 5),
        ],
    };
    let (whole, played) = play_plan_bytes(&plan, Shard::WHOLE, 2);
    assert_eq!(played.end, 140 + 50 + 66);
    // Each part alone, its rows led by its value and numbered in the plan.
    let mut rows = String::new();
    for (p, part) in plan.parts.iter().enumerate() {
        let alone = play_all(
            &Pebbles {
                players: part.run.players,
            },
            &part.run,
            bot,
        );
        assert_eq!(played.totals[p], alone, "part {p}'s totals");
        let (bytes, _) = bytes_of_part(&part.run);
        for line in String::from_utf8(bytes).unwrap().lines() {
            let (number, rest) = line.split_once(',').unwrap();
            let number: u64 = number.parse().unwrap();
            let lead = rows::field(&part.values[0].1);
            rows.push_str(&format!("{lead},{},{rest}\n", number + plan.offset(p)));
        }
    }
    assert_eq!(String::from_utf8(whole.rows.clone()).unwrap(), rows);
    assert!(rows.contains("\"b,c\",140,0,0,"), "a quoted value");
    // One thread, and shards merged: the same totals.
    let (one, played_one) = play_plan_bytes(&plan, Shard::WHOLE, 1);
    assert_eq!(one.rows, whole.rows);
    assert_eq!(one.records, whole.records);
    assert_eq!(played_one.totals, played.totals);
    let mut merged: Vec<Totals> = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
    let mut games = 0;
    for i in 0..3 {
        let (_, part) = play_plan_bytes(&plan, Shard::new(i, 3).unwrap(), 2);
        games += part.end;
        for (m, t) in merged.iter_mut().zip(&part.totals) {
            m.merge(t);
        }
    }
    assert_eq!(games, played.end);
    assert_eq!(merged, played.totals);
}

/// A bot factory as a function pointer.
type MakeBot = fn(&str) -> Box<dyn Bot<Pebbles>>;

/// A part whose game has its own columns `columns`, valued
/// `plies * (i + 1)` for column `i`: a stand-in for a plan mixing
/// games of different kinds.
struct WithColumns<'a> {
    inner: TypedPart<'a, Pebbles, MakeBot>,
    columns: &'static [&'static str],
}

impl PartGame for WithColumns<'_> {
    fn players(&self) -> usize {
        self.inner.players()
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        self.columns
    }

    fn play(
        &self,
        specs: &[String],
        index: u64,
        seed: u64,
        want_record: WantRecord,
        cancel: &AtomicBool,
        with_quality: bool,
    ) -> Result<GameReport, GameStop> {
        let mut report = self
            .inner
            .play(specs, index, seed, want_record, cancel, with_quality)?;
        report.extras = (1..=self.columns.len() as i64)
            .map(|i| i64::from(report.plies) * i)
            .collect();
        Ok(report)
    }
}

#[test]
fn parts_of_different_games_write_the_union_of_their_columns() {
    let part = |players: usize, lineup: &[&str], deals: u64| Part {
        values: vec![("p".to_string(), players.to_string())],
        run: RunSpec::new(
            "pebbles",
            players,
            &specs(lineup),
            Count::Deals(deals),
            3,
            true,
        )
        .unwrap(),
    };
    let plan = Plan {
        parts: vec![
            part(2, &["rand", "first"], 5),
            part(3, &["rand"], 4),
            part(2, &["first"], 3),
        ],
    };
    let make = bot as MakeBot;
    let games: Vec<Pebbles> = plan
        .parts
        .iter()
        .map(|p| Pebbles {
            players: p.run.players,
        })
        .collect();
    let columns: [&'static [&'static str]; 3] = [&["a", "b"], &["b", "c"], &[]];
    let parts: Vec<WithColumns<'_>> = games
        .iter()
        .zip(columns)
        .map(|(game, columns)| WithColumns {
            inner: TypedPart { game, bot: make },
            columns,
        })
        .collect();
    let dyn_parts: Vec<&dyn PartGame> = parts.iter().map(|p| p as &dyn PartGame).collect();
    let union = rows::extra_columns_union(dyn_parts.iter().map(|p| p.extra_columns()));
    assert_eq!(union, ["a", "b", "c"]);
    let never = AtomicBool::new(false);
    let play = |threads: usize| {
        let options = PlayOptions {
            shard: Shard::WHOLE,
            range: 0..plan.games(),
            want_rows: true,
            records: None,
            cancel: &never,
            on_done: &|| {},
        };
        let totals = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
        let mut sink = PlanBytes::default();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let played = pool
            .install(|| play_plan_parts(&dyn_parts, &plan, &options, totals, &mut sink))
            .unwrap();
        (String::from_utf8(sink.rows).unwrap(), played)
    };
    let (text, played) = play(2);
    assert_eq!(play(1).0, text, "the same rows at any thread count");
    // The same games and totals as the plan of one game.
    let (plain, plain_played) = play_plan_bytes(&plan, Shard::WHOLE, 2);
    assert_eq!(played.totals.len(), 3);
    for (a, b) in played.totals.iter().zip(&plain_played.totals) {
        assert_eq!(a.games, b.games);
        assert_eq!(a.bots, b.bots);
    }
    let plain = String::from_utf8(plain.rows).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), plain.lines().count());
    assert_eq!(lines.len(), 5 * 2 * 2 + 4 * 3 + 3 * 2);
    for (i, (line, plain)) in lines.iter().zip(plain.lines()).enumerate() {
        let plies: i64 = plain.split(',').nth(11).unwrap().parse().unwrap();
        let tail = if i < 20 {
            format!(",{},{},", plies, 2 * plies)
        } else if i < 32 {
            format!(",,{},{}", plies, 2 * plies)
        } else {
            ",,,".to_string()
        };
        assert_eq!(*line, format!("{plain}{tail}"), "row {i}");
    }
}

#[test]
fn quality_metrics_add_their_columns_and_change_nothing_else() {
    let plain = Plan::single(spec(&["rand", "first", "rand"], Count::Deals(6)));
    let mut measured = plain.clone();
    measured.parts[0].run.quality = true;
    let (plain_bytes, plain_played) = play_plan_bytes(&plain, Shard::WHOLE, 2);
    let (bytes, played) = play_plan_bytes(&measured, Shard::WHOLE, 2);
    // The same games: the same records, and the same totals but for the
    // quality metrics' values after the game's own (Pebbles has none).
    assert_eq!(bytes.records, plain_bytes.records);
    let (t, p) = (&played.totals[0], &plain_played.totals[0]);
    assert_eq!(
        (&t.seats, &t.bots, t.plies_sum),
        (&p.seats, &p.bots, p.plies_sum)
    );
    assert!(p.extras_sum.is_empty());
    assert_eq!(
        t.extras_sum.len(),
        crate::metrics::quality::QUALITY_METRICS.len()
    );
    // Each row: the plain row, then the five values (lead changes, drama,
    // decisiveness, comeback, branching), the same on every seat's row.
    let rows = String::from_utf8(bytes.rows).unwrap();
    let plain_rows = String::from_utf8(plain_bytes.rows).unwrap();
    assert_eq!(rows.lines().count(), plain_rows.lines().count());
    let mut sums = [0i64; 5];
    for (i, (row, plain_row)) in rows.lines().zip(plain_rows.lines()).enumerate() {
        let tail = row.strip_prefix(plain_row).expect("the plain row first");
        let fields: Vec<&str> = tail.strip_prefix(',').unwrap().split(',').collect();
        assert_eq!(fields.len(), 5, "{row}");
        assert!(fields[1].contains('.') && fields[2].contains('.') && fields[4].contains('.'));
        if i % 3 == 0 {
            for (sum, field) in sums.iter_mut().zip(&fields) {
                *sum += field.replace('.', "").parse::<i64>().unwrap();
            }
        }
    }
    // The totals count each game's values once, in their integer units.
    assert_eq!(t.extras_sum, sums);
    // Pebbles offers one or two pebbles: between 1 and 2 choices.
    let branching = sums[4] as f64 / 10_000.0 / t.games as f64;
    assert!((1.0..=2.0).contains(&branching), "{branching}");
    // The plan without quality metrics does not ask for them; a plan read
    // from a file whose parts disagree is refused.
    assert!(measured.quality() && !plain.quality());
    let mut mixed = measured.clone();
    mixed.parts.push(plain.parts[0].clone());
    assert_eq!(
        mixed.validate().unwrap_err().to_string(),
        "part 1 does not measure the game-quality metrics and part 0 does"
    );
    assert!(measured.validate().is_ok());
    // metrics.csv: their columns last, each combination's means of the
    // games' values; none without them.
    let quality_columns = crate::metrics::quality::metrics_columns().join(",");
    let header = crate::sweep::metrics_header(&measured, &[]);
    assert!(
        header
            .trim_end()
            .ends_with(&format!("skill_elo_high95,{quality_columns}"))
    );
    assert!(!crate::sweep::metrics_header(&plain, &[]).contains("lead_changes"));
    let names: Vec<&str> = header.trim_end().split(',').collect();
    let metrics = crate::sweep::metrics_rows(&measured, &played.totals, &[]);
    let first: Vec<&str> = metrics.lines().next().unwrap().split(',').collect();
    let get = |name: &str| first[names.iter().position(|n| *n == name).unwrap()];
    let games = t.games as f64;
    assert_eq!(
        get("mean_lead_changes"),
        format!("{:.3}", sums[0] as f64 / games)
    );
    assert_eq!(
        get("mean_drama"),
        format!("{:.4}", sums[1] as f64 / 1e4 / games)
    );
    assert_eq!(
        get("comeback_rate"),
        format!("{:.4}", sums[3] as f64 / games)
    );
    assert_eq!(
        get("mean_branching"),
        format!("{:.3}", sums[4] as f64 / 1e4 / games)
    );
}

/// The rows of a whole run played alone.
fn bytes_of_part(run: &RunSpec) -> (Vec<u8>, Played) {
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range: 0..run.games(),
        want_rows: true,
        records: None,
        cancel: &never,
        on_done: &|| {},
    };
    let mut sink = PlanBytes::default();
    let played = play_range(
        &Pebbles {
            players: run.players,
        },
        run,
        bot,
        &options,
        Totals::new(run),
        &mut sink,
    )
    .unwrap();
    (sink.rows, played)
}

#[test]
fn record_frames_do_not_depend_on_where_a_run_was_split() {
    let s = spec(&["rand", "first"], Count::Deals(300));
    for compression in [Compression::Gzip, Compression::Zstd] {
        let (whole, played) = bytes_of(&s, 0..600, compression, None, Totals::new(&s));
        assert_eq!(played.end, 600);
        assert!(whole.chunks.len() >= 2, "{:?}", whole.chunks);
        // Resumed at frame boundaries, in two and three parts.
        for cuts in [vec![128], vec![64, 448]] {
            let mut bounds = vec![0];
            bounds.extend(cuts.iter().copied());
            bounds.push(600);
            let (mut rows, mut records) = (Vec::new(), Vec::new());
            let mut totals = Totals::new(&s);
            for w in bounds.windows(2) {
                let (part, played) = bytes_of(&s, w[0]..w[1], compression, None, totals);
                rows.extend_from_slice(&part.rows);
                records.extend_from_slice(&part.records);
                totals = played.totals;
            }
            assert_eq!(rows, whole.rows, "{cuts:?}");
            assert_eq!(records, whole.records, "{compression} {cuts:?}");
            assert_eq!(totals, played.totals);
        }
        // The frames decompress to one line per game, in order.
        let mut lines = crate::record::io::RecordLines::new(&whole.records[..]).unwrap();
        let mut line = Vec::new();
        let mut n = 0;
        while let Some(r) = lines.read_line(&mut line) {
            r.unwrap();
            n += 1;
        }
        assert_eq!(n, 600);
    }
}

#[test]
fn a_sink_stops_the_run_after_a_game_whatever_the_chunks() {
    let s = spec(&["rand", "first"], Count::Deals(400));
    let (sink, played) = bytes_of(&s, 0..800, Compression::Plain, Some(300), Totals::new(&s));
    assert!(played.stopped);
    assert_eq!((played.end, played.totals.games), (301, 301));
    assert_eq!(sink.chunks.last().unwrap().1, 301);
    assert_eq!(sink.rows.iter().filter(|&&b| b == b'\n').count(), 2 * 301);
    assert_eq!(sink.records.iter().filter(|&&b| b == b'\n').count(), 301);
}

#[test]
fn several_lineups_share_deals_and_count_pairs() {
    let lineups = vec![
        specs(&["rand", "first"]),
        specs(&["rand", "last"]),
        specs(&["first", "last"]),
    ];
    let s = RunSpec::with_lineups("pebbles", 2, lineups, Count::Deals(5), 3, true).unwrap();
    assert_eq!((s.games_per_deal(), s.games()), (6, 30));
    assert_eq!(s.bots(), ["rand", "first", "last"]);
    assert_eq!(s.locate(0), (0, 0, 0));
    assert_eq!(s.locate(3), (0, 1, 1));
    assert_eq!(s.locate(11), (1, 2, 1));
    assert_eq!(s.seat_spec(2, 1, 0), "last");
    let (totals, games) = play(&s, 0..30, false, false);
    assert!(totals.paired.is_none());
    let pairs = totals.pairs.as_ref().unwrap();
    assert_eq!(pairs.deals.len(), 5);
    for (deal, results) in &pairs.deals {
        // Three pairings, two games each, one pair of seats per game.
        assert_eq!(results.len(), 3, "deal {deal}");
        for r in results {
            assert_eq!(r.a_wins + r.ties + r.b_wins, 2);
        }
    }
    for g in &games {
        assert_eq!(g.seed, crate::rng::deal_seed(3, g.index / 6));
    }
    // Games of a deal in lineup order, each under both rotations.
    let first_deal: Vec<(usize, u64)> = games[..6].iter().map(|g| (g.lineup, g.rotation)).collect();
    assert_eq!(first_deal, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]);
}

#[test]
fn shards_play_whole_deals_with_the_seeds_of_the_whole_run() {
    let s = spec(&["rand", "first", "first"], Count::Deals(7));
    let (whole, all) = play(&s, 0..21, true, false);
    assert_eq!(Shard::parse(" 1 / 3 ").unwrap(), Shard::new(1, 3).unwrap());
    for bad in ["3/3", "1/0", "x/2", "1", "-1/2"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
    for count in 1..=4u64 {
        let mut merged = Totals::new(&s);
        let mut seen = Vec::new();
        for index in 0..count {
            let shard = Shard::new(index, count).unwrap();
            assert_eq!(shard.deals(&s), (7 + count - 1 - index) / count);
            let never = AtomicBool::new(false);
            let options = PlayOptions {
                shard,
                range: 0..shard.games(&s),
                want_rows: true,
                records: None,
                cancel: &never,
                on_done: &|| {},
            };
            let mut keep = Keep::default();
            let played = play_range(
                &Pebbles { players: 3 },
                &s,
                bot,
                &options,
                Totals::new(&s),
                &mut keep,
            )
            .unwrap();
            for g in &keep.0 {
                assert_eq!(g.deal % count, index);
                let same = &all[g.index as usize];
                assert_eq!(g.seed, same.seed);
                assert_eq!(
                    rows::game_rows(g, &["rand".into(), "first".into()]),
                    rows::game_rows(same, &["rand".into(), "first".into()])
                );
                seen.push(g.index);
            }
            merged.merge(&played.totals);
        }
        seen.sort();
        assert_eq!(seen, (0..21).collect::<Vec<_>>(), "{count} shards");
        assert_eq!(merged, whole, "{count} shards");
    }
}

//! Bots that fail (`Bot::try_choose` returns a `BotError`): the runner stops
//! with a `BotFailure` naming the bot, the game and the decision, or, when
//! the bot's `on_failure` says so, ends the game as a forfeit lost by that
//! seat, recorded as such; the tournament engine passes the stop on as
//! `RunError::Bot` and the forfeit into the CSV `end` column.

use std::sync::atomic::AtomicBool;

use beachcomber::bot::{Bot, BotError, BotFailure, OnFailure};
use beachcomber::record::{GameEnd, verify_record};
use beachcomber::runner::{GameStop, play_game_cancellable, play_game_checked};
use beachcomber::testing::toy::Pebbles;
use beachcomber::tournament::{Count, PlayOptions, RunError, RunSpec, play_range};
use beachcomber::{Game, GameRng};

/// Plays the first legal action; fails at its `fail_at`-th decision.
struct Flaky {
    fail_at: u32,
    decisions: u32,
    on_failure: OnFailure,
}

impl Bot<Pebbles> for Flaky {
    fn choose(
        &mut self,
        game: &Pebbles,
        state: &<Pebbles as Game>::State,
        _rng: &mut GameRng,
    ) -> <Pebbles as Game>::Action {
        game.legal_actions(state)[0]
    }

    fn try_choose(
        &mut self,
        game: &Pebbles,
        state: &<Pebbles as Game>::State,
        rng: &mut GameRng,
    ) -> Result<<Pebbles as Game>::Action, BotError> {
        self.decisions += 1;
        if self.decisions - 1 == self.fail_at {
            return Err(BotError::Timeout { ms: 5 });
        }
        Ok(self.choose(game, state, rng))
    }

    fn on_failure(&self) -> OnFailure {
        self.on_failure
    }
}

fn bots(fail_at: u32, on_failure: OnFailure) -> Vec<Box<dyn Bot<Pebbles>>> {
    vec![
        Box::new(Flaky {
            fail_at: u32::MAX,
            decisions: 0,
            on_failure,
        }),
        Box::new(Flaky {
            fail_at,
            decisions: 0,
            on_failure,
        }),
    ]
}

fn specs() -> Vec<String> {
    vec!["first".to_string(), "flaky".to_string()]
}

#[test]
fn a_failing_bot_stops_the_game_naming_the_decision() {
    let game = Pebbles { players: 2 };
    let never = AtomicBool::new(false);
    let mut b = bots(1, OnFailure::Stop);
    let stop = play_game_checked(&game, &mut b, &specs(), 7, 3, true, &never).unwrap_err();
    let failure = BotFailure {
        bot: "flaky".into(),
        seat: 1,
        game: 7,
        ply: 3,
        error: BotError::Timeout { ms: 5 },
    };
    assert_eq!(stop, GameStop::Bot(failure.clone()));
    assert_eq!(
        stop.to_string(),
        "bot `flaky` (seat 1) failed in game 7 at decision 3: no answer within 5 ms (timed out)"
    );
}

#[test]
fn a_forfeit_is_a_loss_for_the_failing_seat_and_recorded() {
    let game = Pebbles { players: 2 };
    let never = AtomicBool::new(false);
    for forfeit_anyway in [false, true] {
        let mut b = bots(1, OnFailure::Forfeit);
        let report = if forfeit_anyway {
            // play_game_cancellable forfeits whatever the bot says.
            let mut b = bots(1, OnFailure::Stop);
            play_game_cancellable(&game, &mut b, &specs(), 7, 3, true, &never).unwrap()
        } else {
            play_game_checked(&game, &mut b, &specs(), 7, 3, true, &never).unwrap()
        };
        assert_eq!(
            report.forfeit.as_ref().map(|f| (f.seat, f.ply)),
            Some((1, 3))
        );
        assert_eq!(report.plies, 3);
        assert!(report.outcome.winners.contains(0));
        assert!(!report.outcome.winners.contains(1));
        let record = report.record.unwrap();
        assert_eq!(record.end, GameEnd::Forfeit(1));
        assert!(record.result.is_null());
        verify_record(&game, &record).expect("a forfeited game's record verifies");
    }
}

#[test]
fn the_tournament_engine_stops_or_writes_forfeits() {
    let game = Pebbles { players: 2 };
    let spec = RunSpec::new("pebbles", 2, &specs(), Count::Deals(3), 1, false).unwrap();
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard: beachcomber::tournament::Shard::WHOLE,
        range: 0..3,
        want_rows: true,
        records: None,
        cancel: &never,
        on_done: &|| {},
    };
    for on_failure in [OnFailure::Stop, OnFailure::Forfeit] {
        let bot = |s: &str| -> Box<dyn Bot<Pebbles>> {
            Box::new(Flaky {
                fail_at: if s == "flaky" { 0 } else { u32::MAX },
                decisions: 0,
                on_failure,
            })
        };
        struct Rows(Vec<String>);
        impl beachcomber::tournament::Sink for Rows {
            fn chunk(
                &mut self,
                chunk: &beachcomber::tournament::Chunk,
                _totals: &[beachcomber::tournament::Totals],
            ) -> Result<(), beachcomber::tournament::SinkError> {
                let text = String::from_utf8(chunk.rows.clone()).unwrap();
                self.0.extend(text.lines().map(str::to_string));
                Ok(())
            }
        }
        let mut rows = Rows(Vec::new());
        let result = play_range(
            &game,
            &spec,
            bot,
            &options,
            beachcomber::tournament::Totals::new(&spec),
            &mut rows,
        );
        match on_failure {
            OnFailure::Stop => {
                let e = result.unwrap_err();
                assert!(
                    matches!(e, RunError::Bot { ref failure, next: 0, .. }
                        if failure.seat == 1 && failure.ply == 1),
                    "{e}"
                );
                assert!(rows.0.is_empty());
            }
            OnFailure::Forfeit => {
                let played = result.unwrap();
                assert_eq!(played.totals.games, 3);
                // Three games, two seats each.
                assert_eq!(rows.0.len(), 6);
                for line in &rows.0 {
                    assert!(line.ends_with(",forfeit:1"), "{line}");
                }
            }
        }
    }
}

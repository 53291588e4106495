//! Many games of one configuration stepped together ([`Batch`], for
//! `beachcomber.VectorEnv`): one action per game in, each game's next
//! observation, legal-action mask, seat to move, rewards and end out, into
//! caller-owned buffers, the games split among a thread pool.
//!
//! Game `i` of a batch reset with seed `s` is dealt from
//! `deal_seed(derive(s, i), k)` for its `k`-th game (from 0): a finished
//! game is replaced at once by the next deal (auto-reset), so the outputs
//! always describe a game to play. Everything depends on the seed and the
//! actions only, never on the thread count.

use std::sync::Arc;

use beachcomber::encode::Encode;
use beachcomber::game::check_legal;
use beachcomber::games::GameKind;
use beachcomber::rng::{GameRng, deal_seed, derive, rng_from_seed};
use beachcomber::{Game, Seat};
use rayon::ThreadPool;

use crate::erased::{Rules, Table};
use crate::rules::{Engine, Played};

/// Mixed into a batch's seed for the generators of [`Batch::random_actions`]
/// (so they are not the deals' generators).
const RANDOM_ACTIONS: u64 = 0x5EED_AC71_0000_0000;

/// The buffers a reset or a step writes, `n` games' rows each.
pub struct Outputs<'a> {
    /// `n × L`: the observation tensor of each game's seat to move.
    pub obs: &'a mut [f32],
    /// `n × A`: that seat's legal actions.
    pub mask: &'a mut [i8],
    /// `n`: the seat to move.
    pub player: &'a mut [i64],
    /// `n × P`: each seat's win share in a game that just ended, else 0.
    pub rewards: &'a mut [f32],
    /// `n`: whether the game just ended (and a new one was dealt).
    pub done: &'a mut [bool],
}

/// Rows of outputs, one per game, that split after a number of games.
trait Rows: Send + Sized {
    /// The first `games` games' rows, and the others'.
    fn split(self, games: usize) -> (Self, Self);
}

impl Rows for &mut [i64] {
    fn split(self, games: usize) -> (Self, Self) {
        self.split_at_mut(games)
    }
}

/// [`Outputs`] with the lengths of a game's rows of `obs`, `mask` and
/// `rewards`.
struct Laid<'a>(Outputs<'a>, (usize, usize, usize));

impl Rows for Laid<'_> {
    fn split(self, games: usize) -> (Self, Self) {
        let widths = self.1;
        let (first, rest) = self.0.split(games, widths);
        (Laid(first, widths), Laid(rest, widths))
    }
}

impl<'a> Outputs<'a> {
    /// The first `rows` games' rows, and the others' (`l`, `a`, `p`: the
    /// lengths of a row of `obs`, `mask`, `rewards`).
    fn split(self, rows: usize, (l, a, p): (usize, usize, usize)) -> (Outputs<'a>, Outputs<'a>) {
        let (obs, obs2) = self.obs.split_at_mut(rows * l);
        let (mask, mask2) = self.mask.split_at_mut(rows * a);
        let (player, player2) = self.player.split_at_mut(rows);
        let (rewards, rewards2) = self.rewards.split_at_mut(rows * p);
        let (done, done2) = self.done.split_at_mut(rows);
        (
            Outputs {
                obs,
                mask,
                player,
                rewards,
                done,
            },
            Outputs {
                obs: obs2,
                mask: mask2,
                player: player2,
                rewards: rewards2,
                done: done2,
            },
        )
    }
}

/// A batch of games of one configuration, type-erased.
pub trait Batch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// The configuration.
    fn rules(&self) -> Arc<dyn Rules>;
    /// Deal every game anew from `seed` and write the first decisions (the
    /// games split among the caller's thread and `pool`'s, if any).
    fn reset(&mut self, seed: u64, out: Outputs<'_>, pool: Option<&ThreadPool>);
    /// Play `actions[i]` in game `i` (indices of the action space), all or
    /// none: refused (nothing played) when one is not legal, with the first
    /// such game and why.
    fn step(
        &mut self,
        actions: &[i64],
        out: Outputs<'_>,
        pool: Option<&ThreadPool>,
    ) -> Result<(), (usize, String)>;
    /// A uniformly random legal action of each game, from each game's own
    /// seeded generator.
    fn random_actions(&mut self, out: &mut [i64], pool: Option<&ThreadPool>);
    /// Game `i` as a state with its history (a copy).
    fn state(&self, i: usize) -> Box<dyn Table>;
    /// The deal seed of each game in play.
    fn deal_seeds(&self) -> Vec<u64>;
}

/// One game of a batch.
struct Slot<G: Game> {
    /// The seed of this game's sequence of deals.
    env_seed: u64,
    /// Games finished so far (the current one is deal number `games`).
    games: u64,
    initial: G::State,
    state: G::State,
    actions: Vec<G::Action>,
    /// The legal actions of `state` as a bit set over the action space
    /// (what `mask` says, kept where the caller cannot change it).
    legal: Vec<u64>,
    /// The generator of [`Batch::random_actions`].
    rng: GameRng,
}

/// A batch of games of `G`.
pub struct Batched<G: GameKind + Encode> {
    engine: Arc<Engine<G>>,
    slots: Vec<Slot<G>>,
}

impl<G: GameKind + Encode> Batched<G> {
    /// `n` games of `engine`'s configuration, dealt from seed 0.
    pub fn new(
        engine: Arc<Engine<G>>,
        n: usize,
    ) -> Result<Batched<G>, std::collections::TryReserveError> {
        // Reserved first, so that too many games for the memory is an
        // error the caller raises, not an abort of the interpreter.
        let mut slots = Vec::new();
        slots.try_reserve_exact(n)?;
        slots.extend((0..n).map(|i| new_slot(&engine, 0, i)));
        Ok(Batched { engine, slots })
    }

    /// The lengths of a game's rows of `obs`, `mask` and `rewards`.
    fn widths(&self) -> (usize, usize, usize) {
        let engine = &*self.engine;
        (
            engine.encoding_len(),
            engine.space.len(),
            engine.game.players(),
        )
    }
}

/// Game `i` of a batch dealt from `seed`.
fn new_slot<G: GameKind + Encode>(engine: &Engine<G>, seed: u64, i: usize) -> Slot<G> {
    let env_seed = derive(seed, i as u64);
    let state = engine
        .game
        .new_game(&mut rng_from_seed(deal_seed(env_seed, 0)));
    Slot {
        env_seed,
        games: 0,
        initial: state.clone(),
        state,
        actions: Vec::new(),
        legal: vec![0; engine.space.len().div_ceil(64)],
        rng: rng_from_seed(derive(seed ^ RANDOM_ACTIONS, i as u64)),
    }
}

/// Run `work` on every part of `n` games: contiguous parts, one per thread
/// of `pool` plus the caller's own (which takes the last part), or all on
/// the caller's thread without a pool. `work` gets the part's first game,
/// its games, its actions (if any) and its output rows.
fn for_parts<S: Send, R: Rows>(
    pool: Option<&ThreadPool>,
    slots: &mut [S],
    actions: &[i64],
    out: R,
    work: impl Fn(usize, &mut [S], &[i64], R) + Sync,
) {
    let Some(pool) = pool else {
        return work(0, slots, actions, out);
    };
    let per = slots.len().div_ceil(pool.current_num_threads() + 1).max(1);
    let work = &work;
    pool.in_place_scope(|scope| {
        let (mut slots, mut actions, mut out, mut first) = (slots, actions, out, 0);
        while slots.len() > per {
            let (part, rest) = slots.split_at_mut(per);
            let (part_actions, rest_actions) = actions.split_at(per.min(actions.len()));
            let (part_out, rest_out) = out.split(per);
            scope.spawn(move |_| work(first, part, part_actions, part_out));
            (slots, actions, out, first) = (rest, rest_actions, rest_out, first + per);
        }
        work(first, slots, actions, out);
    });
}

/// Write the decision awaited in `slot`'s state: the mover's observation
/// tensor, its legal actions' mask (and the slot's own copy) and its seat.
fn write_decision<G: GameKind + Encode>(
    engine: &Engine<G>,
    slot: &mut Slot<G>,
    obs: &mut [f32],
    mask: &mut [i8],
    player: &mut i64,
) {
    mask.fill(0);
    slot.legal.fill(0);
    match engine.game.to_move(&slot.state) {
        Some(seat) => {
            engine.game.encode(&slot.state, seat, obs);
            for &a in engine.game.legal_actions(&slot.state).iter() {
                let i = engine.space.index(a) as usize;
                mask[i] = 1;
                slot.legal[i / 64] |= 1 << (i % 64);
            }
            *player = seat as i64;
        }
        None => {
            obs.fill(0.0);
            *player = crate::state::TERMINAL_PLAYER;
        }
    }
}

/// Why the action `index` is not legal in `state` (the library's message).
fn refusal<G: GameKind + Encode>(engine: &Engine<G>, state: &G::State, index: i64) -> String {
    match u32::try_from(index)
        .ok()
        .and_then(|i| engine.space.action(i))
    {
        None => format!(
            "action {index} is not in the action space (0 to {})",
            engine.space.len() - 1
        ),
        Some(action) => match check_legal(&engine.game, state, action) {
            Err(e) => e.to_string(),
            Ok(()) => format!("action {index} is not legal"),
        },
    }
}

impl<G: GameKind + Encode> Batch for Batched<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn rules(&self) -> Arc<dyn Rules> {
        self.engine.clone()
    }

    fn reset(&mut self, seed: u64, out: Outputs<'_>, pool: Option<&ThreadPool>) {
        let widths = self.widths();
        let (l, a, p) = widths;
        let engine = &*self.engine;
        let out = Laid(out, widths);
        for_parts(
            pool,
            &mut self.slots,
            &[],
            out,
            |first, slots, _, Laid(out, _)| {
                let rows = slots
                    .iter_mut()
                    .zip(out.obs.chunks_mut(l))
                    .zip(out.mask.chunks_mut(a))
                    .zip(out.player.iter_mut())
                    .zip(out.rewards.chunks_mut(p))
                    .zip(out.done.iter_mut());
                for (k, (((((slot, obs), mask), player), rewards), done)) in rows.enumerate() {
                    *slot = new_slot(engine, seed, first + k);
                    write_decision(engine, slot, obs, mask, player);
                    rewards.fill(0.0);
                    *done = false;
                }
            },
        );
    }

    fn step(
        &mut self,
        actions: &[i64],
        out: Outputs<'_>,
        pool: Option<&ThreadPool>,
    ) -> Result<(), (usize, String)> {
        let widths = self.widths();
        let (l, a, p) = widths;
        let engine = &*self.engine;
        // Every action checked (against the slot's own legal set) before
        // any is played.
        for (i, (slot, &index)) in self.slots.iter().zip(actions).enumerate() {
            let legal = usize::try_from(index)
                .is_ok_and(|k| k < a && slot.legal[k / 64] >> (k % 64) & 1 == 1);
            if !legal {
                return Err((i, refusal(engine, &slot.state, index)));
            }
        }
        let out = Laid(out, widths);
        for_parts(
            pool,
            &mut self.slots,
            actions,
            out,
            |_, slots, actions, Laid(out, _)| {
                let rows = slots
                    .iter_mut()
                    .zip(actions)
                    .zip(out.obs.chunks_mut(l))
                    .zip(out.mask.chunks_mut(a))
                    .zip(out.player.iter_mut())
                    .zip(out.rewards.chunks_mut(p))
                    .zip(out.done.iter_mut());
                for ((((((slot, &index), obs), mask), player), rewards), done) in rows {
                    let action = engine.space.action(index as u32).expect("checked above");
                    engine.game.play_unchecked(&mut slot.state, action);
                    slot.actions.push(action);
                    *done = engine.game.to_move(&slot.state).is_none();
                    if *done {
                        let outcome = engine.game.outcome(&slot.state);
                        for (seat, r) in rewards.iter_mut().enumerate() {
                            *r = outcome.win_share(seat as Seat) as f32;
                        }
                        slot.games += 1;
                        let deal = deal_seed(slot.env_seed, slot.games);
                        slot.state = engine.game.new_game(&mut rng_from_seed(deal));
                        slot.initial = slot.state.clone();
                        slot.actions.clear();
                    } else {
                        rewards.fill(0.0);
                    }
                    write_decision(engine, slot, obs, mask, player);
                }
            },
        );
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [i64], pool: Option<&ThreadPool>) {
        let engine = &*self.engine;
        for_parts(pool, &mut self.slots, &[], out, |_, slots, _, out| {
            for (slot, action) in slots.iter_mut().zip(out.iter_mut()) {
                *action = match engine.game.to_move(&slot.state) {
                    Some(_) => {
                        let a = engine.game.random_action(&slot.state, &mut slot.rng);
                        i64::from(engine.space.index(a))
                    }
                    None => -1,
                };
            }
        });
    }

    fn state(&self, i: usize) -> Box<dyn Table> {
        let slot = &self.slots[i];
        Box::new(Played::with_history(
            Arc::clone(&self.engine),
            Some(deal_seed(slot.env_seed, slot.games)),
            slot.initial.clone(),
            slot.actions.clone(),
            slot.state.clone(),
        ))
    }

    fn deal_seeds(&self) -> Vec<u64> {
        self.slots
            .iter()
            .map(|s| deal_seed(s.env_seed, s.games))
            .collect()
    }
}

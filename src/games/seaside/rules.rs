//! Setup, move generation and play: the [`Game`] impl of Seaside, and the
//! invariants the tests check.

use arrayvec::ArrayVec;

use super::Seaside;
use super::playout::Random;
use super::state::{Action, FLIPPED, IN_HAND, MAX_ACTIONS, Phase, SIDE_B, SeasideState, SeatArea};
use super::tokens::{self, Face, MAX_TOKENS};
use crate::game::{ExtraMetric, Game, InvalidState, MAX_SEATS, MetricKind, Outcome, Seat};
use crate::record::RecordError;
use crate::rng::{GameRng, in_range, shuffle};

impl Seaside {
    /// A state at the start of a game whose draw order is `bag` (token ids,
    /// first drawn first) with the tokens `removed` set aside; token ids and
    /// faces are those of `tokens` (packed, see [`tokens::pack`]). Every id
    /// `0..tokens.len()` must appear exactly once in `bag` + `removed`, and
    /// `bag` must not be empty. A configuration with `start_tokens` needs
    /// their faces: [`Seaside::start_from_placed`].
    pub fn start_from(
        &self,
        tokens: &[u8],
        bag: &[u8],
        removed: &[u8],
    ) -> Result<SeasideState, RecordError> {
        self.start_from_placed(tokens, bag, removed, &[])
    }

    /// [`Seaside::start_from`] with `start_tokens`: the first
    /// `start.len()` tokens of `bag` are the start tokens, placed on their
    /// seats' seasides with these faces up (as a record's `setup.start`
    /// says; see `levers.rs`).
    pub fn start_from_placed(
        &self,
        tokens: &[u8],
        bag: &[u8],
        removed: &[u8],
        start: &[Face],
    ) -> Result<SeasideState, RecordError> {
        let bad = |why: String| RecordError::field("setup", why);
        let n = tokens.len();
        if n == 0 || n > MAX_TOKENS {
            return Err(bad(format!(
                "a set holds 1 to {MAX_TOKENS} tokens, not {n}"
            )));
        }
        if bag.len() + removed.len() != n {
            return Err(bad(format!(
                "bag ({}) and removed ({}) must hold the {n} tokens",
                bag.len(),
                removed.len()
            )));
        }
        if bag.is_empty() {
            return Err(bad("the bag is empty".into()));
        }
        let mut s = SeasideState::before_setup(n, bag.len());
        let mut seen = [false; MAX_TOKENS];
        for (i, &id) in bag.iter().chain(removed).enumerate() {
            if id as usize >= n || std::mem::replace(&mut seen[id as usize], true) {
                return Err(bad(format!(
                    "token id {id} is out of range or listed twice"
                )));
            }
            s.order[i] = id;
        }
        let mut kinds = [0u8; tokens::KINDS];
        for (id, &p) in tokens.iter().enumerate() {
            if p & 15 > 6 || p >> 4 > 6 {
                return Err(bad(format!("token {id} has a bad face")));
            }
            kinds[tokens::kind_of(p & 15, p >> 4)] += 1;
            s.faces[id] = p;
        }
        if &kinds != self.set.kind_counts() {
            return Err(bad(
                "the tokens are not this configuration's token set".into()
            ));
        }
        self.place_recorded_start(&mut s, start)?;
        self.start_turn(&mut s, 0);
        Ok(s)
    }

    /// The id of the token that [`Action::Flip`]`(back)` flips for `seat`:
    /// the lowest id among that seat's Beaches whose back is `back`.
    #[inline]
    pub fn flip_target(&self, s: &SeasideState, seat: Seat, back: Face) -> Option<usize> {
        let mut mask = s.beach_ids[seat];
        while mask != 0 {
            let id = mask.trailing_zeros() as usize;
            if s.back_face(id) == back {
                return Some(id);
            }
            mask &= mask - 1;
        }
        None
    }

    /// Play `action` (legal) for the player to move: the body of
    /// [`Game::play_unchecked`], shared with the random playout.
    #[inline(always)]
    pub(super) fn play_action(&self, s: &mut SeasideState, action: Action) {
        let p = s.to_move;
        let pu = p as usize;
        match action {
            Action::Play(face) => {
                let id = s.order[s.drawn as usize - 1];
                let packed = s.faces[id as usize];
                let b_up = face as u8 != packed & 15;
                let back = Face::from_index(if b_up { packed & 15 } else { packed >> 4 });
                s.info[id as usize] = p | if b_up { SIDE_B } else { 0 };
                self.resolve(s, p, id, face, back);
            }
            Action::Isopods(k) => {
                let k = k.min(s.sea[0]);
                s.sea[0] -= k;
                let a = &mut s.seats[pu];
                // Branch-free (random sizes mispredict): with no stack yet the
                // size is 0, so the new stack is "larger".
                let size = k + 1;
                let larger = u8::from(size > a.stack_size);
                let equal = u8::from(size == a.stack_size);
                let smaller = 1 - larger - equal;
                s.discarded_sandpipers += larger * a.stacks + smaller;
                s.discarded_isopods +=
                    larger * a.stacks * a.stack_size.saturating_sub(1) + smaller * k;
                a.stacks = larger + equal * (a.stacks + 1) + smaller * a.stacks;
                a.stack_size = a.stack_size.max(size);
                self.end_turn(s, p);
            }
            Action::Shells(k) => {
                let k = k.min(s.sea[1]);
                s.sea[1] -= k;
                s.seats[pu].shells += k;
                self.end_turn(s, p);
            }
            Action::Flip(back) => {
                let Some(id) = self.flip_target(s, pu, back) else {
                    return;
                };
                s.info[id] ^= SIDE_B;
                s.info[id] |= FLIPPED;
                s.beach_ids[pu] &= !(1u128 << id);
                let a = &mut s.seats[pu];
                a.beaches -= 1;
                a.beach_backs[back as usize] -= 1;
                self.resolve(s, p, id as u8, back, Face::Beach);
            }
            Action::Steal(q) => {
                let q = q as usize;
                if q < MAX_SEATS && s.seats[q].crabs > 0 {
                    s.seats[q].crabs -= 1;
                    s.seats[pu].crabs += 1;
                }
                self.end_turn(s, p);
            }
            Action::StealNone => self.end_turn(s, p),
        }
    }

    /// Draw for `p`, or end the game if the bag is empty.
    #[inline(always)]
    pub(super) fn start_turn(&self, s: &mut SeasideState, p: u8) {
        s.to_move = p;
        if s.drawn == s.bag_end {
            self.finish(s);
            return;
        }
        s.info[s.order[s.drawn as usize] as usize] = p | IN_HAND;
        s.drawn += 1;
        s.phase = Phase::ChooseFace;
    }

    #[inline(always)]
    pub(super) fn end_turn(&self, s: &mut SeasideState, p: u8) {
        let next = if p + 1 == self.players { 0 } else { p + 1 };
        self.start_turn(s, next);
    }

    /// Resolve `face` of token `id` played by `p` (freshly drawn or flipped);
    /// `back` is the token's other face.
    #[inline(always)]
    pub(super) fn resolve(&self, s: &mut SeasideState, p: u8, id: u8, face: Face, back: Face) {
        let solo = self.players == 1;
        let a = &mut s.seats[p as usize];
        match face {
            Face::Isopod | Face::Shell | Face::Crab => {
                let ends = solo && s.sea[0] + s.sea[1] + s.sea[2] == 6;
                s.sea[face as usize] += 1;
                if ends {
                    self.finish(s);
                } else {
                    self.start_turn(s, p);
                }
            }
            Face::Sandpiper => {
                if solo && a.stacks + a.loose_sandpipers == 6 {
                    a.loose_sandpipers += 1;
                    self.finish(s);
                } else {
                    s.phase = Phase::Isopods;
                }
            }
            Face::Beach => {
                a.beaches += 1;
                a.beach_backs[back as usize] += 1;
                s.beach_ids[p as usize] |= 1u128 << id;
                if solo && a.beaches == 7 {
                    self.finish(s);
                } else {
                    s.phase = Phase::Shells;
                }
            }
            Face::Wave => {
                a.waves += 1;
                if solo && a.waves == 7 {
                    self.finish(s);
                } else if a.beaches > 0 {
                    s.phase = Phase::Flip;
                } else {
                    self.end_turn(s, p);
                }
            }
            Face::Rock => {
                a.rocks += 1;
                if solo && a.rocks == 7 {
                    self.finish(s);
                } else if a.rocks.is_multiple_of(2) {
                    a.crabs += s.sea[2];
                    s.sea[2] = 0;
                    s.phase = Phase::Steal;
                } else {
                    self.end_turn(s, p);
                }
            }
        }
    }
}

impl Game for Seaside {
    type State = SeasideState;
    type Action = Action;
    /// See [`MAX_ACTIONS`].
    type Actions = ArrayVec<Action, MAX_ACTIONS>;
    /// The state with what the viewer does not know masked (see
    /// [`SeasideState::faces`]).
    type Observation = SeasideState;

    fn name(&self) -> &'static str {
        "seaside"
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn new_game(&self, rng: &mut GameRng) -> SeasideState {
        let n = self.set.len();
        let removed = match self.removed {
            Some(r) => r,
            None => {
                let (lo, hi) = self.removed_range();
                if lo == hi {
                    lo
                } else {
                    in_range(rng, lo as u32, hi as u32) as u8
                }
            }
        };
        let mut s = SeasideState::before_setup(n, n - removed as usize);
        s.faces[..n].copy_from_slice(self.set.packed());
        for (i, o) in s.order[..n].iter_mut().enumerate() {
            *o = i as u8;
        }
        shuffle(&mut s.order[..n], rng);
        self.place_start_tokens(&mut s, rng);
        self.start_turn(&mut s, 0);
        s
    }

    #[inline]
    fn to_move(&self, s: &SeasideState) -> Option<Seat> {
        (s.phase != Phase::Over).then_some(s.to_move as Seat)
    }

    fn legal_actions(&self, s: &SeasideState) -> Self::Actions {
        let mut list = ArrayVec::new();
        let p = s.to_move as usize;
        match s.phase {
            Phase::ChooseFace => {
                let [a, b] = s.token(s.order[s.drawn as usize - 1] as usize);
                list.push(Action::Play(a));
                if b != a {
                    list.push(Action::Play(b));
                }
            }
            Phase::Isopods => {
                for k in 0..=s.sea[0] {
                    list.push(Action::Isopods(k));
                }
            }
            Phase::Shells => {
                for k in 0..=s.sea[1].min(s.seats[p].beaches) {
                    list.push(Action::Shells(k));
                }
            }
            Phase::Flip => {
                for f in Face::ALL {
                    if s.seats[p].beach_backs[f as usize] > 0 {
                        list.push(Action::Flip(f));
                    }
                }
            }
            Phase::Steal => {
                for q in 0..self.players as usize {
                    if q != p && s.seats[q].crabs > 0 {
                        list.push(Action::Steal(q as u8));
                    }
                }
                if list.is_empty() {
                    list.push(Action::StealNone);
                }
            }
            Phase::Over => {}
        }
        list
    }

    #[inline(always)]
    fn random_action(&self, s: &SeasideState, rng: &mut GameRng) -> Action {
        self.action_from::<Random, _>(s, rng)
    }

    /// The same games as the default loop (`tests/playout.rs`), faster:
    /// see [`Seaside::playout`].
    #[inline]
    fn random_playout(&self, s: &mut SeasideState, rng: &mut GameRng) -> u32 {
        self.playout::<Random>(s, rng)
    }

    // Always inlined: the random-playout loop is the hot path, and the
    // optimizer does not inline it across crates on its own (-12%).
    #[inline(always)]
    fn play_unchecked(&self, s: &mut SeasideState, action: Action) {
        self.play_action(s, action);
    }

    fn outcome(&self, s: &SeasideState) -> Outcome {
        self.outcome_of(s)
    }

    fn running_scores(&self, s: &SeasideState) -> ArrayVec<i32, MAX_SEATS> {
        self.scores(s)
    }

    fn determinize(&self, s: &SeasideState, viewer: Seat, rng: &mut GameRng) -> SeasideState {
        self.determinize_state(s, viewer, rng)
    }

    fn determinize_chance(&self, s: &SeasideState, rng: &mut GameRng) -> SeasideState {
        self.deal_chance(s, rng)
    }

    fn observation(&self, s: &SeasideState, viewer: Seat) -> SeasideState {
        self.observe(s, viewer)
    }

    fn reveals(&self, before: &SeasideState, action: Action, viewer: Seat) -> bool {
        self.reveals_to(before, action, viewer)
    }

    fn all_actions(&self) -> Vec<Action> {
        let mut all: Vec<Action> = Face::ALL.iter().map(|&f| Action::Play(f)).collect();
        let isopods = self.set.face_count(Face::Isopod).min(MAX_TOKENS as u32 - 1) as u8;
        let shells = self.set.face_count(Face::Shell).min(MAX_TOKENS as u32 - 1) as u8;
        all.extend((0..=isopods).map(Action::Isopods));
        all.extend((0..=shells).map(Action::Shells));
        all.extend(Face::ALL.iter().map(|&f| Action::Flip(f)));
        all.extend((0..self.players).map(Action::Steal));
        all.push(Action::StealNone);
        all
    }

    fn parse_action(&self, text: &str) -> Option<Action> {
        let (kind, value) = text.trim().split_once(':')?;
        match kind {
            "play" => Face::from_name(value).map(Action::Play),
            "flip" => Face::from_name(value).map(Action::Flip),
            "isopods" => value.parse().ok().map(Action::Isopods),
            "shells" => value.parse().ok().map(Action::Shells),
            "steal" if value == "none" => Some(Action::StealNone),
            "steal" => value
                .parse::<u8>()
                .ok()
                .filter(|&q| (q as usize) < self.players as usize)
                .map(Action::Steal),
            _ => None,
        }
    }

    /// Every draw begins a turn (an Isopod, Shell or Crab gives the same
    /// player another turn: they draw again), so the turns are the tokens
    /// drawn, but the start tokens (`start_tokens`, drawn at setup).
    fn turns(&self, s: &SeasideState, _plies: u32) -> u32 {
        u32::from(s.drawn).saturating_sub(self.start_total() as u32)
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        &["removed", "drawn", "odd_tokens"]
    }

    fn extra_metrics(&self) -> &'static [ExtraMetric] {
        &[
            ExtraMetric {
                name: "mean_removed",
                column: 0,
                kind: MetricKind::Mean,
            },
            ExtraMetric {
                name: "tokens_per_player",
                column: 1,
                kind: MetricKind::PerPlayer,
            },
            ExtraMetric {
                name: "odd_tokens_share",
                column: 2,
                kind: MetricKind::Share,
            },
        ]
    }

    /// `removed`: the tokens this game set aside (drawn at setup under
    /// `removed=rulebook`); `drawn`: the tokens drawn; `odd_tokens`: 1 when
    /// the tokens in play (the set minus those removed) are odd, else 0,
    /// so that parity effects show.
    fn extra_values(&self, initial: &SeasideState, terminal: &SeasideState, out: &mut Vec<i64>) {
        out.push(initial.removed() as i64);
        out.push(i64::from(terminal.drawn));
        out.push(i64::from(initial.bag_end % 2 == 1));
    }

    fn check_invariants(&self, s: &SeasideState) -> Result<(), InvalidState> {
        self.check_state(s)
    }
}

impl Seaside {
    fn check_state(&self, s: &SeasideState) -> Result<(), InvalidState> {
        self.check_tokens(s)?;
        self.check_hand(s)?;
        self.check_conservation(s)?;
        self.check_phase(s)
    }

    /// The counters, the order (every token once) and the faces (the set's
    /// kinds), and the seat to move.
    fn check_tokens(&self, s: &SeasideState) -> Result<(), InvalidState> {
        let n = s.n as usize;
        let players = self.players as usize;
        if n != self.set.len() {
            return Err(format!("{n} tokens, the set holds {}", self.set.len()).into());
        }
        if s.bag_end as usize > n || s.drawn > s.bag_end || s.bag_end == 0 {
            return Err(format!(
                "bad counters: n {n} bag_end {} drawn {}",
                s.bag_end, s.drawn
            )
            .into());
        }
        // Every token exactly once in bag + removed, and the kinds are the set's.
        let mut seen = [false; MAX_TOKENS];
        for &id in &s.order[..n] {
            if id as usize >= n || std::mem::replace(&mut seen[id as usize], true) {
                return Err(format!("token {id} out of range or twice in the order").into());
            }
        }
        let mut kinds = [0u8; tokens::KINDS];
        for &p in &s.faces[..n] {
            if p & 15 > 6 || p >> 4 > 6 {
                return Err(format!("bad packed faces {p:#x}").into());
            }
            kinds[tokens::kind_of(p & 15, p >> 4)] += 1;
        }
        if &kinds != self.set.kind_counts() {
            return Err("the tokens are not the token set".into());
        }
        if s.to_move as usize >= players {
            return Err(format!("seat {} to move", s.to_move).into());
        }
        Ok(())
    }

    /// Each drawn token's info (drawer, flip, the token in hand), none on an
    /// undrawn one, and the phase that fits the hand.
    fn check_hand(&self, s: &SeasideState) -> Result<(), InvalidState> {
        let n = s.n as usize;
        let players = self.players as usize;
        let drawn = s.drawn as usize;
        let mut in_hand = 0;
        for (i, &id) in s.order[..n].iter().enumerate() {
            let id = id as usize;
            let info = s.info[id];
            if i >= drawn {
                if info != 0 {
                    return Err(format!("undrawn token {id} has info {info:#x}").into());
                }
                continue;
            }
            if info & IN_HAND != 0 {
                in_hand += 1;
                if i + 1 != drawn || s.drawer(id) != s.to_move as usize {
                    return Err(format!("token {id} wrongly in hand").into());
                }
            }
            if s.drawer(id) >= players || info & 0b1100_0000 != 0 {
                return Err(format!("bad info {info:#x} of token {id}").into());
            }
            if info & FLIPPED != 0 && s.back_face(id) != Face::Beach {
                return Err(format!("flipped token {id} was not a Beach").into());
            }
        }
        if (s.phase == Phase::ChooseFace) != (in_hand == 1) {
            return Err(format!("phase {:?} with {in_hand} token(s) in hand", s.phase).into());
        }
        Ok(())
    }

    /// Conservation of faces: each seat's seaside and the Beaches' ids match
    /// its tokens, and every Isopod, Shell, Crab and Sandpiper played is
    /// accounted for; the Sea is split only at the end.
    fn check_conservation(&self, s: &SeasideState) -> Result<(), InvalidState> {
        let players = self.players as usize;
        let drawn = s.drawn as usize;
        let mut up = [[0u8; 7]; MAX_SEATS];
        let mut backs = [[0u8; 7]; MAX_SEATS];
        let mut beach_ids = [0u128; MAX_SEATS];
        for &id in &s.order[..drawn] {
            let id = id as usize;
            if s.info[id] & IN_HAND != 0 {
                continue;
            }
            let d = s.drawer(id);
            up[d][s.up_face(id) as usize] += 1;
            if s.up_face(id) == Face::Beach {
                backs[d][s.back_face(id) as usize] += 1;
                beach_ids[d] |= 1 << id;
            }
        }
        if beach_ids != s.beach_ids {
            return Err("the Beaches' ids differ from the tokens".into());
        }
        let total = |f: Face| -> u32 { (0..players).map(|p| up[p][f as usize] as u32).sum() };
        let mut sum = [0u32; 7];
        for (p, a) in s.seats[..players].iter().enumerate() {
            if a.beaches != up[p][Face::Beach as usize]
                || a.waves != up[p][Face::Wave as usize]
                || a.rocks != up[p][Face::Rock as usize]
                || a.beach_backs != backs[p]
            {
                return Err(format!("seat {p}'s seaside {a:?} differs from its tokens").into());
            }
            if (a.stacks == 0) != (a.stack_size == 0) {
                return Err(
                    format!("seat {p}: {} stacks of size {}", a.stacks, a.stack_size).into(),
                );
            }
            if players > 1 && a.loose_sandpipers > 0 {
                return Err("a loose Sandpiper outside solo mode".into());
            }
            sum[0] += a.stacks as u32 * a.stack_size.saturating_sub(1) as u32;
            sum[1] += a.shells as u32;
            sum[2] += a.crabs as u32;
            sum[3] += a.stacks as u32 + a.loose_sandpipers as u32;
        }
        for a in &s.seats[players..] {
            if *a != SeatArea::default() {
                return Err("a seat beyond the player count is not empty".into());
            }
        }
        sum[0] += s.discarded_isopods as u32;
        sum[3] += s.discarded_sandpipers as u32;
        if s.phase == Phase::Isopods {
            // The Sandpiper just played waits for its Isopods.
            sum[3] += 1;
        }
        for (f, total) in sum.iter_mut().take(3).enumerate() {
            *total += s.sea[f] as u32 + s.won_faces[f] as u32;
        }
        for f in [Face::Isopod, Face::Shell, Face::Crab, Face::Sandpiper] {
            if total(f) != sum[f as usize] {
                return Err(format!(
                    "{f}: {} played but {} accounted for",
                    total(f),
                    sum[f as usize]
                )
                .into());
            }
        }
        let won: u32 = s.seats[..players].iter().map(|a| a.won as u32).sum();
        if won != s.won_faces.iter().map(|&w| w as u32).sum::<u32>() {
            return Err("tokens won differ from the Sea's losses".into());
        }
        if s.phase != Phase::Over && won > 0 {
            return Err("the Sea was split before the end".into());
        }
        Ok(())
    }

    /// Solo: a 7th of a kind ends the game; the phase fits the seat to move.
    fn check_phase(&self, s: &SeasideState) -> Result<(), InvalidState> {
        let players = self.players as usize;
        let drawn = s.drawn as usize;
        if players == 1 {
            let a = &s.seats[0];
            let over = s.phase == Phase::Over;
            let limit = |c: u8| c < 7 || (c == 7 && over);
            if !limit(s.sea_total() + s.won_faces.iter().sum::<u8>())
                || !limit(a.beaches)
                || !limit(a.waves)
                || !limit(a.rocks)
                || !limit(a.stacks + a.loose_sandpipers)
            {
                return Err(format!("solo: a 7th of a kind did not end the game: {a:?}").into());
            }
        }
        if s.phase != Phase::Over && s.phase != Phase::ChooseFace {
            let a = &s.seats[s.to_move as usize];
            let ok = match s.phase {
                Phase::Flip => a.beaches > 0,
                Phase::Steal => a.rocks.is_multiple_of(2) && a.rocks > 0 && s.sea[2] == 0,
                _ => true,
            };
            if !ok {
                return Err(format!("phase {:?} does not fit {a:?}", s.phase).into());
            }
        }
        if s.phase != Phase::Over && s.phase == Phase::ChooseFace && drawn == 0 {
            return Err("no token drawn".into());
        }
        Ok(())
    }
}

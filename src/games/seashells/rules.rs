//! The rules: setup (random and from an explicit deal), move generation and
//! play, the [`Game`] impl.

use arrayvec::ArrayVec;

use super::state::{ALL_CARDS, ALL_SHELLS};
use super::{
    ALL_ITEMS, BOTTLE, Bottles, FOSSIL_HEAD, FOSSIL_TAIL, Item, LINE, MAX_SEATS, Mode, SAND_DOLLAR,
    SHOVELS, SQUARES, Seashells, SeashellsAction, SeashellsState, bottles_of, copies, fast,
    heads_of, kth_set_bit, sand_dollars_of, tails_of,
};
use crate::game::{Game, InvalidState, Outcome, Seat};
use crate::rng::{GameRng, below, shuffle_pairs};

impl Seashells {
    /// A state from an explicit deal: `items[i]` the item on square / ring
    /// position `i` (`None` on exactly one place, the Bucket's), the Sun
    /// shell and each seat's cards (shape and colour masks). Checks that the
    /// deal is a legal Seashells setup.
    pub fn setup_state(
        &self,
        items: &[Option<Item>; SQUARES],
        sun: (u8, u8),
        cards: &[(u8, u8)],
    ) -> Result<SeashellsState, InvalidState> {
        let (sun_shape, sun_colour) = sun;
        if sun_shape > 6 || sun_colour > 6 {
            return Err("the Sun shell's shape and colour are 0..7".into());
        }
        let sun_id = sun_shape * 7 + sun_colour;
        let mut s = SeashellsState {
            items: [0; SQUARES],
            occ: 0,
            got: self.start_got(),
            spent: [0; MAX_SEATS],
            shape_cards: [0; MAX_SEATS],
            colour_cards: [0; MAX_SEATS],
            sun: sun_id,
            start: 0,
            bucket: 0,
            shovels: SHOVELS,
            turn: 0,
            over: false,
        };
        let mut seen = [0u32; SQUARES];
        seen[sun_id as usize] = 1;
        let mut bucket = None;
        for (sq, item) in items.iter().enumerate() {
            let code = match *item {
                None => {
                    if bucket.replace(sq).is_some() {
                        return Err("more than one empty place".into());
                    }
                    s.items[sq] = sun_id;
                    continue;
                }
                Some(Item::Shell { shape, colour }) if shape >= 7 || colour >= 7 => {
                    return Err(format!("place {sq}: bad shell").into());
                }
                Some(item) => item.code(),
            };
            seen[code as usize] += 1;
            if seen[code as usize] > copies(code) {
                let what = if code == sun_id {
                    " (the Sun shell)"
                } else {
                    ""
                };
                return Err(format!(
                    "place {sq}: one {}{what} too many",
                    Item::from_code(code).label()
                )
                .into());
            }
            s.items[sq] = code;
            s.occ |= 1 << sq;
        }
        let Some(bucket) = bucket else {
            return Err("no empty place for the Bucket".into());
        };
        s.start = bucket as u8;
        s.bucket = bucket as u8;
        if cards.len() != self.players {
            return Err(format!(
                "{} hands of cards for {} players",
                cards.len(),
                self.players
            )
            .into());
        }
        for (p, &(shapes, colours)) in cards.iter().enumerate() {
            s.shape_cards[p] = shapes;
            s.colour_cards[p] = colours;
        }
        self.check_invariants(&s)?;
        Ok(s)
    }

    #[inline(always)]
    pub(super) fn can_spend(&self, s: &SeashellsState) -> bool {
        let p = s.turn as usize;
        self.bottles == Bottles::Spend && bottles_of(s.got[p]) > s.spent[p] as u32
    }

    /// Bottles `seat` holds and may still spend.
    pub fn bottles_held(&self, s: &SeashellsState, seat: Seat) -> u32 {
        bottles_of(s.got[seat]) - s.spent[seat] as u32
    }

    /// Items left on the board / ring.
    pub fn items_left(&self, s: &SeashellsState) -> u32 {
        s.occ.count_ones()
    }

    /// The items the Bucket may take now (board mode): its row and column.
    #[inline(always)]
    pub fn reachable(&self, s: &SeashellsState) -> u64 {
        LINE[s.bucket as usize] & s.occ
    }

    /// Stroll mode: the ring distance from the Bucket to the `k`-th item
    /// clockwise (`1 <= k <= items left`).
    #[inline(always)]
    pub(super) fn stroll_distance(s: &SeashellsState, k: u32) -> u32 {
        let from_next = s.occ.rotate_right((s.bucket as u32 + 1) & 63);
        kth_set_bit(from_next, k - 1) + 1
    }

    /// Stroll mode: whether moving `distance` places from the Bucket passes
    /// the shovel point (leaving it, on the first turn, is not a pass).
    #[inline(always)]
    pub(super) fn passes_point(s: &SeashellsState, distance: u32) -> bool {
        s.bucket != s.start && ((s.start.wrapping_sub(s.bucket) & 63) as u32) < distance
    }

    /// Collect the item at `to` for the seat to move, then end the turn.
    #[inline(always)]
    pub(super) fn collect_and_end(&self, s: &mut SeashellsState, to: u32, bottle: bool) {
        let p = s.turn as usize;
        s.got[p] += 1u64 << s.items[to as usize];
        s.occ &= !(1u64 << to);
        s.bucket = to as u8;
        // Branch-free: the bottle decision is a coin flip in random play.
        s.spent[p] += bottle as u8;
        let next = s.turn + 1;
        let next = if next as usize == self.players {
            0
        } else {
            next
        };
        s.turn = if bottle { s.turn } else { next };
    }
}

impl Seashells {
    /// The random playout loop; with `BMI2` the board's moves are picked by
    /// [`fast::random_take_bmi2`] (only inside [`Self::playout_bmi2`]).
    #[inline(always)]
    fn playout_with<const BMI2: bool>(&self, s: &mut SeashellsState, rng: &mut GameRng) -> u32 {
        let mut plies = 0;
        while !s.over {
            #[cfg(target_arch = "x86_64")]
            let action = if BMI2 && self.mode == Mode::Board {
                let spend = self.can_spend(s) as u32;
                // Safety: `BMI2` is only true in `playout_bmi2`, whose
                // callers checked that the processor has BMI2 and POPCNT.
                let (square, bottle) =
                    unsafe { fast::random_take_bmi2(s.occ, s.bucket, spend, rng) };
                SeashellsAction::Take { square, bottle }
            } else {
                self.random_action(s, rng)
            };
            #[cfg(not(target_arch = "x86_64"))]
            let action = self.random_action(s, rng);
            self.play_unchecked(s, action);
            plies += 1;
        }
        plies
    }

    /// [`Self::playout_with`] compiled for processors with BMI2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    fn playout_bmi2(&self, s: &mut SeashellsState, rng: &mut GameRng) -> u32 {
        self.playout_with::<true>(s, rng)
    }

    /// The random playout without BMI2 (the portable byte tables), on every
    /// processor: for tests that compare it with the BMI2 one.
    pub fn random_playout_portable(&self, s: &mut SeashellsState, rng: &mut GameRng) -> u32 {
        self.playout_with::<false>(s, rng)
    }
}

impl Game for Seashells {
    type State = SeashellsState;
    type Action = SeashellsAction;
    /// Board mode: at most 7 squares in the Bucket's row and 7 in its column,
    /// each with and without a bottle: 28. Stroll mode needs 8.
    type Actions = ArrayVec<SeashellsAction, 28>;
    /// The state with every other seat's secret cards erased.
    type Observation = SeashellsState;

    fn name(&self) -> &'static str {
        "seashells"
    }

    fn players(&self) -> usize {
        self.players
    }

    fn new_game(&self, rng: &mut GameRng) -> SeashellsState {
        // Cards: partial Fisher-Yates over the 7 shapes and the 7 colours;
        // the first of each goes to the Sun, the next to the seats in order.
        let per = self.cards_per_player() as usize;
        let dealt = 1 + per * self.players;
        let mut shapes: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
        let mut colours: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
        fast::deal_two_decks(&mut shapes, &mut colours, dealt, rng);
        let sun = shapes[0] * 7 + colours[0];
        let mut shape_cards = [0u8; MAX_SEATS];
        let mut colour_cards = [0u8; MAX_SEATS];
        for p in 0..self.players {
            for c in 0..per {
                shape_cards[p] |= 1 << shapes[1 + p * per + c];
                colour_cards[p] |= 1 << colours[1 + p * per + c];
            }
        }
        // Items: the 63 that are not the Sun shell in a random order on
        // places 0..63, then the Bucket on a uniform place whose item moves
        // to place 63.
        let mut items = ALL_ITEMS;
        items.swap(sun as usize, 63);
        shuffle_pairs(&mut items[..63], rng);
        let bucket = below(rng, 64) as usize;
        items[63] = items[bucket];
        items[bucket] = sun;
        SeashellsState {
            items,
            occ: !(1u64 << bucket),
            got: self.start_got(),
            spent: [0; MAX_SEATS],
            shape_cards,
            colour_cards,
            sun,
            start: bucket as u8,
            bucket: bucket as u8,
            shovels: SHOVELS,
            turn: 0,
            over: false,
        }
    }

    #[inline(always)]
    fn to_move(&self, s: &SeashellsState) -> Option<Seat> {
        if s.over { None } else { Some(s.turn as Seat) }
    }

    fn legal_actions(&self, s: &SeashellsState) -> Self::Actions {
        let mut list = ArrayVec::new();
        if s.over {
            return list;
        }
        let spend = self.can_spend(s);
        match self.mode {
            Mode::Board => {
                let mut m = self.reachable(s);
                while m != 0 {
                    let square = m.trailing_zeros() as u8;
                    list.push(SeashellsAction::Take {
                        square,
                        bottle: false,
                    });
                    if spend {
                        list.push(SeashellsAction::Take {
                            square,
                            bottle: true,
                        });
                    }
                    m &= m - 1;
                }
            }
            Mode::Stroll => {
                let left = s.occ.count_ones().min(4) as u8;
                for steps in 1..=left {
                    list.push(SeashellsAction::Step {
                        steps,
                        bottle: false,
                    });
                    let last_shovel = s.shovels == 1
                        && Self::passes_point(s, Self::stroll_distance(s, steps as u32));
                    if spend && !last_shovel {
                        list.push(SeashellsAction::Step {
                            steps,
                            bottle: true,
                        });
                    }
                }
            }
        }
        list
    }

    // Always inlined, with `random_action`: the random-playout loop is the
    // hot path, and the optimizer does not inline them into it across
    // crates on its own.
    #[inline(always)]
    fn play_unchecked(&self, s: &mut SeashellsState, action: SeashellsAction) {
        match action {
            SeashellsAction::Take { square, bottle } => {
                self.collect_and_end(s, square as u32 & 63, bottle);
                s.over = self.reachable(s) == 0;
            }
            SeashellsAction::Step { steps, bottle } => {
                let k = (steps as u32).clamp(1, s.occ.count_ones().max(1));
                if s.occ == 0 {
                    s.over = true;
                    return;
                }
                let distance = Self::stroll_distance(s, k);
                if Self::passes_point(s, distance) {
                    s.shovels = s.shovels.saturating_sub(1);
                }
                let to = (s.bucket as u32 + distance) & 63;
                self.collect_and_end(s, to, bottle && s.shovels > 0);
                s.over = s.shovels == 0 || s.occ == 0;
            }
        }
    }

    #[inline(always)]
    fn random_action(&self, s: &SeashellsState, rng: &mut GameRng) -> SeashellsAction {
        match self.mode {
            Mode::Board => {
                let spend = self.can_spend(s) as u32;
                let (square, bottle) = fast::random_take(s.occ, s.bucket, spend, rng);
                SeashellsAction::Take { square, bottle }
            }
            Mode::Stroll => {
                let spend = self.can_spend(s) as u32;
                if spend == 1 && s.shovels == 1 {
                    // Some steps may lose their bottle variant: use the list.
                    let legal = self.legal_actions(s);
                    return legal[below(rng, legal.len() as u32) as usize];
                }
                let steps = s.occ.count_ones().min(4);
                let x = below(rng, steps << spend);
                SeashellsAction::Step {
                    steps: (x >> spend) as u8 + 1,
                    bottle: x & spend != 0,
                }
            }
        }
    }

    /// The same games as the default loop (`tests/playout.rs`); on a
    /// processor with BMI2 the board's moves are found with `pdep`.
    #[inline]
    fn random_playout(&self, s: &mut SeashellsState, rng: &mut GameRng) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if fast::bmi2() {
            // Safety: the processor has BMI2 and POPCNT (checked just above).
            return unsafe { self.playout_bmi2(s, rng) };
        }
        self.playout_with::<false>(s, rng)
    }

    #[inline]
    fn outcome(&self, s: &SeashellsState) -> Outcome {
        self.final_outcome(s)
    }

    fn running_scores(&self, s: &SeashellsState) -> ArrayVec<i32, MAX_SEATS> {
        self.running_coins(s)
    }

    fn determinize(&self, s: &SeashellsState, viewer: Seat, rng: &mut GameRng) -> SeashellsState {
        self.deal_world(s, viewer, rng)
    }

    /// The true state: the secret cards are the only hidden thing, and the
    /// cards nobody holds count for nothing (nothing is drawn after the
    /// setup), so `oracle(sees=hands)` is `oracle` here.
    fn determinize_chance(&self, s: &SeashellsState, _rng: &mut GameRng) -> SeashellsState {
        *s
    }

    fn observation(&self, s: &SeashellsState, viewer: Seat) -> SeashellsState {
        self.observe(s, viewer)
    }

    fn reveals(&self, before: &SeashellsState, action: SeashellsAction, _viewer: Seat) -> bool {
        self.reveals_to(before, action)
    }

    fn all_actions(&self) -> Vec<SeashellsAction> {
        let mut all = Vec::new();
        for bottle in [false, true] {
            match self.mode {
                Mode::Board => {
                    all.extend((0..64).map(|square| SeashellsAction::Take { square, bottle }));
                }
                Mode::Stroll => {
                    all.extend((1..=4).map(|steps| SeashellsAction::Step { steps, bottle }));
                }
            }
        }
        all
    }

    fn parse_action(&self, text: &str) -> Option<SeashellsAction> {
        let text = text.trim();
        let (body, bottle) = match text.strip_suffix("+b") {
            Some(body) => (body, true),
            None => (text, false),
        };
        let digits = |t: &str| -> Option<u8> {
            if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()
        };
        match self.mode {
            Mode::Board => {
                let square = digits(body).filter(|&sq| sq < 64)?;
                Some(SeashellsAction::Take { square, bottle })
            }
            Mode::Stroll => {
                let steps = digits(body.strip_prefix('s')?).filter(|k| (1..=4).contains(k))?;
                Some(SeashellsAction::Step { steps, bottle })
            }
        }
    }

    fn check_invariants(&self, s: &SeashellsState) -> Result<(), InvalidState> {
        let n = self.players;
        // Items: the 64 items of the game, the Sun on the start.
        let mut dealt = [0u32; SQUARES];
        for &code in &s.items {
            if copies(code) == 0 {
                return Err(format!("item code {code} is no item").into());
            }
            dealt[code as usize] += 1;
        }
        if (0..SQUARES).any(|c| dealt[c] != copies(c as u8)) {
            return Err("the dealt items are not the 64 items".into());
        }
        if s.sun > 48 || s.items[s.start as usize] != s.sun {
            return Err("the Sun shell is not the item of the Bucket's starting place".into());
        }
        if s.occ & (1 << s.bucket) != 0 || s.occ & (1 << s.start) != 0 {
            return Err("the Bucket's place (or its starting place) holds an item".into());
        }
        // Conservation: on the board + collected + the Sun = every item,
        // the start bottles (from outside the 64 items) set aside.
        let mut count = [0u32; SQUARES];
        count[s.sun as usize] += 1;
        let start = self.start_bottles();
        let mut m = s.occ;
        while m != 0 {
            count[s.items[m.trailing_zeros() as usize] as usize] += 1;
            m &= m - 1;
        }
        for (p, &started) in start.iter().enumerate() {
            let got = s.got[p];
            if p >= n
                && (got | s.shape_cards[p] as u64 | s.colour_cards[p] as u64 | s.spent[p] as u64)
                    != 0
            {
                return Err(format!("seat {p} does not play but has items or cards").into());
            }
            let mut shells = got & ALL_SHELLS;
            while shells != 0 {
                count[shells.trailing_zeros() as usize] += 1;
                shells &= shells - 1;
            }
            count[FOSSIL_HEAD as usize] += heads_of(got);
            count[FOSSIL_TAIL as usize] += tails_of(got);
            count[SAND_DOLLAR as usize] += sand_dollars_of(got);
            let Some(collected) = bottles_of(got).checked_sub(started) else {
                return Err(format!("seat {p} holds fewer bottles than it started with").into());
            };
            count[BOTTLE as usize] += collected;
            if s.spent[p] as u32 > bottles_of(got) {
                return Err(format!("seat {p} spent more bottles than it collected").into());
            }
        }
        if (0..SQUARES).any(|c| count[c] != copies(c as u8)) {
            return Err(format!("items are not conserved: {count:?}").into());
        }
        // Cards: the right number, disjoint, never the Sun's.
        let per = self.cards_per_player();
        let (mut shapes, mut colours) = (1u8 << (s.sun / 7), 1u8 << (s.sun % 7));
        for p in 0..n {
            let (sh, co) = (s.shape_cards[p], s.colour_cards[p]);
            if sh & !ALL_CARDS != 0 || co & !ALL_CARDS != 0 {
                return Err(format!("seat {p} has a card out of range").into());
            }
            if sh.count_ones() != per || co.count_ones() != per {
                return Err(
                    format!("seat {p} must hold {per} shape and {per} colour card(s)").into(),
                );
            }
            if sh & shapes != 0 || co & colours != 0 {
                return Err(
                    format!("seat {p} holds a card that is the Sun's or another seat's").into(),
                );
            }
            shapes |= sh;
            colours |= co;
        }
        if s.turn as usize >= n {
            return Err(format!("seat {} to move out of range", s.turn).into());
        }
        match self.mode {
            Mode::Board => {
                if s.shovels != SHOVELS {
                    return Err("board mode has no shovel discards".into());
                }
                if s.over != (self.reachable(s) == 0) {
                    return Err("the end flag disagrees with the Bucket's row and column".into());
                }
            }
            Mode::Stroll => {
                if s.shovels > SHOVELS {
                    return Err("more than three shovels".into());
                }
                if !s.over && (s.shovels == 0 || s.occ == 0) {
                    return Err("the stroll should be over".into());
                }
                if s.over && s.shovels != 0 && s.occ != 0 {
                    return Err("the stroll is over with shovels and items left".into());
                }
            }
        }
        Ok(())
    }
}

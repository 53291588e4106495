//! Setup, move generation and play: the [`Game`] impl of Shell Dash.

use std::convert::Infallible;

use arrayvec::ArrayVec;

use super::state::{FLIPFLOP, JELLYFISH, SHELL, SUN, WAVE, row_mask};
use super::{
    COLUMNS, Card, DECK_CAP, DealRule, EMPTY, KINDS, MAX_ROWS, PLACES, Phase, Position,
    ReshuffleRule, START_ROWS, ShellDash, ShellDashAction, ShellDashObservation, ShellDashState,
    WINNING_SHELLS, deck_text,
};
use crate::game::{ExtraMetric, Game, InvalidState, MAX_SEATS, MetricKind, Outcome, Seat};
use crate::rng::{GameRng, Rng, below, derive, mix, rng_from_seed, shuffle_pairs};

/// How a reshuffle orders its cards: the random shuffle for play, the
/// record-driven one for replays, a recording one for writing records.
pub(crate) trait Shuffler {
    /// Why a reshuffle could not be made (replays only).
    type Error;
    /// Put `cards` (the cards to reshuffle, in kind order) in the new deck's
    /// order, top first; `seed` is this reshuffle's seed.
    fn shuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Self::Error>;
}

/// The play-time strategy: a shuffle seeded from the state's seed, plain
/// or coupled (option `deal`).
pub(crate) struct RandomShuffle(pub(crate) DealRule);

impl Shuffler for RandomShuffle {
    type Error = Infallible;
    #[inline]
    fn shuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Infallible> {
        match self.0 {
            DealRule::Plain => shuffle_pairs(cards, &mut rng_from_seed(seed)),
            DealRule::Coupled => coupled_shuffle(cards, seed),
        }
        Ok(())
    }
}

/// The coupled shuffle: `cards` (in kind order) are put in the order of
/// their keys, card `(kind, copy)`'s key being `derive(seed, kind << 16 |
/// copy)`. Keys of distinct cards are distinct pseudo-random values
/// (`derive` is a bijection of its index), so the order is a uniform
/// permutation of the multiset, as the plain shuffle's; two decks that
/// differ by a few cards give every shared card the same key, so their
/// orders differ only by the cards added or removed. Allocation-free.
pub(crate) fn coupled_shuffle(cards: &mut [u8], seed: u64) {
    let mut keyed = [(0u64, 0u8); DECK_CAP];
    let mut copies = [0u64; KINDS];
    let n = cards.len().min(DECK_CAP);
    for (slot, &card) in keyed.iter_mut().zip(&cards[..n]) {
        let kind = card as usize % KINDS;
        *slot = (derive(seed, (kind as u64) << 16 | copies[kind]), card);
        copies[kind] += 1;
    }
    keyed[..n].sort_unstable();
    for (card, &(_, code)) in cards.iter_mut().zip(&keyed[..n]) {
        *card = code;
    }
}

/// Unwrap an infallible result.
#[inline]
pub(crate) fn ok(r: Result<(), Infallible>) {
    match r {
        Ok(()) => {}
        Err(e) => match e {},
    }
}

fn deck_seed(cards: &[u8]) -> u64 {
    let mut h = 0x5EE1_DA5A_u64 ^ cards.len() as u64;
    for chunk in cards.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word));
    }
    h
}

impl ShellDash {
    /// The first state of a game whose deck, top first, is `order` (it must
    /// be a permutation of the configured deck): 9 cards dealt to rows 0..2,
    /// seat 0 to walk.
    pub fn initial_state(&self, order: &[Card]) -> Result<ShellDashState, InvalidState> {
        // Check the length first: counting an over-long deck could overflow.
        if order.len() != self.total as usize {
            return Err(format!(
                "the deck has {} cards, the configured deck {}",
                order.len(),
                self.total
            )
            .into());
        }
        let mut counts = [0u16; KINDS];
        for &c in order {
            counts[c as usize] += 1;
        }
        if counts != self.counts {
            return Err(format!(
                "the deck {} is not the configured deck {}",
                deck_text(&counts),
                deck_text(&self.counts)
            )
            .into());
        }
        let mut deck = [0u8; DECK_CAP];
        for (slot, &c) in deck.iter_mut().zip(order) {
            *slot = c as u8;
        }
        Ok(self.deal(deck))
    }

    /// A hand-built position at the start of a turn (for tests and
    /// analysis); checked against the configured deck.
    pub fn position(&self, p: &Position) -> Result<ShellDashState, InvalidState> {
        if !(START_ROWS as usize..=MAX_ROWS as usize).contains(&p.rows.len()) {
            return Err(format!("a board has 3 to 6 rows, not {}", p.rows.len()).into());
        }
        if p.to_move >= self.players || p.turn == 0 || p.turn > self.max_turns {
            return Err("walker or turn out of range".into());
        }
        if p.deck.len() + p.discard.len() > DECK_CAP {
            return Err("deck too large".into());
        }
        let mut s = ShellDashState {
            board: [EMPTY; PLACES],
            down: 0,
            up: 0,
            rows: p.rows.len() as u8,
            row: 0,
            phase: Phase::Flip,
            to_move: p.to_move as u8,
            shells: p.shells,
            flipflops: p.flipflops,
            spent: 0,
            turn: p.turn,
            discard: [0; KINDS],
            top: 0,
            len: p.deck.len() as u16,
            reshuffles: 0,
            last: EMPTY,
            chance_seed: p.chance_seed,
            deck: [0; DECK_CAP],
        };
        for (r, row) in p.rows.iter().enumerate() {
            for (c, card) in row.iter().enumerate() {
                if let Some(card) = card {
                    let i = r * COLUMNS + c;
                    s.board[i] = *card as u8;
                    s.down |= 1 << i;
                }
            }
        }
        for (slot, &c) in s.deck.iter_mut().zip(&p.deck) {
            *slot = c as u8;
        }
        for &c in &p.discard {
            s.discard[c as usize] += 1;
        }
        if self.players == 1 && (p.shells[1] != 0 || p.flipflops[1] != 0) {
            return Err("solo: seat 1 holds nothing".into());
        }
        if p.shells.iter().any(|&n| n >= WINNING_SHELLS) {
            return Err("a seat already holds 3 Shells".into());
        }
        let counts = self.card_counts(&s)?;
        if counts != self.cards_in_play() {
            return Err(format!(
                "the position holds {} but the cards in play are {}",
                deck_text(&counts),
                deck_text(&self.cards_in_play())
            )
            .into());
        }
        if s.down == 0 {
            s.turn = self.max_turns;
            s.phase = Phase::Over;
        } else {
            ok(self.walk_from(&mut s, 0, &mut RandomShuffle(self.deal)));
        }
        self.check_invariants(&s)?;
        Ok(s)
    }

    /// Deal the first board from a full deck array and start the first turn.
    fn deal(&self, deck: [u8; DECK_CAP]) -> ShellDashState {
        let n = self.total as usize;
        let mut s = ShellDashState {
            board: [EMPTY; PLACES],
            down: 0x1FF,
            up: 0,
            rows: START_ROWS,
            row: 0,
            phase: Phase::Flip,
            to_move: 0,
            shells: self.compensation,
            flipflops: self.start_flipflops,
            spent: 0,
            turn: 1,
            discard: [0; KINDS],
            top: 9,
            len: n as u16,
            reshuffles: 0,
            last: EMPTY,
            chance_seed: deck_seed(&deck[..n]),
            deck,
        };
        s.board[..9].copy_from_slice(&deck[..9]);
        s
    }

    /// Play `action` with reshuffle strategy `r`.
    #[inline(always)]
    pub(crate) fn step<R: Shuffler>(
        &self,
        s: &mut ShellDashState,
        action: ShellDashAction,
        r: &mut R,
    ) -> Result<(), R::Error> {
        match action {
            ShellDashAction::Flip(column) => self.reveal(s, column as usize, r),
            ShellDashAction::FlipFlop(true) => {
                let p = s.to_move as usize;
                s.flipflops[p] -= 1;
                s.spent += 1;
                self.walk_from(s, s.row + 1, r)
            }
            ShellDashAction::FlipFlop(false) => self.end_turn(s, r),
            ShellDashAction::Shuffle(yes) => {
                if yes {
                    self.reshuffle(s, r, true)?;
                }
                self.refill(s, r)
            }
        }
    }

    #[inline(always)]
    fn reveal<R: Shuffler>(
        &self,
        s: &mut ShellDashState,
        column: usize,
        r: &mut R,
    ) -> Result<(), R::Error> {
        let i = s.row as usize * COLUMNS + column;
        let bit = 1u32 << i;
        s.down &= !bit;
        let card = s.board[i];
        s.last = card;
        match card {
            WAVE => {
                s.up |= bit;
                if s.down & row_mask(s.row) != 0 {
                    Ok(())
                } else {
                    self.end_turn(s, r)
                }
            }
            FLIPFLOP => {
                s.board[i] = EMPTY;
                s.flipflops[s.to_move as usize] += 1;
                self.walk_from(s, s.row + 1, r)
            }
            JELLYFISH => {
                s.up |= bit;
                if s.flipflops[s.to_move as usize] > 0 {
                    s.phase = Phase::Jellyfish;
                    Ok(())
                } else {
                    self.end_turn(s, r)
                }
            }
            SUN => {
                s.up |= bit;
                if s.rows < MAX_ROWS {
                    let base = s.rows as usize * COLUMNS;
                    s.rows += 1;
                    for k in base..base + COLUMNS {
                        match self.draw(s, r)? {
                            Some(c) => {
                                s.board[k] = c;
                                s.down |= 1 << k;
                            }
                            None => break,
                        }
                    }
                }
                self.walk_from(s, s.row + 1, r)
            }
            // Sand and Shell: advance (a Shell stays in place).
            _ => {
                s.up |= bit;
                self.walk_from(s, s.row + 1, r)
            }
        }
    }

    /// Advance to the first row from `row` on with a face-down card (rows
    /// without one are walked through); past the last row, the walk completes.
    #[inline(always)]
    fn walk_from<R: Shuffler>(
        &self,
        s: &mut ShellDashState,
        mut row: u8,
        r: &mut R,
    ) -> Result<(), R::Error> {
        while row < s.rows {
            if s.down & row_mask(row) != 0 {
                s.row = row;
                s.phase = Phase::Flip;
                return Ok(());
            }
            row += 1;
        }
        // The walk completes: collect the Shells revealed this turn.
        let p = s.to_move as usize;
        let mut up = s.up;
        while up != 0 {
            let i = up.trailing_zeros() as usize;
            up &= up - 1;
            if s.board[i] == SHELL {
                s.board[i] = EMPTY;
                s.up &= !(1 << i);
                s.shells[p] += 1;
            }
        }
        if s.shells[p] >= WINNING_SHELLS {
            s.phase = Phase::Over;
            return Ok(());
        }
        self.end_turn(s, r)
    }

    /// End the turn: the cap, else discard, then the reshuffle decision
    /// (`reshuffle=choice`, both piles holding cards) or the refill.
    #[inline(always)]
    fn end_turn<R: Shuffler>(&self, s: &mut ShellDashState, r: &mut R) -> Result<(), R::Error> {
        if s.turn >= self.max_turns {
            s.phase = Phase::Over;
            return Ok(());
        }
        let mut up = s.up;
        while up != 0 {
            let i = up.trailing_zeros() as usize;
            up &= up - 1;
            s.discard[s.board[i] as usize] += 1;
            s.board[i] = EMPTY;
        }
        s.up = 0;
        s.discard[FLIPFLOP as usize] += s.spent;
        s.spent = 0;
        if self.reshuffle == ReshuffleRule::Choice && s.top != s.len && s.discard != [0; KINDS] {
            s.phase = Phase::Shuffle;
            return Ok(());
        }
        self.refill(s, r)
    }

    /// After the discard (and the reshuffle decision): refill the empty
    /// places, pass to the next walker.
    #[inline(always)]
    fn refill<R: Shuffler>(&self, s: &mut ShellDashState, r: &mut R) -> Result<(), R::Error> {
        let all = (1u32 << (s.rows as u32 * 3)) - 1;
        let mut empty = all & !s.down;
        while empty != 0 {
            let i = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            match self.draw(s, r)? {
                Some(c) => {
                    s.board[i] = c;
                    s.down |= 1 << i;
                }
                None => break,
            }
        }
        s.turn += 1;
        if self.players == 2 {
            s.to_move ^= 1;
        }
        if s.down == 0 {
            // Deck and discard pile are empty and nothing is face-down: every
            // turn left would be the same empty walk. Jump to the cap.
            s.turn = self.max_turns;
            s.phase = Phase::Over;
            return Ok(());
        }
        // Some card is face-down: the new walk stops at the first row holding
        // one (rows before it are crossed), so it cannot complete here.
        let lowest_row = s.down.trailing_zeros() / 3;
        s.row = lowest_row as u8;
        s.phase = Phase::Flip;
        Ok(())
    }

    /// Draw the deck's top card, reshuffling the discard pile into a new deck
    /// if the deck is empty; `None` when both are empty.
    #[inline(always)]
    fn draw<R: Shuffler>(&self, s: &mut ShellDashState, r: &mut R) -> Result<Option<u8>, R::Error> {
        if s.top == s.len && !self.reshuffle(s, r, false)? {
            return Ok(None);
        }
        let c = s.deck[s.top as usize];
        s.top += 1;
        Ok(Some(c))
    }

    /// Shuffle the discard pile (and, if `with_deck`, the remaining deck)
    /// into a new deck; false when there is nothing to shuffle. The cards
    /// are laid out in kind order, then shuffled with the reshuffle's seed.
    #[cold]
    #[inline(never)]
    fn reshuffle<R: Shuffler>(
        &self,
        s: &mut ShellDashState,
        r: &mut R,
        with_deck: bool,
    ) -> Result<bool, R::Error> {
        let mut pool = s.discard;
        s.discard = [0; KINDS];
        if with_deck {
            for &c in &s.deck[s.top as usize..s.len as usize] {
                pool[c as usize] += 1;
            }
        }
        let n: u16 = pool.iter().sum();
        if n == 0 {
            return Ok(false);
        }
        let mut k = 0;
        for (code, &count) in pool.iter().enumerate() {
            s.deck[k..k + count as usize].fill(code as u8);
            k += count as usize;
        }
        let seed = derive(s.chance_seed, s.reshuffles as u64);
        r.shuffle(&mut s.deck[..k], seed)?;
        s.reshuffles += 1;
        s.top = 0;
        s.len = n;
        Ok(true)
    }

    /// Cards by kind over the whole state (for conservation checks).
    pub fn card_counts(&self, s: &ShellDashState) -> Result<[u16; KINDS], InvalidState> {
        let mut counts = s.discard;
        if s.top > s.len || s.len as usize > DECK_CAP {
            return Err(format!("deck bounds top {} len {}", s.top, s.len).into());
        }
        for &c in &s.deck[s.top as usize..s.len as usize] {
            if c as usize >= KINDS {
                return Err(format!("bad card code {c} in the deck").into());
            }
            counts[c as usize] += 1;
        }
        let mut cards = s.down | s.up;
        while cards != 0 {
            let i = cards.trailing_zeros() as usize;
            cards &= cards - 1;
            let c = s.board[i];
            if c as usize >= KINDS {
                return Err(format!("bad card code {c} at place {i}").into());
            }
            counts[c as usize] += 1;
        }
        counts[FLIPFLOP as usize] += s.flipflops[0] + s.flipflops[1] + s.spent;
        // The compensation Shells came from outside the deck.
        for (seat, (&held, &given)) in s.shells.iter().zip(&self.compensation).enumerate() {
            let collected = held.checked_sub(given).ok_or_else(|| {
                format!("seat {seat} holds {held} Shells, fewer than its compensation {given}")
            })?;
            counts[SHELL as usize] += u16::from(collected);
        }
        Ok(counts)
    }
}

impl Game for ShellDash {
    type State = ShellDashState;
    type Action = ShellDashAction;
    /// At most 3 choices: a column of the row (3 places), or two.
    type Actions = ArrayVec<ShellDashAction, 3>;
    type Observation = ShellDashObservation;

    fn name(&self) -> &'static str {
        "shell-dash"
    }

    fn players(&self) -> usize {
        self.players
    }

    fn new_game(&self, rng: &mut GameRng) -> ShellDashState {
        let mut deck = self.sorted;
        let n = self.total as usize;
        match self.deal {
            DealRule::Plain => {
                shuffle_pairs(&mut deck[..n], rng);
                self.deal(deck)
            }
            DealRule::Coupled => {
                // One draw keys the deal; the reshuffles' seeds come from
                // it too (not from the deck's cards), so decks dealt from
                // one seed share their reshuffles' keys as well.
                let seed = rng.next_u64();
                coupled_shuffle(&mut deck[..n], seed);
                let mut s = self.deal(deck);
                s.chance_seed = derive(seed, u64::MAX);
                s
            }
        }
    }

    #[inline]
    fn to_move(&self, s: &ShellDashState) -> Option<Seat> {
        (s.phase != Phase::Over).then_some(s.to_move as Seat)
    }

    #[inline]
    fn legal_actions(&self, s: &ShellDashState) -> Self::Actions {
        let mut list = ArrayVec::new();
        match s.phase {
            Phase::Flip => {
                let mut m = (s.down >> (s.row as u32 * 3)) & 0b111;
                while m != 0 {
                    list.push(ShellDashAction::Flip(m.trailing_zeros() as u8));
                    m &= m - 1;
                }
            }
            Phase::Jellyfish => {
                list.push(ShellDashAction::FlipFlop(false));
                list.push(ShellDashAction::FlipFlop(true));
            }
            Phase::Shuffle => {
                list.push(ShellDashAction::Shuffle(false));
                list.push(ShellDashAction::Shuffle(true));
            }
            Phase::Over => {}
        }
        list
    }

    // Always inlined, with `random_action`: the random-playout loop is the
    // hot path (see Seaside's).
    #[inline(always)]
    fn play_unchecked(&self, s: &mut ShellDashState, action: ShellDashAction) {
        ok(self.step(s, action, &mut RandomShuffle(self.deal)));
    }

    #[inline(always)]
    fn random_action(&self, s: &ShellDashState, rng: &mut GameRng) -> ShellDashAction {
        match s.phase {
            Phase::Jellyfish => ShellDashAction::FlipFlop(below(rng, 2) == 1),
            Phase::Shuffle => ShellDashAction::Shuffle(below(rng, 2) == 1),
            _ => {
                // The k-th face-down card of the row (no draw when there is
                // one), picked without a loop of random length.
                let m = (s.down >> (s.row as u32 * 3)) & 0b111;
                let n = m.count_ones();
                let k = if n > 1 { below(rng, n) } else { 0 };
                let m1 = m & m.wrapping_sub(1);
                let m2 = m1 & m1.wrapping_sub(1);
                let pick = [m, m1, m2, m2][k as usize & 3];
                ShellDashAction::Flip(pick.trailing_zeros() as u8)
            }
        }
    }

    fn outcome(&self, s: &ShellDashState) -> Outcome {
        self.final_outcome(s)
    }

    fn running_scores(&self, s: &ShellDashState) -> ArrayVec<i32, MAX_SEATS> {
        self.scores_now(s)
    }

    fn determinize(&self, s: &ShellDashState, viewer: Seat, rng: &mut GameRng) -> ShellDashState {
        self.determinize_state(s, viewer, rng)
    }

    /// Nothing is private (every hidden card is hidden from both seats):
    /// the world of [`Game::determinize`], the same for every viewer.
    fn determinize_chance(&self, s: &ShellDashState, rng: &mut GameRng) -> ShellDashState {
        self.determinize_state(s, 0, rng)
    }

    fn observation(&self, s: &ShellDashState, viewer: Seat) -> ShellDashObservation {
        self.observe(s, viewer)
    }

    fn reveals(&self, before: &ShellDashState, action: ShellDashAction, _viewer: Seat) -> bool {
        self.reveals_to(before, action)
    }

    fn all_actions(&self) -> Vec<ShellDashAction> {
        ShellDashAction::ALL
            .into_iter()
            .filter(|a| {
                self.reshuffle == ReshuffleRule::Choice || !matches!(a, ShellDashAction::Shuffle(_))
            })
            .collect()
    }

    fn parse_action(&self, text: &str) -> Option<ShellDashAction> {
        let text = text.trim();
        ShellDashAction::ALL
            .into_iter()
            .find(|a| a.to_string() == text)
    }

    /// The state's turn counter: the turns of all players (a turn with
    /// several steps of a walk is one turn).
    fn turns(&self, s: &ShellDashState, _plies: u32) -> u32 {
        s.turn
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        &["capped"]
    }

    fn extra_metrics(&self) -> &'static [ExtraMetric] {
        &[ExtraMetric {
            name: "capped_share",
            column: 0,
            kind: MetricKind::Share,
        }]
    }

    /// `capped`: 1 when the game ended at `max_turns` with nobody holding
    /// the Shells to win, else 0.
    fn extra_values(
        &self,
        _initial: &ShellDashState,
        terminal: &ShellDashState,
        out: &mut Vec<i64>,
    ) {
        let best = terminal.shells[..self.players]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        out.push(i64::from(best < super::WINNING_SHELLS));
    }

    fn check_invariants(&self, s: &ShellDashState) -> Result<(), InvalidState> {
        let counts = self.card_counts(s)?;
        if counts != self.cards_in_play() {
            return Err(format!(
                "card conservation: the state holds {} but the cards in play are {}",
                deck_text(&counts),
                deck_text(&self.cards_in_play())
            )
            .into());
        }
        if !(START_ROWS..=MAX_ROWS).contains(&s.rows) {
            return Err(format!("{} rows", s.rows).into());
        }
        let all = (1u32 << (s.rows as u32 * 3)) - 1;
        if s.down & s.up != 0 || (s.down | s.up) & !all != 0 {
            return Err(format!(
                "masks down {:#x} up {:#x} with {} rows",
                s.down, s.up, s.rows
            )
            .into());
        }
        for i in 0..PLACES {
            let occupied = (s.down | s.up) & (1 << i) != 0;
            if occupied != (s.board[i] != EMPTY) {
                return Err(format!(
                    "place {i} holds code {} but its mask bit says {occupied}",
                    s.board[i]
                )
                .into());
            }
        }
        if s.to_move as usize >= self.players {
            return Err(format!("walker {}", s.to_move).into());
        }
        if self.players == 1 && (s.shells[1] != 0 || s.flipflops[1] != 0) {
            return Err("solo: seat 1 holds cards".into());
        }
        if s.turn == 0 || s.turn > self.max_turns {
            return Err(format!("turn {} of {}", s.turn, self.max_turns).into());
        }
        let shells_max = s.shells.iter().copied().max().unwrap_or(0);
        match s.phase {
            Phase::Over => {
                if shells_max < WINNING_SHELLS && s.turn != self.max_turns {
                    return Err("over without 3 Shells before the cap".into());
                }
            }
            Phase::Shuffle => {
                if self.reshuffle != ReshuffleRule::Choice {
                    return Err("a reshuffle decision with reshuffle=empty".into());
                }
                if shells_max >= WINNING_SHELLS || s.turn >= self.max_turns {
                    return Err("a reshuffle decision after the game's last turn".into());
                }
                if s.up != 0 || s.spent != 0 {
                    return Err("a reshuffle decision before the discard".into());
                }
                if s.deck_size() == 0 || s.discard_size() == 0 {
                    return Err("a reshuffle decision with an empty deck or discard pile".into());
                }
            }
            phase => {
                if shells_max >= WINNING_SHELLS {
                    return Err("a seat holds 3 Shells but the game goes on".into());
                }
                if s.row >= s.rows {
                    return Err(format!("the walker's row {} is off the board", s.row).into());
                }
                if phase == Phase::Flip && s.down & row_mask(s.row) == 0 {
                    return Err(format!("no face-down card in the walker's row {}", s.row).into());
                }
                if s.up & !(all & ((1u32 << ((s.row as u32 + 1) * 3)) - 1)) != 0 {
                    return Err("a card is revealed past the walker's row".into());
                }
                if phase == Phase::Jellyfish {
                    if s.flipflops[s.to_move as usize] == 0 {
                        return Err("a Jellyfish decision without a Flip-Flop".into());
                    }
                    let mut up = s.up & row_mask(s.row);
                    let mut jellyfish = false;
                    while up != 0 {
                        jellyfish |= s.board[up.trailing_zeros() as usize] == JELLYFISH;
                        up &= up - 1;
                    }
                    if !jellyfish {
                        return Err(
                            "a Jellyfish decision with no Jellyfish revealed in the row".into()
                        );
                    }
                }
            }
        }
        Ok(())
    }
}

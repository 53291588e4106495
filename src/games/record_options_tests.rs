//! A test-only game whose spec and record code read only its options table
//! ([`TABLE`]): `extra`, an option that exists in the table alone, is
//! checked by specs, written by records, read back and replayed with no
//! code of its own (as a lever added to a game's `OPTIONS` would be).
//! Python takes a game's options through the same code (`AnyGame::from_spec`
//! and `AnyGame::from_record`), so it needs no edit either.

use super::*;
use crate::game::{Evaluate, Game, Outcome, Seat};
use crate::record::{
    EventList, GameRecord, RecordFormat, Replay, build_record, verify_record, write_record_line,
};
use crate::rng::{GameRng, rng_from_seed};
use crate::spec::{Spec, SpecError};
use crate::testing::toy::{Pebbles, PebblesState, Take};
use serde_json::json;

/// `speed`: a word, always written by the game's record code.
const SPEED: GameOption = GameOption {
    name: "speed",
    kind: OptionKind::Choice {
        words: &["slow", "fast"],
        default: 0,
    },
    about: "a word",
    help_note: None,
    variant: false,
};

/// `extra`: in the table and nowhere else.
const EXTRA: GameOption = GameOption {
    name: "extra",
    kind: OptionKind::Integer {
        min: 0,
        max: 9,
        default: 0,
    },
    about: "an option only the table knows",
    help_note: None,
    variant: false,
};

const TABLE: [GameOption; 2] = [SPEED, EXTRA];

/// The game's record form: `speed` always; the rest from the table.
const RECORD: RecordOptions = RecordOptions {
    required: &["speed"],
    absent: &[],
    written: &["speed"],
};

/// Pebbles with the options of [`TABLE`] (they do not change the play).
#[derive(Clone, Debug)]
struct Tuned {
    pebbles: Pebbles,
    /// Each option's canonical value, in table order.
    values: Vec<Option<String>>,
}

impl Tuned {
    /// The spec parser: every option of the table read by its kind.
    fn from_spec(spec: &Spec, players: usize) -> Result<Tuned, SpecError> {
        let options = crate::games::SpecOptions::read(spec, &TABLE)?;
        let values = TABLE
            .iter()
            .map(|o| {
                Ok(Some(match o.kind {
                    OptionKind::Choice { words, .. } => words[options.choice(o)?].to_string(),
                    _ => options.integer(o)?.to_string(),
                }))
            })
            .collect::<Result<_, SpecError>>()?;
        Ok(Tuned {
            pebbles: Pebbles { players },
            values,
        })
    }

    fn parse(text: &str) -> Result<Tuned, SpecError> {
        Tuned::from_spec(&text.parse()?, 2)
    }
}

impl Game for Tuned {
    type State = PebblesState;
    type Action = Take;
    type Actions = <Pebbles as Game>::Actions;
    type Observation = <Pebbles as Game>::Observation;
    fn name(&self) -> &'static str {
        self.pebbles.name()
    }
    fn players(&self) -> usize {
        self.pebbles.players
    }
    fn new_game(&self, rng: &mut GameRng) -> PebblesState {
        self.pebbles.new_game(rng)
    }
    fn to_move(&self, s: &PebblesState) -> Option<Seat> {
        self.pebbles.to_move(s)
    }
    fn legal_actions(&self, s: &PebblesState) -> Self::Actions {
        self.pebbles.legal_actions(s)
    }
    fn play_unchecked(&self, s: &mut PebblesState, a: Take) {
        self.pebbles.play_unchecked(s, a)
    }
    fn outcome(&self, s: &PebblesState) -> Outcome {
        self.pebbles.outcome(s)
    }
    fn determinize(&self, s: &PebblesState, viewer: Seat, rng: &mut GameRng) -> PebblesState {
        self.pebbles.determinize(s, viewer, rng)
    }
    fn determinize_chance(&self, s: &PebblesState, rng: &mut GameRng) -> PebblesState {
        self.pebbles.determinize_chance(s, rng)
    }
    fn observation(&self, s: &PebblesState, viewer: Seat) -> Self::Observation {
        self.pebbles.observation(s, viewer)
    }
    fn reveals(&self, before: &PebblesState, action: Take, viewer: Seat) -> bool {
        self.pebbles.reveals(before, action, viewer)
    }
    fn all_actions(&self) -> Vec<Take> {
        self.pebbles.all_actions()
    }
    fn parse_action(&self, text: &str) -> Option<Take> {
        self.pebbles.parse_action(text)
    }
    fn check_invariants(&self, s: &PebblesState) -> Result<(), crate::game::InvalidState> {
        self.pebbles.check_invariants(s)
    }
}

impl crate::encode::Encode for Tuned {
    fn encoding_fields(&self) -> Vec<crate::encode::Field> {
        self.pebbles.encoding_fields()
    }
    fn encode_observation(&self, o: &Self::Observation, seat: Seat, out: &mut [f32]) {
        self.pebbles.encode_observation(o, seat, out)
    }
}

impl Evaluate for Tuned {
    fn evaluate(&self, s: &PebblesState, seat: Seat) -> f64 {
        self.pebbles.evaluate(s, seat)
    }
    fn final_margin(&self, s: &PebblesState, seat: Seat) -> f64 {
        self.pebbles.final_margin(s, seat)
    }
}

impl RecordFormat for Tuned {
    fn options_json(&self) -> serde_json::Value {
        let mut options = json!({ "speed": self.values[0] });
        add_extras(
            &mut options,
            extra_options(&TABLE, &RECORD, || self.values.clone()),
        );
        options
    }
    fn from_record_options(
        players: usize,
        options: &serde_json::Value,
    ) -> Result<Self, RecordError> {
        read(
            "pebbles",
            &TABLE,
            &RECORD,
            options,
            |_, _| None,
            |spec| Tuned::from_spec(spec, players),
        )
    }
    fn setup_json(&self, s: &PebblesState) -> serde_json::Value {
        self.pebbles.setup_json(s)
    }
    fn action_events(
        &self,
        before: &PebblesState,
        a: Take,
        after: &PebblesState,
        out: &mut Vec<serde_json::Value>,
    ) {
        self.pebbles.action_events(before, a, after, out)
    }
    fn result_json(&self, s: &PebblesState) -> serde_json::Value {
        self.pebbles.result_json(s)
    }
    fn max_events(&self) -> usize {
        self.pebbles.max_events()
    }
    fn replay<E: EventList + ?Sized>(
        &self,
        setup: &serde_json::Value,
        events: &E,
    ) -> Result<Replay<Self>, RecordError> {
        let r = self.pebbles.replay(setup, events)?;
        Ok(Replay {
            initial: r.initial,
            steps: r.steps,
            final_state: r.final_state,
        })
    }
}

/// A whole game of `game` from `seed`, as a record.
fn record_of(game: &Tuned, seed: u64) -> (GameRecord, Vec<u8>) {
    let initial = game.new_game(&mut rng_from_seed(seed));
    let mut state = initial;
    let mut actions = Vec::new();
    while game.to_move(&state).is_some() {
        let a = game.legal_actions(&state)[0];
        game.play_unchecked(&mut state, a);
        actions.push(a);
    }
    let bots = vec!["random".to_string(); 2];
    let mut line = Vec::new();
    write_record_line(game, Some(seed), &bots, &initial, &actions, &mut line);
    (
        build_record(game, Some(seed), &bots, &initial, &actions),
        line,
    )
}

#[test]
fn an_option_only_the_table_knows_is_checked_recorded_read_back_and_replayed() {
    // The spec check knows it from the table.
    let game = Tuned::parse("pebbles(speed=fast,extra=3)").unwrap();
    assert_eq!(game.values, [Some("fast".into()), Some("3".into())]);
    assert_eq!(
        Tuned::parse("pebbles(extr=3)").unwrap_err().to_string(),
        "unknown option `extr` for `pebbles` (allowed: speed, extra); did you mean `extra`?"
    );
    assert_eq!(
        Tuned::parse("pebbles(extra=10)").unwrap_err().to_string(),
        "bad value `10` for `pebbles` option `extra`: expected an integer from 0 to 9"
    );
    // Written (a number, after the game's own key), byte for byte the same
    // by both writers.
    let (record, line) = record_of(&game, 7);
    assert_eq!(record.options, json!({"speed": "fast", "extra": 3}));
    let mut expected = serde_json::to_vec(&record).unwrap();
    expected.push(b'\n');
    assert_eq!(line, expected);
    assert!(
        String::from_utf8(line)
            .unwrap()
            .contains(r#""options":{"speed":"fast","extra":3}"#)
    );
    // Read back to the same configuration, and replayed.
    let again = Tuned::from_record_options(2, &record.options).unwrap();
    assert_eq!(again.values, game.values);
    verify_record(&again, &record).unwrap();
    // At its default it is not written, and its absence reads as the default.
    let plain = Tuned::parse("pebbles(speed=fast)").unwrap();
    let (record, _) = record_of(&plain, 7);
    assert_eq!(record.options, json!({"speed": "fast"}));
    let again = Tuned::from_record_options(2, &record.options).unwrap();
    assert_eq!(again.values, [Some("fast".into()), Some("0".into())]);
    verify_record(&again, &record).unwrap();
    // Its range and type come from the table; `speed` is required.
    let err = |options: serde_json::Value| {
        Tuned::from_record_options(2, &options)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(json!({"speed": "fast", "extra": 10})),
        "field `options.extra`: bad value `10` for `pebbles` option `extra`: expected an \
         integer from 0 to 9"
    );
    assert_eq!(
        err(json!({"speed": "fast", "extra": "3"})),
        "field `options.extra`: `\"3\"`: expected an integer from 0 to 9"
    );
    assert_eq!(
        err(json!({"speed": "fast", "exta": 3})),
        "field `options`: unknown key `exta` (allowed: speed, extra); did you mean `extra`?"
    );
    assert_eq!(
        err(json!({"extra": 3})),
        "field `options.speed`: missing; expected one of slow|fast"
    );
    // A record with the option at its default written out is not
    // canonical (the writer leaves it out).
    let (mut forged, _) = record_of(&plain, 7);
    forged.options = json!({"speed": "fast", "extra": 0});
    let read_back = Tuned::from_record_options(2, &forged.options).unwrap();
    assert!(
        verify_record(&read_back, &forged)
            .unwrap_err()
            .to_string()
            .starts_with("field `options`: not written canonically")
    );
}

#[test]
fn labels_are_not_record_keys_and_absent_options_keep_their_meaning() {
    assert_eq!(
        record_keys(&crate::games::seaside::OPTIONS),
        ["removed", "tokens", "compensation", "start_tokens"]
    );
    let form = RecordOptions {
        required: &[],
        absent: &[("speed", "fast")],
        written: &[],
    };
    let spec = record_spec("pebbles", &TABLE, &form, &json!({}), |_, _| None).unwrap();
    assert_eq!(spec.to_string(), "pebbles(speed=fast)");
}

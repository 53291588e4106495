//! Shell Dash's coupled deal (option `deal=coupled`): each design's deal
//! has the plain shuffle's distribution, neighbouring decks share their
//! order, records of coupled games replay exactly.

use beachcomber::game::Game;
use beachcomber::games::shell_dash::{KINDS, ShellDash};
use beachcomber::record::verify_record;
use beachcomber::rng::{deal_seed, derive, rng_from_seed};
use beachcomber::spec::Spec;
use serde_json::json;

fn game(spec: &str, players: usize) -> ShellDash {
    ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players).unwrap()
}

/// The decks of the distribution test (a small one, an uneven one, the
/// default's neighbour with 16 Shells).
const DECKS: [&str; 3] = [
    "Sand:5,Wave:2,Shell:3,Jellyfish:2",
    "Sand:3,Wave:1,Flip-Flop:1,Jellyfish:4,Sun:1,Shell:9",
    "Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:16",
];
/// Deals per deck.
const DEALS: u64 = 3000;
/// Positions of the deck counted (the first board and three more).
const POSITIONS: usize = 12;

/// Pearson's chi-square of position-by-kind counts against the uniform
/// permutation's expectation (`counts[kind] / total` at every position),
/// and its degrees of freedom; `order(i)` is deal `i`'s deck, top first.
fn chi_square(counts: &[u16; KINDS], mut order: impl FnMut(u64) -> Vec<u8>) -> (f64, usize) {
    let total: u16 = counts.iter().sum();
    let mut seen = [[0u64; KINDS]; POSITIONS];
    for i in 0..DEALS {
        let deck = order(i);
        assert_eq!(deck.len(), total as usize);
        for (p, &card) in deck[..POSITIONS].iter().enumerate() {
            seen[p][card as usize] += 1;
        }
    }
    let mut x2 = 0.0;
    let mut kinds = 0;
    for (k, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        kinds += 1;
        let expected = DEALS as f64 * f64::from(n) / f64::from(total);
        for row in &seen {
            let d = row[k] as f64 - expected;
            x2 += d * d / expected;
        }
    }
    (x2, POSITIONS * (kinds - 1))
}

/// The deck of a new game, top first.
fn dealt(g: &ShellDash, seed: u64) -> Vec<u8> {
    let s = g.new_game(&mut rng_from_seed(seed));
    s.deck[..s.len as usize].to_vec()
}

/// The acceptance bound: about the chi-square's 0.9999 quantile
/// (mean + 5.3 standard deviations), which a correct deal passes.
fn bound(df: usize) -> f64 {
    df as f64 + 5.3 * (2.0 * df as f64).sqrt()
}

#[test]
fn coupled_deal_has_the_plain_shuffles_distribution() {
    for deck in DECKS {
        let plain = game(&format!("shell-dash(deck={deck})"), 2);
        let coupled = game(&format!("shell-dash(deck={deck},deal=coupled)"), 2);
        let counts = plain.deck_counts();
        let (x2_plain, df) = chi_square(&counts, |i| dealt(&plain, deal_seed(55, i)));
        let (x2_coupled, _) = chi_square(&counts, |i| dealt(&coupled, deal_seed(55, i)));
        assert!(
            x2_plain < bound(df),
            "{deck}: plain {x2_plain:.1} (df {df})"
        );
        assert!(
            x2_coupled < bound(df),
            "{deck}: coupled {x2_coupled:.1} (df {df})"
        );
        // A broken coupling, keys not uniform (a kind's keys shrunk by its
        // code, so higher kinds come first), fails the same test.
        let (x2_broken, _) = chi_square(&counts, |i| {
            let seed = deal_seed(55, i);
            let mut keyed = Vec::new();
            for (kind, &n) in counts.iter().enumerate() {
                for copy in 0..u64::from(n) {
                    let key = derive(seed, (kind as u64) << 16 | copy) / (1 + kind as u64);
                    keyed.push((key, kind as u8));
                }
            }
            keyed.sort_unstable();
            keyed.into_iter().map(|(_, k)| k).collect()
        });
        assert!(
            x2_broken > bound(df),
            "{deck}: broken {x2_broken:.1} (df {df})"
        );
    }
}

#[test]
fn neighbouring_decks_share_their_order_when_coupled() {
    let base = "Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6";
    let g14 = game(&format!("shell-dash(deck={base},Shell:14,deal=coupled)"), 2);
    let g16 = game(&format!("shell-dash(deck={base},Shell:16,deal=coupled)"), 2);
    let p14 = game(&format!("shell-dash(deck={base},Shell:14)"), 2);
    let p16 = game(&format!("shell-dash(deck={base},Shell:16)"), 2);
    let shell = 5u8;
    let (mut same_coupled, mut same_plain) = (0, 0);
    for i in 0..200 {
        let seed = deal_seed(9, i);
        let (a, b) = (dealt(&g14, seed), dealt(&g16, seed));
        // The 16-Shell deck without two of its Shells (copies 14 and 15,
        // wherever their keys put them) is the 14-Shell deck's order.
        let mut matched = 0;
        let mut skipped = 0;
        for &card in &b {
            if matched < a.len() && card == a[matched] {
                matched += 1;
            } else {
                assert_eq!(card, shell, "deal {i}: only Shells may differ");
                skipped += 1;
            }
        }
        assert_eq!((matched, skipped), (a.len(), 2), "deal {i}");
        same_coupled += a[..9].iter().zip(&b[..9]).filter(|(x, y)| x == y).count();
        let (c, d) = (dealt(&p14, seed), dealt(&p16, seed));
        same_plain += c[..9].iter().zip(&d[..9]).filter(|(x, y)| x == y).count();
        // Reshuffles are keyed by the deal, not by the deck's cards.
        let (s14, s16) = (
            g14.new_game(&mut rng_from_seed(seed)),
            g16.new_game(&mut rng_from_seed(seed)),
        );
        assert_eq!(s14.chance_seed, s16.chance_seed);
    }
    // The first boards' cards in the same place, of 200 * 9: coupled
    // dealing keeps 88% of them, the plain shuffle 20% (chance).
    assert_eq!((same_coupled, same_plain), (1577, 354));
}

#[test]
fn coupled_games_replay_exactly() {
    // The conformance suite (its record round trip replays with the seed)
    // runs with `deal=coupled` in shell_dash::conforms_with_the_default_deck.
    let g = game(
        "shell-dash(deck=Sand:8,Wave:2,Shell:3,Jellyfish:2,max_turns=100,deal=coupled)",
        2,
    );
    let record = crate::shell_dash::game_with_reshuffle(&g);
    assert_eq!(record.options["deal"], json!("coupled"));
    assert!(record.setup["chance_seed"].is_u64());
    verify_record(&g, &record).unwrap();
    // The setup's reshuffle seed is required, an integer.
    let mut bad = record.clone();
    bad.setup["chance_seed"] = json!("7");
    let err = verify_record(&g, &bad).unwrap_err().to_string();
    assert!(err.contains("setup.chance_seed"), "{err}");
    bad.setup.as_object_mut().unwrap().remove("chance_seed");
    let err = verify_record(&g, &bad).unwrap_err().to_string();
    assert!(err.contains("setup.chance_seed"), "{err}");
}

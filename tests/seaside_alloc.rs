//! Seaside's hot paths make no heap allocation: move generation, play,
//! random playouts (setup included) and determinization, with the levers
//! set too.

use beachcomber::Game;
use beachcomber::game::random_playout;
use beachcomber::games::seaside::Seaside;
use beachcomber::rng::rng_from_seed;
use beachcomber::spec::Spec;
use beachcomber::testing::alloc::count_allocations;

fn game(players: usize) -> Seaside {
    let spec: Spec = "seaside".parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap()
}

/// The same with every lever set (`compensation`, `start_tokens`; not in
/// solo, where they are refused).
fn with_levers(players: usize) -> Seaside {
    let spec = match players {
        1 => "seaside".to_string(),
        2 => "seaside(compensation=1:3,start_tokens=1:2)".to_string(),
        _ => format!(
            "seaside(compensation={last}:3,start_tokens=1:2,{last}:1)",
            last = players - 1
        ),
    };
    let spec: Spec = spec.parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap()
}

/// Every configuration the tests below check: the rules and the levers.
fn games(players: usize) -> [Seaside; 2] {
    [game(players), with_levers(players)]
}

#[test]
fn counting_allocator_counts() {
    let (_, n) = count_allocations(|| std::hint::black_box(vec![1u8, 2, 3]));
    assert_eq!(n, 1);
}

#[test]
fn playouts_allocate_nothing() {
    for (players, g) in (1..=5).flat_map(|p| games(p).map(|g| (p, g))) {
        let mut rng = rng_from_seed(players as u64);
        let (plies, allocs) = count_allocations(|| {
            let mut plies = 0u32;
            for _ in 0..200 {
                let mut s = g.new_game(&mut rng);
                plies += random_playout(&g, &mut s, &mut rng);
            }
            plies
        });
        assert!(plies > 200);
        assert_eq!(allocs, 0, "{players} players");
    }
}

#[test]
fn move_generation_play_and_determinization_allocate_nothing() {
    for (players, g) in (1..=5).flat_map(|p| games(p).map(|g| (p, g))) {
        let mut rng = rng_from_seed(100 + players as u64);
        let mut checked = 0u32;
        for _ in 0..50 {
            let mut s = g.new_game(&mut rng);
            while let Some(seat) = g.to_move(&s) {
                let ((), allocs) = count_allocations(|| {
                    let legal = g.legal_actions(&s);
                    let world = g.determinize(&s, seat, &mut rng);
                    let other = g.determinize(&s, (seat + 1) % players, &mut rng);
                    std::hint::black_box((&world, &other));
                    let a = legal[beachcomber::rng::below(&mut rng, legal.len() as u32) as usize];
                    let r = g.random_action(&s, &mut rng);
                    std::hint::black_box(r);
                    g.play_unchecked(&mut s, a);
                });
                assert_eq!(allocs, 0, "{players} players");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}

#[test]
fn cloning_a_configuration_allocates_nothing() {
    // The manifest path is shared, not copied: bots and runners clone the
    // configuration per game.
    let dir = std::env::temp_dir().join(format!("seaside-alloc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("set.txt");
    std::fs::write(&path, "Beach Wave 10\nRock Crab 10\n").unwrap();
    let resolved =
        beachcomber::spec_files::resolve_spec_files(&format!("seaside(tokens={})", path.display()))
            .unwrap();
    let spec: Spec = resolved.parse().unwrap();
    let g = Seaside::from_spec(&spec, 3).unwrap();
    let (copy, allocs) = count_allocations(|| g.clone());
    assert_eq!(allocs, 0);
    assert_eq!(copy.tokens_file(), g.tokens_file());
    assert!(copy.manifest_path().is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

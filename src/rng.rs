//! Seeded, portable randomness.
//!
//! Every random choice in beachcomber comes from a [`GameRng`] (PCG-64 MCG)
//! that was seeded from a run seed through [`mix`]. The helpers here
//! ([`below`], [`shuffle`]) are implemented locally rather than taken from
//! `rand`'s distributions, so that a seed gives the same games on every
//! platform and with every future `rand` release.

pub use rand_core::Rng;

/// The one random number generator used everywhere (fast, portable, seedable).
pub type GameRng = rand_pcg::Pcg64Mcg;

/// SplitMix64 finalizer: a bijective 64-bit mixer.
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Derive a child seed from a parent seed and an index (a game number, a ply,
/// a world number...). Distinct indices give unrelated seeds.
#[inline]
pub const fn derive(parent: u64, index: u64) -> u64 {
    mix(mix(parent) ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The seed of game number `index` of a run seeded with `run_seed`.
#[inline]
pub const fn game_seed(run_seed: u64, index: u64) -> u64 {
    derive(run_seed, index)
}

/// The seed a bot gets for its decision at `ply` of a game seeded `game_seed`.
#[inline]
pub const fn decision_seed(game_seed: u64, ply: u64) -> u64 {
    derive(game_seed ^ 0x5EA5_1DE0_0000_0000, ply)
}

/// A generator seeded from a 64-bit seed (both halves of the 128-bit state
/// are filled through the mixer).
#[inline]
pub fn rng_from_seed(seed: u64) -> GameRng {
    let hi = mix(seed) as u128;
    let lo = mix(seed ^ 0xA5A5_A5A5_A5A5_A5A5) as u128;
    GameRng::new((hi << 64) | lo)
}

/// A uniform integer in `0..n` (Lemire's multiply-shift with rejection, so
/// exactly unbiased). `n` must be non-zero.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0, "below(0)");
    let mut m = (rng.next_u32() as u64) * (n as u64);
    let mut low = m as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            m = (rng.next_u32() as u64) * (n as u64);
            low = m as u32;
        }
    }
    (m >> 32) as u32
}

/// A uniform integer in `lo..=hi`.
#[inline]
pub fn in_range<R: Rng + ?Sized>(rng: &mut R, lo: u32, hi: u32) -> u32 {
    lo + below(rng, hi - lo + 1)
}

/// Fisher-Yates shuffle driven by [`below`].
#[inline]
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_stable_across_releases() {
        // Pinned values: if these change, every recorded run changes.
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        let mut rng = rng_from_seed(42);
        let first: Vec<u32> = (0..4).map(|_| below(&mut rng, 10)).collect();
        let mut again = rng_from_seed(42);
        let second: Vec<u32> = (0..4).map(|_| below(&mut again, 10)).collect();
        assert_eq!(first, second);
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    #[test]
    fn below_is_uniform_enough() {
        let mut rng = rng_from_seed(7);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = rng_from_seed(3);
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut v, &mut rng);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}

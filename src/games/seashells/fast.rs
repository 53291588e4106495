//! The hot paths of random playouts, written for the baseline x86-64 target
//! (no POPCNT or BMI2 assumed) and portable to any other: byte tables for
//! the Bucket's row and column, SIMD-within-a-register counts, and random
//! numbers drawn two per 64-bit output; and [`random_take_bmi2`], the same
//! pick with BMI2's `pdep`, for processors that have it (chosen at run time).
//!
//! Every function here gives the same result on every target, so a seed
//! plays the same games whatever the build flags.

use crate::game::MAX_SEATS;
use crate::rng::{GameRng, Rng, below, below_from};

use super::Scoring;

/// Number of set bits of each byte.
static POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    t
};

/// `SELECT8[byte][k]`: the index of the `k`-th (from 0) set bit of `byte`.
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 != 0 {
                t[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Occupancy of column `col` as a byte: bit `i` = square `8 * i + col`.
/// (The bits of the column sit 8 apart; the multiplication moves bit `8i`
/// to bit `56 + i` without two partial products ever meeting.)
#[inline(always)]
fn column_byte(occ: u64, col: u32) -> usize {
    (((occ >> col) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// A uniformly random board move: one of the items in the Bucket's row and
/// column, and a bottle spent or not when `spend` (0 or 1) says one may be.
/// The Bucket's own square, where row and column meet, is always empty, so
/// the row's items and the column's items are disjoint: the pick numbers the
/// row's items first, then the column's.
#[inline(always)]
pub(super) fn random_take(occ: u64, bucket: u8, spend: u32, rng: &mut GameRng) -> (u8, bool) {
    let (row, col) = ((bucket >> 3) as u32, (bucket & 7) as u32);
    let row_byte = ((occ >> (8 * row)) & 0xFF) as usize;
    let col_byte = column_byte(occ, col);
    let in_row = POP8[row_byte] as u32;
    let n = in_row + POP8[col_byte] as u32;
    let x = below(rng, n << spend);
    let k = x >> spend;
    let in_col = k >= in_row;
    let (byte, kk) = if in_col {
        (col_byte, k - in_row)
    } else {
        (row_byte, k)
    };
    let index = SELECT8[byte][kk as usize & 7] as u32;
    let square = if in_col {
        index * 8 + col
    } else {
        row * 8 + index
    };
    (square as u8, x & spend != 0)
}

/// [`random_take`] with BMI2: the same pick (the row's items first, then
/// the column's, each in square order) from the same draw, found with one
/// `pdep` instead of the byte tables. Only for processors with BMI2 and
/// POPCNT ([`bmi2`]); `tests` compare the two.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
#[inline]
pub(super) fn random_take_bmi2(occ: u64, bucket: u8, spend: u32, rng: &mut GameRng) -> (u8, bool) {
    use std::arch::x86_64::_pdep_u64;
    let (row, col) = ((bucket >> 3) as u32, (bucket & 7) as u32);
    let row_items = occ & (0xFF << (8 * row));
    let col_items = occ & (0x0101_0101_0101_0101 << col);
    let in_row = row_items.count_ones();
    let n = in_row + col_items.count_ones();
    let x = below(rng, n << spend);
    let k = x >> spend;
    let in_col = k >= in_row;
    let (items, kk) = if in_col {
        (col_items, k - in_row)
    } else {
        (row_items, k)
    };
    let square = _pdep_u64(1u64 << (kk & 63), items).trailing_zeros();
    (square as u8, x & spend != 0)
}

/// Whether this processor has BMI2 and POPCNT (checked once, then cached
/// by the standard library), so that [`random_take_bmi2`] may run.
#[inline]
pub(super) fn bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Partial Fisher-Yates of two 7-card decks at once: the first `dealt`
/// places of each get uniformly random distinct cards.
#[inline]
pub(super) fn deal_two_decks(a: &mut [u8; 7], b: &mut [u8; 7], dealt: usize, rng: &mut GameRng) {
    for i in 0..dealt {
        let x = rng.next_u64();
        let j = i + below_from(x as u32, (7 - i) as u32, rng) as usize;
        a.swap(i, j);
        let j = i + below_from((x >> 32) as u32, (7 - i) as u32, rng) as usize;
        b.swap(i, j);
    }
}

/// Per-seat counts as 16 byte lanes: lanes `0..7` the shapes, `8..15` the
/// colours (lanes 7 and 15 stay 0), secret cards included.
pub(super) type Lanes = [u8; 16];

const SPREAD: u64 = 0x0002_0408_1020_4081;
const LANES7: u64 = 0x0001_0101_0101_0101;

/// Bit `j` of a 7-bit value into byte `j` (copies of the value 7 bits apart
/// put bit `j` of copy `j` at bit `8j`).
#[inline(always)]
fn spread7(x: u64) -> u64 {
    x.wrapping_mul(SPREAD) & LANES7
}

/// The sum of the bytes of `v` (each small).
#[inline(always)]
fn byte_sum(v: u64) -> u64 {
    v.wrapping_mul(0x0101_0101_0101_0101) >> 56
}

/// The count lanes of one seat.
#[inline(always)]
pub(super) fn lanes(got: u64, shape_cards: u8, colour_cards: u8) -> Lanes {
    let mut shapes = spread7(shape_cards as u64);
    let mut colours = spread7(colour_cards as u64);
    for k in 0..7 {
        let row = spread7((got >> (7 * k)) & 0x7F);
        colours += row;
        shapes += byte_sum(row) << (8 * k);
    }
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&shapes.to_le_bytes());
    out[8..].copy_from_slice(&colours.to_le_bytes());
    out
}

/// Coins of every seat in each of the 14 categories (lane by lane, as
/// [`Lanes`]; the compiler turns the lane loops into vector instructions).
#[inline]
pub(super) fn lane_coin_table(
    counts: &[Lanes; MAX_SEATS],
    n: usize,
    scoring: Scoring,
) -> [Lanes; MAX_SEATS] {
    let mut best = [0u8; 16];
    for c in &counts[..n] {
        for i in 0..16 {
            best[i] = best[i].max(c[i]);
        }
    }
    let mut table = [[0u8; 16]; MAX_SEATS];
    match scoring {
        Scoring::Simple => {
            for (t, c) in table.iter_mut().zip(&counts[..n]) {
                for i in 0..16 {
                    t[i] = 3 * (c[i] == best[i] && best[i] > 0) as u8;
                }
            }
        }
        Scoring::Advanced => {
            let mut leaders = [0u8; 16];
            let mut second = [0u8; 16];
            for c in &counts[..n] {
                for i in 0..16 {
                    leaders[i] += (c[i] == best[i]) as u8;
                    let below_best = if c[i] < best[i] { c[i] } else { 0 };
                    second[i] = second[i].max(below_best);
                }
            }
            for (t, c) in table.iter_mut().zip(&counts[..n]) {
                for i in 0..16 {
                    let single = leaders[i] == 1;
                    let lead = c[i] == best[i] && best[i] > 0;
                    let runner_up = single && c[i] == second[i] && second[i] > 0;
                    t[i] = if lead {
                        if single { 3 } else { 1 }
                    } else {
                        runner_up as u8
                    };
                }
            }
        }
    }
    table
}

/// Shape and colour coins of every seat, all 14 categories at once.
#[inline]
pub(super) fn lane_coins(
    counts: &[Lanes; MAX_SEATS],
    n: usize,
    scoring: Scoring,
) -> [i32; MAX_SEATS] {
    let table = lane_coin_table(counts, n, scoring);
    let mut coins = [0i32; MAX_SEATS];
    for (c, t) in coins.iter_mut().zip(&table) {
        *c = t.iter().map(|&x| x as i32).sum();
    }
    coins
}

/// The 0/1 lanes of a shape mask and a colour mask.
#[inline(always)]
pub(super) fn card_lanes(shapes: u8, colours: u8) -> Lanes {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&spread7(shapes as u64).to_le_bytes());
    out[8..].copy_from_slice(&spread7(colours as u64).to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    #[test]
    fn tables_and_tricks() {
        assert_eq!(SELECT8[0b1010_0100], [2, 5, 7, 0, 0, 0, 0, 0]);
        let occ = (1u64 << 3) | (1 << 19) | (1 << 59) | (1 << 20);
        assert_eq!(column_byte(occ, 3), 0b1000_0101);
        let l = lanes((1 << 8) | (1 << 15) | (1 << 48), 0b1, 0b100_0000);
        // Shells: Conch Blue (8), Whelk Blue (15), Nautilus Violet (48).
        assert_eq!(&l[..8], &[1, 1, 1, 0, 0, 0, 1, 0]);
        assert_eq!(&l[8..], &[0, 2, 0, 0, 0, 0, 2, 0]);
    }

    /// The portable pick over 200,000 fixed positions, checked on every
    /// machine against a digest of its answers (FNV-1a, recorded from this
    /// code); where the processor has BMI2 the BMI2 pick is also compared
    /// with it answer by answer. The test says which paths ran: nothing is
    /// skipped silently on a machine without BMI2.
    #[test]
    fn bmi2_and_portable_picks_agree() {
        let has_bmi2 = bmi2();
        let mut a = rng_from_seed(9);
        let mut b = a.clone();
        let mut occ_rng = rng_from_seed(10);
        let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
        let mut picks = 0u32;
        for i in 0..200_000u32 {
            let bucket = (i % 64) as u8;
            let occ = occ_rng.next_u64() & !(1u64 << bucket);
            let line = super::super::LINE[bucket as usize] & occ;
            if line == 0 {
                continue;
            }
            let spend = i % 2;
            let portable = random_take(occ, bucket, spend, &mut a);
            picks += 1;
            for byte in [portable.0, u8::from(portable.1)] {
                digest = (digest ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
            if has_bmi2 {
                // Safety: `bmi2()` said this processor has BMI2 and POPCNT.
                let fast = unsafe { random_take_bmi2(occ, bucket, spend, &mut b) };
                assert_eq!(portable, fast, "occ {occ:#x} bucket {bucket}");
            }
        }
        assert_eq!(picks, PICKS);
        assert_eq!(
            digest, PICKS_DIGEST,
            "the portable pick changed: {digest:#x}"
        );
        if has_bmi2 {
            assert_eq!(a.next_u64(), b.next_u64());
            eprintln!("bmi2_and_portable_picks_agree: portable and BMI2 paths compared");
        } else {
            eprintln!(
                "bmi2_and_portable_picks_agree: no BMI2 on this processor: only the portable \
                 path ran (against its recorded digest)"
            );
        }
    }

    /// The positions of [`bmi2_and_portable_picks_agree`] with a pick.
    const PICKS: u32 = 199_989;
    /// The digest of their portable picks.
    const PICKS_DIGEST: u64 = 0x8a85_9be4_e372_38e5;

    #[test]
    fn paired_draws_shuffle_uniformly() {
        let mut rng = rng_from_seed(4);
        let mut first = [0u32; 5];
        for _ in 0..50_000 {
            let mut v = [0u8, 1, 2, 3, 4];
            crate::rng::shuffle_pairs(&mut v, &mut rng);
            first[v[0] as usize] += 1;
            let mut sorted = v;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3, 4]);
        }
        for c in first {
            assert!((9_400..10_600).contains(&c), "{first:?}");
        }
    }
}

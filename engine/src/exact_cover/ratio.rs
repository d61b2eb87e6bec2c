//! The scans behind a weighted choice (`ExactCover::heaviest`): every primary item's
//! length per weight as a 32-bit float, in one pass that vectorizes, then the items whose
//! float lies within rounding of the smallest. The exact comparison (lengths and weights
//! multiplied crosswise) then runs over those few alone and decides as it would over all:
//! the choice, and so the search tree, is the same as a scan of every item by the exact
//! comparison, at a fraction of its cost (one multiplication and one branch an item).
//!
//! As in `shortest.rs`, the scans are also compiled for AVX2 and that copy is taken when the
//! processor has it (eight divisions at a time), checked at run time.

use super::COVERED;

/// A float of `len / weight` for 32-bit `len` and `weight` is within three roundings of the
/// ratio (each of at most 2⁻²⁴ of it: the two conversions and the division). So the float
/// of the smallest ratio is at most `1 + 7 × 2⁻²⁴` times the smallest float, and every item
/// of the smallest ratio has its float within this factor of the smallest float.
pub(super) const MARGIN: f32 = 1.0 + 1.0 / (1 << 20) as f32;

/// Scans shorter than this do not ask for AVX2 (see `shortest.rs`).
#[cfg(target_arch = "x86_64")]
const TINY: usize = 32;

/// Lanes of a chunk: one AVX2 register of floats.
const LANES: usize = 8;

/// The length of an item per weight as a float: infinite for a covered item (its length
/// carries `COVERED`) or a weight of zero.
#[inline(always)]
pub(super) fn ratio(len: u32, weight: u32) -> f32 {
    // Both computed and one selected, not a branch around the division: so the scan
    // vectorizes. Without its top bit the length converts as a signed number, the cheaper.
    let value = (len & !COVERED) as i32 as f32 / weight as f32;
    if len & COVERED != 0 {
        f32::INFINITY
    } else {
        value
    }
}

/// Writes `ratio(lengths[k], weights[k])` to `keys[k]` for every `k` and returns the
/// smallest (infinite when `lengths` is empty). The three slices have the same length.
pub(super) fn ratios(lengths: &[u32], weights: &[u32], keys: &mut [f32]) -> f32 {
    debug_assert!(lengths.len() == weights.len() && lengths.len() == keys.len());
    #[cfg(target_arch = "x86_64")]
    if lengths.len() >= TINY && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { ratios_avx2(lengths, weights, keys) };
    }
    ratios_portable(lengths, weights, keys)
}

/// [`ratios`] in chunks of [`LANES`], each lane keeping its own minimum, so that the loop
/// vectorizes (a minimum folded in one variable is a chain the compiler keeps in order).
#[inline(always)]
fn ratios_portable(lengths: &[u32], weights: &[u32], keys: &mut [f32]) -> f32 {
    let mut lanes = [f32::INFINITY; LANES];
    let mut chunks = lengths
        .chunks_exact(LANES)
        .zip(weights.chunks_exact(LANES))
        .zip(keys.chunks_exact_mut(LANES));
    for ((lengths, weights), keys) in &mut chunks {
        for k in 0..LANES {
            let key = ratio(lengths[k], weights[k]);
            keys[k] = key;
            lanes[k] = if key < lanes[k] { key } else { lanes[k] };
        }
    }
    let whole = lengths.len() / LANES * LANES;
    let mut least = lanes
        .iter()
        .fold(f32::INFINITY, |least, &key| least.min(key));
    for k in whole..lengths.len() {
        let key = ratio(lengths[k], weights[k]);
        keys[k] = key;
        least = least.min(key);
    }
    least
}

/// [`ratios_portable`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn ratios_avx2(lengths: &[u32], weights: &[u32], keys: &mut [f32]) -> f32 {
    ratios_portable(lengths, weights, keys)
}

/// Bit `k` set where `keys[k]` is at most `bound`, for the first 64 keys at most.
pub(super) fn at_most_mask(keys: &[f32], bound: f32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if keys.len() >= TINY && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { at_most_mask_avx2(keys, bound) };
    }
    at_most_mask_portable(keys, bound)
}

#[inline(always)]
fn at_most_mask_portable(keys: &[f32], bound: f32) -> u64 {
    keys.iter()
        .take(64)
        .enumerate()
        .fold(0, |mask, (k, &key)| mask | u64::from(key <= bound) << k)
}

/// [`at_most_mask_portable`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn at_most_mask_avx2(keys: &[f32], bound: f32) -> u64 {
    at_most_mask_portable(keys, bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first index of the smallest `lengths[k] / weights[k]` by exact comparison.
    fn exact(lengths: &[u32], weights: &[u32]) -> usize {
        let (mut best, mut best_len, mut best_weight) = (0, u64::from(u32::MAX), 1u64);
        for (k, (&len, &weight)) in lengths.iter().zip(weights).enumerate() {
            if len & COVERED == 0 && u64::from(len) * best_weight < best_len * u64::from(weight) {
                (best, best_len, best_weight) = (k, u64::from(len), u64::from(weight));
            }
        }
        best
    }

    /// The first index of the smallest ratio among the keys within [`MARGIN`] of the least.
    fn through_keys(lengths: &[u32], weights: &[u32]) -> usize {
        let mut keys = vec![0.0; lengths.len()];
        let least = ratios(lengths, weights, &mut keys);
        let mut candidates = Vec::new();
        for start in (0..keys.len()).step_by(64) {
            let end = (start + 64).min(keys.len());
            let mut mask = at_most_mask(&keys[start..end], least * MARGIN);
            while mask != 0 {
                candidates.push(start + mask.trailing_zeros() as usize);
                mask &= mask - 1;
            }
        }
        let lengths: Vec<u32> = candidates.iter().map(|&k| lengths[k]).collect();
        let weights: Vec<u32> = candidates.iter().map(|&k| weights[k]).collect();
        candidates[exact(&lengths, &weights)]
    }

    #[test]
    fn the_keys_keep_the_first_of_the_exact_smallest_ratios() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        // Miri interprets some thousand times slower: a few rounds there.
        let rounds = if cfg!(miri) { 20 } else { 2_000 };
        for round in 0..rounds {
            let n = 1 + next(300) as usize;
            // Small and huge values, and ratios that differ by one part in billions.
            let big = if round % 3 == 0 {
                u64::from(u32::MAX)
            } else {
                50
            };
            let lengths: Vec<u32> = (0..n)
                .map(|_| match next(10) {
                    0 => COVERED | 2,
                    1 => (1 << 30) + next(3) as u32,
                    _ => 2 + next(big.min(1 << 30)) as u32,
                })
                .collect();
            let weights: Vec<u32> = (0..n)
                .map(|_| match next(4) {
                    0 => u32::MAX - next(3) as u32,
                    _ => 1 + next(big) as u32,
                })
                .collect();
            assert_eq!(through_keys(&lengths, &weights), exact(&lengths, &weights));
        }
        // Two ratios one part in 2³¹ apart, the smaller second.
        let lengths = [1 << 30, (1 << 30) - 1];
        let weights = [u32::MAX - 1, u32::MAX - 1];
        assert_eq!(through_keys(&lengths, &weights), 1);
        // The second ratio is the smaller, its float the larger (the conversions round).
        let lengths = [169_075_304, 161_041_773];
        let weights = [3_479_256_624, 3_313_941_444];
        assert!(ratio(lengths[1], weights[1]) > ratio(lengths[0], weights[0]));
        assert_eq!(through_keys(&lengths, &weights), 1);
        assert_eq!(through_keys(&[COVERED | 2; 40], &[1; 40]), 0);
    }

    #[test]
    fn every_path_gives_the_same_keys() {
        let lengths: Vec<u32> = (0..77).map(|k| 2 + (k * 7919) % 13).collect();
        let weights: Vec<u32> = (0..77).map(|k| 1 + (k * 104_729) % 31).collect();
        let (mut keys, mut portable) = (vec![0.0; 77], vec![0.0; 77]);
        let least = ratios(&lengths, &weights, &mut keys);
        assert_eq!(least, ratios_portable(&lengths, &weights, &mut portable));
        assert_eq!(keys, portable);
        assert_eq!(
            at_most_mask(&keys[..64], least),
            at_most_mask_portable(&keys[..64], least)
        );
        assert_ne!(at_most_mask(&keys[..64], least), 0);
    }
}

//! The scans behind the choice of an item: the shortest length in a dense array, and where
//! a length occurs in it.
//!
//! Straight scans, so that they vectorize. The baseline x86-64 instruction set has no
//! packed 32-bit minimum, so the scan is also compiled for AVX2 and that copy is taken when
//! the processor has it, checked at run time: the binary stays portable. A scan shorter
//! than [`TINY`] takes the portable copy without asking: the first check runs `cpuid`
//! several times, which traps to the hypervisor on a virtual machine (about 10 µs in all),
//! more than a tiny problem's whole search gains from AVX2.

/// The length below which a scan does not ask for AVX2.
#[cfg(target_arch = "x86_64")]
const TINY: usize = 32;

/// The smallest of `lengths` (`u32::MAX` if empty) and the index of its first occurrence.
pub(super) fn shortest(lengths: &[u32]) -> (u32, usize) {
    #[cfg(target_arch = "x86_64")]
    if lengths.len() >= TINY && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { shortest_avx2(lengths) };
    }
    shortest_portable(lengths)
}

/// The most lengths [`shortest_keyed`] takes: an index fits in a key's low byte.
pub(super) const KEYED_ITEMS: usize = 256;

/// The lengths [`shortest_keyed`] keeps apart: any length from this one on (a covered item,
/// marked with its top bit) is seen as this one.
pub(super) const KEYED_CAP: u32 = (1 << 24) - 1;

/// [`shortest`] for at most [`KEYED_ITEMS`] lengths of which the smallest is below
/// [`KEYED_CAP`], in one pass: each length, capped, and its index make one key (the length
/// above the index's byte), whose minimum is both the shortest length and its first index.
/// The second pass of [`shortest`], which looks for the first chunk holding the minimum,
/// stops at a place that changes from call to call: a branch the processor mispredicts.
#[inline(always)]
pub(super) fn shortest_keyed(lengths: &[u32]) -> (u32, usize) {
    debug_assert!(lengths.len() <= KEYED_ITEMS);
    #[cfg(target_arch = "x86_64")]
    if lengths.len() >= TINY && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { shortest_keyed_avx2(lengths) };
    }
    shortest_portable(lengths)
}

/// [`shortest_keyed`] with AVX2, eight keys at a time, over the whole chunks of eight and
/// the last eight lengths (which may overlap the last chunk: the same keys twice).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn shortest_keyed_avx2(lengths: &[u32]) -> (u32, usize) {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_castsi256_si128, _mm256_extracti128_si256,
        _mm256_min_epu32, _mm256_or_si256, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_slli_epi32,
        _mm_cvtsi128_si32, _mm_min_epu32, _mm_shuffle_epi32,
    };
    if lengths.len() < LANES {
        return shortest_portable(lengths);
    }
    let last: &[u32; LANES] = lengths[lengths.len() - LANES..]
        .try_into()
        .expect("eight lengths");
    // SAFETY: these intrinsics need nothing but AVX2, which this function is compiled for.
    // (They are safe to call here from Rust 1.87 on; the block is for the older compilers
    // of the crate's rust-version.)
    #[allow(unused_unsafe)]
    unsafe {
        let cap = _mm256_set1_epi32(KEYED_CAP as i32);
        let key = |chunk: &[u32; LANES], index: __m256i| {
            _mm256_or_si256(
                _mm256_slli_epi32::<8>(_mm256_min_epu32(load(chunk), cap)),
                index,
            )
        };
        let eight = _mm256_set1_epi32(LANES as i32);
        let mut index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let from = (lengths.len() - LANES) as i32;
        let mut keys = key(last, _mm256_add_epi32(index, _mm256_set1_epi32(from)));
        for chunk in lengths.chunks_exact(LANES) {
            keys = _mm256_min_epu32(keys, key(self::chunk(chunk), index));
            index = _mm256_add_epi32(index, eight);
        }
        let half = _mm_min_epu32(
            _mm256_castsi256_si128(keys),
            _mm256_extracti128_si256::<1>(keys),
        );
        let half = _mm_min_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let half = _mm_min_epu32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
        let key = _mm_cvtsi128_si32(half) as u32;
        (key >> 8, (key & 0xff) as usize)
    }
}

#[inline(always)]
fn shortest_portable(lengths: &[u32]) -> (u32, usize) {
    let min = lengths.iter().fold(u32::MAX, |min, &len| min.min(len));
    let first = lengths.iter().position(|&len| len == min).unwrap_or(0);
    (min, first)
}

/// [`shortest_portable`] with AVX2, eight lengths at a time: the minimum of every lane
/// over whole chunks of eight and the last eight lengths (which may overlap the last whole
/// chunk: no scalar tail, which on a few dozen items would cost more than the chunks), then
/// the first chunk holding it, by one comparison and one mask per chunk. What the
/// compiler makes of the portable scan does the second part one length at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn shortest_avx2(lengths: &[u32]) -> (u32, usize) {
    use std::arch::x86_64::{
        _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_min_epu32, _mm256_movemask_ps,
        _mm256_set1_epi32, _mm_cvtsi128_si32, _mm_min_epu32, _mm_shuffle_epi32,
    };
    use std::arch::x86_64::{_mm256_castsi256_si128, _mm256_extracti128_si256};
    if lengths.len() < LANES {
        return shortest_portable(lengths);
    }
    let chunks = lengths.chunks_exact(LANES);
    let last: &[u32; LANES] = lengths[lengths.len() - LANES..]
        .try_into()
        .expect("eight lengths");
    // SAFETY: these intrinsics need nothing but AVX2, which this function is compiled for.
    // (They are safe to call here from Rust 1.87 on; the block is for the older compilers
    // of the crate's rust-version.)
    #[allow(unused_unsafe)]
    unsafe {
        let mut lanes = load(last);
        for k in chunks.clone() {
            lanes = _mm256_min_epu32(lanes, load(chunk(k)));
        }
        // The minimum of the eight lanes, in every lane of the low half.
        let half = _mm_min_epu32(
            _mm256_castsi256_si128(lanes),
            _mm256_extracti128_si256::<1>(lanes),
        );
        let half = _mm_min_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let half = _mm_min_epu32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
        let min = _mm_cvtsi128_si32(half);
        let wanted = _mm256_set1_epi32(min);
        // An occurrence in the overlap is found in its whole chunk first, so the last eight
        // only answer for the lengths past the whole chunks.
        for (k, lengths) in chunks.enumerate() {
            let found = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                load(chunk(lengths)),
                wanted,
            )));
            if found != 0 {
                return (min as u32, k * LANES + found.trailing_zeros() as usize);
            }
        }
        let found = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(load(last), wanted)));
        (
            min as u32,
            lengths.len() - LANES + found.trailing_zeros() as usize,
        )
    }
}

/// Lanes of [`shortest_avx2`]'s chunks: one AVX2 register of lengths.
#[cfg(target_arch = "x86_64")]
const LANES: usize = 8;

/// A chunk of [`LANES`] lengths as an array.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn chunk(lengths: &[u32]) -> &[u32; LANES] {
    lengths.try_into().expect("eight lengths")
}

/// Eight lengths in one AVX2 register (the compiler makes it one unaligned load).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load(chunk: &[u32; LANES]) -> std::arch::x86_64::__m256i {
    let lane = |k: usize| chunk[k] as i32;
    // SAFETY: as in `shortest_avx2`.
    #[allow(unused_unsafe)]
    unsafe {
        std::arch::x86_64::_mm256_setr_epi32(
            lane(0),
            lane(1),
            lane(2),
            lane(3),
            lane(4),
            lane(5),
            lane(6),
            lane(7),
        )
    }
}

/// Bit `k` set where `lengths[k]` is `len`, for the first 64 lengths at most. One mask,
/// rather than a test per item: which items tie is a coin toss for a branch predictor.
pub(super) fn equal_mask(lengths: &[u32], len: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if lengths.len() >= TINY && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { equal_mask_avx2(lengths, len) };
    }
    equal_mask_portable(lengths, len)
}

#[inline(always)]
fn equal_mask_portable(lengths: &[u32], len: u32) -> u64 {
    lengths
        .iter()
        .take(64)
        .enumerate()
        .fold(0, |mask, (k, &length)| mask | u64::from(length == len) << k)
}

/// [`equal_mask_portable`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn equal_mask_avx2(lengths: &[u32], len: u32) -> u64 {
    equal_mask_portable(lengths, len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_of_the_shortest_is_found_on_every_path() {
        let mut lengths: Vec<u32> = (0..100).map(|k| 5 + (k * 7919) % 13).collect();
        lengths[37] = 3;
        lengths[71] = 3;
        lengths[5] = 1 << 31;
        assert_eq!(shortest(&lengths), (3, 37));
        assert_eq!(shortest_portable(&lengths), (3, 37));
        assert_eq!(shortest(&[]), (u32::MAX, 0));
    }

    /// `n` lengths made by `background` from their index, with `min` at `first` and
    /// `second`.
    fn planted(
        n: usize,
        first: usize,
        second: Option<usize>,
        min: u32,
        background: impl Fn(u32) -> u32,
    ) -> Vec<u32> {
        let mut lengths: Vec<u32> = (0..n as u32).map(background).collect();
        for at in std::iter::once(first).chain(second) {
            lengths[at] = min;
        }
        lengths
    }

    #[test]
    fn the_keyed_scan_finds_the_first_minimum_wherever_it_is() {
        // Every count of lengths up to the most, the minimum (once or twice) at every place,
        // covered items (top bit set) and lengths past the cap around it.
        let most = if cfg!(miri) { 19 } else { KEYED_ITEMS };
        for n in 1..=most {
            for first in (0..n).step_by(1 + n / 40) {
                for second in [None, Some(first), Some(n - 1)] {
                    let lengths = planted(n, first, second, 3, |k| match k % 4 {
                        0 => (1 << 31) | k,
                        1 => KEYED_CAP + k,
                        _ => 7 + k % 5,
                    });
                    let want = shortest_portable(&lengths);
                    assert_eq!(want, (3, first), "n = {n}, at {first}");
                    assert_eq!(shortest_keyed(&lengths), want, "n = {n}, at {first}");
                }
            }
        }
    }

    #[test]
    fn the_equal_mask_marks_every_tie_in_the_first_64() {
        let lengths: Vec<u32> = (0..100).map(|k| k % 3).collect();
        let expected = (0..64).filter(|k| k % 3 == 2).fold(0u64, |m, k| m | 1 << k);
        assert_eq!(equal_mask(&lengths, 2), expected);
        assert_eq!(equal_mask_portable(&lengths, 2), expected);
        assert_eq!(equal_mask(&lengths[..5], 1), 0b10010);
        assert_eq!(equal_mask(&[], 1), 0);
    }

    #[test]
    fn scans_on_either_side_of_tiny_agree_with_the_portable_ones() {
        for n in [1, TINY - 1, TINY, TINY + 1, 2 * TINY + 3] {
            let mut lengths: Vec<u32> = (0..n as u32).map(|k| 9 + (k * 31) % 7).collect();
            lengths[n - 1] = 2;
            lengths[n / 2] = 2;
            assert_eq!(shortest(&lengths), (2, n / 2), "n = {n}");
            assert_eq!(shortest(&lengths), shortest_portable(&lengths));
            let mask = equal_mask(&lengths, 2);
            assert_eq!(mask, equal_mask_portable(&lengths, 2), "n = {n}");
            let expected = [n / 2, n - 1]
                .iter()
                .filter(|&&k| k < 64)
                .fold(0u64, |mask, &k| mask | 1 << k);
            assert_eq!(mask, expected, "n = {n}");
        }
    }

    #[test]
    fn the_chunked_scan_finds_the_first_minimum_wherever_it_is() {
        // Every length up to five chunks and a half, the minimum (once or twice) at every
        // place: in a whole chunk, in the overlap of the last eight, past the whole chunks;
        // covered items (`1 << 31`) around it.
        for n in 1..45 {
            for first in 0..n {
                for second in [None, Some(first), Some(n - 1)] {
                    let lengths = planted(n, first, second, 4, |k| {
                        if k % 3 == 0 {
                            1 << 31
                        } else {
                            7 + k % 5
                        }
                    });
                    let want = shortest_portable(&lengths);
                    assert_eq!(want, (4, first), "n = {n}, at {first}");
                    assert_eq!(shortest(&lengths), want, "n = {n}, at {first}");
                    #[cfg(target_arch = "x86_64")]
                    if std::arch::is_x86_feature_detected!("avx2") {
                        // SAFETY: the processor has AVX2, checked just above.
                        assert_eq!(unsafe { shortest_avx2(&lengths) }, want, "n = {n}");
                    }
                }
            }
        }
    }
}

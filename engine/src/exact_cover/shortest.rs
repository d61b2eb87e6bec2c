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

#[inline(always)]
fn shortest_portable(lengths: &[u32]) -> (u32, usize) {
    let min = lengths.iter().fold(u32::MAX, |min, &len| min.min(len));
    let first = lengths.iter().position(|&len| len == min).unwrap_or(0);
    (min, first)
}

/// [`shortest_portable`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn shortest_avx2(lengths: &[u32]) -> (u32, usize) {
    shortest_portable(lengths)
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
}

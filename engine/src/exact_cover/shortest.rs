//! The scan behind the choice of an item: the shortest length in a dense array.
//!
//! A straight scan, so that it vectorizes. The baseline x86-64 instruction set has no
//! packed 32-bit minimum, so the scan is also compiled for AVX2 and that copy is taken when
//! the processor has it, checked at run time: the binary stays portable.

/// The smallest of `lengths` (`u32::MAX` if empty) and the index of its first occurrence.
pub(super) fn shortest(lengths: &[u32]) -> (u32, usize) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
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
}

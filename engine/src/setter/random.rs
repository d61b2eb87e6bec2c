//! The random numbers behind generation: a PCG generator whose output is fixed by its
//! algorithm, with bounded draws and shuffles written here so that the same seed gives the
//! same puzzles in every version, whatever a random-number crate changes in its own helpers.

use rand_core::Rng;
use rand_pcg::Pcg64Mcg;

/// A seeded, value-stable random source: `pcg64_fast` seeded from a master seed and a
/// puzzle's index, so that each puzzle of a batch has its own stream and can be made on any
/// thread in any order.
#[derive(Clone, Debug)]
pub struct SetterRng {
    pcg: Pcg64Mcg,
}

impl SetterRng {
    /// The stream of puzzle number `index` of a batch generated with `seed`.
    pub fn for_puzzle(seed: u64, index: u64) -> SetterRng {
        // SplitMix64 spreads nearby seeds and indices over the whole state; PCG's MCG
        // only needs an odd state, which `Mcg128Xsl64::new` ensures.
        let high = split_mix(seed ^ split_mix(index));
        let low = split_mix(high ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
        SetterRng {
            pcg: Pcg64Mcg::new(((high as u128) << 64) | low as u128),
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.pcg.next_u64()
    }

    /// A uniform number in `0..bound`, by Lemire's multiply-and-reject method.
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "no number is below 0");
        let bound = bound as u64;
        // Values of the low word below `threshold` would make some results more likely.
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = self.next_u64() as u128 * bound as u128;
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// Puts `items` in a uniformly random order (Fisher–Yates, from the end).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let pick = self.below(last + 1);
            items.swap(pick, last);
        }
    }

    /// `0..count` in a random order.
    pub fn permutation(&mut self, count: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..count).collect();
        self.shuffle(&mut order);
        order
    }
}

fn split_mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_fixed_by_seed_and_index() {
        let first: Vec<u64> = (0..4)
            .map({
                let mut rng = SetterRng::for_puzzle(7, 3);
                move |_| rng.next_u64()
            })
            .collect();
        let mut again = SetterRng::for_puzzle(7, 3);
        assert!(first.iter().all(|&v| v == again.next_u64()));
        let mut other = SetterRng::for_puzzle(7, 4);
        assert_ne!(first[0], other.next_u64());
        // The values themselves are part of the contract: `--seed` output must not change
        // between versions.
        assert_eq!(SetterRng::for_puzzle(1, 0).below(1_000_000), PINNED_DRAW);
    }

    const PINNED_DRAW: usize = 645_965;

    #[test]
    fn draws_stay_in_range_and_shuffles_are_permutations() {
        let mut rng = SetterRng::for_puzzle(1, 1);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[rng.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let mut order = rng.permutation(50);
        order.sort_unstable();
        assert_eq!(order, (0..50).collect::<Vec<_>>());
    }
}

//! Fuzz target `exact_cover`: see `sudoku_dlx::fuzz_targets::exact_cover` and docs/fuzzing.md.
#![cfg_attr(feature = "libfuzzer", no_main)]

#[cfg(feature = "libfuzzer")]
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_dlx::fuzz_targets::exact_cover(data));

#[cfg(all(feature = "afl", not(feature = "libfuzzer")))]
fn main() {
    afl::fuzz!(|data: &[u8]| sudoku_dlx::fuzz_targets::exact_cover(data));
}

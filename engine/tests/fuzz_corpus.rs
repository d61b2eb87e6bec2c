//! Replays the fuzzers' committed seeds (`fuzz/corpus/<target>/seed-*`) and every input that
//! ever made a target fail (`fuzz/regressions/<target>/`) through the engine's targets, the
//! functions the fuzzers call, on stable and without a fuzzer. See docs/fuzzing.md.

use std::path::Path;
use sudoku_dlx::fuzz_targets::{self, TARGETS};

#[test]
fn every_seed_and_regression_input_passes_its_engine_target() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    for &name in TARGETS {
        fuzz_targets::replay(&fuzz, name, |data| fuzz_targets::run(name, data));
    }
}

//! Replays the fuzzers' committed seeds (`fuzz/corpus/record_reader/seed-*`) and every input
//! that ever made the record reader's target fail (`fuzz/regressions/record_reader/`)
//! through that target on stable, without a fuzzer; the engine's targets are replayed by
//! the engine's tests. See docs/fuzzing.md.

use std::path::Path;
use sudoku_dlx::fuzz_targets::replay;
use sudoku_dlx_cli::fuzz_targets::record_reader;

#[test]
fn every_seed_and_regression_input_passes_the_record_reader() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    replay(&fuzz, "record_reader", record_reader);
}

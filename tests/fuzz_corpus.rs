//! Replays the fuzzers' committed seed corpus (`fuzz/corpus/<target>/seed-*`) and every
//! input that ever made a target fail (`fuzz/regressions/<target>/`) through the same
//! target functions the fuzzers call, on stable and without a fuzzer. See docs/fuzzing.md.

use std::path::{Path, PathBuf};
use sudoku_dlx_cli::fuzz_targets::{self, TARGETS};

fn files(dir: &Path, seeds_only: bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .filter(|path| {
            !seeds_only
                || path
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("seed-")
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_seed_and_regression_input_passes_its_target() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    for target in TARGETS {
        let seeds = files(&fuzz.join("corpus").join(target), true);
        assert!(!seeds.is_empty(), "no seeds for {target}");
        let regressions = files(&fuzz.join("regressions").join(target), false);
        for path in seeds.iter().chain(&regressions) {
            let data = std::fs::read(path).unwrap();
            let replayed = std::panic::catch_unwind(|| fuzz_targets::run(target, &data));
            assert!(replayed.is_ok(), "{target} fails on {}", path.display());
        }
    }
}

#[test]
fn every_target_has_its_fuzzer_binary() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
    for target in TARGETS {
        assert!(fuzz.join(format!("fuzz_targets/{target}.rs")).is_file());
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target}"
        );
    }
}

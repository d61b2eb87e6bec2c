//! What the benches share: the puzzle sets they measure, from the shared collections when
//! they can be found, else from the puzzles the crate carries.

use std::path::PathBuf;
use sudoku_dlx::samples::FAMOUS;
use sudoku_dlx::Grid;
use sudoku_dlx_cli::bench::{LoadError, PuzzleFile};
use sudoku_dlx_cli::input::Input;

/// The shared collections, by file name.
pub const SHARED_SETS: [&str; 4] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

/// At most this many puzzles of each set, spread evenly over it, so that a pass lasts
/// milliseconds and the whole `cargo bench` a few minutes. The `bench` command measures
/// whole sets.
pub const MAX_PUZZLES_PER_SET: usize = 2000;

/// A named list of puzzles.
pub struct PuzzleSet {
    pub name: String,
    pub puzzles: Vec<Grid>,
}

/// The folder of the shared puzzle collections (see `samples::collections_dir`).
pub fn shared_data() -> Option<PathBuf> {
    sudoku_dlx_cli::collections::collections_dir()
}

/// The shared sets that can be read (each cut to [`MAX_PUZZLES_PER_SET`]), or the crate's
/// famous puzzles when there are none, saying so on standard error.
pub fn puzzle_sets() -> Vec<PuzzleSet> {
    let mut sets = Vec::new();
    match shared_data() {
        None => eprintln!(
            "no shared data folder (set SUDOKU_DLX_DATA or put it at ../shared/data): \
             measuring the built-in famous puzzles only"
        ),
        Some(dir) => {
            for name in SHARED_SETS {
                let input = Input::File(dir.join(name));
                match PuzzleFile::read(&input, None) {
                    Ok(file) => sets.push(PuzzleSet {
                        name: name.to_string(),
                        puzzles: spread(file.puzzles),
                    }),
                    Err(LoadError::Input(error)) => eprintln!("skipping {name}: {error}"),
                    Err(error) => panic!("{error}"),
                }
            }
        }
    }
    if sets.is_empty() {
        sets.push(PuzzleSet {
            name: "famous".to_string(),
            puzzles: FAMOUS.iter().map(|s| s.puzzle.parse().unwrap()).collect(),
        });
    }
    sets
}

/// At most [`MAX_PUZZLES_PER_SET`] puzzles taken at even steps through `puzzles`.
fn spread(puzzles: Vec<Grid>) -> Vec<Grid> {
    let step = puzzles.len().div_ceil(MAX_PUZZLES_PER_SET).max(1);
    puzzles.into_iter().step_by(step).collect()
}

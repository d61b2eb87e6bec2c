//! The engine's fuzz targets: each takes any bytes and panics only on a bug. The fuzzers
//! in the repository's `fuzz/` folder (cargo-fuzz and cargo-afl) call them, and the engine's
//! tests (`engine/tests/fuzz_corpus.rs`) replay the committed seeds and every input that
//! ever made a target fail through them on stable, so that a plain `cargo test` checks them
//! without a fuzzer. The command line's own target, its record reader, is in
//! `sudoku_dlx_cli::fuzz_targets`. See `docs/fuzzing.md`.
//!
//! ```
//! use sudoku_dlx::fuzz_targets;
//!
//! // Knuth's example problem, then bytes that are no problem at all: neither panics.
//! fuzz_targets::run("knuth_format", b"A B C D E F G\nC E\nA D G\nB C F\nA D\nB G\nD E G\n");
//! fuzz_targets::run("exact_cover", &[0xff, 0x01, 0x02, 0x03]);
//! ```

use crate::exact_cover::ExactCover;
use crate::{Grid, Shape, Solver, Verdict};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};

/// The names of the engine's targets, as `fuzz/fuzz_targets/<name>.rs` and the corpus
/// folders; `variant_reader` only with the `fpuzzles` feature, whose reader it drives.
pub const TARGETS: &[&str] = &[
    "solve_check_count",
    "exact_cover",
    "knuth_format",
    #[cfg(feature = "fpuzzles")]
    "variant_reader",
];

/// Runs the engine's target `name` on `data`.
///
/// # Panics
/// On a name not in [`TARGETS`], and wherever the target finds a bug.
pub fn run(name: &str, data: &[u8]) {
    match name {
        "solve_check_count" => solve_check_count(data),
        "exact_cover" => exact_cover(data),
        "knuth_format" => knuth_format(data),
        #[cfg(feature = "fpuzzles")]
        "variant_reader" => variant_reader(data),
        _ => panic!("no fuzz target {name} in the engine"),
    }
}

/// Replays through `target` (the function its fuzzer calls) the inputs kept for the target
/// named `name` in the fuzz folder `fuzz`: the committed seeds, `corpus/<name>/seed-*`, and
/// every input that ever made it fail, `regressions/<name>/*`. Used by the engine's tests
/// and the command line's, for their own targets.
///
/// # Panics
/// When the target has no seeds, no fuzzer binary (`fuzz_targets/<name>.rs` and a `[[bin]]`
/// of that name in `Cargo.toml`), or fails on one of its inputs (the message names the file).
pub fn replay(fuzz: &Path, name: &str, target: impl Fn(&[u8])) {
    assert!(
        fuzz.join(format!("fuzz_targets/{name}.rs")).is_file(),
        "no fuzz/fuzz_targets/{name}.rs"
    );
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    assert!(
        manifest.contains(&format!("name = \"{name}\"")),
        "no [[bin]] {name} in fuzz/Cargo.toml"
    );
    let seeds = files(&fuzz.join("corpus").join(name), true);
    assert!(!seeds.is_empty(), "no seeds for {name}");
    for path in seeds
        .iter()
        .chain(&files(&fuzz.join("regressions").join(name), false))
    {
        let data = std::fs::read(path).expect("a corpus file is readable");
        let replayed = std::panic::catch_unwind(AssertUnwindSafe(|| target(&data)));
        assert!(replayed.is_ok(), "{name} fails on {}", path.display());
    }
}

/// The files of `dir` (none when it is missing), only those named `seed-*` when
/// `seeds_only`, sorted.
fn files(dir: &Path, seeds_only: bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a corpus folder is readable").path())
        .filter(|path| path.is_file())
        .filter(|path| {
            !seeds_only
                || path
                    .file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with("seed-"))
        })
        .collect();
    files.sort();
    files
}

/// The shapes the solver target builds grids of: small enough that any grid is answered
/// in well under a millisecond.
const SMALL_SHAPES: [(usize, usize); 7] = [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)];

/// A puzzle from bytes: as text when it reads as a puzzle of at most 9x9, else the first
/// byte picks a small shape and each next byte a cell (a digit or empty).
fn fuzzed_puzzle(data: &[u8]) -> Option<Grid> {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(grid) = Grid::parse_with_shape(text, None) {
            return (grid.shape().size() <= 9).then_some(grid);
        }
    }
    let (&pick, cells) = data.split_first()?;
    let (rows, cols) = SMALL_SHAPES[usize::from(pick) % SMALL_SHAPES.len()];
    let shape = Shape::new(rows, cols).ok()?;
    let n = shape.size();
    let mut grid = vec![0u8; shape.cells()];
    // Sparse digits (about one cell in four), so that many grids have solutions.
    for (cell, &byte) in grid.iter_mut().zip(cells) {
        if byte % 4 == 0 {
            *cell = 1 + (byte / 4) % n as u8;
        }
    }
    Grid::from_cells(shape, grid).filter(|grid| grid.clash().is_none())
}

/// Parse, solve, check the solution, count with a cap: the answers agree with each other,
/// and on grids up to 4x4 with a plain backtracking count.
pub fn solve_check_count(data: &[u8]) {
    let Some(puzzle) = fuzzed_puzzle(data) else {
        return;
    };
    let mut solver = Solver::new();
    let solution = solver.solve(&puzzle);
    if let Some(solution) = &solution {
        assert!(solution.solves(&puzzle), "{puzzle} solved as {solution}");
    }
    let count = solver.count(&puzzle, Some(2));
    assert!(count.solutions <= 2);
    assert_eq!(count.capped, count.solutions == 2);
    assert_eq!(solution.is_some(), count.solutions > 0);
    match solver.verdict(&puzzle) {
        Verdict::None => assert_eq!(count.solutions, 0),
        Verdict::Unique(one) => {
            assert_eq!(count.solutions, 1);
            assert_eq!(Some(&one), solution.as_ref());
        }
        Verdict::Multiple(one, two) => {
            assert_eq!(count.solutions, 2);
            assert!(one.solves(&puzzle) && two.solves(&puzzle) && one != two);
        }
    }
    if puzzle.shape().size() <= 4 {
        let mut cells = puzzle.cells().to_vec();
        let expected = backtracking_count(puzzle.shape(), &mut cells, 0);
        assert_eq!(solver.count(&puzzle, None).solutions, expected, "{puzzle}");
    }
}

/// Solutions of a grid of at most 4x4 (a few hundred at most), by trying every digit in
/// every empty cell.
fn backtracking_count(shape: Shape, cells: &mut [u8], from: usize) -> u128 {
    let Some(cell) = (from..cells.len()).find(|&cell| cells[cell] == 0) else {
        return 1;
    };
    let mut total = 0;
    for digit in 1..=shape.size() as u8 {
        cells[cell] = digit;
        let grid = Grid::from_cells(shape, cells.to_vec()).expect("digits in range");
        if grid.clash().is_none() {
            total += backtracking_count(shape, cells, cell + 1);
        }
    }
    cells[cell] = 0;
    total
}

/// An exact-cover matrix of up to 8 items and 12 options from bytes (the first byte sets
/// the items and how many are primary, each next byte one option as a bit set of items):
/// options are refused exactly when they are empty or have no primary item; the count,
/// the stream of solutions, and a count under a selection all agree with trying every
/// subset of options.
pub fn exact_cover(data: &[u8]) {
    let Some((&header, rest)) = data.split_first() else {
        return;
    };
    let items = 1 + usize::from(header % 8);
    let primary = 1 + usize::from(header / 8) % items;
    let mut matrix = ExactCover::new(primary, items - primary);
    let mut options: Vec<u32> = Vec::new();
    for &byte in rest.iter().take(12) {
        let mask = u32::from(byte) & ((1 << items) - 1);
        let list: Vec<usize> = (0..items).filter(|&item| mask >> item & 1 == 1).collect();
        let valid = mask & ((1 << primary) - 1) != 0;
        match matrix.add_option(&list) {
            Ok(number) => {
                assert!(valid, "{list:?} taken");
                assert_eq!(number, options.len());
                options.push(mask);
            }
            Err(_) => assert!(!valid, "{list:?} refused"),
        }
    }
    let primary_mask = (1u32 << primary) - 1;
    let covers = |chosen: u32| -> bool {
        let mut covered = 0u32;
        for (k, &mask) in options.iter().enumerate() {
            if chosen >> k & 1 == 1 {
                if covered & mask != 0 {
                    return false;
                }
                covered |= mask;
            }
        }
        covered & primary_mask == primary_mask
    };
    let subsets = 1u32 << options.len();
    let brute = (0..subsets).filter(|&chosen| covers(chosen)).count() as u128;
    assert_eq!(matrix.count(None).solutions, brute);
    let mut seen = Vec::new();
    matrix.restart();
    while let Some(solution) = matrix.next_solution() {
        let chosen = solution
            .options()
            .fold(0u32, |set, option| set | 1 << option);
        assert_eq!(chosen.count_ones() as usize, solution.len());
        assert!(covers(chosen) && !seen.contains(&chosen));
        seen.push(chosen);
    }
    assert_eq!(seen.len() as u128, brute);
    if !options.is_empty() {
        matrix.restart();
        let with_first = (0..subsets)
            .filter(|&chosen| chosen & 1 == 1 && covers(chosen))
            .count() as u128;
        if matrix.select(0).is_ok() {
            assert_eq!(matrix.count(None).solutions, with_first);
        }
    }
}

/// Knuth's `.dlx` format on any bytes (read as UTF-8, bad bytes replaced): an error or a
/// warning sits at a line the input has and a column from 1; a problem read builds a matrix
/// (or says why not), and a capped count of it agrees with a second count after a restart.
pub fn knuth_format(data: &[u8]) {
    use crate::exact_cover::knuth_format::Problem;
    let text = String::from_utf8_lossy(data);
    let lines = text.split(['\n', '\r']).count();
    match Problem::parse(&text) {
        Err(error) => {
            assert!(error.line >= 1 && error.line <= lines, "{error}");
            assert!(error.column >= 1, "{error}");
            assert!(!error.to_string().is_empty());
        }
        Ok(parsed) => {
            for warning in &parsed.warnings {
                assert!(warning.line >= 1 && warning.line <= lines, "{warning}");
                assert!(warning.column >= 1, "{warning}");
            }
            let Ok(mut matrix) = parsed.problem.matrix() else {
                return;
            };
            let first = matrix.count(Some(50));
            matrix.restart();
            matrix.sanity();
            assert_eq!(matrix.count(Some(50)), first);
            for option in 0..matrix.options() {
                assert!(!parsed.problem.option_text(option).is_empty());
            }
        }
    }
}

/// The f-puzzles reader on any bytes (read as UTF-8, bad bytes replaced): an error and each
/// warning are displayable; a puzzle read up to 6x6 is searched (larger ones could search
/// for long on arbitrary rules), and a solution found keeps the givens and every rule.
#[cfg(feature = "fpuzzles")]
pub fn variant_reader(data: &[u8]) {
    use crate::variant::{fpuzzles, VariantSolver};
    let text = String::from_utf8_lossy(data);
    match fpuzzles::parse_with_warnings(&text) {
        Err(error) => assert!(!error.to_string().is_empty()),
        Ok(fpuzzles::Parsed { variant, warnings }) => {
            assert!(warnings.iter().all(|w| !w.to_string().is_empty()));
            if variant.shape().size() > 6 {
                return;
            }
            let mut solver = VariantSolver::new();
            let count = solver.count(&variant, Some(2));
            match solver.solve(&variant) {
                Some(solution) => {
                    assert!(count.solutions >= 1);
                    assert!(variant.accepts(&solution), "givens and rules kept");
                }
                None => assert_eq!(count.solutions, 0),
            }
        }
    }
}

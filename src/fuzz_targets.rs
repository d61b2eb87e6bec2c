//! The fuzz targets: each takes any bytes and panics only on a bug. The fuzzers in `fuzz/`
//! (cargo-fuzz and cargo-afl) call them, and `tests/fuzz_corpus.rs` replays the committed
//! seeds and every crash found so far through them on stable, so that a normal
//! `cargo test` checks them without a fuzzer. See `docs/fuzzing.md`.

use crate::input::read_records;
use std::io::BufRead;
use sudoku_dlx::exact_cover::ExactCover;
use sudoku_dlx::{Grid, Shape, Solver, Verdict};

/// The names of the targets, as `fuzz/fuzz_targets/<name>.rs` and the corpus folders.
pub const TARGETS: [&str; 5] = [
    "record_reader",
    "solve_check_count",
    "exact_cover",
    "knuth_format",
    "variant_reader",
];

/// Runs target `name` on `data`.
///
/// # Panics
/// On an unknown name, and wherever the target finds a bug.
pub fn run(name: &str, data: &[u8]) {
    match name {
        "record_reader" => record_reader(data),
        "solve_check_count" => solve_check_count(data),
        "exact_cover" => exact_cover(data),
        "knuth_format" => knuth_format(data),
        "variant_reader" => variant_reader(data),
        _ => panic!("no fuzz target {name}"),
    }
}

/// The record reader on any bytes: one record at a time, numbered in order, each at a line
/// and column the input has, and never an I/O error from bytes in memory. Read with no box
/// shape, then with the shape of the first good record.
pub fn record_reader(data: &[u8]) {
    let lines = data.split(|&b| b == b'\n' || b == b'\r').count();
    let mut shape = None;
    for pass in 0..2 {
        for (expected_index, record) in read_records(data, shape).enumerate() {
            let record = record.expect("reading from memory cannot fail");
            assert_eq!(record.index, expected_index);
            assert!(
                record.line >= 1 && record.line <= lines,
                "line {}",
                record.line
            );
            assert!(record.column >= 1);
            match &record.puzzle {
                Ok(grid) => {
                    assert_eq!(grid.cells().len(), grid.shape().cells());
                    assert!(grid.clash().is_none(), "a good record has no clash");
                    if pass == 0 && shape.is_none() {
                        shape = Some(grid.shape());
                    }
                }
                Err(error) => {
                    assert!(error.line >= record.line && error.line <= lines, "{error}");
                    assert!(error.column >= 1, "{error}");
                    assert!(!record.error_message().unwrap().is_empty());
                }
            }
        }
        if shape.is_none() {
            break;
        }
    }
    // The same through a reader that hands over one byte at a time.
    let whole: Vec<_> = read_records(data, None).map(Result::unwrap).collect();
    let trickled: Vec<_> = read_records(OneByte(data), None)
        .map(Result::unwrap)
        .collect();
    assert_eq!(whole, trickled);
}

/// A reader that gives out one byte per call, to find bugs at buffer boundaries.
struct OneByte<'a>(&'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = usize::from(!self.0.is_empty() && !buf.is_empty());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

impl BufRead for OneByte<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        Ok(&self.0[..self.0.len().min(1)])
    }

    fn consume(&mut self, amount: usize) {
        self.0 = &self.0[amount..];
    }
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
    use sudoku_dlx::exact_cover::knuth_format::Problem;
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

/// The f-puzzles reader on any bytes (read as UTF-8, bad bytes replaced): an error is
/// displayable; a puzzle read up to 6x6 is searched (larger ones could search for long on
/// arbitrary rules), and a solution found keeps the givens and every rule.
pub fn variant_reader(data: &[u8]) {
    use sudoku_dlx::variant::{fpuzzles, VariantSolver};
    let text = String::from_utf8_lossy(data);
    match fpuzzles::parse(&text) {
        Err(error) => assert!(!error.to_string().is_empty()),
        Ok(variant) => {
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

//! True candidates against a brute-force oracle: every solution of a small puzzle is found
//! by a backtracking fill that knows only rows, columns and boxes, filtered by the
//! variant's own rule check; the candidates must be the union of their placements, and each
//! count the number of solutions placing it, up to the cap.

use crate::common::{pattern_grid, solved_grid_error, SplitMix};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use sudoku_dlx::variant::{Diagonal, Rule, Variant};
use sudoku_dlx::{Answerer, Grid, Logic, PuzzleSolver, Shape, TrueCandidates};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/candidates.txt"
        )))),
        ..ProptestConfig::default()
    }
}

/// Every grid that keeps `puzzle`'s givens and the rows, columns and boxes, by backtracking
/// over the empty cells in reading order.
fn brute_force(puzzle: &Grid) -> Vec<Vec<u8>> {
    fn fill(shape: Shape, cells: &mut Vec<u8>, at: usize, out: &mut Vec<Vec<u8>>) {
        let n = shape.size();
        let Some(cell) = (at..n * n).find(|&c| cells[c] == 0) else {
            out.push(cells.clone());
            return;
        };
        let (row, col) = (cell / n, cell % n);
        let (top, left) = (
            row / shape.box_rows() * shape.box_rows(),
            col / shape.box_cols() * shape.box_cols(),
        );
        for digit in 1..=n as u8 {
            let clash = (0..n).any(|k| {
                cells[row * n + k] == digit
                    || cells[k * n + col] == digit
                    || cells[(top + k / shape.box_cols()) * n + left + k % shape.box_cols()]
                        == digit
            });
            if !clash {
                cells[cell] = digit;
                fill(shape, cells, cell + 1, out);
                cells[cell] = 0;
            }
        }
    }
    let mut out = Vec::new();
    let shape = puzzle.shape();
    fill(shape, &mut puzzle.cells().to_vec(), 0, &mut out);
    // The fill checks only the cells it fills: givens that clash are caught here.
    out.retain(|cells| solved_grid_error(shape, cells).is_none());
    out
}

/// Panics unless `found` is what the `solutions` say, with counts up to `cap`.
fn agrees(found: &TrueCandidates, solutions: &[Vec<u8>], cap: Option<u64>, what: &str) {
    let n = found.shape().size();
    assert!(found.is_complete(), "{what}");
    assert_eq!(found.cap(), cap, "{what}");
    for cell in 0..n * n {
        for digit in 1..=n as u8 {
            let placing = solutions.iter().filter(|s| s[cell] == digit).count() as u64;
            assert_eq!(
                found.contains(cell, digit),
                placing > 0,
                "{what}: cell {cell} digit {digit}"
            );
            assert_eq!(
                found.count(cell, digit),
                cap.map(|cap| placing.min(cap)),
                "{what}: count of cell {cell} digit {digit}"
            );
        }
    }
    let verdict = match solutions.len() {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    };
    assert_eq!(found.verdict_name(), verdict, "{what}");
    assert_eq!(found.has_solution(), !solutions.is_empty(), "{what}");
}

/// A solved grid of `shape` shuffled by `rng`, and a puzzle with about `blank` of it
/// emptied.
fn planted(shape: Shape, rng: &mut SplitMix, blank: f64) -> (Grid, Grid) {
    let cells = rng.transform(shape).apply(shape, &pattern_grid(shape));
    let solution = Grid::from_cells(shape, cells.clone()).unwrap();
    let n = shape.size();
    let mut puzzle = solution.clone();
    for cell in 0..n * n {
        if (rng.next() % 1000) as f64 / 1000.0 < blank {
            puzzle.set(cell / n, cell % n, 0);
        }
    }
    (solution, puzzle)
}

/// Rules for a variant of `solution`'s shape: cages whose totals come from it; with
/// `loose`, now and then a total one too many, a diagonal or anti-king (which the solution
/// may break, so that some puzzles have no solution).
fn rules(solution: &Grid, rng: &mut SplitMix, loose: bool) -> Vec<Rule> {
    let n = solution.shape().size();
    let mut rules = Vec::new();
    let mut used = vec![false; n * n];
    for _ in 0..1 + rng.below(4) {
        let start = rng.below(n * n);
        if used[start] {
            continue;
        }
        // A cage grows to a neighbouring free cell with a digit not in it yet.
        let mut cells = vec![start];
        used[start] = true;
        for _ in 0..1 + rng.below(3) {
            let last = *cells.last().unwrap();
            let next = [
                last + 1,
                last + n,
                last.wrapping_sub(1),
                last.wrapping_sub(n),
            ]
            .into_iter()
            .filter(|&c| c < n * n && !used[c])
            .filter(|&c| (c % n).abs_diff(last % n) <= 1)
            .find(|&c| {
                cells
                    .iter()
                    .all(|&k| solution.cells()[k] != solution.cells()[c])
            });
            let Some(next) = next else { break };
            used[next] = true;
            cells.push(next);
        }
        let total: u32 = cells.iter().map(|&c| u32::from(solution.cells()[c])).sum();
        let sum = if loose && rng.below(3) == 0 {
            total + 1
        } else {
            total
        };
        rules.push(Rule::Killer {
            cells,
            sum: Some(sum),
        });
    }
    match if loose { rng.below(4) } else { 3 } {
        0 => rules.push(Rule::Diagonal(Diagonal::Main)),
        1 => rules.push(Rule::AntiKing),
        _ => {}
    }
    rules
}

/// From `seed`, a planted 6x6 puzzle with about `six_blank` of its cells emptied (with
/// `six`), else an empty 4x4 one: the generator, the shape, the solution and the puzzle.
fn small(seed: u64, six: bool, six_blank: f64) -> (SplitMix, Shape, Grid, Grid) {
    let mut rng = SplitMix(seed);
    let (shape, blank) = if six {
        (Shape::new(2, 3).unwrap(), six_blank)
    } else {
        (Shape::new(2, 2).unwrap(), 1.0)
    };
    let (solution, puzzle) = planted(shape, &mut rng, blank);
    (rng, shape, solution, puzzle)
}

fn cap() -> impl Strategy<Value = Option<u64>> {
    prop_oneof![Just(None), (1u64..8).prop_map(Some), Just(Some(1000))]
}

fn logic() -> impl Strategy<Value = Logic> {
    prop::sample::select(Logic::ALL.to_vec())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn classic_candidates_are_the_union_of_the_solutions(
        seed in any::<u64>(),
        six in any::<bool>(),
        cap in cap(),
        logic in logic(),
    ) {
        let (mut rng, shape, _, mut puzzle) = small(seed, six, 0.5);
        // Now and then a given that breaks the planted solution: often no solution left.
        if rng.below(4) == 0 {
            let n = shape.size();
            let cell = rng.below(n * n);
            puzzle.set(cell / n, cell % n, 1 + rng.below(n) as u8);
        }
        let solutions = brute_force(&puzzle);
        let mut solver = PuzzleSolver::with_logic(logic);
        let found = solver.candidates(&sudoku_dlx::Puzzle::Classic(puzzle.clone()), cap);
        agrees(&found, &solutions, cap, &format!("{puzzle} at {logic:?}"));
    }

    #[test]
    fn variant_candidates_are_the_union_of_the_solutions(
        seed in any::<u64>(),
        six in any::<bool>(),
        cap in cap(),
        logic in logic(),
    ) {
        let (mut rng, shape, solution, puzzle) = small(seed, six, 0.6);
        let rules = rules(&solution, &mut rng, true);
        let variant = Variant::new(puzzle.clone(), None, rules).unwrap();
        let solutions: Vec<Vec<u8>> = brute_force(&puzzle)
            .into_iter()
            .filter(|cells| variant.accepts(&Grid::from_cells(shape, cells.clone()).unwrap()))
            .collect();
        let mut solver = PuzzleSolver::with_logic(logic);
        let found = solver.candidates(&sudoku_dlx::Puzzle::Variant(Box::new(variant.clone())), cap);
        agrees(&found, &solutions, cap, &format!("{variant:?} at {logic:?}"));
    }
}

#[test]
fn a_puzzle_without_a_solution_has_no_candidate_and_says_none() {
    let mut clash = Grid::empty(Shape::new(2, 2).unwrap());
    clash.set(0, 0, 1);
    clash.set(0, 1, 1);
    let mut solver = sudoku_dlx::Solver::new();
    let found = solver.candidates(&clash, Some(3));
    assert!(!found.has_solution());
    assert_eq!(found.verdict_name(), "none");
    assert_eq!(found.count(0, 1), Some(0));
    assert_eq!(found.unique_solution(), None);
}

#[test]
fn an_interrupted_search_is_not_complete() {
    let interrupt = sudoku_dlx::exact_cover::Interrupt::new();
    interrupt.set();
    let mut solver = sudoku_dlx::Solver::new();
    Answerer::set_interrupt(&mut solver, Some(interrupt));
    let found = solver.candidates(&Grid::empty(Shape::CLASSIC), None);
    assert!(!found.is_complete());
    assert!(solver.was_interrupted());
}

#[test]
fn a_unique_puzzle_has_its_solution_as_candidates() {
    let puzzle: Grid = sudoku_dlx::samples::EXAMPLE.parse().unwrap();
    let mut solver = sudoku_dlx::Solver::new();
    let found = solver.candidates(&puzzle, Some(2));
    let solution = solver.solve(&puzzle).unwrap();
    assert_eq!(found.unique_solution(), Some(solution.clone()));
    assert_eq!(found.verdict_name(), "unique");
    for (cell, &digit) in solution.cells().iter().enumerate() {
        assert_eq!(found.count(cell, digit), Some(1));
        assert_eq!(found.digits(cell).collect::<Vec<u8>>(), [digit]);
    }
}

#[test]
fn the_empty_grid_has_every_digit_everywhere_with_counts_at_the_cap() {
    let mut solver = sudoku_dlx::Solver::new();
    let found = solver.candidates(&Grid::empty(Shape::CLASSIC), Some(3));
    for cell in 0..81 {
        assert_eq!(found.mask(cell), 0x1ff, "cell {cell}");
        for digit in 1..=9 {
            assert_eq!(found.count(cell, digit), Some(3));
        }
    }
    let mut rng = SplitMix(7);
    let (solution, puzzle) = planted(Shape::CLASSIC, &mut rng, 0.6);
    let rules = rules(&solution, &mut rng, false);
    let variant = Variant::new(puzzle, None, rules).unwrap();
    let found = sudoku_dlx::variant::VariantSolver::new().candidates(&variant, None);
    for (cell, &digit) in solution.cells().iter().enumerate() {
        assert!(
            found.contains(cell, digit),
            "the planted solution's {digit} at {cell}"
        );
    }
}

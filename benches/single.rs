//! One puzzle at a time: enumerating every solution of a puzzle that has many, what it
//! costs to go from a grid to a ready search, and the true candidates of a puzzle beside a
//! count of its solutions.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudoku_dlx::samples::FAMOUS;
use sudoku_dlx::sudoku::LogicOutcome;
use sudoku_dlx::variant::{fpuzzles, VariantSolver};
use sudoku_dlx::{Answerer, Grid, Logic, Shape, Solver};

/// The empty 4x4 grid's number of solutions.
const EMPTY_4X4_SOLUTIONS: u128 = 288;

/// The number of solutions of [`puzzle_with_hundreds_of_solutions`]'s puzzle. The bench
/// refuses to run when a count disagrees.
const HUNDREDS_SOLUTIONS: u128 = 318;

/// The cells of the solution of a famous puzzle, in the fixed order the puzzles below blank
/// them (stepping 37 cells at a time through the 81), with the solution.
fn blanking_order(solver: &mut Solver) -> (Grid, impl Iterator<Item = (usize, usize)>) {
    let famous: Grid = FAMOUS[0].puzzle.parse().unwrap();
    let solution = solver.solve(&famous).unwrap();
    (
        solution,
        (0..81).map(|step| (step * 37 % 81 / 9, step * 37 % 81 % 9)),
    )
}

/// Blanks cells of a solved grid in [`blanking_order`], skipping a cell whose blanking would
/// reach 1,000 solutions, until the puzzle has at least 100.
fn puzzle_with_hundreds_of_solutions(solver: &mut Solver) -> Grid {
    let (mut grid, order) = blanking_order(solver);
    for (row, col) in order {
        let digit = grid.get(row, col).unwrap();
        grid.set(row, col, 0);
        let count = solver.count(&grid, Some(1000)).solutions;
        if count >= 1000 {
            grid.set(row, col, digit);
        } else if count >= 100 {
            return grid;
        }
    }
    unreachable!("blanking cells one by one passes 100 solutions")
}

/// Blanks cells of a solved grid in [`blanking_order`] until the default logic pass no longer
/// solves it: the first puzzle of the sequence that needs a search, and a short one.
fn puzzle_just_past_logic(solver: &mut Solver) -> Grid {
    let (mut grid, order) = blanking_order(solver);
    for (row, col) in order {
        grid.set(row, col, 0);
        if let LogicOutcome::Stuck(_) = solver.logic_pass(&grid, Logic::default()) {
            return grid;
        }
    }
    unreachable!("the empty grid is not solved by logic")
}

/// Checks `count` against the expected one, with the default solver and with the logic pass
/// off, so that a bench never times a wrong count.
fn assert_count(puzzle: &Grid, expected: u128) {
    for logic in [Logic::default(), Logic::Off] {
        let count = Solver::with_logic(logic).count(puzzle, None);
        assert_eq!(
            (count.solutions, count.capped),
            (expected, false),
            "{puzzle} at {logic:?}"
        );
    }
}

fn enumerate(c: &mut Criterion) {
    let mut solver = Solver::new();
    let puzzles = [
        (
            "empty-4x4",
            Grid::empty(Shape::new(2, 2).unwrap()),
            EMPTY_4X4_SOLUTIONS,
        ),
        (
            "9x9-hundreds",
            puzzle_with_hundreds_of_solutions(&mut solver),
            HUNDREDS_SOLUTIONS,
        ),
    ];
    let mut group = c.benchmark_group("enumerate");
    for (name, puzzle, solutions) in &puzzles {
        assert_count(puzzle, *solutions);
        group.throughput(Throughput::Elements(*solutions as u64));
        group.bench_function(format!("{name}/count"), |b| {
            b.iter(|| black_box(solver.count(puzzle, None)))
        });
        group.bench_function(format!("{name}/visit"), |b| {
            b.iter(|| {
                let mut solutions = solver.solutions(puzzle);
                let mut filled = 0;
                while let Some(cells) = solutions.next_cells() {
                    filled += black_box(cells)[0] as usize;
                }
                filled
            })
        });
    }
    group.finish();
}

/// From a grid to a ready search: the candidates of the givens alone, the default logic
/// pass, and a count up to 2 of a puzzle that needs a matrix but hardly any search, with a fresh
/// solver (which allocates its buffers) and with a reused one.
fn setup(c: &mut Criterion) {
    let mut solver = Solver::new();
    let puzzle = puzzle_just_past_logic(&mut solver);
    let all = solver.count(&puzzle, None).solutions;
    assert!(solver.stats().searched, "{puzzle} needs a search");
    assert_count(&puzzle, all);
    let mut group = c.benchmark_group("setup");
    group.throughput(Throughput::Elements(1));
    group.bench_function("singles-off", |b| {
        b.iter(|| black_box(solver.logic_pass(&puzzle, Logic::Off)))
    });
    group.bench_function("logic-default", |b| {
        b.iter(|| black_box(solver.logic_pass(&puzzle, Logic::default())))
    });
    group.bench_function("fresh-solver-count2", |b| {
        b.iter(|| black_box(Solver::new().count(&puzzle, Some(2))))
    });
    group.bench_function("reused-solver-count2", |b| {
        b.iter(|| black_box(solver.count(&puzzle, Some(2))))
    });
    group.finish();
}

/// The true candidates beside a count of every solution: the classic puzzle of `enumerate`
/// with hundreds of solutions, and the killer of `docs/examples/killer.json` as published
/// and with its cages alone (no givens: 8 solutions).
fn candidates(c: &mut Criterion) {
    let mut solver = Solver::new();
    let hundreds = puzzle_with_hundreds_of_solutions(&mut solver);
    assert_count(&hundreds, HUNDREDS_SOLUTIONS);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/killer.json");
    let killer = fpuzzles::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cages = killer.with_givens(Grid::empty(killer.shape())).unwrap();
    let mut variant = VariantSolver::new();
    assert_eq!(variant.count(&killer, None).solutions, 1);
    assert_eq!(variant.count(&cages, None).solutions, 8);
    let mut group = c.benchmark_group("candidates");
    group.throughput(Throughput::Elements(1));
    group.bench_function("9x9-hundreds/count", |b| {
        b.iter(|| black_box(solver.count(&hundreds, None)))
    });
    group.bench_function("9x9-hundreds/candidates", |b| {
        b.iter(|| black_box(solver.candidates(&hundreds, None)))
    });
    group.bench_function("9x9-hundreds/candidates-limit-8", |b| {
        b.iter(|| black_box(solver.candidates(&hundreds, Some(8))))
    });
    for (name, puzzle) in [("killer", &killer), ("killer-cages", &cages)] {
        group.bench_function(format!("{name}/count"), |b| {
            b.iter(|| black_box(variant.count(puzzle, None)))
        });
        group.bench_function(format!("{name}/candidates"), |b| {
            b.iter(|| black_box(variant.candidates(puzzle, None)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .nresamples(10_000);
    targets = enumerate, setup, candidates
}
criterion_main!(benches);

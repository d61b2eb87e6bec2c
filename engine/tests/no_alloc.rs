//! The search loop allocates nothing: a counting global allocator wraps the system one, and
//! each check asserts that the calling thread made no allocation while searching an
//! already-built matrix or asking a warmed-up `Solver` about hard puzzles.

use crate::common::queens;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use sudoku_dlx::exact_cover::knuth_format::Problem;
use sudoku_dlx::exact_cover::sparse::SparseCover;
use sudoku_dlx::samples::FAMOUS;
use sudoku_dlx::{Grid, Logic, Shape, Solver};

/// Counts allocations (and reallocations) per thread, so that tests running side by side do
/// not see each other's.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn note_allocation() {
    // `try_with` because the allocator may run while the thread's locals are torn down.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_allocation();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Runs `work` and returns what it returned with the number of allocations it made.
fn allocations_during<T>(work: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = work();
    (result, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn the_counter_sees_allocations() {
    let (_, allocations) = allocations_during(|| std::hint::black_box(vec![1u8; 100]));
    assert_eq!(allocations, 1);
}

#[test]
fn counting_queens_allocates_nothing() {
    let mut matrix = queens(10);
    let (count, allocations) = allocations_during(|| matrix.count(None));
    assert_eq!(count.solutions, 724);
    assert_eq!(allocations, 0, "ExactCover::count");
    let (count, allocations) = allocations_during(|| matrix.count(Some(100)));
    assert_eq!((count.solutions, count.capped), (100, true));
    assert_eq!(allocations, 0, "ExactCover::count with a cap");
}

#[test]
fn streaming_queens_allocates_nothing() {
    let mut matrix = queens(8);
    matrix.select(3).unwrap();
    let ((solutions, options), allocations) = allocations_during(|| {
        let (mut solutions, mut options) = (0, 0);
        while let Some(solution) = matrix.next_solution() {
            solutions += 1;
            options += solution.options().count();
        }
        let first = matrix.first_solution().map(|solution| solution.len());
        matrix.restart();
        assert_eq!(first, Some(8));
        (solutions, options)
    });
    assert_eq!((solutions, options), (18, 18 * 8));
    assert_eq!(
        allocations, 0,
        "ExactCover::next_solution, first_solution, restart"
    );
}

#[test]
fn watching_an_interrupt_allocates_nothing_set_or_not() {
    let mut matrix = queens(10);
    let interrupt = sudoku_dlx::exact_cover::Interrupt::new();
    matrix.set_interrupt(Some(interrupt.clone()));
    let (count, allocations) = allocations_during(|| matrix.count(None));
    assert_eq!(count.solutions, 724);
    assert_eq!(allocations, 0, "a search watching an interrupt");
    let (count, allocations) = allocations_during(|| {
        matrix.count_while(None, |found| {
            if found == 10 {
                interrupt.set();
            }
            true
        })
    });
    assert!(count.capped && matrix.was_interrupted());
    assert_eq!(allocations, 0, "a search stopped by its interrupt");
}

#[test]
fn counting_a_colored_matrix_allocates_nothing() {
    // 4 rooks on 4 rows of 8 columns, each rook coloring one shared secondary item with
    // its column's parity: the rooks of a solution must agree on it.
    let (rows, cols) = (4, 8);
    let mut matrix = sudoku_dlx::exact_cover::ExactCover::new(rows, cols + 1);
    for row in 0..rows {
        for col in 0..cols {
            let parity = Some((col % 2) as u32);
            matrix
                .add_colored_option(&[(row, None), (rows + col, None), (rows + cols, parity)])
                .unwrap();
        }
    }
    let _ = matrix.count(None); // warm up
    let (count, allocations) = allocations_during(|| matrix.count(None));
    // Four distinct columns of one parity, in any order: 2 × 4!.
    assert_eq!(count.solutions, 48);
    assert_eq!(allocations, 0, "ExactCover::count with colors");
    matrix.restart();
    matrix.select(0).unwrap();
    let (_, allocations) = allocations_during(|| matrix.next_solution().is_some());
    assert_eq!(allocations, 0, "ExactCover::next_solution with colors");
}

/// The n-queens problem on sparse sets.
fn sparse_queens(n: usize) -> SparseCover {
    Problem::queens(n).sparse().unwrap()
}

#[test]
fn the_sparse_search_counts_streams_and_stops_without_allocating() {
    let mut cover = sparse_queens(10);
    let (count, allocations) = allocations_during(|| cover.count(None));
    assert_eq!(count.solutions, 724);
    assert_eq!(allocations, 0, "SparseCover::count");
    let (count, allocations) = allocations_during(|| cover.count(Some(100)));
    assert_eq!((count.solutions, count.capped), (100, true));
    assert_eq!(allocations, 0, "SparseCover::count with a cap");
    let ((solutions, options), allocations) = allocations_during(|| {
        let (mut solutions, mut options) = (0, 0);
        cover.restart();
        while let Some(solution) = cover.next_solution() {
            solutions += 1;
            options += solution.options().count();
        }
        let first = cover.first_solution().map(|solution| solution.len());
        cover.restart();
        assert_eq!(first, Some(10));
        (solutions, options)
    });
    assert_eq!((solutions, options), (724, 724 * 10));
    assert_eq!(allocations, 0, "SparseCover::next_solution, first_solution");
    let interrupt = sudoku_dlx::exact_cover::Interrupt::new();
    cover.set_interrupt(Some(interrupt.clone()));
    let (count, allocations) = allocations_during(|| {
        cover.count_while(None, |found| {
            if found == 10 {
                interrupt.set();
            }
            true
        })
    });
    assert!(count.capped && cover.was_interrupted());
    assert_eq!(allocations, 0, "a sparse search stopped by its interrupt");
}

#[test]
fn the_sparse_search_of_a_colored_problem_allocates_nothing() {
    // The rooks of `counting_a_colored_matrix_allocates_nothing`.
    let (rows, cols) = (4, 8);
    let mut builder = SparseCover::builder(rows, cols + 1);
    for row in 0..rows {
        for col in 0..cols {
            let parity = Some((col % 2) as u32);
            builder
                .add_colored_option(&[(row, None), (rows + col, None), (rows + cols, parity)])
                .unwrap();
        }
    }
    let mut cover = builder.build().unwrap();
    let (count, allocations) = allocations_during(|| cover.count(None));
    assert_eq!(count.solutions, 48);
    assert_eq!(allocations, 0, "SparseCover::count with colors");
}

fn hard_puzzles() -> Vec<Grid> {
    FAMOUS
        .iter()
        .map(|sample| sample.puzzle.parse().unwrap())
        .collect()
}

/// Counts `puzzles` up to 2 and the empty grid, whose matrix is the largest a 9x9 puzzle can
/// give, up to 1000, asserting that no count allocates.
fn assert_counts_allocate_nothing(solver: &mut Solver, puzzles: &[Grid]) {
    let logic = solver.logic();
    let mut searched = 0;
    for puzzle in puzzles {
        let (count, allocations) = allocations_during(|| solver.count(puzzle, Some(2)));
        assert_eq!((count.solutions, count.capped), (1, false));
        searched += usize::from(solver.stats().searched);
        assert_eq!(allocations, 0, "Solver::count at {logic:?} on {puzzle}");
    }
    assert!(searched > 0, "no puzzle needed a search at {logic:?}");
    let empty = Grid::empty(Shape::CLASSIC);
    let (count, allocations) = allocations_during(|| solver.count(&empty, Some(1000)));
    assert_eq!(count.solutions, 1000);
    assert_eq!(
        allocations, 0,
        "Solver::count of the empty grid at {logic:?}"
    );
}

/// Streams every solution of `puzzles` as cells, asserting that no stream allocates.
fn assert_streams_allocate_nothing(solver: &mut Solver, puzzles: &[Grid]) {
    for puzzle in puzzles {
        let (digits, allocations) = allocations_during(|| {
            let mut stream = solver.solutions(puzzle);
            let mut digits = 0usize;
            while let Some(cells) = stream.next_cells() {
                digits += cells.iter().map(|&d| d as usize).sum::<usize>();
            }
            digits
        });
        assert_eq!(digits, 9 * 45, "one solution, every row summing to 45");
        assert_eq!(allocations, 0, "Solutions::next_cells on {puzzle}");
    }
}

#[test]
fn a_solver_warmed_up_on_the_same_puzzles_counts_and_streams_without_allocating() {
    let puzzles = hard_puzzles();
    for logic in Logic::ALL {
        let mut solver = Solver::with_logic(logic);
        for puzzle in &puzzles {
            solver.count(puzzle, Some(2));
        }
        solver.count(&Grid::empty(Shape::CLASSIC), Some(1));
        assert_counts_allocate_nothing(&mut solver, &puzzles);
        assert_streams_allocate_nothing(&mut solver, &puzzles);
    }
}

#[test]
fn one_warm_up_puzzle_is_enough_to_never_allocate_again() {
    let puzzles = hard_puzzles();
    for logic in Logic::ALL {
        let mut solver = Solver::with_logic(logic);
        solver.count(&Grid::empty(Shape::CLASSIC), Some(1));
        solver.count(&puzzles[0], Some(2));
        assert_counts_allocate_nothing(&mut solver, &puzzles);
        assert_streams_allocate_nothing(&mut solver, &puzzles);
    }
}

#[cfg(feature = "fpuzzles")]
#[test]
fn a_warmed_up_variant_solver_counts_without_allocating() {
    use sudoku_dlx::variant::{fpuzzles, VariantSolver};
    // The killer puzzle of the docs (sum options) and an X-sudoku (unit items).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples/killer.json");
    let killer = std::fs::read_to_string(path).unwrap();
    let killer = fpuzzles::parse(&killer).unwrap();
    let x = fpuzzles::parse(
        r#"{"size":9,"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"diagonal+":true,"diagonal-":true}"#,
    )
    .unwrap();
    let mut solver = VariantSolver::new();
    for variant in [&killer, &x, &killer, &x] {
        solver.count(variant, Some(50));
    }
    for variant in [&killer, &x] {
        let (count, allocations) = allocations_during(|| solver.count(variant, Some(50)));
        assert!(count.solutions >= 1);
        assert_eq!(allocations, 0);
    }
}

/// A solved classic grid, the one the variant puzzles below are read off.
const SOLVED: &str =
    "281369475749125368356847129125684793973512684864973512612438957497251836538796241";

/// A 9x9 kropki puzzle read off [`SOLVED`]: a white dot on every two neighbours that differ
/// by 1, a black dot on those twice each other, the negative constraints of both and
/// non-consecutive (which the grid then keeps), and its four corners as givens.
fn kropki_puzzle() -> sudoku_dlx::variant::Variant {
    use sudoku_dlx::variant::{Marker, Rule, Variant};
    let solved: Grid = SOLVED.parse().unwrap();
    let g = solved.cells();
    let mut rules = vec![
        Rule::Negative(Marker::Difference),
        Rule::Negative(Marker::Ratio),
        Rule::NonConsecutive,
    ];
    for a in 0..81 {
        let right = (a % 9 < 8).then_some(a + 1);
        let below = (a < 72).then_some(a + 9);
        for b in right.into_iter().chain(below) {
            if g[a].abs_diff(g[b]) == 1 {
                rules.push(Rule::Difference {
                    cells: [a, b],
                    value: 1,
                });
            } else if g[a] == 2 * g[b] || g[b] == 2 * g[a] {
                rules.push(Rule::Ratio {
                    cells: [a, b],
                    value: 2,
                });
            }
        }
    }
    let mut givens = Grid::empty(Shape::CLASSIC);
    for (row, col) in [(0, 0), (0, 8), (8, 0), (8, 8)] {
        givens.set(row, col, g[row * 9 + col]);
    }
    Variant::new(givens, None, rules).unwrap()
}

/// A 9x9 killer read off [`SOLVED`]: each row cut into cages of 3, 2 and 4 cells with the
/// grid's totals, and no givens.
fn killer_puzzle() -> sudoku_dlx::variant::Variant {
    use sudoku_dlx::variant::{Rule, Variant};
    let solved: Grid = SOLVED.parse().unwrap();
    let mut rules = Vec::new();
    for row in 0..9 {
        for (start, len) in [(0, 3), (3, 2), (5, 4)] {
            let cells: Vec<usize> = (start..start + len).map(|c| row * 9 + c).collect();
            let sum = cells.iter().map(|&c| u32::from(solved.cells()[c])).sum();
            rules.push(Rule::Killer {
                cells,
                sum: Some(sum),
            });
        }
    }
    Variant::new(Grid::empty(Shape::CLASSIC), None, rules).unwrap()
}

/// A 9x9 of region-sum lines read off [`SOLVED`]: every three or four cells in a row or
/// column across two boxes, one or two in the first and two in the next, whose two runs
/// make the same sum there (kept by the propagator of segments that make one total), and
/// no givens.
fn region_sum_puzzle() -> sudoku_dlx::variant::Variant {
    use sudoku_dlx::variant::{Rule, Variant};
    let solved: Grid = SOLVED.parse().unwrap();
    let g = solved.cells();
    let mut rules = Vec::new();
    for line in 0..9 {
        for start in [2, 5] {
            for step in [1, 9] {
                let first = if step == 1 {
                    line * 9 + start
                } else {
                    start * 9 + line
                };
                let cells = vec![first, first + step, first + 2 * step];
                if g[cells[0]] == g[cells[1]] + g[cells[2]] {
                    rules.push(Rule::RegionSumLine(cells));
                }
                // Two cells in one box, two in the next.
                let cells = vec![first - step, first, first + step, first + 2 * step];
                if g[cells[0]] + g[cells[1]] == g[cells[2]] + g[cells[3]] {
                    rules.push(Rule::RegionSumLine(cells));
                }
            }
        }
    }
    assert!(rules.len() >= 3, "{} lines", rules.len());
    Variant::new(Grid::empty(Shape::CLASSIC), None, rules).unwrap()
}

#[test]
fn a_warmed_up_variant_solver_with_propagation_counts_without_allocating() {
    use sudoku_dlx::variant::VariantSolver;
    let (kropki, killer, lines) = (kropki_puzzle(), killer_puzzle(), region_sum_puzzle());
    let mut solver = VariantSolver::new();
    solver.set_propagation(true);
    for variant in [&kropki, &killer, &lines, &kropki, &killer, &lines] {
        solver.count(variant, Some(2));
    }
    for (name, variant) in [("kropki", &kropki), ("killer", &killer), ("lines", &lines)] {
        let (count, allocations) = allocations_during(|| solver.count(variant, Some(2)));
        assert!(count.solutions >= 1, "{name}: no solution");
        assert!(solver.stats().search.nodes > 0, "{name}: nothing searched");
        if name == "kropki" {
            assert!(
                solver.stats().search.pruned > 0,
                "the propagator pruned nothing"
            );
        }
        assert_eq!(
            allocations, 0,
            "VariantSolver::count of the {name} with propagation"
        );
    }
}

#[test]
fn the_sparse_search_with_a_trail_allocates_nothing() {
    // Dominoes on a 20x20 board: a level removes a few nodes of 400 items, so the search
    // keeps a trail of its changes rather than snapshots of every size (`trails` in
    // engine/src/exact_cover/sparse/build.rs).
    let n = 20;
    let mut builder = SparseCover::builder(n * n, 0);
    for cell in 0..n * n {
        if cell % n + 1 < n {
            builder.add_option(&[cell, cell + 1]).unwrap();
        }
        if cell + n < n * n {
            builder.add_option(&[cell, cell + n]).unwrap();
        }
    }
    let mut cover = builder.build().unwrap();
    let (count, allocations) = allocations_during(|| cover.count(Some(1000)));
    assert_eq!((count.solutions, count.capped), (1000, true));
    assert_eq!(allocations, 0, "SparseCover::count with a trail");
    let (first, allocations) = allocations_during(|| cover.first_solution().map(|s| s.len()));
    assert_eq!(first, Some(n * n / 2));
    assert_eq!(allocations, 0, "SparseCover::first_solution with a trail");
}

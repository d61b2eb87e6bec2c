//! The worked example of `docs/algorithm.md`: every number the document quotes about its
//! two 4x4 puzzles is computed, printed and asserted here, so that the document cannot
//! drift from the code unnoticed. See them with
//! `cargo test --release -p sudoku-dlx --test engine algorithm_example -- --nocapture`.
//!
//! The solver does not report the size of the matrix it builds, so the test builds the
//! compact matrix the way the document describes it, through the public `ExactCover` API,
//! and checks that its search does exactly what the solver's did.

use sudoku_dlx::exact_cover::{ExactCover, Stats};
use sudoku_dlx::sudoku::LogicOutcome;
use sudoku_dlx::{Grid, Logic, Shape, SolveStats, Solver};

/// Four givens, one solution.
const UNIQUE: &str = "..21....24......";
const UNIQUE_SOLUTION: &str = "4321123424133142";
/// Five givens, two solutions: the logic pass leaves a rectangle of four cells.
const TWO_SOLUTIONS: &str = "...2..3.2.4....1";
const AFTER_SINGLES: &str = "..1212342143..21";

/// The compact matrix of `grid` (what the logic pass left) as the document describes it:
/// items are the cell, row-digit, column-digit and box-digit constraints not yet met,
/// numbered in that order; options are the candidates of the open cells, cell by cell in
/// reading order and digit by digit. Returns the matrix and the placement of each option.
fn compact_matrix(grid: &Grid) -> (ExactCover, Vec<(usize, u8)>) {
    let shape = grid.shape();
    let n = shape.size();
    let cells = shape.cells();
    let full_items = |cell: usize, digit: usize| {
        [
            cell,
            cells + shape.row_of(cell) * n + digit,
            2 * cells + shape.col_of(cell) * n + digit,
            3 * cells + shape.box_of(cell) * n + digit,
        ]
    };
    let mut met = vec![false; 4 * cells];
    for (cell, &value) in grid.cells().iter().enumerate() {
        if value != 0 {
            for item in full_items(cell, value as usize - 1) {
                met[item] = true;
            }
        }
    }
    let mut number = vec![usize::MAX; 4 * cells];
    let mut items = 0;
    for (item, _) in met.iter().enumerate().filter(|(_, &met)| !met) {
        number[item] = items;
        items += 1;
    }
    let sees = |a: usize, b: usize| {
        shape.row_of(a) == shape.row_of(b)
            || shape.col_of(a) == shape.col_of(b)
            || shape.box_of(a) == shape.box_of(b)
    };
    let mut matrix = ExactCover::new(items, 0);
    let mut placements = Vec::new();
    for cell in (0..cells).filter(|&cell| grid.cells()[cell] == 0) {
        for digit in 1..=n as u8 {
            let taken = (0..cells).any(|other| grid.cells()[other] == digit && sees(cell, other));
            if !taken {
                let option = full_items(cell, digit as usize - 1).map(|item| number[item]);
                matrix.add_option(&option).unwrap();
                placements.push((cell, digit));
            }
        }
    }
    (matrix, placements)
}

/// What the document quotes about one run of the solver.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    placed_by_logic: u64,
    searched: bool,
    items: usize,
    options: usize,
    search: Stats,
}

/// Counts every solution of `text` at `logic`, and sizes the matrix the search worked on.
fn run(text: &str, logic: Logic) -> Run {
    let puzzle: Grid = text.parse().unwrap();
    let mut solver = Solver::with_logic(logic);
    let count = solver.count(&puzzle, None);
    let SolveStats {
        placed_by_logic,
        searched,
        search,
    } = solver.stats();
    let left = match solver.logic_pass(&puzzle, logic) {
        LogicOutcome::Solved(grid) | LogicOutcome::Stuck(grid) => grid,
        LogicOutcome::Contradiction => panic!("{text} has a solution"),
    };
    assert_eq!(
        left.givens() as u64,
        puzzle.givens() as u64 + placed_by_logic,
        "the logic pass placed what the solver counted"
    );
    // The grid does not show candidates struck by locked candidates; for these puzzles there
    // are none, which the equality of the statistics below confirms.
    let (mut matrix, _) = compact_matrix(&left);
    let (items, options) = (matrix.items(), matrix.options());
    if searched {
        assert_eq!(matrix.count(None).solutions, count.solutions);
        assert_eq!(
            matrix.stats(),
            search,
            "the matrix described in docs/algorithm.md searches like the solver's own"
        );
    } else {
        assert_eq!(search, Stats::default(), "no search, no search statistics");
    }
    let result = Run {
        placed_by_logic,
        searched,
        items,
        options,
        // The document does not quote the count of covered items.
        search: Stats {
            covers: 0,
            ..search
        },
    };
    println!("{text} at {logic:?}: {count:?}\n  {result:?}");
    result
}

fn stats(nodes: u64, updates: u64, forced: u64, guesses: u64, max_depth: u32) -> Stats {
    Stats {
        nodes,
        updates,
        covers: 0,
        forced,
        guesses,
        dead_ends: 0,
        solutions: 0,
        pruned: 0,
        max_depth,
    }
}

#[test]
fn the_full_encoding_of_a_4x4_grid() {
    let shape = Shape::new(2, 2).unwrap();
    let (matrix, placements) = compact_matrix(&Grid::empty(shape));
    println!(
        "empty 4x4: {} items, {} options",
        matrix.items(),
        matrix.options()
    );
    assert_eq!((matrix.items(), matrix.options()), (64, 64));
    assert_eq!(placements[5], (1, 2), "option 5 places a 2 in r1c2");
    assert_eq!(
        matrix.option_items(5).collect::<Vec<_>>(),
        vec![1, 17, 37, 49]
    );
}

#[test]
fn the_unique_puzzle_is_forced_all_the_way() {
    let puzzle: Grid = UNIQUE.parse().unwrap();
    assert_eq!(puzzle.givens(), 4);
    let solution = Solver::new().solve(&puzzle).unwrap();
    assert_eq!(solution.to_string(), UNIQUE_SOLUTION);

    let mut off = run(UNIQUE, Logic::Off);
    assert_eq!(off.search.solutions, 1);
    off.search.solutions = 0;
    assert_eq!(
        off,
        Run {
            placed_by_logic: 0,
            searched: true,
            items: 48,
            options: 26,
            search: stats(13, 78, 12, 0, 12),
        },
        "docs/algorithm.md quotes these numbers: update its worked example"
    );
    for logic in [
        Logic::NakedSingles,
        Logic::HiddenSingles,
        Logic::LockedCandidates,
    ] {
        let singles = run(UNIQUE, logic);
        assert_eq!(
            (singles.placed_by_logic, singles.searched, singles.items),
            (12, false, 0),
            "docs/algorithm.md: singles alone solve it at {logic:?}, no matrix is built"
        );
    }
}

#[test]
fn the_two_solution_puzzle_needs_one_guess() {
    let puzzle: Grid = TWO_SOLUTIONS.parse().unwrap();
    assert_eq!(puzzle.givens(), 5);
    let mut solver = Solver::new();
    let LogicOutcome::Stuck(left) = solver.logic_pass(&puzzle, Logic::default()) else {
        panic!("the logic pass should get stuck on {puzzle}");
    };
    assert_eq!(left.to_string(), AFTER_SINGLES);
    let (matrix, placements) = compact_matrix(&left);
    let cell = |(cell, digit): (usize, u8)| format!("r{}c{}={digit}", cell / 4 + 1, cell % 4 + 1);
    let names: Vec<String> = placements.iter().map(|&p| cell(p)).collect();
    println!("options of the compact matrix: {names:?}");
    assert_eq!(
        names,
        ["r1c1=3", "r1c1=4", "r1c2=3", "r1c2=4", "r4c1=3", "r4c1=4", "r4c2=3", "r4c2=4"]
    );
    for item in 0..matrix.items() {
        assert_eq!(
            matrix.options_of_item(item),
            2,
            "every item has two options"
        );
    }
    // Taking r1c1=3 by hand: covering its four items unlinks twelve nodes.
    let mut by_hand = matrix.clone();
    by_hand.select(0).unwrap();
    println!("selecting r1c1=3: {} link updates", by_hand.stats().updates);
    assert_eq!(by_hand.stats().updates, 12);
    assert_eq!(by_hand.count(None).solutions, 1);

    let mut default = run(TWO_SOLUTIONS, Logic::default());
    assert_eq!(default.search.solutions, 2);
    default.search.solutions = 0;
    assert_eq!(
        run(TWO_SOLUTIONS, Logic::HiddenSingles).items,
        default.items,
        "hidden singles leave the same cells"
    );
    assert_eq!(
        default,
        Run {
            placed_by_logic: 7,
            searched: true,
            items: 16,
            options: 8,
            search: stats(9, 42, 6, 1, 4),
        },
        "docs/algorithm.md quotes these numbers: update its worked example"
    );
    let solutions: Vec<String> = solver.solutions(&puzzle).map(|g| g.to_string()).collect();
    println!("solutions in the order found: {solutions:?}");
    assert_eq!(solutions, ["3412123421434321", "4312123421433421"]);
}

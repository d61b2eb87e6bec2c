//! The engine on its own, as a program that depends on nothing but the `sudoku-dlx` crate
//! would use it: solve a puzzle, count the solutions of another, and check a third for
//! uniqueness. Run it with `cargo run --release -p sudoku-dlx --example library`; `cargo tree
//! -e normal -p sudoku-dlx` shows what it builds on (no command-line crate).

use sudoku_dlx::{Grid, Shape, Solver, Verdict};

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut solver = Solver::new();

    // Norvig's hard puzzle: one solution.
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()?;
    let solution = solver
        .solve(&puzzle)
        .ok_or("Norvig's puzzle has a solution")?;
    assert!(solution.solves(&puzzle));
    println!("solve:  {solution}");

    // The empty 4x4 grid: 288 solutions.
    let empty = Grid::empty(Shape::new(2, 2)?);
    let count = solver.count(&empty, None);
    assert_eq!((count.solutions, count.capped), (288, false));
    println!(
        "count:  {} solutions of the empty 4x4 grid",
        count.solutions
    );

    // A 9x9 puzzle with a given taken away from a unique one is no longer unique.
    let mut loose = puzzle.clone();
    loose.set(0, 0, 0);
    let verdict = solver.verdict(&loose);
    assert!(matches!(verdict, Verdict::Multiple(..)));
    println!("check:  {} without its first given", verdict.name());
    Ok(())
}

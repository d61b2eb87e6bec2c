//! Setter tools on variant puzzles: the givens a unique puzzle could do without.

use super::{Variant, VariantSolver};
use crate::setter::{Given, NotUnique};
use crate::sudoku::{Cell, Verdict};

/// The givens of `variant` that can each be removed, alone, while the puzzle keeps its one
/// solution, in reading order (only givens: the rules always stay). Empty when the puzzle is
/// minimal; an error when it does not have exactly one solution.
///
/// ```
/// use sudoku_dlx::variant::{redundant_givens, Diagonal, Rule, Variant, VariantSolver};
/// use sudoku_dlx::Grid;
///
/// // A solved 4x4 X-sudoku: any one given can go, the other fifteen decide it.
/// let solved: Grid = "1234341243212143".parse()?;
/// let rules = vec![Rule::Diagonal(Diagonal::Main), Rule::Diagonal(Diagonal::Anti)];
/// let variant = Variant::new(solved, None, rules)?;
/// let found = redundant_givens(&mut VariantSolver::new(), &variant).unwrap();
/// assert_eq!(found.len(), 16);
/// assert_eq!(found[0].to_string(), "r1c1=1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn redundant_givens(
    solver: &mut VariantSolver,
    variant: &Variant,
) -> Result<Vec<Given>, NotUnique> {
    match solver.verdict(variant) {
        Verdict::None => return Err(NotUnique::NoSolution),
        Verdict::Multiple(..) => return Err(NotUnique::MultipleSolutions),
        Verdict::Unique(_) => {}
    }
    let shape = variant.shape();
    let n = shape.size();
    let mut redundant = Vec::new();
    for (cell, &digit) in variant.givens().cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let mut fewer = variant.givens().clone();
        fewer.set(cell / n, cell % n, 0);
        let without = variant.with_givens(fewer).expect("same shape");
        if solver.count(&without, Some(2)).solutions == 1 {
            redundant.push(Given {
                cell: Cell::of(shape, cell),
                digit,
            });
        }
    }
    Ok(redundant)
}

//! Generating minimal variant puzzles: a random solution grid that keeps the rules (with
//! random irregular regions for jigsaw), then every given that can go, in a random order.

use super::{Rule, Variant, VariantError, VariantSolver};
use crate::setter::{random_solution, SetterRng};
use crate::{Grid, Shape};

/// A generated variant puzzle and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerated {
    /// The puzzle: minimal givens, with the rules (and regions) asked for.
    pub puzzle: Variant,
    /// Its one solution.
    pub solution: Grid,
}

/// Generates puzzle `index` of the stream `seed`: the grid of `shape` with `rules` (and,
/// with `jigsaw`, irregular regions made at random), with exactly one solution and minimal
/// givens (removing any one of them leaves several solutions). The same arguments give the
/// same puzzle.
///
/// ```
/// use sudoku_dlx::variant::{generate_variant, Rule, VariantSolver};
/// use sudoku_dlx::Shape;
///
/// let made = generate_variant(Shape::new(2, 2)?, &[Rule::AntiKnight], true, 1, 0)?;
/// let mut solver = VariantSolver::new();
/// assert_eq!(solver.count(&made.puzzle, None).solutions, 1);
/// assert!(made.puzzle.regions().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_variant(
    shape: Shape,
    rules: &[Rule],
    jigsaw: bool,
    seed: u64,
    index: u64,
) -> Result<VariantGenerated, VariantError> {
    generate_variant_with(&mut VariantSolver::new(), shape, rules, jigsaw, seed, index)
}

/// [`generate_variant`] with `solver` (one per thread serves a whole run, and its interrupt,
/// set with [`VariantSolver::set_interrupt`], is watched): once the interrupt stops a search,
/// generation ends at once and its answer is not to be used
/// ([`VariantSolver::was_interrupted`] says so).
///
/// ```
/// use sudoku_dlx::exact_cover::Interrupt;
/// use sudoku_dlx::variant::{generate_variant_with, Rule, VariantSolver};
/// use sudoku_dlx::Shape;
///
/// let interrupt = Interrupt::new();
/// let mut solver = VariantSolver::new();
/// solver.set_interrupt(Some(interrupt.clone()));
/// let made = generate_variant_with(&mut solver, Shape::CLASSIC, &[Rule::Windoku], false, 1, 0)?;
/// assert!(!solver.was_interrupted());
/// assert_eq!(solver.count(&made.puzzle, None).solutions, 1);
/// // Set (by Ctrl-C, say): the next generation stops in its first search.
/// interrupt.set();
/// let _ = generate_variant_with(&mut solver, Shape::CLASSIC, &[Rule::AntiKnight], false, 1, 0);
/// assert!(solver.was_interrupted());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_variant_with(
    solver: &mut VariantSolver,
    shape: Shape,
    rules: &[Rule],
    jigsaw: bool,
    seed: u64,
    index: u64,
) -> Result<VariantGenerated, VariantError> {
    let mut rng = SetterRng::for_puzzle(seed, index);
    let mut classic = random_solution(shape, &mut rng);
    let mut regions = None;
    if jigsaw {
        // A grid with no two equal digits a king's move apart across boxes has no swap to
        // make: another grid then.
        loop {
            if let Some(made) = random_regions(&classic, &mut rng) {
                regions = Some(made);
                break;
            }
            classic = random_solution(shape, &mut rng);
        }
    }
    let empty = Variant::new(Grid::empty(shape), regions, rules.to_vec())?;
    let solution = if rules.is_empty() {
        classic
    } else {
        random_variant_solution(&empty, solver, &mut rng).ok_or_else(|| no_solution(&empty))?
    };
    let cells = shape.cells();
    let n = shape.size();
    let mut puzzle = empty.with_givens(solution.clone())?;
    for cell in rng.permutation(cells) {
        let mut fewer = puzzle.givens().clone();
        fewer.set(cell / n, cell % n, 0);
        let candidate = puzzle.with_givens(fewer)?;
        let unique = solver.count(&candidate, Some(2)).solutions == 1;
        if solver.was_interrupted() {
            break;
        }
        if unique {
            puzzle = candidate;
        }
    }
    Ok(VariantGenerated { puzzle, solution })
}

/// The error for rules that no grid keeps.
fn no_solution(variant: &Variant) -> VariantError {
    VariantError::NoSolution {
        rules: variant.rules().len(),
    }
}

/// Regions made from a classic solution by swapping the regions of cells that hold the same
/// digit: every region keeps distinct digits, so `solution` keeps them too. `None` when no
/// two cells a king's move apart hold the same digit (no swap keeps the regions compact).
pub(super) fn random_regions(solution: &Grid, rng: &mut SetterRng) -> Option<Vec<usize>> {
    let shape = solution.shape();
    let (n, cells) = (shape.size(), solution.cells());
    let mut regions: Vec<usize> = (0..shape.cells()).map(|c| shape.box_of(c)).collect();
    // Neighbours' cells only, so that the regions stay compact. Two cells with the same
    // digit are always in different regions (each region holds distinct digits), so every
    // swap of such a pair changes the regions.
    let pairs: Vec<(usize, usize)> = (0..cells.len())
        .flat_map(|a| (a + 1..cells.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| {
            (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 && cells[a] == cells[b]
        })
        .collect();
    if pairs.is_empty() {
        return None;
    }
    // Enough swaps to change the look of every region.
    for _ in 0..2 * n {
        let (a, b) = pairs[rng.below(pairs.len())];
        regions.swap(a, b);
    }
    Some(regions)
}

/// A random grid that keeps `empty`'s rules: the first solution from one random given,
/// with its digits then relabelled at random where the rules do not compare digits.
fn random_variant_solution(
    empty: &Variant,
    solver: &mut VariantSolver,
    rng: &mut SetterRng,
) -> Option<Grid> {
    let shape = empty.shape();
    let n = shape.size();
    let mut seeded = Grid::empty(shape);
    let cell = rng.below(shape.cells());
    seeded.set(cell / n, cell % n, 1 + rng.below(n) as u8);
    let base = solver
        .solve(&empty.with_givens(seeded).ok()?)
        .or_else(|| solver.solve(empty))?;
    let compares = empty.rules().iter().any(|rule| {
        !matches!(
            rule,
            Rule::Diagonal(_)
                | Rule::ExtraRegion(_)
                | Rule::Windoku
                | Rule::DisjointGroups
                | Rule::AntiKnight
                | Rule::AntiKing
                | Rule::Killer { sum: None, .. }
        )
    });
    if compares {
        return Some(base);
    }
    let relabel = rng.permutation(n);
    let cells = base
        .cells()
        .iter()
        .map(|&d| relabel[d as usize - 1] as u8 + 1)
        .collect();
    Grid::from_cells(shape, cells)
}

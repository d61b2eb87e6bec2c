//! Where the search branches first: each cell's starting weight under
//! [`Branching::Weighted`](crate::exact_cover::Branching::Weighted) and
//! [`Branching::Conflicts`](crate::exact_cover::Branching::Conflicts), before any dead end
//! has taught the search where the puzzle's conflicts are. The other primary items (a digit
//! of a row, column or region, a table's own items) start at one, and the search follows
//! the weights from its first guess.
//!
//! Cells come first. As in sigh's Interactive Sudoku Solver, a cell weighs the cells of the
//! constraints through it: its row, column and region (`3n`), and every rule that names two
//! cells or more (a cage, a line, a dot) adds its number of cells. An arrow (or a pill
//! arrow) is a sum of its shaft that its circle makes, and a region-sum line the sums of
//! its segments made equal two at a time, weighed as ISS weighs a sum: `2n` less its
//! cells, and at least `n` ([`sum_weight`]), so a short arrow's cells weigh most (measured
//! in docs/lab/variant-search.md, "Seventeenth round"; killer cages, double arrows and
//! zipper lines keep their number of cells, which measured better there). The search then
//! branches from its first guess on the cell item of most weight per option left, so on the
//! cells of the crowded cages and arrows first (docs/lab/variant-search.md, "Eighth round").
//! Without such a rule every cell weighs [`CELLS_FIRST`], so that a guess takes a digit of
//! a house (where the digit goes among the house's cells) over a cell only when the digit
//! has fewer than half as many places left as the cell with the fewest digits has digits
//! (until dead ends add to the weights). Guessing cells is what finds solutions:
//! on puzzles with few or no givens (a setter's draft, the generator's search for a second
//! solution), a guess on a house's digit could lead into a subtree without a solution that
//! took the search minutes to leave, where guesses on cells do not ("Thirteenth round").

use super::compile::region_segments;
use super::Rule;

/// A cell's starting weight where no rule names two cells: twice the other items'.
pub(crate) const CELLS_FIRST: u32 = 2;

/// Per cell of a grid of side `n` with `cells` cells (in the regions `region_of`), its
/// starting weight under `rules`.
pub(crate) fn priorities(n: usize, cells: usize, rules: &[Rule], region_of: &[usize]) -> Vec<u32> {
    let mut weights = vec![CELLS_FIRST; cells];
    let mut crowded = false;
    for rule in rules {
        let named = rule.cells();
        if named.len() < 2 {
            continue;
        }
        if !crowded {
            crowded = true;
            weights.fill(3 * n as u32);
        }
        let mut add = |cells: &[usize], weight: u32| {
            for &cell in cells {
                weights[cell] = weights[cell].saturating_add(weight);
            }
        };
        match rule {
            Rule::Arrow { .. } | Rule::PillArrow { .. } => add(&named, sum_weight(n, named.len())),
            Rule::RegionSumLine(line) => {
                let segments = region_segments(line, region_of);
                let (singles, longer): (Vec<_>, Vec<_>) =
                    segments.iter().partition(|segment| segment.len() == 1);
                match singles.first() {
                    // One-cell segments hold one digit (a rule of their own), and the first
                    // of them makes each longer segment's total.
                    Some(single) => {
                        if singles.len() > 1 {
                            let cells: Vec<usize> = singles.iter().map(|s| s[0]).collect();
                            add(&cells, cells.len() as u32);
                        }
                        for segment in &longer {
                            let weight = sum_weight(n, 1 + segment.len());
                            add(single, weight);
                            add(segment, weight);
                        }
                    }
                    // Else every two segments make the same total.
                    None => {
                        for (k, a) in longer.iter().enumerate() {
                            for b in &longer[..k] {
                                let weight = sum_weight(n, a.len() + b.len());
                                add(a, weight);
                                add(b, weight);
                            }
                        }
                    }
                }
            }
            _ => add(&named, named.len() as u32),
        }
    }
    weights
}

/// Adds to `weights` (of [`priorities`]) what the sums the rules imply (their cells,
/// `implied`; see [`implied`](super::implied)) give their cells: each its number of cells, as
/// a rule that names them would.
pub(crate) fn weigh_implied(weights: &mut [u32], implied: &[Vec<usize>]) {
    for cells in implied {
        for &cell in cells {
            weights[cell] = weights[cell].saturating_add(cells.len() as u32);
        }
    }
}

/// The weight a sum of `cells` cells on a grid of side `n` gives each of them: the fewer
/// its cells, the fewer the ways to make it and the more it weighs, and never less than a
/// house's `n` (as ISS weighs its sums).
fn sum_weight(n: usize, cells: usize) -> u32 {
    (2 * n).saturating_sub(cells).max(n) as u32
}

#[cfg(test)]
mod tests {
    use super::{priorities, CELLS_FIRST};
    use crate::variant::{Rule, Variant, VariantSolver};
    use crate::{Grid, Shape};

    #[test]
    fn sums_weigh_more_the_fewer_their_cells() {
        let boxes: Vec<usize> = (0..81).map(|c| c / 27 * 3 + c % 9 / 3).collect();
        let arrow = Rule::Arrow {
            circle: 0,
            line: vec![1, 2],
        };
        // 27 for the houses, 15 for a sum of three cells.
        assert_eq!(&priorities(9, 81, &[arrow], &boxes)[..4], [42, 42, 42, 27]);
        // Segments of two cells in two boxes: one sum of four cells, 14.
        let pairs = Rule::RegionSumLine(vec![1, 2, 3, 4]);
        assert_eq!(
            &priorities(9, 81, &[pairs], &boxes)[..6],
            [27, 41, 41, 41, 41, 27]
        );
        // A one-cell segment (cell 33, in the sixth box) makes the total of each longer
        // one: 15 for each sum of three cells, twice on the one cell.
        let single = Rule::RegionSumLine(vec![4, 5, 6, 7, 33]);
        let weights = priorities(9, 81, &[single], &boxes);
        assert_eq!(&weights[3..9], [27, 42, 42, 42, 42, 27]);
        assert_eq!(weights[33], 57);
    }

    #[test]
    fn cells_weigh_the_rules_through_them() {
        let rules = [
            Rule::Killer {
                cells: vec![0, 1, 2],
                sum: Some(6),
            },
            Rule::Thermometer(vec![2, 3]),
            Rule::Odd(4),
        ];
        let weights = priorities(4, 16, &rules, &[0; 16]);
        assert_eq!(weights.len(), 16);
        assert_eq!(&weights[..6], [15, 15, 17, 14, 12, 12]);
    }

    /// A jigsaw of our own generated set (`scripts/make-variant-sets`), its givens taken
    /// away as a setter's first draft has none: two solutions, found in 123 nodes by guessing
    /// cells first. Before cells came first, the search guessed where a region's digit goes
    /// and took 364,853 nodes.
    #[test]
    fn an_empty_jigsaw_finds_two_solutions_by_guessing_cells() {
        let layout =
            "000111122000112222000411222333414555333444555333444585666778588666777788666777888";
        let regions = layout.bytes().map(|b| usize::from(b - b'0')).collect();
        let shape = Shape::new(3, 3).unwrap();
        let variant = Variant::new(Grid::empty(shape), Some(regions), vec![]).unwrap();
        let mut solver = VariantSolver::new();
        assert_eq!(solver.count(&variant, Some(2)).solutions, 2);
        let nodes = solver.stats().search.nodes;
        assert!(nodes < 5_000, "{nodes} nodes");
    }

    #[test]
    fn without_a_rule_of_two_cells_every_cell_weighs_the_same() {
        let same = vec![CELLS_FIRST; 81];
        assert_eq!(
            priorities(9, 81, &[Rule::Odd(3), Rule::AntiKnight], &[0; 81]),
            same
        );
        assert_eq!(priorities(9, 81, &[], &[0; 81]), same);
    }
}

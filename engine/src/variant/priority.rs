//! Where the search branches first: each cell's starting weight under
//! [`Branching::Weighted`](crate::exact_cover::Branching::Weighted) and
//! [`Branching::Conflicts`](crate::exact_cover::Branching::Conflicts), before any dead end
//! has taught the search where the puzzle's conflicts are. The other primary items (a digit
//! of a row, column or region, a table's own items) start at one, and the search follows
//! the weights from its first guess.
//!
//! Cells come first. As in sigh's Interactive Sudoku Solver, a cell weighs the cells of the
//! constraints through it: its row, column and region (`3n`), and every rule that names two
//! cells or more (a cage, an arrow, a line, a dot) adds its number of cells. The search then
//! branches from its first guess on the cell item of most weight per option left, so on the
//! cells of the crowded cages and arrows first (docs/lab/variant-search.md, "Eighth round").
//! Without such a rule every cell weighs [`CELLS_FIRST`], so that a guess takes a digit of
//! a house (where the digit goes among the house's cells) over a cell only when the digit
//! has fewer than half as many places left as the cell with the fewest digits has digits
//! (until dead ends add to the weights). Guessing cells is what finds solutions:
//! on puzzles with few or no givens (a setter's draft, the generator's search for a second
//! solution), a guess on a house's digit could lead into a subtree without a solution that
//! took the search minutes to leave, where guesses on cells do not ("Thirteenth round").

use super::Rule;

/// A cell's starting weight where no rule names two cells: twice the other items'.
pub(crate) const CELLS_FIRST: u32 = 2;

/// Per cell of a grid of side `n` with `cells` cells, its starting weight under `rules`.
pub(crate) fn priorities(n: usize, cells: usize, rules: &[Rule]) -> Vec<u32> {
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
        for &cell in &named {
            weights[cell] = weights[cell].saturating_add(named.len() as u32);
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::{priorities, CELLS_FIRST};
    use crate::variant::{Rule, Variant, VariantSolver};
    use crate::{Grid, Shape};

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
        let weights = priorities(4, 16, &rules);
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
        assert_eq!(priorities(9, 81, &[Rule::Odd(3), Rule::AntiKnight]), same);
        assert_eq!(priorities(9, 81, &[]), same);
    }
}

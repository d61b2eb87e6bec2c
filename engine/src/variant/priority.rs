//! Where the search branches first: each cell's starting weight under
//! [`Branching::Conflicts`](crate::exact_cover::Branching::Conflicts), before any dead end
//! has taught the search where the puzzle's conflicts are. As in sigh's Interactive Sudoku
//! Solver, a cell weighs the cells of the constraints through it: its row, column and
//! region (`3n`), and every rule that names two cells or more (a cage, an arrow, a line, a
//! dot) adds its number of cells. The search then branches from its first guess on the
//! cell item of most weight per option left, so on the cells of the crowded cages and
//! arrows first (docs/lab/variant-search.md, "Eighth round").

use super::Rule;

/// Per cell of a grid of side `n` with `cells` cells, its starting weight under `rules`; empty
/// when no rule names two cells (the weights would all be equal, and the plain rule's
/// choices were measured better there).
pub(crate) fn priorities(n: usize, cells: usize, rules: &[Rule]) -> Vec<u32> {
    let mut weights = Vec::new();
    for rule in rules {
        let named = rule.cells();
        if named.len() < 2 {
            continue;
        }
        if weights.is_empty() {
            weights = vec![3 * n as u32; cells];
        }
        for &cell in &named {
            weights[cell] = weights[cell].saturating_add(named.len() as u32);
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::priorities;
    use crate::variant::Rule;

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

    #[test]
    fn no_weights_without_a_rule_of_two_cells() {
        assert!(priorities(9, 81, &[Rule::Odd(3), Rule::AntiKnight]).is_empty());
        assert!(priorities(9, 81, &[]).is_empty());
    }
}

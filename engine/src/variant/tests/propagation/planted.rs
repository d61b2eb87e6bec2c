//! Planted 6x6 (2x3 boxes) and 9x9 grids: rules of every pairwise and table family read off
//! a random solution, kept only when the solution keeps them ([`Variant::accepts`]), and
//! some of its digits as givens. With propagation on the planted grid is found, and the
//! solutions (fewer than [`CAP`]) and true candidates are the same on and off.

use super::*;
use crate::variant::{Outside, Side};

/// Two orthogonal neighbours on a grid of side `n`: a random cell and the cell to its right
/// or below (whichever the grid has; a coin when both).
fn neighbours(n: usize, rng: &mut SetterRng) -> [usize; 2] {
    let a = rng.below(n * n - 1);
    let right = a % n + 1 < n;
    let down = a + n < n * n;
    match (right, down) {
        (true, true) if rng.below(2) == 0 => [a, a + n],
        (true, _) => [a, a + 1],
        _ => [a, a + n],
    }
}

/// `count` cells of the solved `grid` holding distinct digits, from a random start.
fn distinct_cells(grid: &[u8], count: usize, rng: &mut SetterRng) -> Vec<usize> {
    let mut cells: Vec<usize> = Vec::new();
    for cell in rng.permutation(grid.len()) {
        if cells.len() == count {
            break;
        }
        if cells.iter().all(|&c| grid[c] != grid[cell]) {
            cells.push(cell);
        }
    }
    cells
}

/// A random rule that the solved `grid` of side `n` likely keeps: a kropki dot or XV with
/// the value the neighbours show, a thermometer or slow thermometer sorted by digit, a line
/// rule, clone, minimum, maximum or indexer on random cells, a killer cage with distinct
/// digits and their total, an arrow whose line sums to its circle, or a little killer or
/// sandwich with the grid's total, or a between line. The caller keeps it only when `grid`
/// keeps it.
fn planted_rule(grid: &[u8], n: usize, rng: &mut SetterRng) -> Rule {
    let [a, b] = neighbours(n, rng);
    let (x, y) = (grid[a], grid[b]);
    let mut cells = rng.permutation(n * n)[..2 + rng.below(3)].to_vec();
    let digit_order = |cells: &mut Vec<usize>| cells.sort_by_key(|&c| grid[c]);
    match rng.below(12) {
        0 => Rule::Difference {
            cells: [a, b],
            value: x.abs_diff(y),
        },
        1 if x.max(y) % x.min(y) == 0 && x != y => Rule::Ratio {
            cells: [a, b],
            value: x.max(y) / x.min(y),
        },
        1 | 2 => Rule::Xv {
            cells: [a, b],
            sum: x + y,
        },
        3 => {
            digit_order(&mut cells);
            [
                Rule::Thermometer(cells.clone()),
                Rule::SlowThermometer(cells),
            ][rng.below(2)]
            .clone()
        }
        4 => {
            let line = distinct_cells(grid, 2 + rng.below(3), rng);
            let sum = line.iter().map(|&c| u32::from(grid[c])).sum();
            Rule::Killer {
                cells: line,
                sum: Some(sum),
            }
        }
        5 => {
            let circle = cells[0];
            let mut left = grid[circle];
            let mut line = Vec::new();
            for cell in rng.permutation(n * n) {
                if cell != circle && grid[cell] <= left && left > 0 {
                    line.push(cell);
                    left -= grid[cell];
                }
            }
            Rule::Arrow { circle, line }
        }
        6 => {
            // A diagonal from a random cell to the grid's edge, down-right or down-left.
            let (step, end) = [(n + 1, n - 1), (n - 1, 0)][rng.below(2)];
            let mut diagonal = vec![cells[0]];
            while let Some(&last) = diagonal
                .last()
                .filter(|&&c| c % n != end && c + step < n * n)
            {
                diagonal.push(last + step);
            }
            let sum = diagonal.iter().map(|&c| u32::from(grid[c])).sum();
            Rule::LittleKiller {
                cells: diagonal,
                sum,
            }
        }
        7 => {
            let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][rng.below(4)];
            let clue = Outside {
                side,
                index: rng.below(n),
            };
            let line: Vec<u32> = clue.cells(n).iter().map(|&c| u32::from(grid[c])).collect();
            let one = line.iter().position(|&d| d == 1).unwrap();
            let top = line.iter().position(|&d| d == n as u32).unwrap();
            let sum = line[one.min(top) + 1..one.max(top)].iter().sum();
            Rule::Sandwich { clue, sum }
        }
        8 => {
            // Sorted by digit: the lowest and highest at the ends (the caller checks that the
            // middle digits lie strictly between).
            digit_order(&mut cells);
            if rng.below(2) == 0 {
                cells.reverse();
            }
            Rule::BetweenLine(cells)
        }
        _ => {
            // Every kind of `line_rule` but given pencil marks (10).
            let kind = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13][rng.below(13)];
            lines::line_rule(kind, cells, 1 + rng.below(n / 2) as u8)
        }
    }
}

/// A random solved grid of `shape` and rules it keeps to start from: with a coin, the dots
/// it keeps on every two neighbours ([`dots_read_off`]), and the three negative constraints and non-consecutive,
/// which the grid then keeps; on 9x9, with a coin, an anti-knight grid instead.
fn planted_base(shape: Shape, rng: &mut SetterRng) -> (Grid, Vec<Rule>) {
    let n = shape.size();
    let mut rules = Vec::new();
    let mut solution = random_solution(shape, rng);
    if n == 9 && rng.below(2) == 0 {
        let relabel = rng.permutation(9);
        let base: Grid = ANTI_KNIGHT.parse().unwrap();
        let cells = base
            .cells()
            .iter()
            .map(|&d| relabel[usize::from(d) - 1] as u8 + 1);
        solution = Grid::from_cells(shape, cells.collect()).unwrap();
        rules.push(Rule::AntiKnight);
    }
    if rng.below(2) == 0 {
        rules.extend(dots_read_off(solution.cells(), n));
        rules.extend([Marker::Difference, Marker::Ratio, Marker::Xv].map(Rule::Negative));
        rules.push(Rule::NonConsecutive);
    }
    (solution, rules)
}

/// The rules of [`planted_base`] and up to `extra` of [`planted_rule`]. Each is tried
/// alone (building a variant of every rule at each try is slow in debug builds): kept when
/// the variant accepts it and the planted grid keeps it. Rules kept alone are kept together
/// (a minimum or maximum beside another of its kind, and non-consecutive beside a dot, only
/// get weaker), but for a dot beside negative constraints, which may forbid its value
/// elsewhere: with the negative constraints of the base, no dots are added.
fn planted_rules(shape: Shape, extra: usize, rng: &mut SetterRng) -> (Grid, Vec<Rule>) {
    let empty = Grid::empty(shape);
    let (solution, mut rules) = planted_base(shape, rng);
    let keeps = |rules: Vec<Rule>| {
        Variant::new(empty.clone(), None, rules).is_ok_and(|v| v.accepts(&solution))
    };
    let negative = rules.contains(&Rule::NonConsecutive);
    for _ in 0..extra {
        let rule = planted_rule(solution.cells(), shape.size(), rng);
        let dot = matches!(
            rule,
            Rule::Difference { .. } | Rule::Ratio { .. } | Rule::Xv { .. }
        );
        if !(negative && dot) && keeps(vec![rule.clone()]) {
            rules.push(rule);
        }
    }
    assert!(keeps(rules.clone()), "{solution} does not keep {rules:?}");
    (solution, rules)
}

/// On a planted grid of `shape` with `extra` tries of [`planted_rule`], and a tenth of the
/// cells (30 on 9x9) and `givens` more drawn as givens (more again until fewer than [`CAP`]
/// solutions are left): the planted grid is among the solutions found with propagation on,
/// they are the solutions found with it off, none twice, the planted grid as givens has one
/// solution with it on, and the true candidates (counted up to 2) are the same on and off.
fn planted_case(shape: Shape, seed: u64, extra: usize, givens: usize) -> Result<(), TestCaseError> {
    let mut rng = SetterRng::for_puzzle(seed, 9);
    let (solution, rules) = planted_rules(shape, extra, &mut rng);
    let (n, cells) = (shape.size(), shape.cells());
    let mut puzzle = Grid::empty(shape);
    let mut solver = VariantSolver::new();
    // On 9x9, 30 draws at least: with fewer, proving that fewer than CAP solutions are
    // left can take a debug build minutes.
    let mut drawn = if n == 9 {
        30 + givens
    } else {
        cells / 10 + givens
    };
    let variant = loop {
        for _ in 0..drawn {
            let cell = rng.below(cells);
            puzzle.set(cell / n, cell % n, solution.cells()[cell]);
        }
        let variant = Variant::new(puzzle.clone(), None, rules.clone()).unwrap();
        solver.set_propagation(false);
        if !solver.count(&variant, Some(CAP as u128)).capped {
            break variant;
        }
        drawn = 3;
    };
    let on = solutions(&mut solver, &variant, true, CAP);
    let off = solutions(&mut solver, &variant, false, CAP);
    prop_assert!(
        on.contains(&solution.cells().to_vec()),
        "{:?} lost {}",
        rules,
        solution
    );
    prop_assert_eq!(&on, &off, "{:?}", rules);
    prop_assert!(
        on.windows(2).all(|w| w[0] != w[1]),
        "a solution found twice"
    );
    let full = variant.with_givens(solution.clone()).unwrap();
    solver.set_propagation(true);
    prop_assert_eq!(solver.count(&full, None).solutions, 1);
    let candidates_on = solver.candidates(&variant, Some(2));
    solver.set_propagation(false);
    prop_assert_eq!(candidates_on, solver.candidates(&variant, Some(2)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn propagation_finds_the_planted_6x6_grid_and_agrees_with_the_search_alone(seed in any::<u64>(), extra in 0usize..24, givens in 0usize..8) {
        planted_case(Shape::new(2, 3).unwrap(), seed, extra, givens)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn propagation_finds_the_planted_9x9_grid_and_agrees_with_the_search_alone(seed in any::<u64>(), extra in 0usize..24, givens in 0usize..16) {
        planted_case(Shape::CLASSIC, seed, extra, givens)?;
    }
}

/// A 9x9 kropki puzzle of [`planted_base`]'s dots with its negative constraints and
/// non-consecutive, and no givens but two: the propagator removes options with it on (the
/// `pruned` counter of the search), none with it off, and both count alike. The logic pass
/// before the search stops at singles: at locked candidates it narrows to arc consistency
/// itself, and may leave the search nothing to prune.
#[test]
fn propagation_prunes_only_when_on() {
    let mut rng = SetterRng::for_puzzle(3, 0);
    let (solution, mut rules) = (0..)
        .map(|_| planted_base(Shape::CLASSIC, &mut rng))
        .find(|(_, rules)| rules.contains(&Rule::NonConsecutive))
        .unwrap();
    rules.retain(|rule| *rule != Rule::AntiKnight);
    let mut puzzle = Grid::empty(Shape::CLASSIC);
    puzzle.set(0, 0, solution.cells()[0]);
    puzzle.set(8, 8, solution.cells()[80]);
    let variant = Variant::new(puzzle, None, rules).unwrap();
    let mut solver = VariantSolver::with_logic(Logic::HiddenSingles);
    solver.set_propagation(true);
    let on = solver.count(&variant, Some(2));
    let pruned_on = solver.stats().search.pruned;
    solver.set_propagation(false);
    let off = solver.count(&variant, Some(2));
    assert_eq!(on, off);
    assert!(pruned_on > 0, "propagation on pruned nothing");
    assert_eq!(solver.stats().search.pruned, 0, "propagation off pruned");
}

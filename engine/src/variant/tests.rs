//! Each rule's solutions on 4x4 boards against a brute-force filter of every grid, with the
//! rule's meaning written again here, independently of the encodings; properties on 9x9
//! grids: a random solution, with clues derived from it, is found again and kept; and
//! random 6x6 puzzles, most without a solution, that count the same with the rules'
//! propagation as without it.

use super::{Diagonal, Indexer, Marker, Outside, Rule, Side, Variant, VariantError, VariantSolver};
use crate::setter::{random_solution, SetterRng};
use crate::{Grid, Shape};
use proptest::prelude::*;
use std::collections::BTreeSet;

mod dots;
mod indexers;
mod lines;
mod propagation;
mod tables;

const N: usize = 4;

/// Every grid of side 4 whose rows, columns and regions (`region_of`) hold each digit once.
fn all_grids(region_of: &[usize]) -> Vec<Vec<u8>> {
    fn fill(cells: &mut Vec<u8>, region_of: &[usize], out: &mut Vec<Vec<u8>>) {
        let k = cells.len();
        if k == N * N {
            out.push(cells.clone());
            return;
        }
        for digit in 1..=N as u8 {
            let clash = (0..k).any(|other| {
                cells[other] == digit
                    && (other / N == k / N
                        || other % N == k % N
                        || region_of[other] == region_of[k])
            });
            if !clash {
                cells.push(digit);
                fill(cells, region_of, out);
                cells.pop();
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut Vec::new(), region_of, &mut out);
    out
}

fn boxes() -> Vec<usize> {
    (0..N * N).map(|c| (c / N / 2) * 2 + (c % N) / 2).collect()
}

fn rc(cell: usize) -> (i32, i32) {
    ((cell / N) as i32, (cell % N) as i32)
}

fn no_repeat(g: &[u8], cells: &[usize]) -> bool {
    let digits: BTreeSet<u8> = cells.iter().map(|&c| g[c]).collect();
    digits.len() == cells.len()
}

/// Whether two cells are apart by one of `moves`.
fn apart(a: usize, b: usize, moves: &[(i32, i32)]) -> bool {
    let ((ra, ca), (rb, cb)) = (rc(a), rc(b));
    moves.contains(&((rb - ra).abs(), (cb - ca).abs()))
}

/// Every pair of distinct cells, for the pairwise rules.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (0..N * N).flat_map(|a| (a + 1..N * N).map(move |b| (a, b)))
}

fn orthogonal(a: usize, b: usize) -> bool {
    apart(a, b, &[(0, 1), (1, 0)])
}

/// The rule's meaning on a solved 4x4 grid, written without the module's geometry.
fn oracle(rule: &Rule, all: &[Rule], g: &[u8]) -> bool {
    let d = |c: usize| i32::from(g[c]);
    match rule {
        Rule::Diagonal(Diagonal::Main) => no_repeat(g, &[0, 5, 10, 15]),
        Rule::Diagonal(Diagonal::Anti) => no_repeat(g, &[3, 6, 9, 12]),
        Rule::ExtraRegion(cells) => no_repeat(g, cells),
        Rule::Windoku => no_repeat(g, &[5, 6, 9, 10]),
        Rule::DisjointGroups => (0..4).all(|p| {
            let (r, c) = (p / 2, p % 2);
            no_repeat(
                g,
                &[
                    r * 4 + c,
                    r * 4 + c + 2,
                    (r + 2) * 4 + c,
                    (r + 2) * 4 + c + 2,
                ],
            )
        }),
        Rule::AntiKnight => pairs().all(|(a, b)| !apart(a, b, &[(1, 2), (2, 1)]) || g[a] != g[b]),
        Rule::AntiKing => {
            pairs().all(|(a, b)| !apart(a, b, &[(0, 1), (1, 0), (1, 1)]) || g[a] != g[b])
        }
        Rule::NonConsecutive => pairs()
            .all(|(a, b)| !orthogonal(a, b) || dots::kropki(all, a, b) || (d(a) - d(b)).abs() != 1),
        Rule::Killer { cells, sum } => {
            no_repeat(g, cells)
                && sum.is_none_or(|s| cells.iter().map(|&c| d(c)).sum::<i32>() == s as i32)
        }
        Rule::Thermometer(cells) => cells.windows(2).all(|w| g[w[0]] < g[w[1]]),
        Rule::Arrow { circle, line } => line.iter().map(|&c| d(c)).sum::<i32>() == d(*circle),
        Rule::Difference {
            cells: [a, b],
            value,
        } => (d(*a) - d(*b)).abs() == i32::from(*value),
        Rule::Ratio {
            cells: [a, b],
            value,
        } => {
            let v = i32::from(*value);
            d(*a) == v * d(*b) || d(*b) == v * d(*a)
        }
        Rule::Xv { cells: [a, b], sum } => d(*a) + d(*b) == i32::from(*sum),
        Rule::Odd(c) => g[*c] % 2 == 1,
        Rule::Even(c) => g[*c] % 2 == 0,
        Rule::Negative(marker) => dots::negative(*marker, all, g),
        Rule::Whispers { .. }
        | Rule::Renban(_)
        | Rule::Palindrome(_)
        | Rule::Entropic(_)
        | Rule::Modular(_)
        | Rule::Nabner(_)
        | Rule::SlowThermometer(_)
        | Rule::Clone(_)
        | Rule::Minimum(_)
        | Rule::Maximum(_)
        | Rule::PencilMarks { .. } => lines::oracle(rule, all, g),
        Rule::Indexer { .. } => indexers::oracle(rule, &boxes(), g),
        Rule::Quadruple { .. }
        | Rule::LittleKiller { .. }
        | Rule::Sandwich { .. }
        | Rule::XSum { .. }
        | Rule::Skyscraper { .. }
        | Rule::BetweenLine(_)
        | Rule::Lockout { .. }
        | Rule::RegionSumLine(_)
        | Rule::ZipperLine(_)
        | Rule::DoubleArrow(_)
        | Rule::PillArrow { .. } => tables::oracle(rule, g),
    }
}

/// The solver's solutions of the empty 4x4 grid with `rules` equal the brute-force ones.
fn check_rules(regions: Option<Vec<usize>>, rules: Vec<Rule>) -> usize {
    let region_of = regions.clone().unwrap_or_else(boxes);
    let expected: BTreeSet<Vec<u8>> = all_grids(&region_of)
        .into_iter()
        .filter(|g| rules.iter().all(|rule| oracle(rule, &rules, g)))
        .collect();
    let shape = Shape::new(2, 2).unwrap();
    let variant = Variant::new(Grid::empty(shape), regions, rules.clone()).unwrap();
    let mut solver = VariantSolver::new();
    let mut found = BTreeSet::new();
    let mut solutions = solver.solutions(&variant);
    while let Some(grid) = solutions.next_grid() {
        assert!(variant.accepts(&grid), "{rules:?}: {grid} not accepted");
        assert!(
            found.insert(grid.cells().to_vec()),
            "{rules:?}: {grid} twice"
        );
    }
    assert_eq!(found, expected, "{rules:?}");
    // The logic pass before the search leaves every solution, at every level.
    for logic in crate::Logic::ALL {
        assert_eq!(
            VariantSolver::with_logic(logic)
                .count(&variant, None)
                .solutions,
            expected.len() as u128,
            "{rules:?} with logic {logic}"
        );
    }
    expected.len()
}

/// The mask of `digits`: bit `d - 1` for digit `d`, as the propagator's masks.
pub(crate) fn mask(digits: &[u32]) -> u64 {
    digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
}

#[test]
fn the_empty_board_keeps_its_288_solutions() {
    assert_eq!(check_rules(None, vec![]), 288);
}

#[test]
fn unit_rules_match_brute_force() {
    assert_eq!(
        check_rules(
            None,
            vec![
                Rule::Diagonal(Diagonal::Main),
                Rule::Diagonal(Diagonal::Anti)
            ]
        ),
        48
    );
    check_rules(None, vec![Rule::Diagonal(Diagonal::Anti)]);
    check_rules(None, vec![Rule::Windoku]);
    check_rules(None, vec![Rule::DisjointGroups]);
    check_rules(None, vec![Rule::ExtraRegion(vec![0, 5, 10])]);
    check_rules(None, vec![Rule::ExtraRegion(vec![1, 6, 11, 12])]);
    check_rules(
        None,
        vec![Rule::Killer {
            cells: vec![0, 5],
            sum: None,
        }],
    );
}

#[test]
fn jigsaw_regions_match_brute_force() {
    let regions = vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    assert_eq!(check_rules(Some(regions.clone()), vec![]), 96);
    check_rules(
        Some(regions.clone()),
        vec![Rule::Diagonal(Diagonal::Main), Rule::Odd(0)],
    );
    check_rules(Some(regions), vec![Rule::NonConsecutive]);
}

#[test]
fn regions_drawn_as_lines_make_latin_squares() {
    // Regions that are the rows (or the columns) add no items of their own (the model
    // gives them the line's): the 576 Latin squares of side 4, and with rules beside them.
    let rows: Vec<usize> = (0..16).map(|cell| cell / 4).collect();
    let cols: Vec<usize> = (0..16).map(|cell| cell % 4).collect();
    assert_eq!(check_rules(Some(rows.clone()), vec![]), 576);
    assert_eq!(check_rules(Some(cols.clone()), vec![]), 576);
    check_rules(Some(rows.clone()), vec![Rule::NonConsecutive]);
    check_rules(
        Some(cols),
        vec![Rule::Killer {
            cells: vec![0, 1, 4],
            sum: Some(6),
        }],
    );
    // Rows for two regions and two others: only the two others have items.
    let mixed = vec![0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3];
    check_rules(Some(mixed), vec![Rule::Diagonal(Diagonal::Main)]);
    let shape = Shape::new(2, 2).unwrap();
    let latin = Variant::new(Grid::empty(shape), Some(rows), vec![]).unwrap();
    assert_eq!(latin.model().primary, 3 * 16);
}

#[test]
fn pairwise_rules_match_brute_force() {
    check_rules(None, vec![Rule::AntiKnight]);
    check_rules(None, vec![Rule::AntiKing]);
    check_rules(None, vec![Rule::NonConsecutive]);
    check_rules(None, vec![Rule::Thermometer(vec![0, 1, 5])]);
    check_rules(None, vec![Rule::Thermometer(vec![12, 8, 4, 1])]);
    check_rules(
        None,
        vec![Rule::Difference {
            cells: [0, 1],
            value: 1,
        }],
    );
    check_rules(
        None,
        vec![Rule::Difference {
            cells: [5, 9],
            value: 2,
        }],
    );
    check_rules(
        None,
        vec![Rule::Ratio {
            cells: [0, 4],
            value: 2,
        }],
    );
    check_rules(
        None,
        vec![Rule::Ratio {
            cells: [6, 7],
            value: 3,
        }],
    );
    check_rules(
        None,
        vec![Rule::Xv {
            cells: [0, 1],
            sum: 5,
        }],
    );
    check_rules(None, vec![Rule::Odd(0), Rule::Even(5), Rule::Odd(15)]);
}

#[test]
fn negative_constraints_match_brute_force() {
    for marker in [Marker::Difference, Marker::Ratio, Marker::Xv] {
        check_rules(None, vec![Rule::Negative(marker)]);
    }
    check_rules(
        None,
        vec![
            Rule::Difference {
                cells: [0, 1],
                value: 1,
            },
            Rule::Negative(Marker::Difference),
        ],
    );
    check_rules(
        None,
        vec![
            Rule::Ratio {
                cells: [5, 6],
                value: 2,
            },
            Rule::Negative(Marker::Ratio),
        ],
    );
    check_rules(
        None,
        vec![
            Rule::Xv {
                cells: [2, 3],
                sum: 5,
            },
            Rule::Negative(Marker::Xv),
        ],
    );
}

#[test]
fn sum_rules_match_brute_force() {
    check_rules(
        None,
        vec![Rule::Killer {
            cells: vec![0, 1],
            sum: Some(3),
        }],
    );
    check_rules(
        None,
        vec![Rule::Killer {
            cells: vec![0, 4, 5],
            sum: Some(7),
        }],
    );
    check_rules(
        None,
        vec![Rule::Killer {
            cells: vec![5, 6, 9, 10],
            sum: Some(10),
        }],
    );
    check_rules(
        None,
        vec![Rule::Arrow {
            circle: 3,
            line: vec![2, 7],
        }],
    );
    check_rules(
        None,
        vec![Rule::Arrow {
            circle: 0,
            line: vec![5],
        }],
    );
    check_rules(
        None,
        vec![Rule::Arrow {
            circle: 12,
            line: vec![9, 6, 3],
        }],
    );
    check_rules(
        None,
        vec![
            Rule::Killer {
                cells: vec![0, 1],
                sum: Some(5),
            },
            Rule::Arrow {
                circle: 15,
                line: vec![10, 5],
            },
            Rule::AntiKnight,
            Rule::Difference {
                cells: [0, 4],
                value: 1,
            },
        ],
    );
    check_rules(
        Some(vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]),
        vec![Rule::Killer {
            cells: vec![0, 1, 2, 4],
            sum: Some(10),
        }],
    );
}

#[test]
fn bad_rules_are_refused() {
    let grid = Grid::empty(Shape::new(2, 2).unwrap());
    let cage = Rule::Killer {
        cells: vec![0, 1],
        sum: Some(3),
    };
    let arrow = Rule::Arrow {
        circle: 5,
        line: vec![1],
    };
    // Sums that share a cell are accepted (the cage's r1c2 is 1 or 2, the arrow's circle
    // r2c2 in its box must then equal it: no grid).
    let shared = Variant::new(grid.clone(), None, vec![cage, arrow]).unwrap();
    assert_eq!(VariantSolver::new().count(&shared, None).solutions, 0);
    let outside = Variant::new(grid.clone(), None, vec![Rule::Odd(16)]).unwrap_err();
    assert_eq!(
        outside.to_string(),
        "odd (rule 1): cell 16 is outside the grid"
    );
    let regions = Variant::new(grid.clone(), Some(vec![0; 16]), vec![]).unwrap_err();
    assert_eq!(regions.to_string(), "region 1 has 16 cells, expected 4");
    let big = Rule::Killer {
        cells: (0..5).collect(),
        sum: None,
    };
    assert!(matches!(
        Variant::new(grid.clone(), None, vec![big]),
        Err(VariantError::TooManyCells { .. })
    ));
    let irregular = Some(vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]);
    assert!(matches!(
        Variant::new(grid, irregular, vec![Rule::DisjointGroups]),
        Err(VariantError::NeedsBoxes { .. })
    ));
}

#[test]
fn a_large_cage_of_a_large_grid_is_answered_without_listing_its_sets() {
    // Twelve cells of a 25×25 grid making 156: millions of sets of digits, too many to
    // read its required digits or keep it as a group (the build would take seconds).
    let shape = Shape::new(5, 5).unwrap();
    let cage = Rule::Killer {
        cells: (0..12).collect(),
        sum: Some(156),
    };
    let variant = Variant::new(Grid::empty(shape), None, vec![cage]).unwrap();
    let solution = VariantSolver::new().solve(&variant).unwrap();
    let total: u32 = solution.cells()[..12].iter().map(|&d| u32::from(d)).sum();
    assert_eq!(total, 156);
}

#[test]
fn cages_of_every_cell_of_a_house_are_answered() {
    // Sixteen cells of a 16×16 grid: 16! orders, one set of digits (none for 135).
    let shape = Shape::new(4, 4).unwrap();
    let cage = |sum| Rule::Killer {
        cells: (0..16).collect(),
        sum: Some(sum),
    };
    let variant = Variant::new(Grid::empty(shape), None, vec![cage(135)]).unwrap();
    assert_eq!(VariantSolver::new().count(&variant, Some(1)).solutions, 0);
    let variant = Variant::new(Grid::empty(shape), None, vec![cage(136)]).unwrap();
    assert!(VariantSolver::new().solve(&variant).is_some());
    // A cage of 9×9 of all nine cells, 45 apart: off by one, none.
    let nine = Rule::Killer {
        cells: vec![0, 1, 2, 9, 10, 11, 18, 19, 20],
        sum: Some(44),
    };
    let variant = Variant::new(Grid::empty(Shape::CLASSIC), None, vec![nine]).unwrap();
    assert_eq!(VariantSolver::new().count(&variant, Some(1)).solutions, 0);
}

/// The dots a solved grid of side `n` keeps on every two orthogonal neighbours: a white
/// dot where they differ by 1, a black one where one is twice the other (both on 1 and 2),
/// an X or a V where they sum to 10 or 5.
fn dots_read_off(grid: &[u8], n: usize) -> Vec<Rule> {
    let mut rules = Vec::new();
    for a in 0..n * n {
        let right = (a % n + 1 < n).then_some(a + 1);
        let below = (a + n < n * n).then_some(a + n);
        for b in right.into_iter().chain(below) {
            let (x, y) = (grid[a], grid[b]);
            if x.abs_diff(y) == 1 {
                rules.push(Rule::Difference {
                    cells: [a, b],
                    value: 1,
                });
            }
            if x == 2 * y || y == 2 * x {
                rules.push(Rule::Ratio {
                    cells: [a, b],
                    value: 2,
                });
            }
            if x + y == 5 || x + y == 10 {
                rules.push(Rule::Xv {
                    cells: [a, b],
                    sum: x + y,
                });
            }
        }
    }
    rules
}

/// Clues of every kind derived from a solved 9x9 grid.
fn derived_rules(grid: &[u8], rng: &mut SetterRng, sums: bool) -> Vec<Rule> {
    let n = 9;
    let mut rules = Vec::new();
    if sums {
        // Killer cages: each row cut into pieces of 1 to 4 cells, with the grid's totals.
        for row in 0..n {
            let mut col = 0;
            while col < n {
                let len = (1 + rng.below(4)).min(n - col);
                let cells: Vec<usize> = (col..col + len).map(|c| row * n + c).collect();
                let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
                rules.push(Rule::Killer {
                    cells,
                    sum: Some(sum),
                });
                col += len;
            }
        }
    } else {
        // Arrows down the columns where a cell is the sum of the two below it.
        let mut used = vec![false; n * n];
        for cell in 0..n * (n - 2) {
            let line = [cell + n, cell + 2 * n];
            let total = u32::from(grid[line[0]]) + u32::from(grid[line[1]]);
            if total == u32::from(grid[cell]) && !used[cell] && !line.iter().any(|&c| used[c]) {
                used[cell] = true;
                line.iter().for_each(|&c| used[c] = true);
                rules.push(Rule::Arrow {
                    circle: cell,
                    line: line.to_vec(),
                });
            }
        }
    }
    rules.extend(dots_read_off(grid, n));
    for row in 0..n {
        for col in 0..n {
            let cell = row * n + col;
            // Thermometers along rows where the digits rise.
            if col + 2 < n
                && grid[cell] < grid[cell + 1]
                && grid[cell + 1] < grid[cell + 2]
                && rng.below(3) == 0
            {
                rules.push(Rule::Thermometer(vec![cell, cell + 1, cell + 2]));
            }
            if rng.below(8) == 0 {
                rules.push(if grid[cell] % 2 == 1 {
                    Rule::Odd(cell)
                } else {
                    Rule::Even(cell)
                });
            }
        }
    }
    rules.push(Rule::Negative(Marker::Ratio));
    rules.push(Rule::Negative(Marker::Xv));
    rules.push(Rule::Negative(Marker::Difference));
    rules
}

/// An anti-knight solution, found by the solver from the empty grid.
const ANTI_KNIGHT: &str =
    "281369475749125368356847129125684793973512684864973512612438957497251836538796241";

/// A classic grid with the digits of `solution` in `givens` cells drawn at random (a cell
/// may be drawn twice).
/// Every logic level counts `variant`'s solutions (up to 2) as `count`; with `solve`, each
/// level's first solution also obeys the rules.
fn every_level_agrees(variant: &Variant, count: u128, solve: bool) -> Result<(), TestCaseError> {
    for logic in crate::Logic::ALL {
        let mut other = VariantSolver::with_logic(logic);
        prop_assert_eq!(other.count(variant, Some(2)).solutions, count);
        if solve {
            prop_assert!(variant.accepts(&other.solve(variant).unwrap()));
        }
    }
    Ok(())
}

fn random_givens(solution: &Grid, givens: usize, rng: &mut SetterRng) -> Grid {
    let mut puzzle = Grid::empty(Shape::CLASSIC);
    for _ in 0..givens {
        let cell = rng.below(81);
        puzzle.set(cell / 9, cell % 9, solution.cells()[cell]);
    }
    puzzle
}

/// For a 6x6 puzzle of `givens` (cell, digit) and `rules` (none when the rules are refused):
/// the count to 3 with the rules' propagation is the count without it, and the counts to 3
/// and to 200 on two threads that share the work from the first node are those on one.
fn propagation_changes_no_count(
    givens: &[(usize, u8)],
    rules: Vec<Rule>,
) -> Result<(), proptest::test_runner::TestCaseError> {
    let mut grid = Grid::empty(Shape::new(2, 3).unwrap());
    for &(cell, digit) in givens {
        grid.set(cell / 6, cell % 6, digit);
    }
    let Ok(puzzle) = Variant::new(grid, None, rules) else {
        return Ok(());
    };
    let mut solver = VariantSolver::new();
    let with = solver.count(&puzzle, Some(3));
    solver.set_propagation(false);
    let without = solver.count(&puzzle, Some(3));
    prop_assert_eq!(with, without);
    // On two threads that share from the first node on, with and without the cap.
    let mut shared = VariantSolver::new();
    shared.set_threads(2);
    shared.share_after(1);
    prop_assert_eq!(shared.count(&puzzle, Some(3)), with);
    let mut alone = VariantSolver::new();
    prop_assert_eq!(
        shared.count(&puzzle, Some(200)),
        alone.count(&puzzle, Some(200))
    );
    Ok(())
}

/// A walk of up to `len` distinct cells of a grid of side `n` from `start`, each step to a
/// neighbour (orthogonal or diagonal) picked by the next of `steps`.
fn walk(n: usize, start: usize, len: usize, steps: &[usize]) -> Vec<usize> {
    let mut cells = vec![start % (n * n)];
    for &step in steps.iter().take(len.saturating_sub(1)) {
        let (row, column) = (cells[cells.len() - 1] / n, cells[cells.len() - 1] % n);
        let next: Vec<usize> = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1)]
            .iter()
            .filter_map(|&(dr, dc): &(isize, isize)| {
                let (r, c) = (row as isize + dr, column as isize + dc);
                let inside = (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
                inside.then(|| r as usize * n + c as usize)
            })
            .filter(|cell| !cells.contains(cell))
            .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[step % next.len()]);
    }
    cells
}

/// A killer cage on `cells` of a grid of side `n` whose total, picked by `extra`, some set
/// of distinct digits makes.
fn cage(n: usize, cells: Vec<usize>, extra: u32) -> Rule {
    let least: u32 = (1..=cells.len() as u32).sum();
    let most: u32 = (n as u32 + 1 - cells.len() as u32..=n as u32).sum();
    Rule::Killer {
        sum: Some(least + extra % (most - least + 1)),
        cells,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random 6x6 puzzles of killer cages, renban lines, white dots and non-consecutive, with
    /// a few givens, most of them without a solution: the search counts the same with the
    /// rules' propagation as without it (the matrix and the check of each solution alone),
    /// and never panics. Such puzzles reach contradictions inside one round of narrowing,
    /// which the puzzles made from a solution do not.
    #[test]
    fn random_puzzles_count_the_same_with_and_without_propagation(
        givens in proptest::collection::vec((0usize..36, 1u8..=6), 0..4),
        cages in proptest::collection::vec((0usize..36, 2usize..=4, proptest::collection::vec(0usize..6, 3), 0u32..12), 0..3),
        lines in proptest::collection::vec((0usize..36, 2usize..=4, proptest::collection::vec(0usize..6, 3)), 0..3),
        dots in proptest::collection::vec(0usize..36, 0..5),
        non_consecutive in any::<bool>(),
    ) {
        let n = 6;
        let mut rules = Vec::new();
        for (start, len, steps, extra) in cages {
            rules.push(cage(n, walk(n, start, len, &steps), extra));
        }
        for (start, len, steps) in lines {
            rules.push(Rule::Renban(walk(n, start, len, &steps)));
        }
        for cell in dots.into_iter().filter(|cell| cell % n + 1 < n) {
            rules.push(Rule::Difference { cells: [cell, cell + 1], value: 1 });
        }
        if non_consecutive {
            rules.push(Rule::NonConsecutive);
        }
        propagation_changes_no_count(&givens, rules)?;
    }

    /// As above with lines and sums of every kind along random walks (thermometers, arrows,
    /// whispers, renban, palindromes, entropic, modular and nabner lines, slow thermometers,
    /// between, region-sum and zipper lines, double and pill arrows, cages), plus parity and
    /// XV pairs.
    #[test]
    fn random_line_puzzles_count_the_same_with_and_without_propagation(
        givens in proptest::collection::vec((0usize..36, 1u8..=6), 0..4),
        lines in proptest::collection::vec((0usize..17, 0usize..36, 2usize..=5, proptest::collection::vec(0usize..6, 4), 0u32..12), 1..4),
    ) {
        let n = 6;
        let mut rules = Vec::new();
        for (kind, start, len, steps, extra) in lines {
            let cells = walk(n, start, len, &steps);
            let rule = match kind {
                0 => Rule::Thermometer(cells),
                1 => Rule::Arrow { circle: cells[0], line: cells[1..].to_vec() },
                2 => Rule::Whispers { line: cells, gap: 3 },
                3 => Rule::Renban(cells),
                4 => Rule::Palindrome(cells),
                5 => Rule::Entropic(cells),
                6 => Rule::Modular(cells),
                7 => Rule::Nabner(cells),
                8 => Rule::SlowThermometer(cells),
                9 => Rule::BetweenLine(cells),
                10 => Rule::RegionSumLine(cells),
                11 => Rule::Odd(cells[0]),
                12 => Rule::Xv { cells: [cells[0], cells[cells.len() - 1]], sum: if extra % 2 == 0 { 5 } else { 10 } },
                13 => cage(n, cells, extra),
                14 => Rule::ZipperLine(cells),
                15 => Rule::DoubleArrow(cells),
                _ => Rule::PillArrow { pill: cells[..1 + (cells.len() > 2) as usize].to_vec(), line: cells[1 + (cells.len() > 2) as usize..].to_vec() },
            };
            rules.push(rule);
        }
        propagation_changes_no_count(&givens, rules)?;
    }
}

proptest! {
    // Fewer cases: without propagation, a puzzle of the whole grid's rules with no solution
    // takes a long search (about 20 ms a case on average).
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// As above with the clues outside the grid (sandwiches, X-sums, skyscrapers, little
    /// killers), the negative constraints, black dots, quadruples, indexers, minimums and
    /// maximums, pencil marks, clones and the rules of the whole grid.
    #[test]
    fn random_clue_puzzles_count_the_same_with_and_without_propagation(
        givens in proptest::collection::vec((0usize..36, 1u8..=6), 0..4),
        clues in proptest::collection::vec((0usize..16, 0usize..36, 0u32..40), 1..4),
    ) {
        let n = 6;
        let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
        let mut rules = Vec::new();
        for (kind, at, extra) in clues {
            let (row, column) = (at / n, at % n);
            let clue = Outside { side: sides[at % 4], index: (at / 4) % n };
            let right = if column + 1 < n { at + 1 } else { at - 1 };
            let rule = match kind {
                0 => Rule::Sandwich { clue, sum: extra % 16 },
                1 => Rule::XSum { clue, sum: 1 + extra % 21 },
                2 => Rule::Skyscraper { clue, count: 1 + extra % 6 },
                3 => {
                    let length = n - row.max(column);
                    let cells: Vec<usize> = (0..length).map(|k| (row + k) * n + column + k).collect();
                    let least = cells.len() as u32;
                    let sum = least + extra % (5 * least + 1);
                    if cells.len() < 2 {
                        continue;
                    }
                    Rule::LittleKiller { cells, sum }
                }
                4 => Rule::Negative([Marker::Difference, Marker::Ratio, Marker::Xv][extra as usize % 3]),
                5 => Rule::Ratio { cells: [at, right], value: 2 },
                6 if row + 1 < n && column + 1 < n => Rule::Quadruple {
                    cells: vec![at, at + 1, at + n, at + n + 1],
                    digits: (0..1 + extra as usize % 4).map(|k| 1 + ((extra as usize + 2 * k) % n) as u8).collect(),
                },
                7 => Rule::Indexer { kind: [Indexer::Row, Indexer::Column, Indexer::Box][extra as usize % 3], cells: vec![at] },
                8 => Rule::Minimum(at),
                9 => Rule::Maximum(at),
                10 => Rule::PencilMarks { cell: at, digits: vec![1 + (extra % 6) as u8, 1 + ((extra / 6) % 6) as u8] },
                11 => Rule::Clone(vec![[at, (at + 7 + extra as usize) % (n * n)]]),
                12 => Rule::AntiKing,
                13 => Rule::AntiKnight,
                14 => Rule::Diagonal(Diagonal::Main),
                _ => Rule::DisjointGroups,
            };
            rules.push(rule);
        }
        propagation_changes_no_count(&givens, rules)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_solution_with_derived_clues_is_found_and_kept(seed in any::<u64>(), sums in any::<bool>(), givens in 0usize..30) {
        let mut rng = SetterRng::for_puzzle(seed, 0);
        let solution = random_solution(Shape::CLASSIC, &mut rng);
        let rules = derived_rules(solution.cells(), &mut rng, sums);
        let puzzle = random_givens(&solution, givens, &mut rng);
        let variant = Variant::new(puzzle, None, rules).unwrap();
        prop_assert!(variant.accepts(&solution));
        let mut solver = VariantSolver::new();
        prop_assert_eq!(solver.count(&variant, Some(1)).solutions, 1);
        let found = solver.solve(&variant).unwrap();
        prop_assert!(variant.accepts(&found));
        // Every logic level gives the same count, and a unique puzzle gets a rating.
        let count = solver.count(&variant, Some(2)).solutions;
        every_level_agrees(&variant, count, true)?;
        let rating = solver.rate(&variant);
        match count {
            1 => prop_assert!(rating.is_ok()),
            _ => prop_assert_eq!(rating, Err(crate::setter::NotUnique::MultipleSolutions)),
        }
    }

    #[test]
    fn grid_rules_keep_a_grid_that_keeps_them(seed in any::<u64>(), which in 0usize..5) {
        // A random solution of the rule itself, then half its cells as givens: found again.
        let rule = [Rule::AntiKnight, Rule::AntiKing, Rule::NonConsecutive, Rule::Windoku, Rule::DisjointGroups][which].clone();
        let empty = Variant::new(Grid::empty(Shape::CLASSIC), None, vec![rule]).unwrap();
        let mut solver = VariantSolver::new();
        let mut rng = SetterRng::for_puzzle(seed, 1);
        // An empty grid with only secondary bans takes the search long (every anti-knight
        // pair is an item it cannot branch on): that rule starts from a grid found once.
        let base = if which == 0 {
            ANTI_KNIGHT.parse().unwrap()
        } else {
            solver.solve(&empty).unwrap()
        };
        prop_assert!(empty.accepts(&base));
        // Relabel the digits at random: the rules above that do not compare values stay kept.
        let relabel = rng.permutation(9);
        let cells: Vec<u8> = base.cells().iter().map(|&d| relabel[d as usize - 1] as u8 + 1).collect();
        let grid = Grid::from_cells(Shape::CLASSIC, cells).unwrap();
        if which != 2 {
            prop_assert!(empty.accepts(&grid));
            let mut puzzle = Grid::empty(Shape::CLASSIC);
            for cell in (0..81).filter(|_| rng.below(2) == 0) {
                puzzle.set(cell / 9, cell % 9, grid.cells()[cell]);
            }
            let variant = empty.with_givens(puzzle).unwrap();
            prop_assert!(solver.count(&variant, Some(1)).solutions == 1);
            prop_assert!(variant.accepts(&solver.solve(&variant).unwrap()));
        }
    }
}

#[test]
fn jigsaw_regions_come_from_grids_with_a_swap_to_make() {
    // Some grids have no two equal digits a king's move apart: no swap keeps the regions
    // compact, so they give none (the generator takes another grid rather than loop).
    let mut rng = SetterRng::for_puzzle(1, 0);
    let shape = Shape::new(2, 2).unwrap();
    let (mut with, mut without) = (0, 0);
    for cells in all_grids(&boxes()) {
        let near_pair = (0..N * N).any(|a| {
            (a + 1..N * N).any(|b| {
                (a / N).abs_diff(b / N) <= 1 && (a % N).abs_diff(b % N) <= 1 && cells[a] == cells[b]
            })
        });
        let grid = Grid::from_cells(shape, cells.clone()).unwrap();
        match super::generate::random_regions(&grid, &mut rng) {
            None => {
                assert!(!near_pair, "{grid}");
                without += 1;
            }
            Some(regions) => {
                assert!(near_pair);
                with += 1;
                // n regions of n cells, each with distinct digits: the grid keeps them.
                for region in 0..N {
                    let digits: BTreeSet<u8> = (0..N * N)
                        .filter(|&c| regions[c] == region)
                        .map(|c| cells[c])
                        .collect();
                    assert_eq!(digits.len(), N, "{grid} {regions:?}");
                }
            }
        }
    }
    assert_eq!((with, without), (288, 0));
    // The first grid of puzzle 66 of seed 1 has no such pair (generating that jigsaw looped
    // forever before): its regions are none, and the generator takes the next grid.
    let mut rng = SetterRng::for_puzzle(1, 66);
    let classic = random_solution(Shape::CLASSIC, &mut rng);
    assert_eq!(super::generate::random_regions(&classic, &mut rng), None);
    let options = super::VariantGenerateOptions::new(Shape::CLASSIC, vec![], true);
    let made = super::VariantGenerator::new(options)
        .generate(1, 66)
        .unwrap();
    assert!(made.puzzle.regions().is_some());
}

/// Random sum constraints on a 4x4 grid that often share cells: killer cages of 2 to 4
/// cells (the totals of `planted` where `keep` says so, else any total) and arrows with one
/// or two lines from one circle.
fn overlapping_sums(planted: &[u8], rng: &mut SetterRng, keep: bool) -> Vec<Rule> {
    let mut rules = Vec::new();
    for _ in 0..2 + rng.below(3) {
        let cells: Vec<usize> = rng.permutation(N * N)[..2 + rng.below(3)].to_vec();
        if rng.below(3) == 0 {
            let (circle, rest) = cells.split_first().unwrap();
            for line in rest.chunks(1 + rng.below(2)) {
                rules.push(Rule::Arrow {
                    circle: *circle,
                    line: line.to_vec(),
                });
            }
        } else {
            let planted_sum: u32 = cells.iter().map(|&c| u32::from(planted[c])).sum();
            let sum = if keep {
                planted_sum
            } else {
                3 + rng.below(8) as u32
            };
            rules.push(Rule::Killer {
                cells,
                sum: Some(sum),
            });
        }
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn overlapping_sums_match_brute_force_on_4x4(seed in any::<u64>(), keep in any::<bool>()) {
        let mut rng = SetterRng::for_puzzle(seed, 2);
        let grids = all_grids(&boxes());
        let planted = grids[rng.below(grids.len())].clone();
        let rules = overlapping_sums(&planted, &mut rng, keep);
        // Killer cages whose cells repeat a digit of the planted grid are fine: the oracle
        // filters every grid, and the solver must agree on all of them.
        let count = check_rules(None, rules.clone());
        let cages_kept = rules.iter().all(|rule| oracle(rule, &rules, &planted));
        if cages_kept {
            prop_assert!(count >= 1, "{rules:?} lost {planted:?}");
        }
    }
}

/// Killer cages of 2 to 5 random cells with distinct digits in `grid` (their totals from
/// it) and arrows whose lines sum to their circle's digit in `grid`, drawn so that they
/// share cells.
fn planted_overlapping_sums(grid: &[u8], rng: &mut SetterRng) -> Vec<Rule> {
    let mut rules = Vec::new();
    for _ in 0..8 {
        let start = rng.below(81);
        if rng.below(2) == 0 {
            let mut cells = vec![start];
            let size = 2 + rng.below(3);
            for cell in rng.permutation(81) {
                if cells.len() == size {
                    break;
                }
                if cells.iter().all(|&c| grid[c] != grid[cell]) {
                    cells.push(cell);
                }
            }
            let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
            rules.push(Rule::Killer {
                cells,
                sum: Some(sum),
            });
        } else {
            // Lines of cells whose digits sum to the circle's, one or two of them.
            for _ in 0..1 + rng.below(2) {
                let mut left = grid[start];
                let mut line = Vec::new();
                for cell in rng.permutation(81) {
                    if cell != start && !line.contains(&cell) && grid[cell] <= left {
                        line.push(cell);
                        left -= grid[cell];
                    }
                    if left == 0 {
                        break;
                    }
                }
                rules.push(Rule::Arrow {
                    circle: start,
                    line,
                });
            }
        }
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_planted_grid_keeps_its_overlapping_sums(seed in any::<u64>(), givens in 10usize..40) {
        let mut rng = SetterRng::for_puzzle(seed, 3);
        let solution = random_solution(Shape::CLASSIC, &mut rng);
        let rules = planted_overlapping_sums(solution.cells(), &mut rng);
        planted_grid_is_answered(&solution, rules, givens, &mut rng)?;
    }
}

/// With `rules` that the solved `solution` keeps and `givens` of its cells drawn at random,
/// the solver finds the planted grid again (with it as givens, exactly one), finds a grid
/// that keeps the rules, and every logic level counts alike.
fn planted_grid_is_answered(
    solution: &Grid,
    rules: Vec<Rule>,
    givens: usize,
    rng: &mut SetterRng,
) -> Result<(), TestCaseError> {
    let puzzle = random_givens(solution, givens, rng);
    let variant = Variant::new(puzzle, None, rules).unwrap();
    prop_assert!(variant.accepts(solution));
    let full = variant.with_givens(solution.clone()).unwrap();
    let mut solver = VariantSolver::new();
    prop_assert_eq!(solver.count(&full, None).solutions, 1);
    let found = solver.solve(&variant).unwrap();
    prop_assert!(variant.accepts(&found));
    let count = solver.count(&variant, Some(2)).solutions;
    #[cfg(feature = "fpuzzles")]
    link_round_trip(&variant, count)?;
    every_level_agrees(&variant, count, false)
}

/// Written as a share link and read back, `variant` has the same givens and regions, as
/// many solutions up to 2 (`count`), the same rules (in the reader's order, by key; but for
/// windoku, written as its windows, and given pencil marks, written merged per cell and
/// dropped on a given), and it reads the same again.
#[cfg(feature = "fpuzzles")]
fn link_round_trip(variant: &Variant, count: u128) -> Result<(), TestCaseError> {
    use crate::variant::fpuzzles;
    let back = fpuzzles::parse(&fpuzzles::to_link(variant)).unwrap();
    prop_assert_eq!(back.givens(), variant.givens());
    prop_assert_eq!(back.regions(), variant.regions());
    if !variant.rules().contains(&Rule::Windoku) {
        let sorted = |rules: &[Rule]| {
            let mut rules: Vec<Rule> = rules
                .iter()
                .filter(|rule| !matches!(rule, Rule::PencilMarks { .. }))
                .cloned()
                .collect();
            rules.sort_by_key(|rule| format!("{rule:?}"));
            rules
        };
        let (rules, read) = (sorted(variant.rules()), sorted(back.rules()));
        prop_assert_eq!(read, rules);
    }
    prop_assert_eq!(VariantSolver::new().count(&back, Some(2)).solutions, count);
    let again = fpuzzles::parse(&fpuzzles::to_link(&back)).unwrap();
    prop_assert_eq!(again, back);
    Ok(())
}

/// A preferred grid changes the order of the search only: the counts, with and without a
/// digit excluded, stay. On 9x9 non-consecutive puzzles of twelve random givens of a grid
/// drawn with one random given.
#[test]
fn a_preferred_grid_changes_no_count() {
    let mut rng = SetterRng::for_puzzle(5, 0);
    let mut solver = VariantSolver::new();
    for _ in 0..3 {
        // A non-consecutive grid: the first solution with one random given.
        let mut givens = Grid::empty(Shape::CLASSIC);
        let cell = rng.below(81);
        givens.set(cell / 9, cell % 9, 1 + rng.below(9) as u8);
        let variant = Variant::new(givens.clone(), None, vec![Rule::NonConsecutive]).unwrap();
        let Some(planted) = solver.solve(&variant) else {
            continue;
        };
        solver.prefer(Some(&planted));
        let mut few = Grid::empty(Shape::CLASSIC);
        for _ in 0..12 {
            let cell = rng.below(81);
            few.set(cell / 9, cell % 9, planted.cells()[cell]);
        }
        let puzzle = variant.with_givens(few).unwrap();
        let excluded = [(cell, planted.cells()[cell])];
        let preferred = (
            solver.count(&puzzle, Some(50)),
            solver.count_excluding(&puzzle, &excluded, Some(50)),
        );
        solver.prefer(None);
        let plain = (
            solver.count(&puzzle, Some(50)),
            solver.count_excluding(&puzzle, &excluded, Some(50)),
        );
        assert_eq!(preferred, plain);
    }
}

/// The search's default rule is `Conflicts`, on puzzles whose only rules beside the houses
/// are pairwise too (they had `Weighted` until the twenty-seventh round): the default
/// makes the nodes `Conflicts` makes, not those of `Weighted`.
#[test]
fn the_default_branching_is_conflicts_on_pairwise_puzzles() {
    use crate::exact_cover::Branching;
    // A generated non-consecutive puzzle with one solution.
    let text = "...........3...........3....2...............4.......3...............1...7........";
    let grid: Grid = text.parse().unwrap();
    let puzzle = Variant::new(grid, None, vec![Rule::NonConsecutive]).unwrap();
    let nodes = |branching: Option<Branching>| {
        let mut solver = VariantSolver::new();
        if let Some(branching) = branching {
            solver.set_branching(branching);
        }
        assert_eq!(solver.count(&puzzle, Some(2)).solutions, 1);
        solver.stats().search.nodes
    };
    let default = nodes(None);
    assert_eq!(default, nodes(Some(Branching::Conflicts)));
    assert_ne!(default, nodes(Some(Branching::Weighted)));
}

/// Refutation is on by default and reaches the search: the count is the same without it,
/// the tree is not. And a guess that takes a table's option is not refuted: on a puzzle
/// whose every cell a table places, the tree is the same either way.
#[test]
fn the_default_search_refutes_the_guesses_that_place_a_cell() {
    let counted = |variant: &Variant, refute: bool| {
        let mut solver = VariantSolver::new();
        solver.set_threads(1);
        if !refute {
            solver.set_refutation(false);
        }
        let count = solver.count(variant, None).solutions;
        let search = solver.stats().search;
        (count, search.nodes, search.guesses)
    };
    // The generated non-consecutive puzzle above.
    let text = "...........3...........3....2...............4.......3...............1...7........";
    let grid: Grid = text.parse().unwrap();
    let puzzle = Variant::new(grid, None, vec![Rule::NonConsecutive]).unwrap();
    let (with, without) = (counted(&puzzle, true), counted(&puzzle, false));
    assert_eq!((with.0, without.0), (1, 1));
    assert_ne!(with.1, without.1);
    assert!(with.2 > 0);
    // A 4x4 grid tiled by killer cages of two cells in a row, totals 3 (1 and 2) and 7 (3
    // and 4) in a checkerboard: each cage is a table of ordered pairs, placing both its
    // cells, and the grid has solutions for the search to guess its way through.
    let shape = crate::Shape::new(2, 2).unwrap();
    let cages = (0..8).map(|k| Rule::Killer {
        cells: vec![2 * k, 2 * k + 1],
        sum: Some(if (k / 2 + k % 2) % 2 == 0 { 3 } else { 7 }),
    });
    let tiled = Variant::new(Grid::empty(shape), None, cages.collect()).unwrap();
    assert!(tiled.model().table_of_cell.iter().all(Option::is_some));
    let (with, without) = (counted(&tiled, true), counted(&tiled, false));
    assert!(with.0 > 1 && with.2 > 0, "{with:?}");
    assert_eq!(with, without);
}

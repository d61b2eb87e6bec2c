//! The line rules of published puzzles (whispers, renban, palindrome, entropic, modular and
//! nabner lines, slow thermometers), clones, minimum and maximum cells and given pencil
//! marks: their meaning on a solved 4x4 grid written again here, the solver's solutions
//! against the brute-force filter, and planted 9x9 grids found again.

use super::*;
use crate::variant::Indexer;

/// Entropic bands of the 4x4 grid: 1 low, 2-3 middle, 4 high.
const BANDS_4: [u8; 4] = [0, 1, 1, 2];

/// The cells of each two or three in a row on `line` hold digits of different classes.
fn classes_differ(g: &[u8], line: &[usize], class: impl Fn(u8) -> u8) -> bool {
    (0..line.len())
        .all(|i| (i + 1..line.len().min(i + 3)).all(|j| class(g[line[i]]) != class(g[line[j]])))
}

/// Whether `cell` holds a digit below (`minimum`) or above each orthogonal neighbour that
/// is not of its own kind.
fn extremum(g: &[u8], all: &[Rule], cell: usize, minimum: bool) -> bool {
    (0..N * N)
        .filter(|&other| orthogonal(cell, other))
        .filter(|&other| {
            !all.contains(&match minimum {
                true => Rule::Minimum(other),
                false => Rule::Maximum(other),
            })
        })
        .all(|other| (g[cell] < g[other]) == minimum)
}

/// The meaning of the rules of this module on a solved 4x4 grid.
pub(super) fn oracle(rule: &Rule, all: &[Rule], g: &[u8]) -> bool {
    let digits = |line: &[usize]| -> Vec<i32> { line.iter().map(|&c| i32::from(g[c])).collect() };
    match rule {
        Rule::Whispers { line, gap } => digits(line)
            .windows(2)
            .all(|w| (w[0] - w[1]).abs() >= i32::from(*gap)),
        Rule::Renban(line) => {
            let mut sorted = digits(line);
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[1] == w[0] + 1)
        }
        Rule::Palindrome(line) => {
            let forward = digits(line);
            forward.iter().eq(forward.iter().rev())
        }
        Rule::Entropic(line) => classes_differ(g, line, |d| BANDS_4[usize::from(d) - 1]),
        Rule::Modular(line) => classes_differ(g, line, |d| d % 3),
        Rule::Nabner(line) => {
            let d = digits(line);
            (0..d.len()).all(|i| (i + 1..d.len()).all(|j| (d[i] - d[j]).abs() > 1))
        }
        Rule::SlowThermometer(line) => digits(line).windows(2).all(|w| w[0] <= w[1]),
        Rule::Clone(pairs) => pairs.iter().all(|&[a, b]| g[a] == g[b]),
        Rule::Minimum(cell) => extremum(g, all, *cell, true),
        Rule::Maximum(cell) => extremum(g, all, *cell, false),
        Rule::PencilMarks { cell, digits } => digits.contains(&g[*cell]),
        _ => unreachable!("{rule:?} is not a rule of this module"),
    }
}

#[test]
fn line_rules_match_brute_force() {
    let snake = vec![0, 1, 5, 4, 8];
    for gap in 1..=3 {
        check_rules(
            None,
            vec![Rule::Whispers {
                line: snake.clone(),
                gap,
            }],
        );
    }
    // A closed loop: r2c1 (4) neighbours r1c1 (0), where the line starts and ends.
    for gap in 1..=2 {
        check_rules(
            None,
            vec![Rule::Whispers {
                line: vec![0, 1, 5, 4, 0],
                gap,
            }],
        );
    }
    check_rules(None, vec![Rule::Renban(vec![0, 5, 10])]);
    check_rules(None, vec![Rule::Renban(vec![12, 13])]);
    check_rules(None, vec![Rule::Palindrome(vec![0, 1, 2, 7, 11])]);
    check_rules(None, vec![Rule::Palindrome(vec![0, 5, 10, 15])]);
    check_rules(None, vec![Rule::Entropic(vec![0, 1, 2, 3, 7, 11])]);
    check_rules(None, vec![Rule::Entropic(vec![4, 9])]);
    check_rules(None, vec![Rule::Modular(vec![3, 6, 9, 12, 13])]);
    check_rules(None, vec![Rule::Nabner(vec![0, 5, 6])]);
    check_rules(None, vec![Rule::SlowThermometer(vec![0, 5, 10, 15, 14])]);
    check_rules(None, vec![Rule::Clone(vec![[0, 10], [1, 11], [4, 14]])]);
    check_rules(None, vec![Rule::Clone(vec![[0, 5], [5, 15], [3, 3]])]);
    check_rules(
        None,
        vec![Rule::Minimum(5), Rule::Minimum(6), Rule::Maximum(0)],
    );
    check_rules(
        None,
        vec![
            Rule::PencilMarks {
                cell: 0,
                digits: vec![2, 3],
            },
            Rule::PencilMarks {
                cell: 9,
                digits: vec![4],
            },
        ],
    );
}

#[test]
fn line_rules_refuse_what_they_cannot_mean() {
    let grid = Grid::empty(Shape::new(2, 2).unwrap());
    let refused = |rule: Rule| Variant::new(grid.clone(), None, vec![rule]).unwrap_err();
    // Only a whispers line closes on itself, around two other cells at least: a renban
    // line naming a cell twice, or a "loop" of one other cell, is refused.
    for rule in [
        Rule::Renban(vec![0, 1, 5, 0]),
        Rule::Whispers {
            line: vec![0, 1, 0],
            gap: 1,
        },
        Rule::Whispers {
            line: vec![0, 1, 5, 1],
            gap: 1,
        },
    ] {
        assert!(
            matches!(refused(rule.clone()), VariantError::RepeatedCell { .. }),
            "{rule:?}"
        );
    }
    assert!(matches!(
        refused(Rule::Renban((0..5).collect())),
        VariantError::TooManyCells { .. }
    ));
    assert!(matches!(
        refused(Rule::Whispers {
            line: vec![],
            gap: 2
        }),
        VariantError::TooFewCells { .. }
    ));
    assert!(matches!(
        refused(Rule::Nabner(vec![1, 2, 1])),
        VariantError::RepeatedCell { .. }
    ));
    let mark = refused(Rule::PencilMarks {
        cell: 0,
        digits: vec![1, 5],
    });
    assert_eq!(mark.to_string(), "pencil marks (rule 1): bad value 5");
    // A nabner line longer than half the digits (rounded up) has no grid.
    let long = Variant::new(grid, None, vec![Rule::Nabner(vec![0, 5, 10])]).unwrap();
    assert_eq!(VariantSolver::new().count(&long, None).solutions, 0);
}

/// A rule of kind `kind` on `cells` (a whispers line takes a gap of 1 to 3): a line rule,
/// given pencil marks (10), or an indexer on the first cell (11 to 13).
pub(super) fn line_rule(kind: usize, cells: Vec<usize>, gap: u8) -> Rule {
    match kind {
        0 => Rule::Whispers { line: cells, gap },
        1 => Rule::Renban(cells),
        2 => Rule::Palindrome(cells),
        3 => Rule::Entropic(cells),
        4 => Rule::Modular(cells),
        5 => Rule::Nabner(cells),
        6 => Rule::SlowThermometer(cells),
        7 => Rule::Clone(cells.chunks_exact(2).map(|p| [p[0], p[1]]).collect()),
        8 => Rule::Minimum(cells[0]),
        9 => Rule::Maximum(cells[0]),
        11..=13 => Rule::Indexer {
            kind: [Indexer::Row, Indexer::Column, Indexer::Box][kind - 11],
            cells: cells[..1].to_vec(),
        },
        _ => Rule::PencilMarks {
            cell: cells[0],
            digits: cells[1..].iter().map(|&c| (c % N) as u8 + 1).collect(),
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_line_rules_match_brute_force_on_4x4(seed in any::<u64>(), keep in any::<bool>()) {
        // One to three rules on random cells; with `keep`, only those a random grid keeps.
        let mut rng = SetterRng::for_puzzle(seed, 4);
        let grids = all_grids(&boxes());
        let planted = grids[rng.below(grids.len())].clone();
        let mut rules = Vec::new();
        while rules.len() < 1 + rng.below(3) {
            // Two to four cells: a renban line of more cells than digits is refused.
            let cells = rng.permutation(N * N)[..2 + rng.below(3)].to_vec();
            let rule = line_rule(rng.below(11), cells, 1 + rng.below(3) as u8);
            if !keep || oracle(&rule, std::slice::from_ref(&rule), &planted) {
                rules.push(rule);
            }
        }
        let count = check_rules(None, rules.clone());
        if keep && rules.iter().all(|rule| oracle(rule, &rules, &planted)) {
            prop_assert!(count >= 1, "{rules:?} lost {planted:?}");
        }
    }
}

/// Rules of every kind of this module that the solved 9x9 `grid` keeps, on random cells.
fn planted_line_rules(grid: &[u8], rng: &mut SetterRng) -> Vec<Rule> {
    let variant = |rules: Vec<Rule>| Variant::new(Grid::empty(Shape::CLASSIC), None, rules);
    let solution = Grid::from_cells(Shape::CLASSIC, grid.to_vec()).unwrap();
    let mut rules = Vec::new();
    for _ in 0..200 {
        let cells = rng.permutation(81)[..2 + rng.below(5)].to_vec();
        let gap = 1 + rng.below(5) as u8;
        let rule = line_rule(rng.below(14), cells, gap);
        let rule = match rule {
            Rule::PencilMarks { cell, mut digits } => {
                digits.push(grid[cell]);
                Rule::PencilMarks { cell, digits }
            }
            other => other,
        };
        let mut with = rules.clone();
        with.push(rule);
        if variant(with.clone()).is_ok_and(|v| v.accepts(&solution)) {
            rules = with;
        }
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn a_planted_grid_keeps_its_line_rules(seed in any::<u64>(), givens in 20usize..40) {
        let mut rng = SetterRng::for_puzzle(seed, 5);
        let solution = random_solution(Shape::CLASSIC, &mut rng);
        let rules = planted_line_rules(solution.cells(), &mut rng);
        prop_assert!(rules.len() >= 10, "{rules:?}");
        planted_grid_is_answered(&solution, rules, givens, &mut rng)?;
    }
}

//! The rules compiled to tables (quadruples, little killers, sandwiches, X-sums,
//! skyscrapers, between, lockout, region-sum, zipper and double-arrow lines, pill arrows):
//! their meaning on a solved 4x4 grid written again here, the solver's solutions against the
//! brute-force filter, and planted 9x9 grids found again.

use super::*;
use crate::variant::{Outside, Side};

/// The cells of an outside clue's row or column on the 4x4 grid, nearest the clue first.
fn facing(clue: &Outside) -> Vec<usize> {
    let line: Vec<usize> = match clue.side {
        Side::Top | Side::Bottom => (0..N).map(|r| r * N + clue.index).collect(),
        Side::Left | Side::Right => (0..N).map(|c| clue.index * N + c).collect(),
    };
    match clue.side {
        Side::Bottom | Side::Right => line.into_iter().rev().collect(),
        _ => line,
    }
}

/// The sums of the runs of `line` that stay in one box of the 4x4 grid.
fn box_runs(g: &[u8], line: &[usize]) -> Vec<i32> {
    let boxes = boxes();
    let mut runs: Vec<i32> = Vec::new();
    for (k, &cell) in line.iter().enumerate() {
        if k == 0 || boxes[line[k - 1]] != boxes[cell] {
            runs.push(0);
        }
        *runs.last_mut().unwrap() += i32::from(g[cell]);
    }
    runs
}

/// The meaning of the rules of this module on a solved 4x4 grid (regions: the boxes).
pub(super) fn oracle(rule: &Rule, g: &[u8]) -> bool {
    let digits = |line: &[usize]| -> Vec<i32> { line.iter().map(|&c| i32::from(g[c])).collect() };
    let total = |line: &[usize]| -> i32 { digits(line).iter().sum() };
    match rule {
        Rule::Quadruple {
            cells,
            digits: listed,
        } => (1..=N as u8).all(|d| {
            let wanted = listed.iter().filter(|&&e| e == d).count();
            cells.iter().filter(|&&c| g[c] == d).count() >= wanted
        }),
        Rule::LittleKiller { cells, sum } => total(cells) == *sum as i32,
        Rule::Sandwich { clue, sum } => {
            let line = digits(&facing(clue));
            let one = line.iter().position(|&d| d == 1).unwrap();
            let four = line.iter().position(|&d| d == 4).unwrap();
            line[one.min(four) + 1..one.max(four)].iter().sum::<i32>() == *sum as i32
        }
        Rule::XSum { clue, sum } => {
            let line = digits(&facing(clue));
            line.iter().take(line[0] as usize).sum::<i32>() == *sum as i32
        }
        Rule::Skyscraper { clue, count } => {
            let line = digits(&facing(clue));
            let seen = (0..N).filter(|&k| line[..k].iter().all(|&d| d < line[k]));
            seen.count() == *count as usize
        }
        Rule::BetweenLine(line) => {
            let d = digits(line);
            let (a, b) = (d[0], d[d.len() - 1]);
            d.len() <= 2
                || d[1..d.len() - 1]
                    .iter()
                    .all(|&m| (a < m && m < b) || (b < m && m < a))
        }
        Rule::Lockout { line, gap } => {
            let d = digits(line);
            let (a, b) = (d[0], d[d.len() - 1]);
            (a - b).abs() >= i32::from(*gap)
                && d[1..d.len() - 1]
                    .iter()
                    .all(|&m| m < a.min(b) || m > a.max(b))
        }
        Rule::RegionSumLine(line) => box_runs(g, line).windows(2).all(|w| w[0] == w[1]),
        Rule::ZipperLine(line) => {
            let d = digits(line);
            let len = d.len();
            let mut sums: Vec<i32> = (0..len / 2).map(|k| d[k] + d[len - 1 - k]).collect();
            if len % 2 == 1 {
                sums.push(d[len / 2]);
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        Rule::DoubleArrow(line) => {
            let d = digits(line);
            d.len() <= 2 || d[0] + d[d.len() - 1] == d[1..d.len() - 1].iter().sum::<i32>()
        }
        Rule::PillArrow { pill, line } => {
            let number = digits(pill).iter().fold(0, |number, &d| number * 10 + d);
            number == total(line)
        }
        _ => unreachable!("{rule:?} is not a rule of this module"),
    }
}

#[test]
fn table_rules_match_brute_force() {
    let clue = |side, index| Outside { side, index };
    check_rules(
        None,
        vec![Rule::Quadruple {
            cells: vec![0, 1, 4, 5],
            digits: vec![1, 2],
        }],
    );
    check_rules(
        None,
        vec![Rule::Quadruple {
            cells: vec![5, 6, 9, 10],
            digits: vec![3, 3],
        }],
    );
    check_rules(
        None,
        vec![Rule::Quadruple {
            cells: vec![1, 2, 5, 6],
            digits: vec![4, 4, 1],
        }],
    );
    check_rules(
        None,
        vec![Rule::LittleKiller {
            cells: vec![4, 9, 14],
            sum: 6,
        }],
    );
    check_rules(
        None,
        vec![Rule::LittleKiller {
            cells: vec![3, 6, 9, 12],
            sum: 8,
        }],
    );
    for sum in [0, 2, 3, 5] {
        check_rules(
            None,
            vec![Rule::Sandwich {
                clue: clue(Side::Left, 1),
                sum,
            }],
        );
    }
    check_rules(
        None,
        vec![Rule::Sandwich {
            clue: clue(Side::Bottom, 2),
            sum: 3,
        }],
    );
    check_rules(
        None,
        vec![Rule::XSum {
            clue: clue(Side::Top, 0),
            sum: 7,
        }],
    );
    check_rules(
        None,
        vec![Rule::XSum {
            clue: clue(Side::Right, 3),
            sum: 4,
        }],
    );
    for count in 1..=4 {
        check_rules(
            None,
            vec![Rule::Skyscraper {
                clue: clue(Side::Top, 2),
                count,
            }],
        );
    }
    check_rules(
        None,
        vec![Rule::Skyscraper {
            clue: clue(Side::Right, 0),
            count: 2,
        }],
    );
    check_rules(None, vec![Rule::BetweenLine(vec![0, 5, 10, 15])]);
    check_rules(None, vec![Rule::BetweenLine(vec![0, 1, 2])]);
    check_rules(None, vec![Rule::BetweenLine(vec![3, 7])]);
    check_rules(
        None,
        vec![Rule::Lockout {
            line: vec![0, 4, 8, 9],
            gap: 2,
        }],
    );
    check_rules(
        None,
        vec![Rule::Lockout {
            line: vec![0, 5, 6],
            gap: 1,
        }],
    );
    check_rules(None, vec![Rule::RegionSumLine(vec![0, 1, 2, 3])]);
    check_rules(None, vec![Rule::RegionSumLine(vec![5, 6, 10, 9, 13])]);
    check_rules(None, vec![Rule::ZipperLine(vec![0, 1, 2, 6, 10])]);
    check_rules(None, vec![Rule::ZipperLine(vec![0, 4, 8, 12])]);
    check_rules(None, vec![Rule::DoubleArrow(vec![0, 1, 2, 3])]);
    check_rules(None, vec![Rule::DoubleArrow(vec![12, 9, 6, 3, 7])]);
    check_rules(
        None,
        vec![Rule::PillArrow {
            pill: vec![0, 1],
            line: vec![4, 8, 12, 13],
        }],
    );
    check_rules(
        None,
        vec![Rule::PillArrow {
            pill: vec![5],
            line: vec![0, 2],
        }],
    );
}

#[test]
fn table_rules_refuse_what_they_cannot_mean() {
    let grid = Grid::empty(Shape::new(2, 2).unwrap());
    let refused = |rule: Rule| Variant::new(grid.clone(), None, vec![rule]).unwrap_err();
    let beyond = Outside {
        side: Side::Left,
        index: 4,
    };
    assert_eq!(
        refused(Rule::Sandwich {
            clue: beyond,
            sum: 0
        })
        .to_string(),
        "sandwich (rule 1): row or column 5 is outside the grid"
    );
    assert!(matches!(
        refused(Rule::Quadruple {
            cells: vec![0, 1, 4, 5],
            digits: vec![5]
        }),
        VariantError::BadValue { value: 5, .. }
    ));
    assert!(matches!(
        refused(Rule::Skyscraper {
            clue: Outside {
                side: Side::Top,
                index: 0
            },
            count: 5
        }),
        VariantError::BadValue { value: 5, .. }
    ));
    assert!(matches!(
        refused(Rule::PillArrow {
            pill: vec![0, 1],
            line: vec![]
        }),
        VariantError::TooFewCells { .. }
    ));
    assert!(matches!(
        refused(Rule::ZipperLine(vec![0, 1, 0])),
        VariantError::RepeatedCell { .. }
    ));
}

/// A random rule of this module of kind `kind` on the 4x4 grid, from `cells` (two to five
/// distinct cells) and a random `value`.
pub(super) fn table_rule(kind: usize, cells: Vec<usize>, value: u32, rng: &mut SetterRng) -> Rule {
    let clue = Outside {
        side: [Side::Top, Side::Bottom, Side::Left, Side::Right][rng.below(4)],
        index: rng.below(N),
    };
    match kind {
        0 => {
            let top = rng.below(N - 1) * N + rng.below(N - 1);
            let digits = (0..1 + rng.below(4))
                .map(|_| 1 + rng.below(N) as u8)
                .collect();
            Rule::Quadruple {
                cells: vec![top, top + 1, top + N, top + N + 1],
                digits,
            }
        }
        1 => {
            // A diagonal from the first cell, down and to the right or left.
            let (step, col_end) = if rng.below(2) == 0 {
                (N + 1, N - 1)
            } else {
                (N - 1, 0)
            };
            let mut diagonal = vec![cells[0]];
            while diagonal.last().unwrap() % N != col_end && diagonal.last().unwrap() + step < N * N
            {
                diagonal.push(diagonal.last().unwrap() + step);
            }
            Rule::LittleKiller {
                cells: diagonal,
                sum: value,
            }
        }
        2 => Rule::Sandwich {
            clue,
            sum: [0, 2, 3, 5][rng.below(4)],
        },
        3 => Rule::XSum { clue, sum: value },
        4 => Rule::Skyscraper {
            clue,
            count: 1 + rng.below(N) as u32,
        },
        5 => Rule::BetweenLine(cells),
        6 => Rule::Lockout {
            line: cells,
            gap: 1 + rng.below(3) as u8,
        },
        7 => Rule::RegionSumLine(cells),
        8 => Rule::ZipperLine(cells),
        9 => Rule::DoubleArrow(cells),
        _ => {
            let split = 1 + rng.below(cells.len() - 1).min(1);
            Rule::PillArrow {
                pill: cells[..split].to_vec(),
                line: cells[split..].to_vec(),
            }
        }
    }
}

/// One to three rules of `pick` (given random cells, a random grid and the generator) on a
/// 4x4 grid, each one that `valid` accepts (given that grid); the rules and the grid.
fn random_rules(
    seed: u64,
    stream: u64,
    mut pick: impl FnMut(Vec<usize>, &[u8], &mut SetterRng) -> Rule,
    valid: impl Fn(&Rule, &[u8]) -> bool,
) -> (Vec<Rule>, Vec<u8>) {
    let mut rng = SetterRng::for_puzzle(seed, stream);
    let grids = all_grids(&boxes());
    let planted = grids[rng.below(grids.len())].clone();
    let mut rules = Vec::new();
    let mut tries = 0;
    while rules.len() < 1 + rng.below(3) && tries < 100 {
        tries += 1;
        let cells = rng.permutation(N * N)[..2 + rng.below(4)].to_vec();
        let rule = pick(cells, &planted, &mut rng);
        if valid(&rule, &planted) {
            rules.push(rule);
        }
    }
    (rules, planted)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_table_rules_match_brute_force_on_4x4(seed in any::<u64>(), keep in any::<bool>()) {
        let pick = |cells: Vec<usize>, _: &[u8], rng: &mut SetterRng| {
            let value = 1 + rng.below(12) as u32;
            table_rule(rng.below(11), cells, value, rng)
        };
        let (rules, planted) =
            random_rules(seed, 6, pick, |rule, planted| !keep || oracle(rule, planted));
        let count = check_rules(None, rules.clone());
        if keep {
            prop_assert!(count >= 1, "{rules:?} lost {planted:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sums_kept_by_bounds_or_sets_match_brute_force_on_4x4(seed in any::<u64>(), keep in any::<bool>(), mode in 0usize..3) {
        // Killer cages, arrows, little killers, region-sum lines, double and pill arrows,
        // every one kept by bounds rather than by a table, among other rules; or every
        // killer cage a table of its sets of digits; or every region-sum line, zipper line
        // and double arrow kept by the propagator of segments' totals, the rest by bounds.
        let pick = |cells: Vec<usize>, planted: &[u8], rng: &mut SetterRng| {
            let total: u32 = cells.iter().map(|&c| u32::from(planted[c])).sum();
            let value = [total, 1 + rng.below(12) as u32][rng.below(2)];
            match rng.below(6) {
                0 => Rule::Killer { cells, sum: Some(value) },
                1 => Rule::Arrow { circle: cells[0], line: cells[1..].to_vec() },
                2 => Rule::Thermometer(cells),
                _ => table_rule([1, 7, 8, 9, 10][rng.below(5)], cells, value, rng),
            }
        };
        let valid = |rule: &Rule, planted: &[u8]| {
            let shape = Shape::new(2, 2).unwrap();
            Variant::new(Grid::empty(shape), None, vec![rule.clone()]).is_ok()
                && (!keep || super::oracle(rule, std::slice::from_ref(rule), planted))
        };
        let (rules, planted) = random_rules(seed, 7, pick, valid);
        let build = |f: &dyn Fn() -> Variant| match mode {
            0 => crate::variant::compile::by_sets(f),
            1 => crate::variant::compile::by_bounds(f),
            _ => crate::variant::compile::by_totals(f),
        };
        let count = match mode {
            0 => crate::variant::compile::by_sets(|| check_rules(None, rules.clone())),
            1 => crate::variant::compile::by_bounds(|| check_rules(None, rules.clone())),
            _ => crate::variant::compile::by_totals(|| check_rules(None, rules.clone())),
        };
        if keep {
            prop_assert!(count >= 1, "{rules:?} lost {planted:?}");
        }
        let variant = build(&|| {
            Variant::new(Grid::empty(Shape::new(2, 2).unwrap()), None, rules.clone()).unwrap()
        });
        let mut solver = VariantSolver::new();
        solver.set_propagation(false);
        prop_assert_eq!(solver.count(&variant, None).solutions, count as u128, "{:?}", rules);
    }
}

/// Rules of every kind of this module that the solved 9x9 `grid` keeps: the clues read off
/// it, and random lines where it keeps them.
fn planted_table_rules(grid: &[u8], rng: &mut SetterRng) -> Vec<Rule> {
    let variant = |rules: Vec<Rule>| Variant::new(Grid::empty(Shape::CLASSIC), None, rules);
    let solution = Grid::from_cells(Shape::CLASSIC, grid.to_vec()).unwrap();
    let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
    let mut rules = Vec::new();
    for _ in 0..120 {
        let clue = Outside {
            side: sides[rng.below(4)],
            index: rng.below(9),
        };
        let line: Vec<usize> = clue.cells(9);
        let cells = rng.permutation(81)[..2 + rng.below(5)].to_vec();
        let rule = match rng.below(11) {
            0 => {
                let top = rng.below(8) * 9 + rng.below(8);
                let quad = vec![top, top + 1, top + 10, top + 9];
                let digits = quad[..1 + rng.below(4)].iter().map(|&c| grid[c]).collect();
                Rule::Quadruple {
                    cells: quad,
                    digits,
                }
            }
            1 => {
                // Diagonals of two to five cells: the longest would have too many assignments.
                let start = 4 + rng.below(4);
                let diagonal: Vec<usize> = (0..9 - start).map(|k| k * 10 + start).collect();
                let sum = diagonal.iter().map(|&c| u32::from(grid[c])).sum();
                Rule::LittleKiller {
                    cells: diagonal,
                    sum,
                }
            }
            2..=4 => {
                let digits: Vec<u32> = line.iter().map(|&c| u32::from(grid[c])).collect();
                let at = |d: u32| digits.iter().position(|&v| v == d).unwrap();
                let (a, b) = (at(1), at(9));
                match rng.below(3) {
                    0 => Rule::Sandwich {
                        clue,
                        sum: digits[a.min(b) + 1..a.max(b)].iter().sum(),
                    },
                    1 => Rule::XSum {
                        clue,
                        sum: digits[..digits[0] as usize].iter().sum(),
                    },
                    _ => {
                        let count = (0..9).filter(|&k| digits[..k].iter().all(|&d| d < digits[k]));
                        Rule::Skyscraper {
                            clue,
                            count: count.count() as u32,
                        }
                    }
                }
            }
            5 => Rule::BetweenLine(cells),
            6 => Rule::Lockout {
                line: cells,
                gap: 4,
            },
            7 => Rule::RegionSumLine(cells),
            8 => Rule::ZipperLine(cells),
            9 => Rule::DoubleArrow(cells),
            _ => {
                let total: u32 = cells[1..].iter().map(|&c| u32::from(grid[c])).sum();
                let pill = vec![cells[0]];
                if total >= 10 {
                    Rule::PillArrow {
                        pill,
                        line: cells[1..].to_vec(),
                    }
                } else {
                    Rule::Arrow {
                        circle: cells[0],
                        line: cells[1..].to_vec(),
                    }
                }
            }
        };
        if variant(vec![rule.clone()]).is_ok_and(|v| v.accepts(&solution)) {
            rules.push(rule);
        }
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn a_planted_grid_keeps_its_table_rules(seed in any::<u64>(), givens in 10usize..40) {
        let mut rng = SetterRng::for_puzzle(seed, 7);
        let solution = random_solution(Shape::CLASSIC, &mut rng);
        let rules = planted_table_rules(solution.cells(), &mut rng);
        prop_assert!(rules.len() >= 10, "{rules:?}");
        planted_grid_is_answered(&solution, rules, givens, &mut rng)?;
    }
}

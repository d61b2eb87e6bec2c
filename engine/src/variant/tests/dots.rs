//! Kropki dots and XV with any value, non-consecutive and the negative constraints beside
//! them, as dclamage's solver reads f-puzzles: a negative constraint forbids, on every two
//! neighbours without a marker of its family (any kropki dot for differences and ratios, an
//! X or V for XV), the standard value and each value a marker of its kind shows; and
//! non-consecutive leaves two cells with a kropki dot alone.

use super::*;

/// True when a kropki dot (white or black) joins `a` and `b`.
pub(super) fn kropki(all: &[Rule], a: usize, b: usize) -> bool {
    all.iter().any(|rule| match rule {
        Rule::Difference { cells, .. } | Rule::Ratio { cells, .. } => {
            (cells[0] == a && cells[1] == b) || (cells[0] == b && cells[1] == a)
        }
        _ => false,
    })
}

/// True when an X or a V joins `a` and `b`.
fn xv(all: &[Rule], a: usize, b: usize) -> bool {
    all.iter().any(|rule| match rule {
        Rule::Xv { cells, .. } => {
            (cells[0] == a && cells[1] == b) || (cells[0] == b && cells[1] == a)
        }
        _ => false,
    })
}

/// The meaning of a negative constraint of kind `marker` among `all` on a solved 4x4 grid.
pub(super) fn negative(marker: Marker, all: &[Rule], g: &[u8]) -> bool {
    // The values forbidden: the standard ones and those the markers of this kind show.
    let mut values: Vec<i32> = match marker {
        Marker::Difference => vec![1],
        Marker::Ratio => vec![2],
        Marker::Xv => vec![5, 10],
    };
    for rule in all {
        match (marker, rule) {
            (Marker::Difference, Rule::Difference { value, .. })
            | (Marker::Ratio, Rule::Ratio { value, .. })
            | (Marker::Xv, Rule::Xv { sum: value, .. }) => values.push(i32::from(*value)),
            _ => {}
        }
    }
    pairs().filter(|&(a, b)| orthogonal(a, b)).all(|(a, b)| {
        let (x, y) = (i32::from(g[a]), i32::from(g[b]));
        let free = match marker {
            Marker::Difference | Marker::Ratio => kropki(all, a, b),
            Marker::Xv => xv(all, a, b),
        };
        free || !values.iter().any(|&v| match marker {
            Marker::Difference => (x - y).abs() == v,
            Marker::Ratio => x == v * y || y == v * x,
            Marker::Xv => x + y == v,
        })
    })
}

#[test]
fn negative_constraints_forbid_the_values_their_markers_show() {
    let white = |cells, value| Rule::Difference { cells, value };
    let black = |cells, value| Rule::Ratio { cells, value };
    // A white dot of 2: no other neighbours differ by 1 or 2.
    check_rules(
        None,
        vec![white([0, 1], 2), Rule::Negative(Marker::Difference)],
    );
    // A black dot of 3 beside a white dot: the white pair is free of the negative ratio,
    // the black pair free of the negative difference.
    check_rules(
        None,
        vec![
            black([5, 6], 3),
            white([9, 10], 1),
            Rule::Negative(Marker::Ratio),
            Rule::Negative(Marker::Difference),
        ],
    );
    // Non-consecutive leaves the cells of a black dot alone (1 and 2 may share one).
    check_rules(None, vec![black([0, 4], 2), Rule::NonConsecutive]);
}

/// A random marker between two orthogonal neighbours: a white or black dot of value 1 to 3
/// (a ratio from 2), an X or a V.
pub(super) fn random_marker(rng: &mut SetterRng) -> Rule {
    // Its right-hand or lower neighbour, whichever the grid has (a coin when both).
    let a = rng.below(N * N - 1);
    let b = match (a % N + 1 < N, a + N < N * N) {
        (true, true) if rng.below(2) == 0 => a + N,
        (true, _) => a + 1,
        _ => a + N,
    };
    let cells = [a, b];
    match rng.below(3) {
        0 => Rule::Difference {
            cells,
            value: 1 + rng.below(3) as u8,
        },
        1 => Rule::Ratio {
            cells,
            value: 2 + rng.below(2) as u8,
        },
        _ => Rule::Xv {
            cells,
            sum: [5, 10][rng.below(2)],
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn random_dots_and_negatives_match_brute_force_on_4x4(seed in any::<u64>()) {
        let mut rng = SetterRng::for_puzzle(seed, 4);
        let mut rules: Vec<Rule> = (0..rng.below(4)).map(|_| random_marker(&mut rng)).collect();
        for marker in [Marker::Difference, Marker::Ratio, Marker::Xv] {
            if rng.below(2) == 0 {
                rules.push(Rule::Negative(marker));
            }
        }
        if rng.below(3) == 0 {
            rules.push(Rule::NonConsecutive);
        }
        // Two markers on one pair are refused by no rule, and mean both.
        check_rules(None, rules);
    }
}

//! The sparse-set search against the dancing links on generated problems: the same counts,
//! the same solutions, and under Knuth's branching rule the same nodes.

use super::SparseCover;
use crate::exact_cover::{Branching, ExactCover, Interrupt};
use std::collections::BTreeSet;

/// The n-queens problem as options of (row, column, diagonal, anti-diagonal): rows and
/// columns primary, the diagonals secondary.
fn queens(n: usize) -> (usize, usize, Vec<Vec<usize>>) {
    let options = (0..n * n)
        .map(|k| {
            let (r, c) = (k / n, k % n);
            vec![
                r,
                n + c,
                2 * n + r + c,
                2 * n + (2 * n - 1) + (n - 1 + r - c),
            ]
        })
        .collect();
    (2 * n, 2 * (2 * n - 1), options)
}

/// Langford pairs of 1..=n: item k for the number, n + position for the slots.
fn langford(n: usize) -> (usize, usize, Vec<Vec<usize>>) {
    let mut options = Vec::new();
    for k in 1..=n {
        for i in 0..2 * n {
            let j = i + k + 1;
            if j < 2 * n {
                options.push(vec![k - 1, n + i, n + j]);
            }
        }
    }
    (3 * n, 0, options)
}

fn both(primary: usize, secondary: usize, options: &[Vec<usize>]) -> (ExactCover, SparseCover) {
    let mut dlx = ExactCover::new(primary, secondary);
    dlx.set_branching(Branching::FirstShortest);
    let mut builder = SparseCover::builder(primary, secondary);
    for option in options {
        dlx.add_option(option).unwrap();
        builder.add_option(option).unwrap();
    }
    (dlx, builder.build().unwrap())
}

fn solutions(cover: &mut SparseCover) -> BTreeSet<Vec<usize>> {
    let mut found = BTreeSet::new();
    cover.restart();
    while let Some(solution) = cover.next_solution() {
        let mut options: Vec<usize> = solution.options().collect();
        options.sort_unstable();
        assert!(found.insert(options), "a solution twice");
    }
    found
}

#[cfg_attr(
    miri,
    ignore = "thousands of solutions: too long under Miri (scripts/miri)"
)]
#[test]
fn queens_have_their_counts_and_dlx1s_nodes() {
    for (n, expected) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        let (primary, secondary, options) = queens(n);
        let (mut dlx, mut sparse) = both(primary, secondary, &options);
        assert_eq!(sparse.count(None).solutions, expected, "queens {n}");
        assert_eq!(dlx.count(None).solutions, expected);
        assert_eq!(sparse.stats().nodes, dlx.stats().nodes, "queens {n}");
        assert_eq!(sparse.stats().solutions, expected as u64);
    }
    // Knuth's figure for queens8 in his item order is 1,049 nodes; this order gives its own,
    // the same for both searches (checked above), and the count is the same at every cap.
    let (primary, secondary, options) = queens(8);
    let (_, mut sparse) = both(primary, secondary, &options);
    let count = sparse.count(Some(10));
    assert_eq!((count.solutions, count.capped), (10, true));
    assert_eq!(sparse.count(Some(93)).solutions, 92);
}

#[cfg_attr(
    miri,
    ignore = "thousands of solutions: too long under Miri (scripts/miri)"
)]
#[test]
fn langford_pairs_stream_the_same_solutions_as_the_dancing_links() {
    for n in [3, 4, 7, 8] {
        let (primary, secondary, options) = langford(n);
        let (mut dlx, mut sparse) = both(primary, secondary, &options);
        let mut expected = BTreeSet::new();
        while let Some(solution) = dlx.next_solution() {
            let mut options: Vec<usize> = solution.options().collect();
            options.sort_unstable();
            expected.insert(options);
        }
        assert_eq!(solutions(&mut sparse), expected, "langford {n}");
        // Streamed again after the end, from the top.
        assert_eq!(solutions(&mut sparse).len(), expected.len());
    }
}

#[test]
fn a_first_solution_then_a_count_start_from_the_top() {
    let (primary, secondary, options) = queens(6);
    let (_, mut sparse) = both(primary, secondary, &options);
    let first = sparse.first_solution().unwrap();
    assert_eq!(first.len(), 6);
    assert!(!first.is_empty());
    assert_eq!(sparse.count(None).solutions, 4);
    assert!(sparse.first_solution().is_some());
    assert!(sparse.next_solution().is_some());
    assert_eq!(sparse.count(None).solutions, 4);
}

#[cfg_attr(
    miri,
    ignore = "thousands of solutions: too long under Miri (scripts/miri)"
)]
#[test]
fn an_interrupted_search_resumes_where_it_stopped() {
    // 35,584 solutions over 440,000 nodes: many times the interrupt's countdown.
    let (primary, secondary, options) = langford(11);
    let (_, mut sparse) = both(primary, secondary, &options);
    let interrupt = Interrupt::new();
    sparse.set_interrupt(Some(interrupt.clone()));
    let mut found = 0;
    while sparse.next_solution().is_some() {
        found += 1;
        if found == 3 {
            interrupt.set();
        }
    }
    assert!(sparse.was_interrupted());
    interrupt.clear();
    while sparse.next_solution().is_some() {
        found += 1;
    }
    assert!(!sparse.was_interrupted());
    assert_eq!(found, 35_584);
    interrupt.set();
    let count = sparse.count(None);
    assert!(count.capped && sparse.was_interrupted());
}

#[test]
fn a_problem_without_primary_items_has_the_empty_solution() {
    let mut sparse = SparseCover::builder(0, 2).build().unwrap();
    let solution = sparse.first_solution().unwrap();
    assert!(solution.is_empty());
    assert_eq!(sparse.count(None).solutions, 1);
}

#[test]
fn an_item_without_options_leaves_no_solution() {
    let mut builder = SparseCover::builder(2, 0);
    builder.add_option(&[0]).unwrap();
    assert_eq!(builder.build().unwrap().count(None).solutions, 0);
}

#[test]
fn bad_options_are_refused() {
    use crate::exact_cover::BuildError;
    let mut builder = SparseCover::builder(2, 1);
    assert_eq!(builder.add_option(&[]), Err(BuildError::EmptyOption));
    assert_eq!(
        builder.add_option(&[0, 3]),
        Err(BuildError::NoSuchItem { item: 3, items: 3 })
    );
    assert_eq!(
        builder.add_option(&[0, 1, 0]),
        Err(BuildError::RepeatedItem { item: 0 })
    );
    assert_eq!(builder.add_option(&[2]), Err(BuildError::NoPrimaryItem));
    assert_eq!(
        builder.add_colored_option(&[(0, Some(1))]),
        Err(BuildError::ColoredPrimary { item: 0 })
    );
    assert_eq!(builder.add_option(&[0, 1]), Ok(0));
    let cover = builder.build().unwrap();
    assert_eq!(cover.options(), 1);
    assert_eq!(cover.option_items(0).collect::<Vec<_>>(), [0, 1]);
    assert_eq!((cover.primary_items(), cover.items()), (2, 3));
}

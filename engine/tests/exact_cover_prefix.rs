//! The search tree cut into prefixes (`exact_cover::prefix`), on both engines: the counts
//! under the prefixes add up to the whole count, every solution is found under exactly one
//! prefix, Knuth's estimates of their places are ordered and end at 1, and the sparse
//! search's selections match a brute-force oracle as the dancing links' do.

use crate::exact_cover_colors::{brute_force, colored_problem, Entry};
use proptest::prelude::*;
use std::collections::HashSet;
use sudoku_dlx::exact_cover::knuth_format::Problem;
use sudoku_dlx::exact_cover::prefix::{self, Prefix};
use sudoku_dlx::exact_cover::sparse::SparseCover;
use sudoku_dlx::exact_cover::{Branching, ExactCover, Found, Split};

/// Every solution under each prefix, in the order the prefixes and the search give them,
/// each as its sorted options.
fn listed<C: Split>(cover: &mut C, prefixes: &[Prefix]) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for piece in prefixes {
        piece.select_in(cover).unwrap();
        while let Some(solution) = cover.next_solution() {
            let mut options: Vec<usize> = solution.options().collect();
            options.sort_unstable();
            all.push(options);
        }
    }
    cover.restart();
    all
}

/// Knuth's estimates: 0 before the first prefix, nondecreasing, 1 after the last; each
/// prefix starts where the one before ends.
fn check_estimates(prefixes: &[Prefix]) {
    assert_eq!(prefixes[0].before, 0.0);
    for pair in prefixes.windows(2) {
        assert!(pair[0].before <= pair[1].before, "{pair:?}");
        assert!((pair[0].before + pair[0].share - pair[1].before).abs() < 1e-12);
    }
    let last = prefixes.last().unwrap();
    assert!((last.before + last.share - 1.0).abs() < 1e-12, "{last:?}");
}

/// The prefixes of `cover` cut into `pieces`, checked; the count under each, added.
fn count_by_prefixes<C: Split>(cover: &mut C, pieces: usize) -> u128 {
    let prefixes = prefix::split(cover, pieces);
    check_estimates(&prefixes);
    let open = prefixes.iter().filter(|p| !p.leaf).count();
    assert!(
        open >= pieces || prefixes.iter().all(|p| p.leaf),
        "{open} < {pieces}"
    );
    prefixes
        .iter()
        .map(|piece| {
            piece.select_in(cover).unwrap();
            cover.count(None).solutions
        })
        .sum()
}

#[test]
fn queens_counts_add_up_whatever_the_pieces() {
    for (n, solutions) in [(1, 1), (3, 0), (6, 4), (8, 92), (10, 724)] {
        let problem = Problem::queens(n);
        for pieces in [1, 2, 3, 7, 64, 448] {
            let mut links = problem.matrix().unwrap();
            links.set_branching(Branching::FirstShortest);
            assert_eq!(
                count_by_prefixes(&mut links, pieces),
                solutions,
                "{n} {pieces}"
            );
            let mut sparse = problem.sparse().unwrap();
            assert_eq!(
                count_by_prefixes(&mut sparse, pieces),
                solutions,
                "{n} {pieces}"
            );
            sparse.sanity();
        }
    }
}

#[test]
fn under_knuths_rule_the_dancing_links_list_in_the_order_of_one_search() {
    let problem = Problem::queens(8);
    let mut links = problem.matrix().unwrap();
    links.set_branching(Branching::FirstShortest);
    let mut whole = Vec::new();
    while let Some(solution) = links.next_solution() {
        let mut options: Vec<usize> = solution.options().collect();
        options.sort_unstable();
        whole.push(options);
    }
    for pieces in [2, 7, 100] {
        let prefixes = prefix::split(&mut links, pieces);
        assert_eq!(listed(&mut links, &prefixes), whole, "{pieces}");
    }
}

#[test]
fn a_tree_that_ends_at_the_top_is_one_leaf() {
    // No primary item: one solution, the empty one.
    let mut sparse = SparseCover::builder(0, 1).build().unwrap();
    let prefixes = prefix::split(&mut sparse, 8);
    assert_eq!(prefixes.len(), 1);
    assert!(prefixes[0].leaf && prefixes[0].options.is_empty());
    assert_eq!(count_by_prefixes(&mut sparse, 8), 1);
    // An item without options: a dead end at the top.
    let mut links = ExactCover::new(2, 0);
    links.add_option(&[0]).unwrap();
    assert_eq!(count_by_prefixes(&mut links, 8), 0);
}

/// Both engines of a small colored problem.
fn engines(primary: usize, secondary: usize, options: &[Vec<Entry>]) -> (ExactCover, SparseCover) {
    let mut links = ExactCover::new(primary, secondary);
    links.set_branching(Branching::FirstShortest);
    let mut builder = SparseCover::builder(primary, secondary);
    for option in options {
        links.add_colored_option(option).unwrap();
        builder.add_colored_option(option).unwrap();
    }
    (links, builder.build().unwrap())
}

proptest! {
    /// Whatever the pieces, each solution of the oracle comes under exactly one prefix.
    #[test]
    fn prefixes_share_out_the_solutions((primary, secondary, options) in colored_problem()) {
        let expected = brute_force(primary, primary + secondary, &options);
        let (mut links, mut sparse) = engines(primary, secondary, &options);
        for pieces in [1, 2, 3, 7] {
            let by_links = prefix::split(&mut links, pieces);
            let by_sparse = prefix::split(&mut sparse, pieces);
            for all in [listed(&mut links, &by_links), listed(&mut sparse, &by_sparse)] {
                let distinct: HashSet<Vec<usize>> = all.iter().cloned().collect();
                prop_assert_eq!(distinct.len(), all.len());
                prop_assert_eq!(&distinct, &expected);
            }
            check_estimates(&by_sparse);
            sparse.sanity();
        }
    }

    /// The sparse search's selections: as many solutions as the oracle has with the option,
    /// or an error when no solution has it because of a selection made before.
    #[test]
    fn sparse_selections_match_brute_force((primary, secondary, options) in colored_problem()) {
        let expected = brute_force(primary, primary + secondary, &options);
        let (_, mut sparse) = engines(primary, secondary, &options);
        for first in 0..options.len() {
            for second in (0..options.len()).filter(|&second| second != first) {
                sparse.restart();
                sparse.select(first).unwrap();
                let with_both = expected
                    .iter()
                    .filter(|s| s.contains(&first) && s.contains(&second))
                    .count();
                match sparse.select(second) {
                    Ok(()) => prop_assert_eq!(sparse.count(None).solutions, with_both as u128),
                    Err(_) => prop_assert_eq!(with_both, 0),
                }
                sparse.sanity();
            }
        }
        sparse.restart();
        sparse.sanity();
        prop_assert_eq!(sparse.count(None).solutions, expected.len() as u128);
    }
}

//! Colors in the exact-cover core: Knuth's colored example, and a brute-force oracle on
//! small random colored matrices, under both branching rules and for the sparse-set search.

use crate::common::distinct_solutions;
use proptest::prelude::*;
use std::collections::HashSet;
use sudoku_dlx::exact_cover::sparse::SparseCover;
use sudoku_dlx::exact_cover::{Branching, ExactCover, SelectError};

pub(crate) type Entry = (usize, Option<u32>);

/// Knuth's example of colors (TAOCP 7.2.2.1–(49)): primary `p q r`, secondary `x y`.
fn knuth_colored_example() -> ExactCover {
    let (p, q, r, x, y) = (0, 1, 2, 3, 4);
    let (a, b) = (Some(0), Some(1));
    let mut matrix = ExactCover::new(3, 2);
    for option in [
        &[(p, None), (q, None), (x, None), (y, a)][..],
        &[(p, None), (r, None), (x, a), (y, None)],
        &[(p, None), (x, b)],
        &[(q, None), (x, a)],
        &[(r, None), (y, b)],
    ] {
        matrix.add_colored_option(option).unwrap();
    }
    matrix
}

#[test]
fn knuths_colored_example_has_its_one_solution() {
    for branching in [
        Branching::ForcedFirst,
        Branching::FirstShortest,
        Branching::Weighted,
    ] {
        let mut matrix = knuth_colored_example();
        matrix.set_branching(branching);
        let mut options: Vec<usize> = matrix.first_solution().unwrap().options().collect();
        options.sort();
        assert_eq!(options, vec![1, 3], "{branching:?}");
        assert!(matrix.next_solution().is_none());
        matrix.restart();
        matrix.sanity();
        assert_eq!(matrix.count(None).solutions, 1);
        matrix.sanity();
    }
}

#[test]
fn colors_read_back_as_given() {
    let matrix = knuth_colored_example();
    assert_eq!(matrix.option_color(0, 3), Some(0));
    assert_eq!(matrix.option_color(0, 2), None);
    assert_eq!(matrix.option_color(4, 1), Some(1));
}

#[test]
fn a_primary_item_takes_no_color() {
    let mut matrix = ExactCover::new(1, 1);
    assert_eq!(
        matrix.add_colored_option(&[(0, Some(1))]),
        Err(sudoku_dlx::exact_cover::BuildError::ColoredPrimary { item: 0 })
    );
    assert_eq!(matrix.options(), 0);
}

#[test]
fn a_selection_rules_out_an_option_of_another_color() {
    let mut matrix = knuth_colored_example();
    matrix.select(3).unwrap(); // q x:A
    assert!(matches!(matrix.select(2), Err(SelectError::Conflict(_)))); // p x:B
    assert_eq!(matrix.count(None).solutions, 1);
    matrix.restart();
    matrix.sanity();
}

/// Every subset of `options` that covers each primary item exactly once and gives each
/// secondary item either one uncolored use or any number of uses of one same color.
pub(crate) fn brute_force(
    primary: usize,
    items: usize,
    options: &[Vec<Entry>],
) -> HashSet<Vec<usize>> {
    let mut found = HashSet::new();
    for subset in 0u32..1 << options.len() {
        let chosen: Vec<usize> = (0..options.len())
            .filter(|k| subset >> k & 1 == 1)
            .collect();
        let mut uses = vec![0; items];
        let mut colors: Vec<Vec<Option<u32>>> = vec![Vec::new(); items];
        for &k in &chosen {
            for &(item, color) in &options[k] {
                uses[item] += 1;
                colors[item].push(color);
            }
        }
        let primary_ok = (0..primary).all(|item| uses[item] == 1);
        let secondary_ok = (primary..items).all(|item| {
            let used = &colors[item];
            used.len() <= 1 || (used[0].is_some() && used.iter().all(|&c| c == used[0]))
        });
        if primary_ok && secondary_ok {
            found.insert(chosen);
        }
    }
    found
}

/// A small matrix: 1–4 primary items, 0–3 secondary, up to 9 options of distinct items,
/// each with a primary item, secondary entries colored 0, 1 or not at all.
pub(crate) fn colored_problem() -> impl Strategy<Value = (usize, usize, Vec<Vec<Entry>>)> {
    (1usize..=4, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = (
            0..primary,
            prop::collection::btree_set(0..items, 0..=3),
            prop::collection::vec(prop::option::of(0u32..2), 4),
        )
            .prop_map(move |(anchor, others, colors)| {
                let mut entries: Vec<Entry> = vec![(anchor, None)];
                for (k, item) in others.into_iter().filter(|&i| i != anchor).enumerate() {
                    let color = if item >= primary { colors[k] } else { None };
                    entries.push((item, color));
                }
                entries
            });
        (
            Just(primary),
            Just(secondary),
            prop::collection::vec(option, 0..=9),
        )
    })
}

proptest! {
    #[test]
    fn colored_counts_match_brute_force((primary, secondary, options) in colored_problem()) {
        let expected = brute_force(primary, primary + secondary, &options);
        for branching in [Branching::ForcedFirst, Branching::FirstShortest, Branching::Weighted] {
            let mut matrix = ExactCover::new(primary, secondary);
            matrix.set_branching(branching);
            for option in &options {
                matrix.add_colored_option(option).unwrap();
            }
            prop_assert_eq!(matrix.count(None).solutions, expected.len() as u128);
            matrix.restart();
            matrix.sanity();
            let streamed = distinct_solutions(|| matrix.next_solution().map(|s| s.options().collect()));
            prop_assert_eq!(&streamed, &expected);
            matrix.restart();
            matrix.sanity();
            for fixed in 0..options.len() {
                let with_it = expected.iter().filter(|s| s.contains(&fixed)).count();
                match matrix.select(fixed) {
                    Ok(()) => prop_assert_eq!(matrix.count(None).solutions, with_it as u128),
                    Err(_) => prop_assert_eq!(with_it, 0),
                }
                matrix.restart();
                matrix.sanity();
            }
        }
    }

    /// The sparse-set search finds the brute force's solutions, each once, and enters the
    /// branch points of the dancing links under Knuth's rule.
    #[test]
    fn sparse_search_matches_brute_force_and_dlx_nodes(
        (primary, secondary, options) in colored_problem()
    ) {
        let expected = brute_force(primary, primary + secondary, &options);
        let mut matrix = ExactCover::new(primary, secondary);
        matrix.set_branching(Branching::FirstShortest);
        let mut builder = SparseCover::builder(primary, secondary);
        for option in &options {
            matrix.add_colored_option(option).unwrap();
            builder.add_colored_option(option).unwrap();
        }
        let mut sparse = builder.build().unwrap();
        prop_assert_eq!(sparse.count(None).solutions, expected.len() as u128);
        prop_assert_eq!(matrix.count(None).solutions, expected.len() as u128);
        prop_assert_eq!(sparse.stats().nodes, matrix.stats().nodes);
        sparse.restart();
        sparse.sanity();
        let streamed = distinct_solutions(|| sparse.next_solution().map(|s| s.options().collect()));
        prop_assert_eq!(&streamed, &expected);
        sparse.sanity();
        sparse.restart();
        sparse.sanity();
        prop_assert_eq!(sparse.first_solution().is_some(), !expected.is_empty());
    }
}

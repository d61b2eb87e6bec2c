//! The sparse-set search against the dancing links on generated problems: the same counts,
//! the same solutions, and under Knuth's branching rule the same nodes.

use super::SparseCover;
use crate::exact_cover::knuth_format::Problem;
use crate::exact_cover::{Branching, ExactCover, Interrupt};
use std::collections::BTreeSet;

/// `problem` on the dancing links (under Knuth's branching rule, as `dlx1`) and on sparse sets.
fn both(problem: &Problem) -> (ExactCover, SparseCover) {
    let mut dlx = problem.matrix().unwrap();
    dlx.set_branching(Branching::FirstShortest);
    (dlx, problem.sparse().unwrap())
}

/// `cover` searched with a trail of changes, whatever its size.
fn trailing(mut cover: SparseCover) -> SparseCover {
    assert!(!cover.search.trailing(), "small problems take snapshots");
    let (depth, items) = (cover.search.depth(), cover.items());
    let changes = cover.cells.len() + items;
    cover.search.reset(depth, items, changes, true);
    cover
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
        let (mut dlx, mut sparse) = both(&Problem::queens(n));
        assert_eq!(sparse.count(None).solutions, expected, "queens {n}");
        assert_eq!(dlx.count(None).solutions, expected);
        assert_eq!(sparse.stats().nodes, dlx.stats().nodes, "queens {n}");
        assert_eq!(sparse.stats().solutions, expected as u64);
    }
    // Knuth's figure for queens8 in his item order is 1,049 nodes; this order gives its own,
    // the same for both searches (checked above), and the count is the same at every cap.
    let (_, mut sparse) = both(&Problem::queens(8));
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
        let (mut dlx, mut sparse) = both(&Problem::langford(n));
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
    let (_, mut sparse) = both(&Problem::queens(6));
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
    let (_, snapshots) = both(&Problem::langford(11));
    for mut sparse in [snapshots.clone(), trailing(snapshots)] {
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
}

#[cfg_attr(
    miri,
    ignore = "thousands of solutions: too long under Miri (scripts/miri)"
)]
#[test]
fn an_interrupted_count_goes_on_and_the_parts_add_up() {
    // Langford pairs of 1..11: 35,584 solutions over 440,000 nodes. After a first solution
    // and a capped count, a count stopped by the interrupt (a few thousand nodes in), then
    // one that goes on to the end: the parts add up, and a restart counts them all again.
    let (_, snapshots) = both(&Problem::langford(11));
    for mut sparse in [snapshots.clone(), trailing(snapshots)] {
        let interrupt = Interrupt::new();
        sparse.set_interrupt(Some(interrupt.clone()));
        assert!(sparse.next_solution().is_some());
        let capped = sparse.count_on(Some(100));
        assert_eq!((capped.solutions, capped.capped), (100, true));
        interrupt.set();
        let part = sparse.count_on(None);
        assert!(part.capped && sparse.was_interrupted());
        interrupt.clear();
        let rest = sparse.count_on(None);
        assert!(!rest.capped && !sparse.was_interrupted());
        assert!(rest.solutions < 35_584 - 101, "the first part counted some");
        assert_eq!(101 + part.solutions + rest.solutions, 35_584);
        assert_eq!(sparse.count_on(None).solutions, 0, "nothing is left");
        sparse.restart();
        assert_eq!(sparse.count_on(None).solutions, 35_584);
    }
}

#[test]
fn the_trail_and_the_snapshots_agree_on_every_statistic() {
    let largest = if cfg!(miri) { 5 } else { 8 };
    let problems = (1..=largest)
        .map(Problem::queens)
        .chain([3, 4, largest].into_iter().map(Problem::langford));
    for problem in problems {
        let (_, mut snapshots) = both(&problem);
        let mut trail = trailing(snapshots.clone());
        assert_eq!(solutions(&mut trail), solutions(&mut snapshots));
        assert_eq!(trail.count(None), snapshots.count(None));
        assert_eq!(trail.stats(), snapshots.stats());
        trail.sanity();
    }
}

/// Options drawn at random over `primary` primary and `secondary` secondary items, the
/// secondary ones colored 0 to 2 or not at all.
fn random_colored(seed: u64, primary: usize, secondary: usize) -> SparseCover {
    let mut state = seed;
    let mut next = |bound: usize| {
        // Knuth's MMIX multiplier: a linear congruential sequence, its high bits taken.
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % bound
    };
    let mut builder = SparseCover::builder(primary, secondary);
    for _ in 0..3 * (primary + secondary) {
        let mut entries = vec![(next(primary), None)];
        for _ in 0..next(4) {
            let item = next(primary + secondary);
            if entries.iter().all(|&(other, _)| other != item) {
                let color = (item >= primary && next(3) > 0).then(|| next(3) as u32);
                entries.push((item, color));
            }
        }
        builder.add_colored_option(&entries).unwrap();
    }
    builder.build().unwrap()
}

#[test]
fn the_trail_and_the_snapshots_agree_with_colors() {
    let mut solved = 0;
    for seed in 0..if cfg!(miri) { 8 } else { 200 } {
        let mut snapshots = random_colored(seed, 6, 4);
        let mut trail = trailing(snapshots.clone());
        let expected = solutions(&mut snapshots);
        solved += usize::from(!expected.is_empty());
        assert_eq!(solutions(&mut trail), expected, "seed {seed}");
        assert_eq!(trail.stats(), snapshots.stats(), "seed {seed}");
        trail.sanity();
    }
    assert!(solved > 0, "some problems have solutions");
}

#[test]
fn a_count_takes_the_last_options_at_once_as_the_listing_finds_them() {
    // A count without a cap adds up the last level's options at once (see the module's
    // notes); the listing commits each. Both must see the same solutions and nodes, and a
    // count with a cap, which takes them one by one, the same figures too.
    let mut bulk = 0;
    for seed in 0..if cfg!(miri) { 8 } else { 300 } {
        let (primary, secondary) = (4 + seed as usize % 5, seed as usize % 3);
        let mut cover = random_colored(seed, primary, secondary);
        let listed = solutions(&mut cover).len() as u128;
        let listing = cover.stats();
        cover.reset_stats();
        let count = cover.count(None);
        assert_eq!(
            (count.solutions, count.capped),
            (listed, false),
            "seed {seed}"
        );
        assert_eq!(cover.stats().nodes, listing.nodes, "seed {seed}");
        assert_eq!(cover.stats().solutions, listing.solutions, "seed {seed}");
        assert_eq!(cover.stats().max_depth, listing.max_depth, "seed {seed}");
        let branching =
            |stats: crate::exact_cover::Stats| (stats.forced, stats.guesses, stats.dead_ends);
        assert_eq!(branching(cover.stats()), branching(listing), "seed {seed}");
        bulk += usize::from(cover.stats().covers < listing.covers);
        cover.reset_stats();
        assert_eq!(
            cover.count(Some(u128::MAX)).solutions,
            listed,
            "seed {seed}"
        );
        assert_eq!(cover.stats().nodes, listing.nodes, "seed {seed}");
        cover.sanity();
    }
    assert!(bulk > 0, "some counts took options at once");
}

#[cfg_attr(miri, ignore = "a thousand levels: too long under Miri (scripts/miri)")]
#[test]
fn a_problem_with_more_items_than_its_levels_change_keeps_a_trail() {
    // One option of one item for each item: a level changes one size, and the snapshots of
    // its levels would copy them all.
    for items in [20, 1025] {
        let mut builder = SparseCover::builder(items, 0);
        for item in 0..items {
            builder.add_option(&[item]).unwrap();
        }
        let mut cover = builder.build().unwrap();
        assert!(cover.search.trailing());
        assert_eq!(cover.search.depth(), items);
        assert_eq!(cover.count(None).solutions, 1);
        assert_eq!(cover.first_solution().unwrap().len(), items);
    }
    // Queens take snapshots: a level removes more sizes than there are items.
    let (_, cover) = both(&Problem::queens(8));
    assert!(!cover.search.trailing());
    // At most 8 queens, each covering 2 of the 16 primary items.
    assert_eq!(cover.search.depth(), 8);
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

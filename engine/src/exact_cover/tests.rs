//! Unit tests of the exact-cover core on small problems with known answers.

use super::{BuildError, Conflict, ExactCover, SelectError};

/// Knuth's example from "Dancing Links": items A..G, six options, one solution.
fn knuth_example() -> ExactCover {
    let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
    let mut matrix = ExactCover::new(7, 0);
    for option in [
        &[c, e, f][..],
        &[a, d, g],
        &[b, c, f],
        &[a, d],
        &[b, g],
        &[d, e, g],
    ] {
        matrix.add_option(option).unwrap();
    }
    matrix
}

/// n queens (see [`Problem::queens`]).
pub(crate) fn queens(n: usize) -> ExactCover {
    super::knuth_format::Problem::queens(n).matrix().unwrap()
}

#[test]
fn knuth_example_has_its_one_solution() {
    let mut matrix = knuth_example();
    matrix.sanity();
    let mut options: Vec<usize> = matrix.first_solution().unwrap().options().collect();
    options.sort();
    assert_eq!(options, vec![0, 3, 4]);
    assert!(matrix.next_solution().is_none());
    assert!(matrix.next_solution().is_none());
    matrix.restart();
    matrix.sanity();
    assert_eq!(matrix.count(None).solutions, 1);
}

#[cfg_attr(
    miri,
    ignore = "thousands of solutions: too long under Miri (scripts/miri)"
)]
#[test]
fn queens_have_their_known_counts() {
    for (n, expected) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)] {
        let mut matrix = queens(n);
        let count = matrix.count(None);
        assert_eq!(count.solutions, expected, "{n} queens");
        assert!(!count.capped);
        matrix.restart();
        matrix.sanity();
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of nodes: too long under Miri (scripts/miri)"
)]
fn streamed_queens_solutions_are_distinct_placements() {
    let mut matrix = queens(8);
    let mut seen = std::collections::HashSet::new();
    while let Some(solution) = matrix.next_solution() {
        let mut options: Vec<usize> = solution.options().collect();
        assert_eq!(options.len(), 8);
        options.sort();
        let rows: std::collections::HashSet<usize> = options.iter().map(|o| o / 8).collect();
        assert_eq!(rows.len(), 8);
        assert!(seen.insert(options), "a solution was reported twice");
    }
    assert_eq!(seen.len(), 92);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of nodes: too long under Miri (scripts/miri)"
)]
fn a_cap_stops_the_count_and_says_so() {
    let mut matrix = queens(8);
    let count = matrix.count(Some(10));
    assert_eq!(count.solutions, 10);
    assert!(count.capped);
    let exact = matrix.count(Some(92));
    assert_eq!(exact.solutions, 92);
    assert!(
        exact.capped,
        "reaching the cap is reported even when nothing is left"
    );
    assert!(!matrix.count(Some(93)).capped);
    matrix.restart();
    matrix.sanity();
}

#[test]
fn the_search_restores_every_link_when_abandoned_midway() {
    let mut matrix = queens(6);
    matrix.select(1).unwrap(); // queen at row 0, column 1
    assert!(matrix.next_solution().is_some());
    matrix.restart();
    matrix.sanity();
    assert_eq!(matrix.count(None).solutions, 4);
}

#[test]
fn selections_fix_options_and_conflicts_are_reported() {
    let mut matrix = queens(6);
    matrix.select(1).unwrap();
    assert_eq!(matrix.count(None).solutions, 1);
    let conflict = matrix.select(2).unwrap_err(); // row 0 again
    assert_eq!(
        conflict,
        SelectError::Conflict(Conflict { option: 2, item: 0 })
    );
    let options: Vec<usize> = matrix.first_solution().unwrap().options().collect();
    assert_eq!(options[0], 1, "selections come first");
    matrix.restart();
    matrix.sanity();
    assert_eq!(matrix.count(None).solutions, 4);
}

#[test]
fn secondary_items_need_not_be_covered() {
    let mut matrix = ExactCover::new(1, 1);
    matrix.add_option(&[0]).unwrap();
    matrix.add_option(&[0, 1]).unwrap();
    assert_eq!(matrix.count(None).solutions, 2);
}

#[test]
fn no_primary_items_means_one_empty_solution() {
    let mut matrix = ExactCover::new(0, 2);
    assert_eq!(matrix.add_option(&[1]), Err(BuildError::NoPrimaryItem));
    let solution = matrix.first_solution().unwrap();
    assert!(solution.is_empty());
}

#[test]
fn an_uncoverable_item_means_no_solution() {
    let mut matrix = ExactCover::new(2, 0);
    matrix.add_option(&[0]).unwrap();
    assert!(matrix.first_solution().is_none());
    assert_eq!(matrix.stats().dead_ends, 1);
}

#[test]
fn bad_options_are_refused() {
    let mut matrix = ExactCover::new(2, 1);
    assert_eq!(matrix.add_option(&[]), Err(BuildError::EmptyOption));
    assert_eq!(
        matrix.add_option(&[3]),
        Err(BuildError::NoSuchItem { item: 3, items: 3 })
    );
    assert_eq!(
        matrix.add_option(&[1, 1]),
        Err(BuildError::RepeatedItem { item: 1 })
    );
    assert_eq!(matrix.options(), 0);
}

#[test]
fn clearing_keeps_the_buffers_and_forgets_the_options() {
    let mut matrix = queens(8);
    matrix.clear(7, 0);
    assert_eq!(matrix.options(), 0);
    matrix.sanity();
    let mut rebuilt = knuth_example();
    assert_eq!(rebuilt.count(None).solutions, 1);
}

#[test]
fn statistics_count_forced_moves_and_guesses() {
    let mut matrix = knuth_example();
    matrix.count(None);
    let stats = matrix.stats();
    assert_eq!(stats.solutions, 1);
    assert!(stats.nodes >= 4);
    assert!(stats.forced + stats.guesses >= 3);
    assert!(stats.updates > 0);
    assert_eq!(stats.max_depth, 3);
}

#[test]
fn reserving_makes_room_for_the_options_to_come() {
    let mut matrix = ExactCover::new(8, 0);
    matrix.reserve(16, 32);
    let (nodes, starts) = (matrix.nodes.as_ptr(), matrix.option_start.as_ptr());
    for k in 0..16 {
        matrix.add_option(&[k % 8, (k + 1) % 8]).unwrap();
    }
    assert_eq!(matrix.nodes.as_ptr(), nodes, "the nodes moved");
    assert_eq!(
        matrix.option_start.as_ptr(),
        starts,
        "the option starts moved"
    );
    assert_eq!(matrix.options(), 16);
    matrix.sanity();
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of nodes: too long under Miri (scripts/miri)"
)]
fn entries_name_their_options_in_uniform_and_mixed_matrices() {
    // Uniform widths read an entry's option by a multiplication, mixed ones by a walk back;
    // `sanity` reads every entry's option both ways of building.
    for width in 1..=7 {
        let mut matrix = ExactCover::new(64, 0);
        for k in 0..5000 {
            let items: Vec<usize> = (0..width).map(|j| (k + j * 9) % 64).collect();
            matrix.add_option(&items).unwrap();
        }
        matrix.sanity();
        assert_eq!(
            matrix.option_of(matrix.option_start[4999] + width as u32 - 1),
            4999
        );
        matrix.add_option(&[0]).unwrap();
        matrix.sanity();
        assert_eq!(matrix.option_of(matrix.option_start[5000]), 5000);
    }
}

#[test]
fn division_by_reciprocal_is_exact_at_the_extremes() {
    let divisors = [
        2,
        3,
        5,
        7,
        10,
        255,
        1 << 16,
        65_537,
        (1 << 31) - 1,
        1 << 31,
        u32::MAX as u64,
    ];
    let xs = [
        0,
        1,
        2,
        3,
        4,
        5,
        1 << 31,
        u32::MAX - 2,
        u32::MAX - 1,
        u32::MAX,
    ];
    for &divisor in &divisors {
        let reciprocal = super::reciprocal(divisor);
        for &x in xs
            .iter()
            .chain(&[(divisor - 1) as u32, divisor.min(u32::MAX as u64) as u32])
        {
            assert_eq!(
                super::divide(x, reciprocal),
                x as u64 / divisor,
                "{x} / {divisor}"
            );
        }
        // Just below and at every multiple near the top of the range.
        let top = u32::MAX as u64 / divisor * divisor;
        for x in [top.saturating_sub(1), top] {
            assert_eq!(
                super::divide(x as u32, reciprocal),
                x / divisor,
                "{x} / {divisor}"
            );
        }
    }
}

#[test]
fn adding_an_option_under_a_selection_is_refused_and_the_selection_stays() {
    let mut matrix = queens(6);
    matrix.select(1).unwrap();
    assert_eq!(matrix.count(None).solutions, 1);
    assert_eq!(matrix.add_option(&[0, 6]), Err(BuildError::Selected));
    assert_eq!(matrix.options(), 36, "nothing was added");
    assert_eq!(matrix.count(None).solutions, 1, "the selection still holds");
    matrix.restart();
    assert_eq!(matrix.add_option(&[0, 6]), Ok(36));
    matrix.sanity();
}

#[test]
fn adding_an_option_after_a_search_abandons_the_search() {
    let mut matrix = ExactCover::new(2, 0);
    matrix.add_option(&[0]).unwrap();
    assert!(matrix.first_solution().is_none());
    matrix.add_option(&[1]).unwrap();
    matrix.sanity();
    assert_eq!(matrix.count(None).solutions, 1);
}

#[test]
fn selecting_an_option_that_does_not_exist_is_an_error() {
    let mut matrix = knuth_example();
    assert_eq!(
        matrix.select(99),
        Err(SelectError::NoSuchOption {
            option: 99,
            options: 6
        })
    );
    assert_eq!(matrix.count(None).solutions, 1);
}

#[test]
fn a_matrix_too_large_for_its_node_numbers_is_a_build_error() {
    assert!(matches!(
        ExactCover::try_new(1 << 31, 0),
        Err(BuildError::TooLarge)
    ));
    assert!(matches!(
        ExactCover::try_new(usize::MAX, 1),
        Err(BuildError::TooLarge)
    ));
    // Lower the limit to reach it without allocating 2³¹ nodes.
    let mut matrix = ExactCover::new(2, 0);
    matrix.max_nodes = 10;
    // Nodes so far: root, two headers, the first spacer.
    assert_eq!(matrix.add_option(&[0, 1]), Ok(0)); // 7 nodes
    assert_eq!(matrix.add_option(&[0, 1]), Ok(1)); // 10 nodes
    assert_eq!(matrix.add_option(&[0]), Err(BuildError::TooLarge));
    assert_eq!(matrix.options(), 2);
    assert_eq!(matrix.try_clear(9, 0), Err(BuildError::TooLarge));
    assert_eq!(
        matrix.count(None).solutions,
        2,
        "a refused clear changes nothing"
    );
    matrix.sanity();
}

#[test]
fn the_node_limit_keeps_lengths_clear_of_the_covered_mark() {
    // Every length counts distinct nodes, so it stays below the node limit, which is the
    // covered mark itself.
    assert_eq!(super::MAX_NODES, super::COVERED as usize);
    assert!(super::MAX_NODES <= u32::MAX as usize);
}

/// At a tie of items with two options each, the guess tries first the branch that removes
/// fewer options, whichever end of the item's list it is at: the first solution found
/// tells which branch was taken.
#[test]
fn a_pair_is_tried_from_the_branch_that_removes_fewer() {
    let (x, p, q, r) = (0, 1, 2, 3);
    // Every item has two options; x's branches remove 2 and 4 options, which makes x the
    // first of the best pairs (each of q and r ties with it).
    for (options, first) in [
        ([&[x, p][..], &[x, q, r], &[q, r], &[p]], [0, 2]),
        ([&[x, q, r][..], &[x, p], &[q, r], &[p]], [1, 2]),
    ] {
        let mut matrix = ExactCover::new(4, 0);
        for option in options {
            matrix.add_option(option).unwrap();
        }
        let mut found: Vec<usize> = matrix.first_solution().unwrap().options().collect();
        found.sort();
        assert_eq!(found, first);
        assert_eq!(matrix.count(None).solutions, 2);
        matrix.restart();
        matrix.sanity();
    }
}

/// The pair order under interruption: a stream of queens' solutions, paused every few
/// thousand nodes and resumed, mostly with the propagator it started with and every third
/// call with none, finds every solution once, the same as Knuth's order run straight through.
#[cfg_attr(
    miri,
    ignore = "thousands of solutions: too long under Miri (scripts/miri)"
)]
#[test]
fn an_interrupted_stream_in_the_pair_order_finds_every_solution_once() {
    use super::{Branching, Interrupt, Propagator, Pruning};
    use std::collections::BTreeSet;
    /// Removes nothing; asks the search to stop at its next look at the flag.
    struct Ring(Interrupt);
    impl Propagator for Ring {
        fn propagate(&mut self, _: &mut Pruning<'_>) {
            self.0.set();
        }
    }
    let sorted = |options: &mut dyn Iterator<Item = usize>| {
        let mut options: Vec<usize> = options.collect();
        options.sort();
        options
    };
    let n = 11;
    let mut knuth = queens(n);
    knuth.set_branching(Branching::FirstShortest);
    let mut expected = BTreeSet::new();
    while let Some(solution) = knuth.next_solution() {
        assert!(expected.insert(sorted(&mut solution.options())));
    }
    assert_eq!(expected.len(), 2680);
    let mut matrix = queens(n);
    let interrupt = Interrupt::new();
    matrix.set_interrupt(Some(interrupt.clone()));
    let mut ring = Ring(interrupt.clone());
    let (mut found, mut pauses, mut calls) = (BTreeSet::new(), 0, 0u32);
    loop {
        calls += 1;
        let next = if calls % 3 != 0 {
            matrix
                .next_solution_propagating(&mut ring)
                .map(|solution| sorted(&mut solution.options()))
        } else {
            matrix
                .next_solution()
                .map(|solution| sorted(&mut solution.options()))
        };
        match next {
            Some(options) => assert!(found.insert(options), "found twice"),
            None if matrix.was_interrupted() => {
                pauses += 1;
                interrupt.clear();
            }
            None => break,
        }
    }
    assert!(pauses >= 10, "{pauses} pauses");
    assert_eq!(found, expected);
    matrix.restart();
    matrix.sanity();
    // The last call may have rung after the last look at the flag.
    interrupt.clear();
    assert_eq!(matrix.count(None).solutions, 2680);
}

/// A propagator's `accept` refuses the covers that break its own rule, also those reached
/// through forced moves alone (no branch point after the last choice), and each refusal is
/// a dead end: the count and the stream leave them out, and the matrix is whole afterwards.
#[test]
fn accept_refuses_the_covers_that_break_the_propagators_rule() {
    use super::{Propagator, Pruning};
    /// Removes nothing; refuses every cover that contains `option`.
    struct Without(usize);
    impl Propagator for Without {
        fn propagate(&mut self, _: &mut Pruning<'_>) {}
        fn accept(&mut self, pruning: &mut Pruning<'_>) -> bool {
            !pruning.chosen().any(|option| option == self.0)
        }
    }
    // Items 0..3; options {0}, {1}, {2}, {0, 1}, {1, 2}: covers {0}{1}{2}, {0,1}{2}, {0}{1,2}.
    let mut matrix = ExactCover::new(3, 0);
    for option in [&[0][..], &[1], &[2], &[0, 1], &[1, 2]] {
        matrix.add_option(option).unwrap();
    }
    assert_eq!(matrix.count(None).solutions, 3);
    for (refused, left) in [(0, 1), (3, 2), (4, 2), (1, 2)] {
        let count = matrix.count_propagating(None, |_| true, &mut Without(refused));
        assert_eq!(count.solutions, left, "without option {refused}");
        matrix.sanity();
        let first = matrix.first_solution_propagating(&mut Without(refused));
        let options: Vec<usize> = first.map(|s| s.options().collect()).unwrap_or_default();
        assert!(!options.contains(&refused));
    }
    // Each item has one option: forced moves alone reach the refused cover, no guess.
    let mut forced = ExactCover::new(2, 0);
    forced.add_option(&[0]).unwrap();
    forced.add_option(&[1]).unwrap();
    let count = forced.count_propagating(None, |_| true, &mut Without(1));
    assert_eq!((count.solutions, forced.stats().guesses), (0, 0));
}

/// At every branch point the keys name the options `chosen` gives, the run stays the same
/// through one search and changes with the next, `len` counts what `options_of` walks (and
/// `live_entries_of` gives the entries `entry` numbered, options of mixed widths);
/// `remove` refuses an option that is no longer live, in a colored matrix too.
#[test]
fn the_pruning_names_its_chosen_options_by_keys_within_one_run() {
    use super::{Propagator, Pruning};
    /// Checks the views at each call, and removes the first option of item 0 it sees twice.
    #[derive(Default)]
    struct Check {
        runs: Vec<u32>,
        calls: usize,
        /// Per entry number, its option and item.
        entries: std::collections::HashMap<usize, (usize, usize)>,
    }
    impl Propagator for Check {
        fn propagate(&mut self, pruning: &mut Pruning<'_>) {
            self.calls += 1;
            let keyed: Vec<usize> = pruning
                .chosen_keys()
                .map(|key| pruning.chosen_option(key))
                .collect();
            assert_eq!(keyed, pruning.chosen().collect::<Vec<_>>());
            for item in 0..pruning.items() {
                assert_eq!(pruning.len(item), pruning.options_of(item).count());
                let entries: Vec<usize> = pruning.live_entries_of(item).collect();
                let options = entries.iter().map(|&entry| pruning.entry_option(entry));
                assert!(options.eq(pruning.options_of(item)));
                for entry in entries {
                    let option = pruning.entry_option(entry);
                    assert_eq!(self.entries.get(&entry), Some(&(option, item)));
                }
            }
            if self.runs.last() != Some(&pruning.run()) {
                self.runs.push(pruning.run());
            }
            for option in pruning.chosen().collect::<Vec<_>>() {
                assert!(!pruning.remove(option), "chosen option {option} removed");
            }
        }
    }
    // Four queens' worth of choices: items 0..4 (rows), options any two-item pair; plus a
    // colored secondary item on some options, which must not fool the liveness test.
    let mut matrix = ExactCover::new(4, 1);
    for a in 0..4 {
        for b in a + 1..4 {
            let color = ((a + b) % 2) as u32;
            matrix
                .add_colored_option(&[(a, None), (b, None), (4, Some(color))])
                .unwrap();
        }
        matrix.add_option(&[a]).unwrap();
    }
    let mut check = Check::default();
    for option in 0..matrix.options() {
        for (place, item) in matrix.option_items(option).enumerate() {
            let entry = matrix.entry(option, place);
            assert!(entry < matrix.entry_bound());
            assert_eq!(check.entries.insert(entry, (option, item)), None);
        }
    }
    let first = matrix
        .count_propagating(None, |_| true, &mut check)
        .solutions;
    let second = matrix
        .count_propagating(None, |_| true, &mut check)
        .solutions;
    assert_eq!(first, second);
    assert_eq!(first, matrix.count(None).solutions);
    assert!(check.calls > 0);
    assert_eq!(check.runs.len(), 2, "one run per count: {:?}", check.runs);
    matrix.sanity();
}

/// Items A (two options) and B (three): the plain rule branches on A, the shorter; a priority
/// of ten on B has the conflict-weighted rule branch on B from the first guess (ten per three
/// options against one per two). The count is the same either way, and `clear` drops the
/// priorities.
#[test]
fn priorities_choose_the_first_branch_and_never_the_count() {
    use super::Branching;
    let build = |matrix: &mut ExactCover| {
        matrix.clear(2, 0);
        for item in [0, 0, 1, 1, 1] {
            matrix.add_option(&[item]).unwrap();
        }
        matrix.set_branching(Branching::Conflicts);
    };
    let first_option = |matrix: &mut ExactCover| matrix.first_solution().unwrap().options().next();
    let mut matrix = ExactCover::new(0, 0);
    build(&mut matrix);
    assert_eq!(first_option(&mut matrix), Some(0));
    assert_eq!(matrix.count(None).solutions, 6);
    matrix.set_priorities(&[1, 10]);
    assert_eq!(first_option(&mut matrix), Some(2));
    assert_eq!(matrix.count(None).solutions, 6);
    build(&mut matrix);
    assert_eq!(first_option(&mut matrix), Some(0));
}

/// `entry` refuses a place past the option's last item: the number would be another
/// option's entry, or a spacer's.
#[test]
#[should_panic(expected = "has no item 2")]
fn an_entry_past_the_options_items_is_refused() {
    let mut matrix = ExactCover::new(3, 0);
    matrix.add_option(&[0, 1]).unwrap();
    matrix.add_option(&[2]).unwrap();
    matrix.entry(0, 2);
}

/// Whether each of `options` options is refuted, drawn from `seed`: about half of them, in
/// no order the search follows (seed 0: all).
pub(crate) fn some_refuted(options: usize, seed: u64) -> Vec<bool> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..options)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            seed == 0 || x % 2 == 0
        })
        .collect()
}

/// A propagator that removes nothing: the search calls it at its guesses, and so refutes
/// them (see [`ExactCover::set_refutation`](super::ExactCover::set_refutation)).
pub(crate) struct Watch;

impl super::Propagator for Watch {
    fn propagate(&mut self, _: &mut super::Pruning<'_>) {}
}

/// When a refuted guess fails, the options tried before it at its level are done too, even
/// those that are not refuted and so are still in the item's list: choosing again must not
/// take them again. (Refuting only the failed option counted the 6 queens 5 to 16 times.)
#[test]
fn refuting_some_options_counts_every_solution_once() {
    let (sizes, seeds): (&[(usize, u128)], _) = match cfg!(miri) {
        true => (&[(6, 4)], 0..4),
        false => (&[(6, 4), (8, 92), (9, 352)], 0..12),
    };
    for &(n, expected) in sizes {
        for branching in [
            super::Branching::ForcedFirst,
            super::Branching::FirstShortest,
            super::Branching::Conflicts,
        ] {
            for seed in seeds.clone() {
                let mut matrix = queens(n);
                matrix.set_branching(branching);
                matrix.set_refutation(&some_refuted(matrix.options(), seed));
                let count = matrix.count_propagating(None, |_| true, &mut Watch);
                assert_eq!(
                    count.solutions, expected,
                    "{n} queens, {branching:?}, {seed}"
                );
                matrix.restart();
                matrix.sanity();
            }
        }
    }
}

/// Inherited weights (`set_inherited_weights`) reshape the tree, with and without
/// refutation, and never the count: the queens under the conflict-weighted rule, with
/// priorities drawn at random, inheriting from every item, from the diagonals on, or from
/// none. `clear` drops the setting.
#[test]
fn inherited_weights_change_the_tree_and_never_the_count() {
    let sizes: &[(usize, u128)] = match cfg!(miri) {
        true => &[(5, 10)],
        false => &[(6, 4), (8, 92)],
    };
    let mut changed = 0;
    for &(n, expected) in sizes {
        for seed in 1..4 {
            let priorities: Vec<u32> = some_refuted(2 * n, seed)
                .iter()
                .enumerate()
                .map(|(k, &heavy)| if heavy { 3 + k as u32 } else { 1 })
                .collect();
            let mut nodes = Vec::new();
            for from in [None, Some(0), Some(2 * n)] {
                for refuting in [false, true] {
                    let mut matrix = queens(n);
                    matrix.set_branching(super::Branching::Conflicts);
                    matrix.set_priorities(&priorities);
                    matrix.set_inherited_weights(from);
                    if refuting {
                        matrix.set_refutation(&some_refuted(matrix.options(), 0));
                    }
                    let count = matrix.count_propagating(None, |_| true, &mut Watch);
                    assert_eq!(count.solutions, expected, "{n} queens, {from:?}, {seed}");
                    nodes.push(matrix.stats().nodes);
                    matrix.sanity();
                }
            }
            changed += usize::from(nodes[2..] != [nodes[0], nodes[1]].repeat(2)[..]);
        }
    }
    assert!(changed > 0, "the inherited weights never changed the tree");
    // `clear` drops the setting: the example of `set_inherited_weights`, rebuilt in place,
    // branches first on its heaviest item again.
    let mut matrix = ExactCover::new(0, 0);
    let mut first = |inherit: bool| {
        matrix.clear(3, 0);
        for items in [&[2, 1][..], &[0, 1], &[0], &[0], &[2]] {
            matrix.add_option(items).unwrap();
        }
        matrix.set_branching(super::Branching::Conflicts);
        matrix.set_priorities(&[12, 1, 1]);
        if inherit {
            matrix.set_inherited_weights(Some(1));
        }
        matrix
            .first_solution()
            .unwrap()
            .options()
            .collect::<Vec<_>>()
    };
    assert_eq!(first(true), [0, 2]);
    assert_eq!(first(false), [1, 4]);
}

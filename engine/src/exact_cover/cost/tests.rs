use super::super::knuth_format::{Problem, ProblemOption, Reason, MAX_COST};
use super::super::multiplicity::Multiplicity;
use super::super::{Cover, Found, Interrupt};
use super::*;
use proptest::prelude::*;

fn parse(text: &str) -> Problem {
    Problem::parse(text).unwrap().problem
}

fn error(text: &str) -> (usize, usize, Reason) {
    let error = Problem::parse(text).unwrap_err();
    (error.line, error.column, error.reason)
}

/// True when `chosen` (option numbers) covers every primary item once and every secondary
/// item at most once or in one color.
fn is_solution(problem: &Problem, chosen: &[usize]) -> bool {
    let mut uses = vec![0u32; problem.items.len()];
    let mut colors: Vec<Option<Option<u32>>> = vec![None; problem.items.len()];
    for &k in chosen {
        for &(item, color) in &problem.options[k].entries {
            uses[item] += 1;
            if item >= problem.primary {
                let fine = match colors[item] {
                    None => true,
                    Some(before) => before.is_some() && before == color,
                };
                if !fine {
                    return false;
                }
                colors[item] = Some(color);
            }
        }
    }
    uses[..problem.primary].iter().all(|&u| u == 1)
}

fn cost_of(problem: &Problem, chosen: &[usize]) -> u64 {
    chosen.iter().map(|&k| problem.options[k].cost).sum()
}

/// The costs of every solution, cheapest first, by trying every set of options.
fn brute_force(problem: &Problem) -> Vec<u64> {
    let options = problem.options.len();
    assert!(options <= 16);
    let mut costs: Vec<u64> = (0u32..1 << options)
        .map(|set| {
            (0..options)
                .filter(|k| set >> k & 1 == 1)
                .collect::<Vec<_>>()
        })
        .filter(|chosen| is_solution(problem, chosen))
        .map(|chosen| cost_of(problem, &chosen))
        .collect();
    costs.sort_unstable();
    costs
}

/// The costs of every solution, cheapest first, from the dancing links' listing.
fn listed(problem: &Problem) -> Vec<u64> {
    let mut matrix = problem.matrix().unwrap();
    let mut costs = Vec::new();
    while let Some(solution) = Cover::next_solution(&mut matrix) {
        let chosen: Vec<usize> = Found::options(&solution).collect();
        costs.push(cost_of(problem, &chosen));
    }
    costs.sort_unstable();
    costs
}

/// The n-queens problem with the cost of square (r, c) taken from a fixed scramble.
fn weighted_queens(n: usize) -> Problem {
    let mut problem = Problem::queens(n);
    for (k, option) in problem.options.iter_mut().enumerate() {
        option.cost = (k as u64 * 7919 + 13) % 23;
    }
    problem
}

#[test]
fn cost_words_add_up_wherever_they_stand() {
    let problem = parse("a b | x\na |2 b |3\nb x:A |0 |7\n a |1\n");
    let costs: Vec<u64> = problem.options.iter().map(|o| o.cost).collect();
    assert_eq!(costs, [5, 7, 1]);
    assert_eq!(problem.option_text(0), "a b");
    assert!(problem.has_costs());
    assert!(!parse("a\na |0\n").has_costs());
    let cover = problem.costed().unwrap();
    assert_eq!(
        (0..3).map(|k| cover.option_cost(k)).collect::<Vec<_>>(),
        costs
    );
}

#[test]
fn bad_costs_are_errors_at_their_place() {
    assert_eq!(error("a\na |\n"), (2, 3, Reason::BadCost("|".into())));
    assert_eq!(error("a\na |x\n"), (2, 3, Reason::BadCost("|x".into())));
    assert_eq!(error("a\na |1a\n"), (2, 3, Reason::BadCost("|1a".into())));
    assert_eq!(error("a\na |-1\n"), (2, 3, Reason::BadCost("|-1".into())));
    assert_eq!(
        error("a b\na |4294967295 b |1\n"),
        (2, 17, Reason::CostTooLarge("|1".into()))
    );
    assert_eq!(
        error("a\na |99999999999999999999999\n"),
        (
            2,
            3,
            Reason::CostTooLarge("|99999999999999999999999".into())
        )
    );
    assert_eq!(
        parse(&format!("a\na |{MAX_COST}\n")).options[0].cost,
        MAX_COST
    );
    let message = Problem::parse("a\na |x\n").unwrap_err().to_string();
    assert_eq!(
        message,
        "2:3: `|x`: a cost is written |n with n a decimal number"
    );
    // A bar that starts the line is a comment, as always.
    assert_eq!(parse("a\n|5 a\na\n").options.len(), 1);
}

#[test]
fn multiplicities_are_refused() {
    let problem = parse("2|a\na |1\na |2\n");
    assert_eq!(problem.costed().unwrap_err(), BuildError::Multiplicities);
}

#[test]
fn the_k_best_come_cheapest_first_with_the_first_found_of_ties() {
    // Four items in pairs: {a b} 1 or 2 (two ways), {c d} 1 or 3: solutions 2, 3, 3, 4, 5.
    let problem = parse("a b c d\na b |1\na |1 b |1\nc d |3\nc |1 d\na b |2\nd |0\nc |0\n");
    let mut cover = problem.costed().unwrap();
    let best = cover.best(10);
    let expected = brute_force(&problem);
    assert_eq!(best.costs().collect::<Vec<_>>(), expected);
    for solution in &best.solutions {
        assert!(is_solution(&problem, &solution.options));
        assert_eq!(cost_of(&problem, &solution.options), solution.cost);
    }
    assert!(best.complete);
    assert_eq!(cover.min_cost(), Some(expected[0]));
    assert_eq!(cover.best(0).solutions, []);
    // k = 1: each solution met is cheaper than the one before.
    let one = cover.best(1);
    assert_eq!(one.costs().collect::<Vec<_>>(), [expected[0]]);
    assert!(one.improvements >= 1);
}

#[test]
fn no_solution_has_no_best() {
    let mut cover = parse("a b\na |1\n").costed().unwrap();
    assert_eq!(cover.best(3).solutions, []);
    assert_eq!(cover.min_cost(), None);
    assert_eq!(cover.stats().solutions, 0);
}

#[test]
fn colors_and_costs_go_together() {
    let problem = parse("p q r | x y\np q x y:A |3\np r x:A y |1\np x:B |1\nq x:A |2\nr y:B |5\n");
    let mut cover = problem.costed().unwrap();
    assert_eq!(
        cover.best(5).costs().collect::<Vec<_>>(),
        brute_force(&problem)
    );
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri")]
fn weighted_queens_agree_with_every_solution_listed() {
    for n in [4, 5, 6, 8] {
        let problem = weighted_queens(n);
        let all = listed(&problem);
        let mut cover = problem.costed().unwrap();
        for k in [1, 3, 10, 100] {
            let best = cover.best(k);
            let expected = &all[..k.min(all.len())];
            assert_eq!(best.costs().collect::<Vec<_>>(), expected, "n {n} k {k}");
            for solution in &best.solutions {
                assert!(is_solution(&problem, &solution.options));
            }
        }
    }
}

#[test]
fn weighted_queens_take_dlx5s_solutions_nodes_and_updates() {
    // dlx5 k5 z2 on `weighted_queens(8)` written in Knuth's format: "Altogether 10
    // solutions, 15325+95202 mems, 5793 updates, ... 291 nodes", "The optimum costs are:
    // $28, $51 (repeated 4 times)"; with k1: 2 solutions, 1759 updates, 86 nodes.
    let mut cover = weighted_queens(8).costed().unwrap();
    let best = cover.best(5);
    assert_eq!(best.costs().collect::<Vec<_>>(), [28, 51, 51, 51, 51]);
    let stats = cover.stats();
    assert_eq!(
        (stats.solutions, stats.nodes, stats.knuth_updates()),
        (10, 291, 5793)
    );
    assert_eq!(best.improvements, 10);
    cover.reset_stats();
    assert_eq!(cover.min_cost(), Some(28));
    let stats = cover.stats();
    assert_eq!(
        (stats.solutions, stats.nodes, stats.knuth_updates()),
        (2, 86, 1759)
    );
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri")]
fn the_search_leaves_the_links_as_it_found_them() {
    let problem = weighted_queens(7);
    let mut cover = problem.costed().unwrap();
    let fresh = cover.clone();
    let first = cover.best(4);
    assert_eq!(format!("{:?}", cover.nodes), format!("{:?}", fresh.nodes));
    assert_eq!(cover.best(4), first);
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri")]
fn an_interrupted_search_stops_with_what_it_has_and_runs_again() {
    // Keeping ten thousand, more than the 2680 solutions, the search sees the whole tree.
    let problem = weighted_queens(11);
    let mut cover = problem.costed().unwrap();
    let fresh = cover.clone();
    let interrupt = Interrupt::new();
    interrupt.set();
    cover.set_interrupt(Some(interrupt.clone()));
    let stopped = cover.best(10_000);
    assert!(!stopped.complete);
    assert!(cover.was_interrupted());
    cover.restart();
    assert_eq!(format!("{:?}", cover.nodes), format!("{:?}", fresh.nodes));
    interrupt.clear();
    cover.reset_stats();
    let best = cover.best(10_000);
    assert!(best.complete);
    assert_eq!(best.costs().collect::<Vec<_>>(), listed(&problem));
    // Stopped at every look, then resumed until it ends: the same answer and nodes.
    let nodes = cover.stats().nodes;
    cover.reset_stats();
    interrupt.set();
    let mut resumed = cover.best(10_000);
    let mut stops = 0;
    while !resumed.complete {
        stops += 1;
        interrupt.clear();
        cover.set_interrupt(Some(interrupt.clone()));
        interrupt.set();
        resumed = cover.resume();
    }
    assert!(stops > 1);
    assert_eq!(resumed, best);
    assert_eq!(cover.stats().nodes, nodes);
    assert_eq!(cover.resume(), best);
}

#[test]
fn the_empty_problem_has_the_empty_solution() {
    let mut cover = CostCover::new(0, 1, []).unwrap();
    let best = cover.best(2);
    assert_eq!(
        best.solutions,
        [Priced {
            cost: 0,
            options: vec![]
        }]
    );
}

#[test]
fn bad_options_are_build_errors() {
    let option = |entries: &'static [(usize, Option<u32>)]| (entries, 0);
    assert_eq!(
        CostCover::new(1, 1, [option(&[])]).unwrap_err(),
        BuildError::EmptyOption
    );
    assert_eq!(
        CostCover::new(1, 1, [option(&[(1, None)])]).unwrap_err(),
        BuildError::NoPrimaryItem
    );
    assert_eq!(
        CostCover::new(1, 1, [option(&[(0, Some(0))])]).unwrap_err(),
        BuildError::ColoredPrimary { item: 0 }
    );
    assert_eq!(
        CostCover::new(1, 1, [option(&[(0, None), (0, None)])]).unwrap_err(),
        BuildError::RepeatedItem { item: 0 }
    );
    assert_eq!(
        CostCover::new(1, 1, [option(&[(2, None)])]).unwrap_err(),
        BuildError::NoSuchItem { item: 2, items: 2 }
    );
    let dear = [(&[(0, None)][..], 1), (&[(0, None)][..], MAX_COST + 1)];
    assert_eq!(
        CostCover::new(1, 0, dear).unwrap_err(),
        BuildError::CostTooLarge { option: 1 }
    );
}

/// A random problem: up to 4 primary items, up to 3 secondary, up to 12 options with
/// random colors on their secondary items and costs up to 9 (up to 2 for many ties).
fn problems() -> impl Strategy<Value = Problem> {
    (1..5usize, 0..4usize, prop_oneof![Just(3u64), Just(10u64)]).prop_flat_map(
        |(primary, secondary, costs)| {
            let items = primary + secondary;
            let option = (
                0..primary,
                prop::collection::vec((0..items, prop::option::of(0..2u32)), 0..4),
                0..costs,
            );
            prop::collection::vec(option, 0..13).prop_map(move |raw| {
                let options = raw
                    .into_iter()
                    .enumerate()
                    .map(|(k, (first, rest, cost))| {
                        let mut entries = vec![(first, None)];
                        for (item, color) in rest {
                            if entries.iter().all(|&(other, _)| other != item) {
                                entries.push((item, color.filter(|_| item >= primary)));
                            }
                        }
                        ProblemOption {
                            line: k + 2,
                            entries,
                            cost,
                        }
                    })
                    .collect();
                Problem {
                    items: (0..items).map(|k| format!("i{k}")).collect(),
                    primary,
                    multiplicities: vec![Multiplicity::ONCE; primary],
                    colors: vec!["A".into(), "B".into()],
                    options,
                }
            })
        },
    )
}

/// Property tests, in a module of this name so that scripts/miri skips them.
mod properties {
    use super::*;

    proptest! {
        /// The k best costs are the k smallest of every solution's cost, and each solution
        /// kept is a solution of the cost stated; with k = 1 the solutions met on the way
        /// get cheaper each time, so there are at most as many as distinct costs.
        #[test]
        fn the_k_best_are_the_k_cheapest_by_brute_force(problem in problems(), k in 1..6usize) {
            let all = brute_force(&problem);
            let mut cover = problem.costed().unwrap();
            let best = cover.best(k);
            prop_assert_eq!(best.costs().collect::<Vec<_>>(), &all[..k.min(all.len())]);
            for solution in &best.solutions {
                prop_assert!(is_solution(&problem, &solution.options));
                prop_assert_eq!(cost_of(&problem, &solution.options), solution.cost);
            }
            prop_assert_eq!(cover.min_cost(), all.first().copied());
            let mut distinct = all.clone();
            distinct.dedup();
            prop_assert!(cover.best(1).improvements <= distinct.len() as u64);
        }

        /// `cheapest` finds every solution of the least cost, each once, and nothing else.
        #[test]
        fn the_cheapest_are_every_solution_of_the_least_cost(problem in problems()) {
            let options = problem.options.len();
            let mut expected: Vec<(u64, Vec<usize>)> = (0u32..1 << options)
                .map(|set| (0..options).filter(|k| set >> k & 1 == 1).collect::<Vec<_>>())
                .filter(|chosen| is_solution(&problem, chosen))
                .map(|chosen| (cost_of(&problem, &chosen), chosen))
                .collect();
            expected.sort();
            let least = expected.first().map(|(cost, _)| *cost);
            expected.retain(|(cost, _)| Some(*cost) == least);
            let mut found: Vec<(u64, Vec<usize>)> = problem
                .costed()
                .unwrap()
                .cheapest()
                .solutions
                .into_iter()
                .map(|solution| (solution.cost, solution.options))
                .collect();
            found.sort();
            prop_assert_eq!(found, expected);
        }

        /// The search finds the same costs whatever the order of the options.
        #[test]
        fn the_order_of_the_options_does_not_change_the_costs(
            problem in problems(),
            k in 1..6usize,
        ) {
            let mut reversed = problem.clone();
            reversed.options.reverse();
            let ours = problem.costed().unwrap().best(k);
            let theirs = reversed.costed().unwrap().best(k);
            prop_assert_eq!(ours.costs().collect::<Vec<_>>(), theirs.costs().collect::<Vec<_>>());
        }
    }
}

use super::super::knuth_format::{Problem, Reason};
use super::super::{Cover, Found};
use super::*;
use proptest::prelude::*;

fn parse(text: &str) -> Problem {
    Problem::parse(text).unwrap().problem
}

fn error(text: &str) -> (usize, usize, Reason) {
    let error = Problem::parse(text).unwrap_err();
    (error.line, error.column, error.reason)
}

/// Every solution as a sorted list of options, through the trait.
fn all<C: Cover>(cover: &mut C) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    cover.restart();
    while let Some(solution) = cover.next_solution() {
        let mut options: Vec<usize> = solution.options().collect();
        options.sort_unstable();
        found.push(options);
    }
    found.sort();
    found
}

/// The solutions by brute force: every set of options whose uses of each primary item are
/// within its bounds, and where every secondary item is used at most once or only in one
/// color.
fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let options = problem.options.len();
    assert!(options <= 16);
    let mut found = Vec::new();
    for set in 0u32..1 << options {
        let chosen: Vec<usize> = (0..options).filter(|k| set >> k & 1 == 1).collect();
        let mut uses = vec![0u32; problem.items.len()];
        let mut colors: Vec<Option<Option<u32>>> = vec![None; problem.items.len()];
        let mut fine = true;
        for &k in &chosen {
            for &(item, color) in &problem.options[k].entries {
                uses[item] += 1;
                if item >= problem.primary {
                    fine &= match colors[item] {
                        None => true,
                        Some(before) => before.is_some() && before == color,
                    };
                    colors[item] = Some(color);
                }
            }
        }
        let bounds = problem.multiplicities.iter().zip(&uses);
        if fine && bounds.into_iter().all(|(m, &u)| m.low <= u && u <= m.high) {
            found.push(chosen);
        }
    }
    found.sort();
    found
}

#[test]
fn knuths_example_has_its_one_solution_with_dlx3s_nodes_and_updates() {
    let text = "| dlx3's example\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let problem = parse(text);
    assert!(problem.has_multiplicities());
    let mut cover = problem.multi().unwrap();
    assert_eq!(all(&mut cover), [vec![1, 3, 4]]);
    cover.reset_stats();
    assert_eq!(cover.count(None).solutions, 1);
    // dlx3 on the same input: 6 nodes, 14 updates.
    let stats = cover.stats();
    assert_eq!((stats.nodes, stats.knuth_updates()), (6, 14));
    // ssmcc on the same input: 5 nodes, 13 updates.
    let mut sparse = problem.multi_sparse().unwrap();
    assert_eq!(all(&mut sparse), [vec![1, 3, 4]]);
    sparse.reset_stats();
    assert_eq!(sparse.count(None).solutions, 1);
    let stats = sparse.stats();
    assert_eq!((stats.nodes, stats.knuth_updates()), (5, 13));
}

#[test]
fn an_item_with_too_few_options_leaves_no_solution() {
    let problem = parse("2|a b\na\nb\n");
    assert_eq!(problem.multi().unwrap().count(None).solutions, 0);
    let mut sparse = problem.multi_sparse().unwrap();
    assert!(sparse.next_solution().is_none());
    assert_eq!(sparse.count(None).solutions, 0);
    assert_eq!(sparse.stats().nodes, 0);
}

#[test]
fn the_other_engines_refuse_multiplicities() {
    let problem = parse("2|a\na\na\n");
    assert_eq!(problem.matrix().unwrap_err(), BuildError::Multiplicities);
    assert_eq!(problem.sparse().unwrap_err(), BuildError::Multiplicities);
    assert_eq!(problem.multi().unwrap().count(None).solutions, 1);
    assert_eq!(problem.multi_sparse().unwrap().count(None).solutions, 1);
}

#[test]
fn a_zero_lower_bound_allows_the_item_left_uncovered() {
    // a: 0 to 2 times; b exactly once. Options {a}, {a}, {a b}, {b}.
    let problem = parse("0:2|a b\na\na\na b\nb\n");
    let mut cover = problem.multi().unwrap();
    let expected = [
        vec![0, 1, 3],
        vec![0, 2],
        vec![0, 3],
        vec![1, 2],
        vec![1, 3],
        vec![2],
        vec![3],
    ];
    assert_eq!(all(&mut cover), expected);
    assert_eq!(all(&mut problem.multi_sparse().unwrap()), expected);
    let problem = parse("0:1|a\na\n");
    assert_eq!(problem.multi().unwrap().count(None).solutions, 2);
    assert_eq!(problem.multi_sparse().unwrap().count(None).solutions, 2);
}

#[test]
fn counts_and_stops_like_the_other_engines() {
    let problem = parse("3|a b\na\na b\na\na\nb\n");
    counts_and_stops(problem.multi().unwrap());
    counts_and_stops(problem.multi_sparse().unwrap());
}

fn counts_and_stops<C: Cover>(mut cover: C) {
    assert_eq!(cover.count(None).solutions, 4);
    let capped = cover.count(Some(2));
    assert_eq!((capped.solutions, capped.capped), (2, true));
    assert!(cover.first_solution().is_some());
    // Restarting in the middle of a search puts everything back.
    assert_eq!(cover.count(None).solutions, 4);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "724 solutions of ten queens: too long under Miri (scripts/miri)"
)]
fn an_interrupted_search_stops_and_counts_again_afterwards() {
    interrupted(Problem::queens(10).multi().unwrap());
    interrupted(Problem::queens(10).multi_sparse().unwrap());
}

fn interrupted<C: Cover>(mut cover: C) {
    let interrupt = super::super::Interrupt::new();
    cover.set_interrupt(Some(interrupt.clone()));
    interrupt.set();
    assert!(cover.count(None).capped && cover.was_interrupted());
    interrupt.clear();
    assert_eq!(cover.count(None).solutions, 724);
}

/// The dancing links of `problem` under Knuth's rule, as `dlx1` and `dlx2` branch.
fn links(problem: &Problem) -> super::super::ExactCover {
    let mut links = problem.matrix().unwrap();
    links.set_branching(super::super::Branching::FirstShortest);
    links
}

/// (Not their updates: `dlx3` counts its own, as `dlx1` and `dlx3` differ on the same
/// input, 16,680 and 16,488 on the eight queens of `../shared/data/xc`.)
#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of nodes: too long under Miri (scripts/miri)"
)]
fn queens_without_multiplicities_enter_the_dancing_links_nodes() {
    for n in 4..=8 {
        let problem = Problem::queens(n);
        let mut links = links(&problem);
        let mut multi = problem.multi().unwrap();
        assert_eq!(
            links.count(None).solutions,
            multi.count(None).solutions,
            "{n}"
        );
        assert_eq!(links.stats().nodes, multi.stats().nodes, "{n}");
    }
}

#[test]
fn bad_multiplicities_are_errors_at_their_place() {
    assert_eq!(
        error("a 3:2|b\n"),
        (1, 3, Reason::ReversedMultiplicity("3:2|b".into()))
    );
    assert_eq!(
        error("| c\n a x|b\n"),
        (2, 4, Reason::BadMultiplicity("x|b".into()))
    );
    for word in [
        ":|b",
        "1:|b",
        ":2|b",
        "1:2:3|b",
        "2|",
        "99999999999|b",
        "-1|b",
        "+1|b",
    ] {
        let text = format!("a {word}\n");
        assert_eq!(error(&text), (1, 3, Reason::BadMultiplicity(word.into())));
    }
    assert_eq!(
        error("0|b\n"),
        (1, 1, Reason::ZeroMultiplicity("0|b".into()))
    );
    assert_eq!(
        error("0:0|b\n"),
        (1, 1, Reason::ZeroMultiplicity("0:0|b".into()))
    );
    assert_eq!(
        error("a | x 2|y\n"),
        (1, 7, Reason::SecondaryMultiplicity("2|y".into()))
    );
    assert_eq!(
        error("a 2|b:c\n"),
        (1, 3, Reason::BadItemName("b:c".into()))
    );
    assert_eq!(
        error("a 2|b 1|b\n"),
        (1, 7, Reason::DuplicateItem("b".into()))
    );
    let message = Problem::parse("a 3:2|b\n").unwrap_err().to_string();
    assert_eq!(
        message,
        "1:3: `3:2|b`: the lower bound exceeds the upper bound"
    );
}

#[test]
fn an_option_naming_a_bounded_item_reads_as_usual() {
    let problem = parse("1:3|a |b\n a b:X\n");
    assert_eq!(problem.multiplicities, [Multiplicity { low: 1, high: 3 }]);
    assert_eq!(problem.items, ["a", "b"]);
    assert_eq!(problem.option_text(0), "a b:X");
}

/// A random problem: up to 4 primary items with bounds, up to 3 secondary, up to 10
/// options with random colors on their secondary items.
fn problems() -> impl Strategy<Value = Problem> {
    (1..5usize, 0..4usize).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let bounds = prop::collection::vec((0..3u32, 1..4u32), primary);
        let option = (
            0..primary,
            prop::collection::vec((0..items, prop::option::of(0..2u32)), 0..4),
        );
        (bounds, prop::collection::vec(option, 0..11)).prop_map(move |(bounds, raw)| {
            let multiplicities = bounds
                .into_iter()
                .map(|(low, high)| Multiplicity {
                    low: low.min(high),
                    high,
                })
                .collect();
            let options = raw
                .into_iter()
                .enumerate()
                .map(|(k, (first, rest))| {
                    let mut entries = vec![(first, None)];
                    for (item, color) in rest {
                        if entries.iter().all(|&(other, _)| other != item) {
                            entries.push((item, color.filter(|_| item >= primary)));
                        }
                    }
                    super::super::knuth_format::ProblemOption {
                        line: k + 2,
                        entries,
                        cost: 0,
                    }
                })
                .collect();
            Problem {
                items: (0..items).map(|k| format!("i{k}")).collect(),
                primary,
                multiplicities,
                colors: vec!["A".into(), "B".into()],
                options,
            }
        })
    })
}

/// Property tests, in a module of this name so that scripts/miri skips them (`--skip
/// properties`): hundreds of random problems each are too long under Miri.
mod properties {
    use super::*;

    proptest! {
        /// The search finds exactly the sets of options that brute force finds, each once,
        /// and counts them; a search restarted halfway counts them again.
        #[test]
        fn the_search_finds_what_brute_force_finds(problem in problems()) {
            let expected = brute_force(&problem);
            let mut cover = problem.multi().unwrap();
            prop_assert_eq!(all(&mut cover), expected.clone());
            cover.first_solution();
            prop_assert_eq!(cover.count(None).solutions, expected.len() as u128);
        }

        /// So does the search on sparse sets, ssmcc's.
        #[test]
        fn the_sparse_search_finds_what_brute_force_finds(problem in problems()) {
            let expected = brute_force(&problem);
            let mut cover = problem.multi_sparse().unwrap();
            prop_assert_eq!(all(&mut cover), expected.clone());
            cover.first_solution();
            prop_assert_eq!(cover.count(None).solutions, expected.len() as u128);
        }

        /// Without multiplicities, the search branches as dlx2 does: the solutions and nodes
        /// of the dancing links under Knuth's rule.
        #[test]
        fn without_multiplicities_it_is_the_dancing_links(mut problem in problems()) {
            problem.multiplicities.fill(Multiplicity::ONCE);
            let mut links = links(&problem);
            let mut multi = problem.multi().unwrap();
            prop_assert_eq!(all(&mut links), all(&mut multi));
            links.reset_stats();
            multi.reset_stats();
            prop_assert_eq!(links.count(None), multi.count(None));
            prop_assert_eq!(links.stats().nodes, multi.stats().nodes);
        }
    }
}

//! The generator's options against oracles: symmetry, minimality, difficulty, attempts; and
//! each family of placed rules, and a setter's layout, as property tests: the puzzle has one
//! solution, the one reported, keeps every rule asked for, and reads back as itself.

use super::*;
use crate::setter::{Difficulty, Symmetry};
use crate::variant::{Diagonal, Marker, VariantSolver};
use proptest::prelude::*;

fn options(rules: Vec<Rule>, jigsaw: bool) -> VariantGenerateOptions {
    VariantGenerateOptions::new(Shape::new(2, 3).unwrap(), rules, jigsaw)
}

/// True when no single given of `puzzle` can go.
fn is_minimal(solver: &mut VariantSolver, puzzle: &Variant) -> bool {
    let n = puzzle.shape().size();
    (0..puzzle.shape().cells())
        .filter(|&cell| puzzle.givens().cells()[cell] != 0)
        .all(|cell| {
            let mut fewer = puzzle.givens().clone();
            fewer.set(cell / n, cell % n, 0);
            let fewer = puzzle.with_givens(fewer).unwrap();
            solver.count(&fewer, Some(2)).solutions > 1
        })
}

#[test]
fn symmetry_orbits_go_whole_and_minimal_checks_every_given() {
    let mut solver = VariantSolver::new();
    for (rules, jigsaw) in [
        (vec![Rule::Diagonal(Diagonal::Main)], false),
        (vec![Rule::AntiKnight], true),
        (vec![], true),
    ] {
        for symmetry in [Symmetry::Rot180, Symmetry::Mirror, Symmetry::Diagonals] {
            let mut options = options(rules.clone(), jigsaw);
            options.base.symmetry = symmetry;
            options.base.minimal = true;
            options.base.max_attempts = 1000;
            for index in 0..3 {
                let made = VariantGenerator::new(options.clone())
                    .generate(7, index)
                    .unwrap();
                let what = format!("{rules:?} {jigsaw} {symmetry} {index}");
                assert!(symmetry.holds(made.puzzle.givens()), "{what}");
                assert_eq!(solver.count(&made.puzzle, None).solutions, 1, "{what}");
                assert!(made.puzzle.accepts(&made.solution), "{what}");
                assert!(is_minimal(&mut solver, &made.puzzle), "{what}");
                assert_eq!(made.puzzle.regions().is_some(), jigsaw, "{what}");
            }
        }
    }
}

#[test]
fn a_difficulty_is_the_one_the_variant_rating_gives() {
    let mut solver = VariantSolver::new();
    let shape = Shape::CLASSIC;
    for difficulty in [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ] {
        for (rules, jigsaw) in [(vec![], true), (vec![Rule::Windoku], false)] {
            let mut options = VariantGenerateOptions::new(shape, rules.clone(), jigsaw);
            options.base.difficulty = Some(difficulty);
            let made = VariantGenerator::new(options).generate(3, 1).unwrap();
            let rating = made.rating.expect("a difficulty rates");
            assert_eq!(rating.difficulty, difficulty, "{rules:?} {jigsaw}");
            assert_eq!(solver.rate(&made.puzzle), Ok(rating), "{rules:?} {jigsaw}");
        }
    }
}

#[test]
fn attempts_are_bounded_and_the_error_names_the_options() {
    // No 4x4 grid keeps anti-king, whatever its regions: every draw fails.
    let mut options =
        VariantGenerateOptions::new(Shape::new(2, 2).unwrap(), vec![Rule::AntiKing], true);
    options.base.max_attempts = 7;
    options.base.symmetry = Symmetry::Rot180;
    let error = VariantGenerator::new(options.clone())
        .generate(1, 0)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "no 4x4 anti-king jigsaw puzzle (2x2 boxes) with rot180 symmetry found in 7 grids; \
         try other options"
    );
    // Without random regions, the rules themselves are at fault.
    options.jigsaw = false;
    let error = VariantGenerator::new(options).generate(1, 0).unwrap_err();
    assert_eq!(
        error,
        VariantGenerateError::Variant(VariantError::NoSolution { rules: 1 })
    );
    assert_eq!(error.to_string(), "no grid keeps this rule");
    let two = VariantError::NoSolution { rules: 2 };
    assert_eq!(two.to_string(), "no grid keeps these 2 rules");
}

#[test]
fn the_checks_are_counted_and_a_puzzle_depends_on_its_seed_and_index_only() {
    let options = options(vec![Rule::Diagonal(Diagonal::Anti)], false);
    let mut generator = VariantGenerator::new(options.clone());
    let first = generator.generate(9, 0).unwrap();
    let second = generator.generate(9, 1).unwrap();
    assert_eq!(first.attempts, 1);
    // Each of the 36 cells is one orbit, tried once.
    let checks = first.checks;
    assert_eq!(
        checks.unavoidable_sets + checks.singles + checks.searches,
        36
    );
    assert_eq!(checks.forced_back, 0);
    assert_eq!(first.rating, None);
    // Alone on a new generator, puzzle 1 is the same.
    assert_eq!(
        VariantGenerator::new(options).generate(9, 1).unwrap(),
        second
    );
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri")]
fn unavoidable_sets_that_keep_the_rules_refuse_removals_and_the_puzzles_stay_minimal() {
    // A removal refused for a set whose rearranged grid broke a rule would leave a given
    // that could go: the oracle counts each given's removal.
    let mut solver = VariantSolver::new();
    let mut refused = 0;
    for (rules, jigsaw) in [
        (vec![Rule::AntiKnight], false),
        (vec![Rule::NonConsecutive], false),
        (vec![Rule::Windoku], true),
        (vec![Rule::Diagonal(Diagonal::Main)], false),
    ] {
        let options = VariantGenerateOptions::new(Shape::CLASSIC, rules.clone(), jigsaw);
        let mut generator = VariantGenerator::new(options);
        for index in 0..2 {
            let made = generator.generate(3, index).unwrap();
            let what = format!("{rules:?} {jigsaw} {index}");
            assert_eq!(solver.count(&made.puzzle, Some(2)).solutions, 1, "{what}");
            assert!(is_minimal(&mut solver, &made.puzzle), "{what}");
            refused += made.checks.unavoidable_sets;
        }
    }
    assert!(refused > 0);
}

/// True when `rule` is one of the rules family `name` places.
fn of_family(name: RuleName, rule: &Rule) -> bool {
    match name {
        RuleName::Killer => matches!(rule, Rule::Killer { sum: Some(_), .. }),
        RuleName::Kropki => matches!(
            rule,
            Rule::Difference { value: 1, .. }
                | Rule::Ratio { value: 2, .. }
                | Rule::Negative(Marker::Difference | Marker::Ratio)
        ),
        RuleName::Xv => matches!(rule, Rule::Xv { .. } | Rule::Negative(Marker::Xv)),
        RuleName::Thermometer => matches!(rule, Rule::Thermometer(line) if line.len() >= 3),
        RuleName::Arrow => matches!(rule, Rule::Arrow { .. }),
        RuleName::Whispers => matches!(rule, Rule::Whispers { line, .. } if line.len() >= 3),
        RuleName::Renban => matches!(rule, Rule::Renban(line) if line.len() >= 3),
        RuleName::Palindrome => matches!(rule, Rule::Palindrome(line) if line.len() >= 3),
        RuleName::OddEven => matches!(rule, Rule::Odd(_) | Rule::Even(_)),
        RuleName::SlowThermometer => matches!(rule, Rule::SlowThermometer(line) if line.len() >= 3),
        RuleName::Entropic => matches!(rule, Rule::Entropic(line) if line.len() >= 3),
        RuleName::Modular => matches!(rule, Rule::Modular(line) if line.len() >= 3),
        RuleName::Nabner => matches!(rule, Rule::Nabner(line) if line.len() >= 3),
        RuleName::MinMax => matches!(rule, Rule::Minimum(_) | Rule::Maximum(_)),
        _ => false,
    }
}

/// Checks what every generated puzzle must be: exactly one solution, the one reported,
/// keeping every rule; and, written as an f-puzzles document, read back as the same puzzle
/// (the same givens and regions, the same rules in any order).
fn assert_sound(solver: &mut VariantSolver, made: &VariantGenerated, what: &str) {
    let mut solutions = solver.solutions(&made.puzzle);
    assert_eq!(solutions.next_grid(), Some(made.solution.clone()), "{what}");
    assert_eq!(solutions.next_grid(), None, "{what}");
    assert!(made.puzzle.accepts(&made.solution), "{what}");
    #[cfg(feature = "fpuzzles")]
    {
        let json = crate::variant::fpuzzles::to_json(&made.puzzle).to_string();
        let read = crate::variant::fpuzzles::parse(&json).expect(what);
        // The same cells (a 3x2 grid reads back as a side-6 grid with its boxes as regions).
        assert_eq!(
            read.givens().cells(),
            made.puzzle.givens().cells(),
            "{what}"
        );
        assert_eq!(read.region_of(), made.puzzle.region_of(), "{what}");
        let sorted = |rules: &[Rule]| {
            let mut rules: Vec<String> = rules.iter().map(|rule| format!("{rule:?}")).collect();
            rules.sort();
            rules
        };
        assert_eq!(sorted(read.rules()), sorted(made.puzzle.rules()), "{what}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Each family placed alone on grids of three shapes: a sound puzzle whose rules are all
    /// of the family, at least one of them; killer cages cover every cell once.
    #[test]
    fn every_placed_family_makes_sound_puzzles(
        family in 0..RuleName::PLACED.len(),
        shape in prop_oneof![Just((2, 2)), Just((2, 3)), Just((3, 2))],
        seed in any::<u64>(),
    ) {
        let name = RuleName::PLACED[family];
        let shape = Shape::new(shape.0, shape.1).unwrap();
        let mut options = VariantGenerateOptions::new(shape, vec![], false);
        options.placed = vec![name];
        let made = VariantGenerator::new(options).generate(seed, 0).unwrap();
        let what = format!("{name} {shape} {seed}");
        assert_sound(&mut VariantSolver::new(), &made, &what);
        let rules = made.puzzle.rules();
        prop_assert!(rules.iter().all(|rule| of_family(name, rule)), "{} {:?}", what, rules);
        // Dots and marks always find places; a line may not on a small grid.
        let lines = !matches!(name, RuleName::Kropki | RuleName::Xv | RuleName::OddEven | RuleName::MinMax | RuleName::Killer);
        prop_assert!(lines || !rules.is_empty(), "{}", what);
        if name == RuleName::Killer {
            let mut covered: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
            covered.sort_unstable();
            prop_assert_eq!(covered, (0..shape.cells()).collect::<Vec<_>>());
        }
    }

    /// Two families with a rule of the whole grid, random regions or a symmetry: sound, with
    /// the rule kept, and cages, lines and arrows never sharing a cell.
    #[test]
    fn families_go_together_and_with_the_other_options(
        first in 0..RuleName::PLACED.len(),
        second in 0..RuleName::PLACED.len(),
        jigsaw in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let names = vec![RuleName::PLACED[first], RuleName::PLACED[second]];
        let shape = Shape::new(2, 3).unwrap();
        let mut options = VariantGenerateOptions::new(shape, vec![Rule::Diagonal(Diagonal::Main)], jigsaw);
        options.placed = names.clone();
        options.base.symmetry = if jigsaw { Symmetry::None } else { Symmetry::Rot180 };
        let made = VariantGenerator::new(options).generate(seed, 0).unwrap();
        let what = format!("{names:?} {jigsaw} {seed}");
        assert_sound(&mut VariantSolver::new(), &made, &what);
        prop_assert_eq!(made.puzzle.regions().is_some(), jigsaw);
        prop_assert!(Symmetry::Rot180.holds(made.puzzle.givens()) || jigsaw, "{}", what);
        let rules = made.puzzle.rules();
        prop_assert!(rules.contains(&Rule::Diagonal(Diagonal::Main)));
        let rest = rules.iter().filter(|rule| **rule != Rule::Diagonal(Diagonal::Main));
        prop_assert!(rest.clone().all(|rule| names.iter().any(|&name| of_family(name, rule))), "{}", what);
        let mut covered: Vec<usize> = rest
            .filter(|rule| !matches!(rule, Rule::Difference { .. } | Rule::Ratio { .. } | Rule::Xv { .. } | Rule::Odd(_) | Rule::Even(_) | Rule::Minimum(_) | Rule::Maximum(_)))
            .flat_map(Rule::cells)
            .collect();
        let cells = covered.len();
        covered.sort_unstable();
        covered.dedup();
        prop_assert_eq!(covered.len(), cells, "{}", what);
    }

    /// A setter's layout (the rules of a generated killer, thermometer or arrow puzzle, with
    /// some of its solution's digits as givens): every puzzle made on it keeps the layout's
    /// rules and its givens, and is sound.
    #[test]
    fn a_layout_keeps_its_rules_and_givens(
        family in prop_oneof![Just(RuleName::Killer), Just(RuleName::Thermometer), Just(RuleName::Arrow)],
        givens in 0usize..3,
        seed in any::<u64>(),
    ) {
        let shape = Shape::new(2, 3).unwrap();
        let mut options = VariantGenerateOptions::new(shape, vec![], false);
        options.placed = vec![family];
        let source = VariantGenerator::new(options).generate(seed, 0).unwrap();
        let mut layout_givens = Grid::empty(shape);
        for cell in (0..shape.cells()).step_by(17).take(givens) {
            layout_givens.set(cell / 6, cell % 6, source.solution.cells()[cell]);
        }
        let layout = source.puzzle.with_givens(layout_givens.clone()).unwrap();
        let mut options = VariantGenerateOptions::from_layout(layout.clone());
        options.base.symmetry = Symmetry::Mirror;
        let made = VariantGenerator::new(options).generate(seed, 1).unwrap();
        let what = format!("{family} {givens} {seed}");
        assert_sound(&mut VariantSolver::new(), &made, &what);
        prop_assert_eq!(made.puzzle.rules(), layout.rules());
        for (cell, &digit) in layout_givens.cells().iter().enumerate() {
            prop_assert!(digit == 0 || made.puzzle.givens().cells()[cell] == digit, "{}", what);
        }
    }
}

#[test]
fn a_layout_without_a_solution_and_contradictory_options_are_errors() {
    let shape = Shape::new(2, 2).unwrap();
    // Two cells of a row cannot sum to 2 with distinct digits.
    let cage = Rule::Killer {
        cells: vec![0, 1],
        sum: Some(2),
    };
    let layout = Variant::new(Grid::empty(shape), None, vec![cage]).unwrap();
    let error = VariantGenerator::new(VariantGenerateOptions::from_layout(layout.clone()))
        .generate(1, 0)
        .unwrap_err();
    assert_eq!(error, VariantGenerateError::LayoutNoSolution { rules: 1 });
    assert_eq!(
        error.to_string(),
        "no grid keeps the layout with this rule and its givens: no puzzle can be made on it"
    );
    let mut options = VariantGenerateOptions::from_layout(layout.clone());
    options.jigsaw = true;
    let error = VariantGenerator::new(options).generate(1, 0).unwrap_err();
    assert_eq!(error, VariantGenerateError::JigsawLayout);
    let mut options = VariantGenerateOptions::from_layout(layout);
    options.base.shape = Shape::CLASSIC;
    let error = VariantGenerator::new(options).generate(1, 0).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the layout's grid has 2x2 boxes, and 3x3 boxes were asked for"
    );
    let mut options = VariantGenerateOptions::new(shape, vec![], false);
    options.placed = vec![RuleName::X];
    let error = VariantGenerator::new(options).generate(1, 0).unwrap_err();
    assert_eq!(error, VariantGenerateError::NotPlaced(RuleName::X));
}

#[test]
fn a_classic_size_killer_needs_few_givens_and_names_itself_when_not_found() {
    let mut options = VariantGenerateOptions::new(Shape::CLASSIC, vec![], false);
    options.placed = vec![RuleName::Killer];
    let made = VariantGenerator::new(options.clone())
        .generate(1, 0)
        .unwrap();
    assert_sound(&mut VariantSolver::new(), &made, "killer 9x9");
    let givens = made
        .puzzle
        .givens()
        .cells()
        .iter()
        .filter(|&&d| d != 0)
        .count();
    assert!(givens < 17, "{givens} givens");
    // No 4x4 grid keeps anti-king, whatever its regions: every draw fails.
    let mut options =
        VariantGenerateOptions::new(Shape::new(2, 2).unwrap(), vec![Rule::AntiKing], true);
    options.placed = vec![RuleName::Killer];
    options.base.max_attempts = 3;
    let error = VariantGenerator::new(options).generate(1, 0).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no 4x4 killer anti-king jigsaw puzzle (2x2 boxes) found in 3 grids; try other options"
    );
}

//! The ISS reader on strings as ISS writes them (its example puzzles' forms), and its
//! refusals.

use crate::variant::fpuzzles::{self, FpuzzlesError};
use crate::variant::{Diagonal, Marker, Outside, Rule, Side, VariantSolver};

fn read(text: &str) -> crate::variant::Variant {
    fpuzzles::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn refused(text: &str) -> (usize, String) {
    match fpuzzles::parse(text) {
        Err(FpuzzlesError::ConstraintString { column, problem }) => (column, problem),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn givens_and_pencil_marks() {
    let variant = read(".~R1C1_5~R9C9_1_2~R9C8_1_2.~R9C9_2_3");
    assert_eq!(variant.givens().cells()[0], 5);
    // A cell named twice keeps the values common to both: here one, a given.
    assert_eq!(variant.givens().cells()[80], 2);
    assert_eq!(
        variant.rules(),
        [Rule::PencilMarks {
            cell: 79,
            digits: vec![1, 2]
        }]
    );
}

#[test]
fn the_classic_example_solves_to_its_published_solution() {
    // ISS's first example (a classic puzzle from Wikipedia), with the solution it lists.
    let text = ".~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6~R4C1_8\
                ~R4C5_6~R4C9_3~R5C1_4~R5C4_8~R5C6_3~R5C9_1~R6C1_7~R6C5_2~R6C9_6~R7C2_6~R7C7_2\
                ~R7C8_8~R8C4_4~R8C5_1~R8C6_9~R8C9_5~R9C5_8~R9C8_7~R9C9_9";
    let link = format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={text}");
    for text in [text.to_string(), link] {
        let solution = VariantSolver::new().solve(&read(&text)).unwrap();
        assert_eq!(
            solution.to_string(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
    }
}

#[test]
fn rules_of_the_whole_grid() {
    let variant = read(".Diagonal~1.Diagonal~-1.AntiKnight.AntiKing.Windoku.DisjointSets");
    assert_eq!(
        variant.rules(),
        [
            Rule::Diagonal(Diagonal::Anti),
            Rule::Diagonal(Diagonal::Main),
            Rule::AntiKnight,
            Rule::AntiKing,
            Rule::Windoku,
            Rule::DisjointGroups
        ]
    );
    let strict = read(".StrictKropki.StrictXV.WhiteDot~R1C1~R1C2");
    assert_eq!(
        &strict.rules()[..3],
        [
            Rule::Negative(Marker::Difference),
            Rule::Negative(Marker::Ratio),
            Rule::Negative(Marker::Xv)
        ]
    );
}

#[test]
fn lines_and_their_arguments() {
    let variant = read(
        ".Whisper~R1C1~R1C2.Whisper~4~R2C1~R2C2.Lockout~4~R3C1~R3C2~R3C3\
         .PillArrow~2~R4C2~R4C1~R5C1.Arrow~R6C1~R6C2.Modular~3~R7C1~R7C2~R7C3",
    );
    assert_eq!(
        variant.rules(),
        [
            Rule::Whispers {
                line: vec![0, 1],
                gap: 5
            },
            Rule::Whispers {
                line: vec![9, 10],
                gap: 4
            },
            Rule::Lockout {
                line: vec![18, 19, 20],
                gap: 4
            },
            Rule::PillArrow {
                pill: vec![27, 28],
                line: vec![36]
            },
            Rule::Arrow {
                circle: 45,
                line: vec![46]
            },
            Rule::Modular(vec![54, 55, 56]),
        ]
    );
}

#[test]
fn a_whisper_that_comes_back_to_a_cell_is_cut_there() {
    let variant = read(".Whisper~R1C1~R1C2~R2C2~R2C1~R1C1~R1C2~R1C3");
    assert_eq!(
        variant.rules(),
        [
            Rule::Whispers {
                line: vec![0, 1, 10, 9],
                gap: 5
            },
            Rule::Whispers {
                line: vec![9, 0, 1, 2],
                gap: 5
            },
        ]
    );
}

#[test]
fn cages_sums_and_pairs() {
    let variant = read(
        ".Cage~10~R1C1~R1C2.Cage~~R2C1~R2C2.Sum~3~R3C1~R3C2\
         .GreaterThan~R5C5~R4C5~R5C4.X~R9C1~R9C2~R8C1",
    );
    assert_eq!(
        variant.rules(),
        [
            Rule::Killer {
                cells: vec![0, 1],
                sum: Some(10)
            },
            Rule::Killer {
                cells: vec![9, 10],
                sum: None
            },
            Rule::LittleKiller {
                cells: vec![18, 19],
                sum: 3
            },
            Rule::Thermometer(vec![31, 40]),
            Rule::Thermometer(vec![39, 40]),
            Rule::Xv {
                cells: [72, 73],
                sum: 10
            },
            Rule::Xv {
                cells: [72, 63],
                sum: 10
            },
        ]
    );
}

#[test]
fn outside_clues() {
    let variant = read(
        ".XSum~C2~27.Skyscraper~R4~~3.Sandwich~8~C1.LittleKiller~22~R1C1\
         .LittleKiller~9~R1C9.LittleKiller~5~R9C2",
    );
    let top = Outside {
        side: Side::Top,
        index: 1,
    };
    let right = Outside {
        side: Side::Right,
        index: 3,
    };
    let column = Outside {
        side: Side::Top,
        index: 0,
    };
    assert_eq!(
        variant.rules(),
        [
            Rule::XSum { clue: top, sum: 27 },
            Rule::Skyscraper {
                clue: right,
                count: 3
            },
            Rule::Sandwich {
                clue: column,
                sum: 8
            },
            Rule::LittleKiller {
                cells: (0..9).map(|k| k * 10).collect(),
                sum: 22
            },
            Rule::LittleKiller {
                cells: (0..9).map(|k| 8 + k * 8).collect(),
                sum: 9
            },
            Rule::LittleKiller {
                cells: (0..8).map(|k| 73 - k * 8).collect(),
                sum: 5
            },
        ]
    );
}

#[test]
fn regions() {
    let latin = read(".Shape~4x4.NoBoxes");
    assert_eq!(
        latin.regions(),
        Some(&[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3][..])
    );
    let layout = "0011001122332233";
    let jigsaw = read(&format!(".Shape~4x4.NoBoxes.Jigsaw~{layout}"));
    assert_eq!(
        jigsaw.regions(),
        Some(&[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3][..])
    );
    assert!(jigsaw.rules().is_empty());
    // Without NoBoxes, ISS keeps the boxes beside the pieces.
    let both = read(&format!(".Shape~4x4.Jigsaw~{layout}"));
    assert_eq!(both.rules().len(), 4);
}

#[test]
fn refusals_say_where_and_why() {
    assert_eq!(
        refused(".AntiKnight.NFA~abc~R1C1"),
        (
            12,
            "ISS constraint NFA: not supported by this engine".into()
        )
    );
    assert_eq!(
        refused(".Thermo~R1C1~R0C2"),
        (1, "\"R0C2\": not a cell of the grid (R1C1)".into())
    );
    assert_eq!(
        refused(".Shape~6x8").1,
        "Shape~6x8: only square grids of the usual digits (NxN) are read"
    );
    assert!(refused(".AntiConsecutive.WhiteDot~R1C1~R1C2")
        .1
        .contains("kropki dots"));
    assert!(refused(".Modular~4~R1C1~R1C2").1.contains("modulus 3"));
    assert!(refused(".Or.Thermo~R1C1~R1C2.End")
        .1
        .contains("ISS constraint Or"));
    // A link's column counts from the start of the link.
    let link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Regex~1*~R1C1";
    assert_eq!(refused(link).0, 53);
    // A rule the engine refuses is placed at its constraint.
    assert_eq!(refused(".Thermo~R1C1~R1C2.Cage~5~R2C1~R2C1").0, 18);
}

#[test]
fn other_notations_are_not_taken_for_strings() {
    assert!(super::payload("4.....8.5.3..........7......2.....6....").is_none());
    assert!(super::payload(".V.X.............").is_none());
    assert!(super::payload(".AntiKnight").is_some());
}

use super::*;
use crate::samples::EXAMPLE;

/// `line` (a classic puzzle) written as a ruled grid: bars between boxes, `rule` lines
/// between bands, and `frame` around the whole when given.
fn ruled(line: &str, shape: Shape, rule_joint: char, frame: bool) -> String {
    let n = shape.size();
    let cells: Vec<char> = line.chars().collect();
    let band_rule = {
        let mut text = String::new();
        if frame {
            text.push('+');
        }
        for b in 0..n / shape.box_cols() {
            if b > 0 {
                text.push(rule_joint);
            }
            text.push_str(&"-".repeat(2 * shape.box_cols() + usize::from(frame)));
        }
        if frame {
            text.push('+');
        }
        text
    };
    let mut text = String::new();
    if frame {
        text.push_str(&band_rule);
        text.push('\n');
    }
    for row in 0..n {
        if row > 0 && row % shape.box_rows() == 0 {
            text.push_str(&band_rule);
            text.push('\n');
        }
        if frame {
            text.push_str("| ");
        }
        for col in 0..n {
            if col > 0 && col % shape.box_cols() == 0 {
                text.push_str("| ");
            }
            text.push(cells[row * n + col]);
            text.push(' ');
        }
        if frame {
            text.push('|');
        }
        text.push('\n');
    }
    if frame {
        text.push_str(&band_rule);
        text.push('\n');
    }
    text
}

#[test]
fn a_ruled_nine_by_nine_reads_as_its_line() {
    let shape = Shape::for_size(9).unwrap();
    for frame in [false, true] {
        let text = ruled(EXAMPLE, shape, '+', frame);
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(grid.to_string(), EXAMPLE, "{text}");
    }
}

#[test]
fn a_ruled_sixteen_by_sixteen_reads_as_its_line() {
    let shape = Shape::for_size(16).unwrap();
    let mut line: Vec<char> = ".".repeat(256).chars().collect();
    line[0] = 'G';
    line[17] = '1';
    line[255] = 'A';
    let line: String = line.into_iter().collect();
    let grid = Grid::parse(&ruled(&line, shape, '+', true)).unwrap();
    assert_eq!(grid.to_string(), line);
    assert_eq!(grid.shape(), shape);
}

#[test]
fn a_forum_grid_with_star_corners_reads_as_its_line() {
    // The Sudoku Players' Forum's layout: `*` corners, cells without spaces.
    let rows: Vec<String> = EXAMPLE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = std::str::from_utf8(row).unwrap();
            format!("|{}|{}|{}|", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    let text = format!(
        "*-----------*\n{}\n|---+---+---|\n{}\n|---+---+---|\n{}\n*-----------*\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_eq!(Grid::parse(&text).unwrap().to_string(), EXAMPLE);
    // A `*` among the cells is no rule.
    let starred = text.replacen("|---+", "|*--+", 1);
    assert_eq!(Grid::parse(&starred).unwrap().to_string(), EXAMPLE);
    let in_a_row = text.replacen(".|", "*|", 1);
    assert_eq!(
        Grid::parse(&in_a_row).unwrap_err().kind,
        ParseErrorKind::BadCharacter('*')
    );
}

#[test]
fn the_rules_show_the_box_shape() {
    // Six by six: the usual boxes are 2 rows by 3 columns; rules of 3 by 2 win.
    let tall = Shape::new(3, 2).unwrap();
    let text = ruled(&".".repeat(36), tall, '+', true);
    assert_eq!(Grid::parse(&text).unwrap().shape(), tall);
    let wide = Shape::new(2, 3).unwrap();
    let text = ruled(&".".repeat(36), wide, '+', false);
    assert_eq!(Grid::parse(&text).unwrap().shape(), wide);
}

#[test]
fn ruled_grids_get_positioned_errors() {
    let shape = Shape::for_size(9).unwrap();
    let text = ruled(EXAMPLE, shape, '+', true);
    // A cell too many on the third row (line 4 of the text, after the frame).
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[3] = lines[3].replacen("| ", "| 7 ", 1);
    let error = Grid::parse(&lines.join("\n")).unwrap_err();
    assert_eq!(error.line, 4);
    assert_eq!(
        error.kind,
        ParseErrorKind::RowLength {
            row: 3,
            found: 10,
            expected: 9
        }
    );
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[2] = lines[2].replacen('.', "x", 1);
    let error = Grid::parse(&lines.join("\n")).unwrap_err();
    assert_eq!(
        (error.line, error.kind),
        (3, ParseErrorKind::BadCharacter('x'))
    );
}

#[test]
fn one_puzzle_only() {
    let two = format!("{EXAMPLE}\n{EXAMPLE}\n");
    assert_eq!(
        Grid::parse(&two).unwrap_err().to_string(),
        "2:1: text after the puzzle (one puzzle is read here)"
    );
    let commented = format!("# a comment\n\n  {EXAMPLE}  # rated hard\n\n# the end\n");
    assert_eq!(Grid::parse(&commented).unwrap().to_string(), EXAMPLE);
    let field = format!("{EXAMPLE} regions=...");
    assert_eq!(Grid::parse(&field).unwrap_err().column, 83);
    // A one-line puzzle does not take rules: `-` is no cell there.
    let dashed = format!("{}-", &EXAMPLE[..80]);
    assert_eq!(
        Grid::parse(&dashed).unwrap_err().kind,
        ParseErrorKind::BadCharacter('-')
    );
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any classic grid of any usual side, ruled with or without a frame, reads back.
        #[test]
        fn every_ruled_grid_reads_back(
            side in prop::sample::select(vec![4usize, 6, 8, 9, 10, 12, 15, 16]),
            seed in any::<u64>(),
            frame in any::<bool>(),
        ) {
            let shape = Shape::for_size(side).unwrap();
            // Givens on a diagonal pattern that never clashes: digit (r·C + r/R + c) mod n.
            let n = side;
            let line: String = (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    let keep = (seed >> (i % 64)) & 1 == 1;
                    let d = (r * shape.box_cols() + r / shape.box_rows() + c) % n + 1;
                    if keep { crate::sudoku::cell_char(d as u8) } else { '.' }
                })
                .collect();
            let grid = Grid::parse(&ruled(&line, shape, '+', frame)).unwrap();
            prop_assert_eq!(grid.to_string(), line);
            prop_assert_eq!(grid.shape(), shape);
        }
    }
}

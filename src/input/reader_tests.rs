use super::*;
use sudoku_dlx::samples::EXAMPLE;

fn read(text: &str, shape: Option<Shape>) -> Vec<Record> {
    read_records(text.as_bytes(), shape)
        .collect::<io::Result<_>>()
        .unwrap()
}

/// Each record as its puzzle, or its error message.
fn outcomes(text: &str, shape: Option<Shape>) -> Vec<String> {
    read(text, shape)
        .into_iter()
        .map(|record| match record.puzzle {
            Ok(grid) => format!("{}:{} {grid}", record.line, record.column),
            Err(error) => format!("error {error}"),
        })
        .collect()
}

fn outcomes_of_bytes(bytes: &[u8]) -> Vec<String> {
    read_records(bytes, None)
        .map(|record| match record.unwrap().puzzle {
            Ok(grid) => grid.to_string(),
            Err(error) => format!("error {error}"),
        })
        .collect()
}

#[test]
fn one_puzzle_per_line_with_comments_blank_lines_and_crlf() {
    let text = format!("# header\r\n{EXAMPLE}  rated 9.3\r\n\r\n  {EXAMPLE}\r\n");
    assert_eq!(
        outcomes(&text, None),
        vec![format!("2:1 {EXAMPLE}"), format!("4:3 {EXAMPLE}")]
    );
}

#[test]
fn bad_lines_keep_their_place() {
    let text = format!(
        "{EXAMPLE}\n{}\n{}x\n{}\n44{}\n{EXAMPLE}\n12345\n{EXAMPLE}\n",
        ".".repeat(80),
        ".".repeat(80),
        ".".repeat(82),
        ".".repeat(79),
    );
    assert_eq!(
        outcomes(&text, None),
        vec![
            format!("1:1 {EXAMPLE}"),
            "error 2:1: 80 cells, expected 81".to_string(),
            "error 3:81: bad character 'x'".to_string(),
            "error 4:82: 82 cells, expected 81".to_string(),
            "error 5:2: clashing givens: digit 4 twice in row 1: r1c1 and r1c2".to_string(),
            format!("6:1 {EXAMPLE}"),
            "error 7:1: 5 cells, expected 81".to_string(),
            format!("8:1 {EXAMPLE}"),
        ]
    );
}

#[test]
fn grids_with_rules_read_back() {
    let text = "\
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .

+-----+
|12|..|
|..|12|
+-----+
|21|..|
|..|21|
+-----+
";
    assert_eq!(
        outcomes(text, None),
        vec![
            format!("1:1 {EXAMPLE}"),
            "13:1 12....1221....21".to_string()
        ]
    );
}

#[test]
fn grids_without_blank_lines_end_at_their_last_row() {
    let text = "12..\n..12\n21..\n..21\n1234\n3412\n2143\n4321\n";
    assert_eq!(
        outcomes(text, None),
        vec!["1:1 12....1221....21", "5:1 1234341221434321"]
    );
}

#[test]
fn a_row_with_a_cell_too_many_or_too_few_is_reported_in_its_own_grid() {
    // Three ruled 4x4 grids without blank lines: row 2 of the first lacks a cell, row 3 of
    // the second has one too many, the third is whole.
    let text = "\
1 2 | . .
. | 1 2
----+----
2 1 | . .
. . | 2 1
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3 3
4 3 | 2 1
1 2 | . .
. . | 1 2
----+----
2 1 | . .
. . | 2 1
";
    assert_eq!(
        outcomes(text, None),
        vec![
            "error 2:1: row 2 of the grid has 3 cells, expected 4".to_string(),
            "error 9:11: row 3 of the grid has 5 cells, expected 4".to_string(),
            "11:1 12....1221....21".to_string(),
        ]
    );
}

#[test]
fn the_first_row_may_be_the_broken_one() {
    let text = "1 2 .\n. . 1 2\n2 1 . .\n. . 2 1\n1 2 . .\n. . 1 2\n2 1 . .\n. . 2 1\n";
    assert_eq!(
        outcomes(text, None),
        vec![
            "error 1:1: row 1 of the grid has 3 cells, expected 4".to_string(),
            "5:1 12....1221....21".to_string(),
        ]
    );
}

#[test]
fn sixteen_cells_on_a_line_are_a_4x4_puzzle_unless_a_shape_says() {
    let line = "123456789ABCDEFG";
    assert_eq!(
        outcomes(line, None),
        vec!["error 1:5: digit 5 is out of range for a 4x4 grid (1 to 4)"]
    );
    let mut text = String::new();
    for row in 0..16 {
        let rotated: String = line
            .chars()
            .cycle()
            .skip(row * 4 + row / 4)
            .take(16)
            .collect();
        text.push_str(&rotated);
        text.push('\n');
    }
    let shape = Shape::new(4, 4).ok();
    let records = read(&text, shape);
    assert_eq!(records.len(), 1);
    assert!(records[0].puzzle.as_ref().unwrap().is_solved());
}

#[test]
fn a_named_shape_reads_6x6_with_tall_boxes() {
    let shape = Shape::new(3, 2).ok();
    let records = read(&"1.....".repeat(6), shape);
    assert_eq!(
        records[0].puzzle.as_ref().unwrap_err().to_string(),
        "1:7: clashing givens: digit 1 twice in column 1: r1c1 and r2c1"
    );
    let records = read("12.... ..34..\n", shape);
    assert_eq!(
        records[0].puzzle.as_ref().unwrap_err().to_string(),
        "1:1: 12 cells, expected 36"
    );
    let puzzle = "1.2...3.....4.....5....6...1.....2..";
    let grid = read(puzzle, shape)[0].puzzle.clone().unwrap();
    assert_eq!(grid.shape(), Shape::new(3, 2).unwrap());
}

#[test]
fn nothing_panics_on_junk() {
    let junk = [
        "",
        "\n\n",
        "|",
        "+-+\n| |\n+-+",
        "\u{feff}",
        "é",
        "🙂🙂🙂",
        "\0\0\0",
        "#",
        "-",
        "1",
        "1 2\n3",
        &"9".repeat(2000),
        &"|1".repeat(100),
    ];
    for text in junk {
        for shape in [None, Shape::new(2, 3).ok(), Shape::new(1, 1).ok()] {
            let _ = read(text, shape);
        }
    }
    let invalid_utf8: &[u8] = &[0xff, 0xfe, b'\n', b'1'];
    assert_eq!(
        outcomes_of_bytes(invalid_utf8),
        vec!["error 1:1: bad byte 0xFF (not UTF-8 text)"]
    );
}

#[test]
fn a_long_line_is_cut_and_the_next_one_still_read() {
    let text = format!("{}\n{EXAMPLE}\n", "#".repeat(MAX_LINE * 2));
    assert_eq!(outcomes(&text, None), vec![format!("2:1 {EXAMPLE}")]);
}

/// The records of `text` read by a reader that keeps variant fields.
fn with_fields(text: &str) -> Vec<Record> {
    read_records(text.as_bytes(), None)
        .accepting_fields()
        .collect::<io::Result<_>>()
        .unwrap()
}

#[test]
fn fields_follow_the_cells_of_a_line_and_the_rows_of_a_grid() {
    let text = "\
. . | 3 4
3 4 | . .
----+----
2 1 | 4 3
4 3 | 2 1
rules=anti-knight,x
....241343213142 regions=1112314234423342 rules=x a comment rules=y
1234341221434321 named regions=1111222233334444
";
    let mut records = with_fields(text);
    assert_eq!(records.len(), 3);
    records.swap(0, 1);
    // Two 3s in the bottom-left box: regions replace the boxes, so they are no clash.
    assert!(records[0].puzzle.is_ok(), "{:?}", records[0].puzzle);
    let fields: Vec<(FieldName, &str, usize, usize)> = records[0]
        .fields
        .iter()
        .map(|f| (f.name, f.value.as_str(), f.line, f.column))
        .collect();
    assert_eq!(
        fields,
        [
            (FieldName::Regions, "1112314234423342", 7, 18),
            (FieldName::Rules, "x", 7, 43)
        ]
    );
    assert!(records[1].puzzle.is_ok());
    assert_eq!(records[1].fields.len(), 1);
    assert_eq!(records[1].fields[0].value, "anti-knight,x");
    assert_eq!(
        (records[1].fields[0].line, records[1].fields[0].column),
        (6, 1)
    );
    // After a comment word, a field is comment.
    assert!(records[2].fields.is_empty());
    assert_eq!(records[2].line, 8);
}

#[test]
fn a_field_line_ends_a_short_grid_and_a_classic_reader_refuses_fields() {
    // A grid a row short: its error, and the field line is still its own.
    let records = with_fields("1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\nrules=x\n1234341221434321\n");
    assert_eq!(records.len(), 2);
    assert!(records[0].puzzle.is_err());
    assert_eq!(records[0].fields.len(), 1);
    assert!(records[1].puzzle.is_ok());
    // Without `accepting_fields`, the field is an error at its place, never dropped.
    let refused = outcomes("1234341221434321 rules=x\n1234341221434321 solved\n", None);
    assert_eq!(
        refused,
        [
            "error 1:18: rules= makes this a variant puzzle, and this input is read as classic puzzles",
            "2:1 1234341221434321"
        ]
    );
    // Givens repeating in a box are a clash without regions.
    let clash = outcomes("....241343213142 rules=x\n", None);
    assert!(clash[0].contains("clashing givens"), "{clash:?}");
}

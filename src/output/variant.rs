//! Printing the answers for variant puzzles: the classic [`Printer`] does the records that
//! were read (a variant's answer is printed like a classic one, with the rules carried out
//! in JSON as an f-puzzles document under `variant`); records that could not be read are
//! printed here in the same forms.

use super::grid::{write_pretty, write_regions};
use super::json::write_object;
use super::setter::generated_title;
use super::{Format, Printer, Report, Tally};
use crate::batch::Outcome;
use crate::input::variant::VariantRecord;
use crate::input::FieldName;
use serde_json::{Map, Value};
use std::io::{self, Write};
use std::time::Duration;
use sudoku_dlx::sudoku::cell_char;
use sudoku_dlx::sudoku::{Grid, SolveStats};
use sudoku_dlx::variant::RuleName;
use sudoku_dlx::variant::{fpuzzles, Variant, VariantGenerated};

/// The key under which every command's JSON carries a variant's rules.
const VARIANT_KEY: &str = "variant";

/// The fields that carry `variant`'s regions and rules on a line, each after a space:
/// ` regions=112... rules=x,anti-king` (empty for a classic puzzle). Regions are written
/// `1` to `9`, then `A` to `Z`, numbered by their first cell. `None` when a rule has no name
/// on a line (a killer cage: only f-puzzles JSON carries those).
///
/// ```
/// use sudoku_dlx::variant::{Rule, Variant};
/// use sudoku_dlx::Grid;
/// use sudoku_dlx_cli::output::variant::line_fields;
/// let givens: Grid = "1... .... .... ...4".parse()?;
/// let regions = vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
/// let variant = Variant::new(givens, Some(regions), vec![Rule::AntiKing])?;
/// assert_eq!(
///     line_fields(&variant).unwrap(),
///     " regions=1112312233423444 rules=anti-king"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn line_fields(variant: &Variant) -> Option<String> {
    let names = RuleName::names_of(variant.rules())?;
    let mut text = String::new();
    if let Some(regions) = variant.regions() {
        // Numbered by first appearance, as the reader numbers them.
        let mut order: Vec<usize> = Vec::new();
        let chars: String = regions
            .iter()
            .map(|&region| {
                let number = order.iter().position(|&r| r == region).unwrap_or_else(|| {
                    order.push(region);
                    order.len() - 1
                });
                cell_char(number as u8 + 1)
            })
            .collect();
        text.push_str(&format!(" {}{chars}", FieldName::Regions));
    }
    if !names.is_empty() {
        let names: Vec<&str> = names.iter().map(|name| name.name()).collect();
        text.push_str(&format!(" {}{}", FieldName::Rules, names.join(",")));
    }
    Some(text)
}

/// Writes one generated variant puzzle, number `index`, in `format`, in a form every
/// command reads back as the same puzzle: its givens and [`line_fields`]; its grid (box-ruled,
/// or with the borders of its irregular regions, see [`write_regions`]) under a `#` comment
/// with its givens and rating, and its fields on the line after the grid; or its f-puzzles
/// document, with its `solution` and a `title` naming it as the comment does.
pub fn write_variant_generated(
    out: &mut dyn Write,
    format: Format,
    index: u64,
    made: &VariantGenerated,
) -> io::Result<()> {
    let puzzle = &made.puzzle;
    let givens = puzzle.givens();
    let fields =
        || line_fields(puzzle).ok_or_else(|| io::Error::other("a rule with no name on a line"));
    match format {
        Format::Line => writeln!(out, "{givens}{}", fields()?),
        Format::Grid => {
            if index > 0 {
                out.write_all(b"\n")?;
            }
            let title = generated_title(index, givens, made.rating.as_ref());
            writeln!(out, "# {title}")?;
            match puzzle.regions() {
                Some(_) => write_regions(out, givens.shape(), givens.cells(), puzzle.region_of())?,
                None => write_pretty(out, givens.shape(), givens.cells())?,
            }
            let fields = fields()?;
            match fields.strip_prefix(' ') {
                Some(fields) => writeln!(out, "{fields}"),
                None => Ok(()),
            }
        }
        Format::Json | Format::Link => {
            let mut document = fpuzzles::to_json(puzzle);
            if let Value::Object(object) = &mut document {
                let title = generated_title(index, givens, made.rating.as_ref());
                object.insert("title".into(), title.into());
                let solution: Vec<Value> =
                    made.solution.cells().iter().map(|&d| d.into()).collect();
                object.insert("solution".into(), solution.into());
            }
            match format {
                Format::Link => writeln!(out, "{}", fpuzzles::document_link(&document)),
                _ => writeln!(out, "{document}"),
            }
        }
    }
}

/// The JSON fields that carry `variant`'s rules back out: `variant`, an f-puzzles document
/// (for the answers that are not a [`Report`], as `all`'s).
pub fn rules_json(variant: &sudoku_dlx::variant::Variant) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert(VARIANT_KEY.into(), fpuzzles::to_json(variant));
    fields
}

/// A command's answer for a variant puzzle: the classic answer, plus the puzzle's rules for
/// JSON.
pub struct WithRules<R> {
    /// The answer.
    pub answer: R,
    /// The variant as an f-puzzles document.
    pub variant: Value,
}

impl<R> WithRules<R> {
    /// The answer `answer` for the puzzle of `record`.
    pub fn new(answer: R, variant: &sudoku_dlx::variant::Variant) -> WithRules<R> {
        WithRules {
            answer,
            variant: fpuzzles::to_json(variant),
        }
    }
}

impl<R: Report> Report for WithRules<R> {
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        self.answer.write_line(out)
    }

    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        self.answer.write_grid(puzzle, out)
    }

    /// The answer's fields, then `variant`.
    fn add_json(&self, object: &mut Map<String, Value>) {
        self.answer.add_json(object);
        object.insert(VARIANT_KEY.into(), self.variant.clone());
    }

    fn success(&self) -> bool {
        self.answer.success()
    }

    fn stats(&self) -> Option<SolveStats> {
        self.answer.stats()
    }
}

/// Prints variant records: good ones through a classic [`Printer`], bad ones here.
pub struct VariantPrinter<W: Write, E: Write> {
    printer: Printer<W, E>,
    format: Format,
    grouped: bool,
    bad: u64,
}

impl<W: Write, E: Write> VariantPrinter<W, E> {
    /// Prints through `printer`, of `format`; `grouped` as for [`Printer::grouped`].
    pub fn new(printer: Printer<W, E>, format: Format, grouped: bool) -> VariantPrinter<W, E> {
        VariantPrinter {
            printer,
            format,
            grouped,
            bad: 0,
        }
    }

    /// The classic printer, for the records that were read.
    pub fn printer(&mut self) -> &mut Printer<W, E> {
        &mut self.printer
    }

    /// Writes the blank line before a record that the classic printer would not write
    /// because the records before were all printed here.
    fn separate(&mut self, printer_will: bool) -> io::Result<()> {
        let separated =
            self.format == Format::Grid || (self.grouped && self.format == Format::Line);
        let printed = self.printer.tally().records;
        let earlier = printed + self.bad > 0;
        if separated && earlier && !(printer_will && printed > 0) {
            self.printer.out().write_all(b"\n")?;
        }
        Ok(())
    }

    /// Prints one answer, or the record's error.
    pub fn answer<R: Report>(
        &mut self,
        record: &VariantRecord,
        answer: Option<R>,
        elapsed: Duration,
    ) -> io::Result<()> {
        match (record.as_record(), answer) {
            (Some(classic), Some(answer)) => {
                self.separate(true)?;
                self.printer.record(&Outcome {
                    record: classic,
                    answer: Some(answer),
                    elapsed,
                })
            }
            _ => self.bad_record(record),
        }
    }

    /// Gets ready for a good record that the caller prints through
    /// [`printer`](Self::printer) (`all`).
    pub fn before_good_record(&mut self) -> io::Result<()> {
        self.separate(true)
    }

    /// Prints a record that could not be read: `error: path:line:col: reason`.
    pub fn bad_record(&mut self, record: &VariantRecord) -> io::Result<()> {
        self.separate(false)?;
        let message = record.error_message().unwrap_or_default();
        let out = self.printer.out();
        match self.format {
            Format::Line | Format::Link => writeln!(out, "error: {message}")?,
            Format::Grid => writeln!(out, "# error: {message}")?,
            Format::Json => {
                let mut object = Map::new();
                object.insert("index".into(), record.index.into());
                object.insert("source".into(), record.source.clone().into());
                object.insert("line".into(), record.line.into());
                object.insert("column".into(), record.column.into());
                object.insert("error".into(), message.into());
                write_object(out, &object)?;
            }
        }
        self.bad += 1;
        Ok(())
    }

    /// Flushes, and gives back the streams and the tally of every record.
    pub fn finish(self) -> io::Result<(W, E, Tally)> {
        let (out, diag, mut tally) = self.printer.finish()?;
        tally.records += self.bad;
        tally.bad += self.bad;
        Ok((out, diag, tally))
    }
}

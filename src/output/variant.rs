//! Printing the answers for variant puzzles: the classic [`Printer`] does the records that
//! were read (a variant's answer is printed like a classic one, with the rules carried out
//! in JSON as an f-puzzles document under `variant`); records that could not be read are
//! printed here in the same forms.

use super::json::write_object;
use super::{Format, Printer, Report, Tally};
use crate::batch::Outcome;
use crate::input::variant::VariantRecord;
use serde_json::{Map, Value};
use std::io::{self, Write};
use std::time::Duration;
use sudoku_dlx::sudoku::{Grid, SolveStats};
use sudoku_dlx::variant::fpuzzles;

/// The key under which every command's JSON carries a variant's rules.
const VARIANT_KEY: &str = "variant";

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
            Format::Line => writeln!(out, "error: {message}")?,
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

//! The printer: writes each outcome in the chosen format, with `--stats`, and keeps the
//! tally that decides the exit code.

use super::grid::write_pretty;
use super::json::{count_json, record_fields, stats_json, write_fields, write_object};
use super::{Format, Report};
use crate::batch::Outcome;
use crate::input::Record;
use serde_json::{json, Map, Value};
use std::io::{self, Write};
use std::time::{Duration, Instant};
use sudoku_dlx::sudoku::{cell_char, Grid, Shape, SolveStats};

/// What was printed: records, bad ones, unsuccessful answers, and the solver's counters
/// added up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Records printed.
    pub records: u64,
    /// Records that could not be read.
    pub bad: u64,
    /// Answers that make the exit code 1 (no solution, not unique).
    pub unsuccessful: u64,
    /// Search nodes, all puzzles together.
    pub nodes: u64,
    /// Guesses, all puzzles together.
    pub guesses: u64,
    /// Cells placed by logic, all puzzles together.
    pub placed_by_logic: u64,
}

impl Tally {
    fn add(&mut self, stats: &SolveStats) {
        self.nodes += stats.search.nodes;
        self.guesses += stats.search.guesses;
        self.placed_by_logic += stats.placed_by_logic;
    }

    /// Puzzles that were read and answered.
    pub fn puzzles(&self) -> u64 {
        self.records - self.bad
    }
}

/// The `all` group being printed.
struct Group {
    position: String,
    shape: Shape,
    found: u128,
    /// The puzzle, and its f-puzzles document when it is a variant, for links.
    puzzle: Grid,
    document: Option<Value>,
}

/// Writes answers to `out` in one [`Format`], and `--stats` lines to `diag`.
pub struct Printer<W: Write, E: Write> {
    out: W,
    diag: E,
    format: Format,
    show_stats: bool,
    tally: Tally,
    started: Instant,
    /// Answers are groups of solutions (`all`), separated by blank lines in line format.
    grouped: bool,
    group: Option<Group>,
    /// The key of the next record (`--keyed`): before its line, or `"id"` in its object.
    key: Option<String>,
}

impl<W: Write, E: Write> Printer<W, E> {
    /// A printer of `format` to `out`; with `show_stats`, per-puzzle stats and the totals go
    /// to `diag` (or inside the objects, for JSON).
    pub fn new(out: W, diag: E, format: Format, show_stats: bool) -> Printer<W, E> {
        Printer {
            out,
            diag,
            format,
            show_stats,
            tally: Tally::default(),
            started: Instant::now(),
            grouped: false,
            group: None,
            key: None,
        }
    }

    /// A printer for groups of solutions (`all`): in line format, a blank line separates
    /// the groups of successive puzzles.
    pub fn grouped(mut self) -> Printer<W, E> {
        self.grouped = true;
        self
    }

    /// What has been printed so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The output stream.
    pub fn out(&mut self) -> &mut W {
        &mut self.out
    }

    /// Writes the blank line that separates records (grid format) or groups (`all`).
    /// Sets the key of the next record printed (`--keyed`): `KEY<TAB>` starts its line, and
    /// its JSON object starts with `"id"`.
    pub fn set_key(&mut self, key: Option<String>) {
        self.key = key;
    }

    /// Writes the key of the record being printed, and a tab, in the line format.
    fn write_key(&mut self) -> io::Result<()> {
        match &self.key {
            Some(key) => write!(self.out, "{key}\t"),
            None => Ok(()),
        }
    }

    /// The JSON fields of a record, after its `"id"` when it has a key.
    fn fields(&self, record: &Record) -> Map<String, serde_json::Value> {
        let mut object = Map::new();
        if let Some(key) = &self.key {
            object.insert("id".into(), key.clone().into());
        }
        object.extend(record_fields(record));
        object
    }

    fn separate(&mut self) -> io::Result<()> {
        let separated =
            self.format == Format::Grid || (self.grouped && self.format == Format::Line);
        if separated && self.tally.records > 0 {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Prints one outcome: the answer, or the record's error in its place.
    pub fn record<R: Report>(&mut self, outcome: &Outcome<R>) -> io::Result<()> {
        let (Some(answer), Ok(puzzle)) = (&outcome.answer, &outcome.record.puzzle) else {
            return self.bad_record(&outcome.record);
        };
        self.separate()?;
        let stats = answer.stats();
        match self.format {
            Format::Line => {
                self.write_key()?;
                answer.write_line(&mut self.out)?;
                self.out.write_all(b"\n")?;
            }
            Format::Grid => answer.write_grid(puzzle, &mut self.out)?,
            Format::Json => {
                let mut object = self.fields(&outcome.record);
                answer.add_json(&mut object);
                if let (true, Some(stats)) = (self.show_stats, &stats) {
                    object.insert("stats".into(), stats_json(stats, outcome.elapsed));
                }
                write_object(&mut self.out, &object)?;
            }
            Format::Link => {
                let mut object = Map::new();
                answer.add_json(&mut object);
                writeln!(self.out, "{}", super::link::answer_link(&object, puzzle))?;
            }
        }
        self.count(
            answer.success(),
            stats.as_ref(),
            &outcome.record,
            outcome.elapsed,
        )
    }

    /// Tallies an answer and writes its stats line.
    fn count(
        &mut self,
        success: bool,
        stats: Option<&SolveStats>,
        record: &Record,
        elapsed: Duration,
    ) -> io::Result<()> {
        self.tally.records += 1;
        self.tally.unsuccessful += u64::from(!success);
        let Some(stats) = stats else { return Ok(()) };
        self.tally.add(stats);
        if self.show_stats && self.format != Format::Json {
            writeln!(
                self.diag,
                "stats {}: nodes {}, guesses {}, placed by logic {}, time {elapsed:.1?}",
                record.position(),
                stats.search.nodes,
                stats.search.guesses,
                stats.placed_by_logic
            )?;
        }
        Ok(())
    }

    /// Prints a record that could not be read: `error: path:line:col: reason` (a `#`
    /// comment in grid format, an `error` field in JSON).
    pub fn bad_record(&mut self, record: &Record) -> io::Result<()> {
        let message = record.error_message().unwrap_or_default();
        self.separate()?;
        match self.format {
            Format::Line | Format::Link => {
                self.write_key()?;
                writeln!(self.out, "error: {message}")?
            }
            Format::Grid => writeln!(self.out, "# error: {message}")?,
            Format::Json => {
                let mut object = self.fields(record);
                object.insert("error".into(), message.into());
                write_object(&mut self.out, &object)?;
            }
        }
        self.tally.records += 1;
        self.tally.bad += 1;
        Ok(())
    }

    /// Starts the solutions of one puzzle (for `all`, with a [`grouped`](Self::grouped)
    /// printer): the JSON object's fields up to its `solutions` array.
    pub fn begin_solutions(&mut self, record: &Record) -> io::Result<()> {
        self.begin_solutions_of(record, None)
    }

    /// [`begin_solutions`](Self::begin_solutions) of a variant puzzle, whose f-puzzles
    /// `document` the links carry.
    pub fn begin_solutions_of(
        &mut self,
        record: &Record,
        document: Option<Value>,
    ) -> io::Result<()> {
        let Ok(puzzle) = &record.puzzle else {
            return self.bad_record(record);
        };
        self.separate()?;
        if self.format == Format::Json {
            self.out.write_all(b"{")?;
            write_fields(&mut self.out, &record_fields(record))?;
            self.out.write_all(b",\"solutions\":[")?;
        }
        self.group = Some(Group {
            position: record.position(),
            shape: puzzle.shape(),
            found: 0,
            puzzle: puzzle.clone(),
            document,
        });
        Ok(())
    }

    /// Prints one solution of the current puzzle, given as its cells.
    ///
    /// # Panics
    /// If no puzzle was begun.
    pub fn solution(&mut self, cells: &[u8]) -> io::Result<()> {
        let group = self.group.as_mut().expect("begin_solutions first");
        group.found += 1;
        let mut line = Vec::with_capacity(cells.len() + 3);
        match self.format {
            Format::Line => {
                line.extend(cells.iter().map(|&v| cell_char(v) as u8));
                line.push(b'\n');
                self.out.write_all(&line)
            }
            // Each solution as the link of its puzzle with that solution.
            Format::Link => {
                let solution: String = cells.iter().map(|&v| cell_char(v)).collect();
                let mut answer = Map::new();
                answer.insert("solution".into(), solution.into());
                if let Some(document) = &group.document {
                    answer.insert("variant".into(), document.clone());
                }
                let link = super::link::answer_link(&answer, &group.puzzle);
                writeln!(self.out, "{link}")
            }
            Format::Grid => {
                if group.found > 1 {
                    self.out.write_all(b"\n")?;
                }
                writeln!(self.out, "# {}: solution {}", group.position, group.found)?;
                write_pretty(&mut self.out, group.shape, cells)
            }
            Format::Json => {
                if group.found > 1 {
                    line.push(b',');
                }
                line.push(b'"');
                line.extend(cells.iter().map(|&v| cell_char(v) as u8));
                line.push(b'"');
                self.out.write_all(&line)
            }
        }
    }

    /// Ends the current puzzle's solutions: `none` when there were none; in JSON, closes
    /// the array and adds `count`, `capped` and, when asked, `stats`.
    ///
    /// # Panics
    /// If no puzzle was begun.
    pub fn end_solutions(
        &mut self,
        record: &Record,
        capped: bool,
        stats: &SolveStats,
        elapsed: Duration,
    ) -> io::Result<()> {
        self.end_solutions_with(record, capped, stats, elapsed, Map::new())
    }

    /// Ends the current puzzle's solutions like [`end_solutions`](Self::end_solutions),
    /// with the fields of `extra` (a variant's rules) after `count` and `capped` in JSON.
    ///
    /// # Panics
    /// If no puzzle was begun.
    pub fn end_solutions_with(
        &mut self,
        record: &Record,
        capped: bool,
        stats: &SolveStats,
        elapsed: Duration,
        extra: Map<String, Value>,
    ) -> io::Result<()> {
        let group = self.group.take().expect("begin_solutions first");
        match self.format {
            // Capped with nothing found: interrupted before the first solution, which says
            // nothing about whether there is one.
            Format::Line | Format::Link if group.found == 0 && !capped => {
                self.out.write_all(b"none\n")?
            }
            Format::Grid if group.found == 0 && !capped => self.out.write_all(b"# none\n")?,
            Format::Line | Format::Grid | Format::Link => {}
            Format::Json => {
                let mut tail = Map::new();
                tail.insert("count".into(), count_json(group.found));
                tail.insert("capped".into(), capped.into());
                tail.extend(extra);
                if self.show_stats {
                    tail.insert("stats".into(), stats_json(stats, elapsed));
                }
                self.out.write_all(b"],")?;
                write_fields(&mut self.out, &tail)?;
                self.out.write_all(b"}\n")?;
            }
        }
        self.count(group.found > 0, Some(stats), record, elapsed)
    }

    /// Writes the totals (with `--stats`), flushes, and gives back the streams and the
    /// tally.
    pub fn finish(mut self) -> io::Result<(W, E, Tally)> {
        self.out.flush()?;
        if self.show_stats {
            let elapsed = self.started.elapsed();
            let tally = self.tally;
            let rate = tally.puzzles() as f64 / elapsed.as_secs_f64().max(1e-9);
            if self.format == Format::Json {
                let totals = json!({"totals": {
                    "records": tally.records,
                    "bad": tally.bad,
                    "puzzles": tally.puzzles(),
                    "seconds": elapsed.as_secs_f64(),
                    "puzzles_per_second": rate,
                    "nodes": tally.nodes,
                    "guesses": tally.guesses,
                    "placed_by_logic": tally.placed_by_logic,
                }});
                writeln!(self.diag, "{totals}")?;
            } else {
                writeln!(
                    self.diag,
                    "stats total: {} puzzles, {} bad records, in {elapsed:.1?}, {rate:.0} puzzles/s; nodes {}, guesses {}, placed by logic {}",
                    tally.puzzles(),
                    tally.bad,
                    tally.nodes,
                    tally.guesses,
                    tally.placed_by_logic
                )?;
            }
        }
        self.diag.flush()?;
        Ok((self.out, self.diag, self.tally))
    }
}

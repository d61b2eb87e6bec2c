//! JSON pieces shared by the formats: the record header, stats, and writing an object's
//! fields one by one so that `all` can stream its array of solutions.

use crate::input::Record;
use serde_json::{json, Map, Value};
use std::io::{self, Write};
use std::time::Duration;
use sudoku_dlx::sudoku::SolveStats;

/// The fields every JSON object starts with: `index`, `source`, `line`, `column`, and
/// `puzzle` when the record was read.
pub(crate) fn record_fields(record: &Record) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("index".into(), record.index.into());
    object.insert("source".into(), record.source.clone().into());
    object.insert("line".into(), record.line.into());
    object.insert("column".into(), record.column.into());
    if let Ok(puzzle) = &record.puzzle {
        object.insert("puzzle".into(), puzzle.to_string().into());
    }
    object
}

/// The `stats` object of one puzzle: search nodes, guesses, cells placed by logic,
/// and the time in microseconds.
pub fn stats_json(stats: &SolveStats, elapsed: Duration) -> Value {
    json!({
        "nodes": stats.search.nodes,
        "guesses": stats.search.guesses,
        "placed_by_logic": stats.placed_by_logic,
        "time_us": elapsed.as_secs_f64() * 1e6,
    })
}

/// Writes `"key":value` pairs separated by commas, without braces.
pub(crate) fn write_fields(out: &mut dyn Write, fields: &Map<String, Value>) -> io::Result<()> {
    for (position, (key, value)) in fields.iter().enumerate() {
        if position > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, key)?;
        out.write_all(b":")?;
        serde_json::to_writer(&mut *out, value)?;
    }
    Ok(())
}

/// Writes a whole object and a newline.
pub(crate) fn write_object(out: &mut dyn Write, fields: &Map<String, Value>) -> io::Result<()> {
    out.write_all(b"{")?;
    write_fields(out, fields)?;
    out.write_all(b"}\n")
}

/// A count as a JSON number; past `u64::MAX` (more than any search will ever reach) as a
/// string of digits, since JSON numbers that large lose precision in most readers.
pub(crate) fn count_json(count: u128) -> Value {
    u64::try_from(count).map_or_else(|_| Value::from(count.to_string()), Value::from)
}

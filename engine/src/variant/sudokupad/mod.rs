//! SudokuPad's puzzle links, read offline: the part of [`fpuzzles::parse`] that reads
//! `https://sudokupad.app/...`, `?puzzleid=...`, `app.crackingthecryptic.com/sudoku/...`
//! and bare puzzle ids with a known prefix. After `fpuzzles` or `fpuz` comes the compressed
//! f-puzzles document of f-puzzles' share links; after `scl` or `ctc`, SudokuPad's own
//! document, lz-string base64 of its "zipped" JSON ([`zipper`]), which [`native`] maps to a
//! variant; after `classic`, a classic grid's givens in a compact code ([`classic`]). After
//! `scf` comes SudokuPad's compact format, which SudokuPad decodes with code of its own that
//! is not published as a format: such a link is refused with a message that says so.
//! Percent-encoded data (`%2B`, `%2F`, `%3D`) reads. A short id (no known prefix)
//! names a puzzle stored on SudokuPad's server: it is refused, since reading it needs a
//! network lookup.

mod classic;
mod native;
mod zipper;

pub(crate) use classic::parse as parse_classic;

use super::fpuzzles::{self, FpuzzlesError};
use super::Variant;

/// The hosts that serve SudokuPad.
const HOSTS: &[&str] = &[
    "sudokupad.app",
    "www.sudokupad.app",
    "beta.sudokupad.app",
    "app.crackingthecryptic.com",
    "sudokupad.svencodes.com",
];

/// What a SudokuPad link or puzzle id holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Payload {
    /// f-puzzles data, after `fpuzzles` or `fpuz`.
    Fpuzzles(String),
    /// SudokuPad's own document, after `scl` or `ctc`.
    Native(String),
    /// A classic grid's givens in a compact code, after `classic`.
    Classic(String),
    /// SudokuPad's compact format (SCF), after `scf`: a packing of its document that only
    /// SudokuPad's own code decodes.
    Compact,
    /// A short id (or none) that only SudokuPad's server resolves.
    Remote(String),
}

/// The payload of a SudokuPad link or of a puzzle id with a known prefix (`scl`, `ctc`,
/// `fpuzzles`, `fpuz`, `classic`), percent-decoded; `None` for any other text.
pub(crate) fn payload(text: &str) -> Option<Payload> {
    let text = text.trim();
    let (linked, id) = match link_id(text) {
        Some(id) => (true, id),
        None => (false, text),
    };
    let id = percent_decode(id);
    for prefix in ["fpuzzles", "fpuz"] {
        if let Some(data) = id.strip_prefix(prefix) {
            return Some(Payload::Fpuzzles(base64(data)));
        }
    }
    for prefix in ["scl", "ctc"] {
        if let Some(data) = id.strip_prefix(prefix) {
            return Some(Payload::Native(base64(data)));
        }
    }
    if let Some(data) = id.strip_prefix("classic") {
        return Some(Payload::Classic(data.to_string()));
    }
    if id.starts_with("scf") {
        return Some(Payload::Compact);
    }
    linked.then_some(Payload::Remote(id))
}

/// Link data as base64: line breaks dropped, and a space read as the `+` that a URL decoder
/// turned into one. Data that is JSON text itself (from `{`) is kept as it is.
fn base64(data: &str) -> String {
    if data.trim_start().starts_with('{') {
        return data.to_string();
    }
    data.chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '\t'))
        .map(|c| if c == ' ' { '+' } else { c })
        .collect()
}

/// The puzzle id of a link to a SudokuPad host: the `puzzleid` query parameter, else the
/// path after the host (and after `sudoku/` or `puzzle/`), up to a `?` or `#`.
fn link_id(text: &str) -> Option<&str> {
    let rest = ["https://", "http://"]
        .iter()
        .find_map(|scheme| text.strip_prefix(scheme))
        .unwrap_or(text);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    if !HOSTS.contains(&host.to_ascii_lowercase().as_str()) {
        return None;
    }
    if let Some(k) = path.find("puzzleid=") {
        let value = &path[k + "puzzleid=".len()..];
        return value.split(['&', '#']).next();
    }
    let path = ["sudoku/", "puzzle/"]
        .iter()
        .find_map(|folder| path.strip_prefix(folder))
        .unwrap_or(path);
    path.split(['?', '#']).next()
}

/// `text` with each `%XX` replaced by its byte (invalid UTF-8 replaced). Text without a
/// `%` (every share string f-puzzles writes) is copied as it is.
pub(crate) fn percent_decode(text: &str) -> String {
    if !text.contains('%') {
        return text.to_string();
    }
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let pair = match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&high), Some(&low)) => hex(high).zip(hex(low)),
            _ => None,
        };
        match pair {
            Some((high, low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads SudokuPad's own document: lz-string base64, or the (zipped) JSON text itself.
pub(crate) fn parse_native(data: &str) -> Result<Variant, FpuzzlesError> {
    let text = match data.trim_start().starts_with('{') {
        true => data.to_string(),
        false => fpuzzles::decompress(data).ok_or_else(|| {
            FpuzzlesError::field(
                "(link)",
                "SudokuPad data that does not decompress (lz-string base64)",
            )
        })?,
    };
    let value = zipper::read(&text).map_err(|error| FpuzzlesError::Json {
        line: error.line(),
        column: error.column(),
        message: format!("SudokuPad document: {error}"),
    })?;
    native::from_value(&value)
}

#[cfg(test)]
mod tests;

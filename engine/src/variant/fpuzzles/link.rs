//! The share-link form of a document, both ways: lz-string base64 of its JSON, after
//! `load=` in f-puzzles' links and after `fpuzzles` in SudokuPad's; [`to_link`] writes the
//! SudokuPad link of a puzzle, and [`super::parse`] reads any of them back.

use super::{to_json, FpuzzlesError, Variant};
use crate::variant::sudokupad;
use serde_json::Value;

/// The JSON of a share link or of its compressed string (percent-encoded or not); `None`
/// for plain JSON.
pub(super) fn unpack(text: &str) -> Result<Option<String>, FpuzzlesError> {
    if text.starts_with('{') {
        return Ok(None);
    }
    let packed = text.rsplit_once("load=").map_or(text, |(_, rest)| rest);
    let packed = packed.split('&').next().unwrap_or(packed);
    let json = decompress(&sudokupad::percent_decode(packed)).ok_or(FpuzzlesError::Compressed)?;
    if !json.trim_start().starts_with('{') {
        return Err(FpuzzlesError::Compressed);
    }
    Ok(Some(json))
}

/// The text that lz-string base64 `packed` decompresses to, if it does: the inverse of
/// [`compress`].
///
/// ```
/// use sudoku_dlx::variant::fpuzzles;
/// let packed = fpuzzles::compress(r#"{"size":4}"#);
/// assert_eq!(fpuzzles::decompress(&packed).as_deref(), Some(r#"{"size":4}"#));
/// ```
pub fn decompress(packed: &str) -> Option<String> {
    let wide = lz_str::decompress_from_base64(packed.trim())?;
    String::from_utf16(&wide).ok()
}

/// `text` compressed as f-puzzles' share links carry it: lz-string, base64 (what
/// [`parse`](super::parse) decompresses).
pub fn compress(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

/// Where a share link's data follows: SudokuPad's page for f-puzzles data, which opens the
/// puzzle in SudokuPad (and f-puzzles' own editor reads the same data after `?load=`).
pub const LINK_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// The share link of `variant`: [`LINK_PREFIX`] and its f-puzzles document
/// ([`to_json`]) [compressed](compress). [`parse`](super::parse) reads it back as the same
/// puzzle.
///
/// ```
/// use sudoku_dlx::variant::{fpuzzles, Rule, Variant};
/// use sudoku_dlx::Grid;
///
/// let givens: Grid = "1... .... .... ...4".parse()?;
/// let variant = Variant::new(givens, None, vec![Rule::AntiKing])?;
/// let link = fpuzzles::to_link(&variant);
/// assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
/// assert_eq!(fpuzzles::parse(&link)?, variant);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_link(variant: &Variant) -> String {
    document_link(&to_json(variant))
}

/// Where the data of f-puzzles' own share links follows: its editor opens the puzzle.
pub const FPUZZLES_LINK_PREFIX: &str = "https://f-puzzles.com/?load=";

/// The f-puzzles share link of `variant`: [`FPUZZLES_LINK_PREFIX`] and its f-puzzles
/// document ([`to_json`]) [compressed](compress), with `+`, `/` and `=` percent-encoded so
/// that the link survives being pasted into any address bar. [`parse`](super::parse) reads
/// it back as the same puzzle.
///
/// ```
/// use sudoku_dlx::variant::{fpuzzles, Rule, Variant};
/// use sudoku_dlx::Grid;
///
/// let givens: Grid = "1... .... .... ...4".parse()?;
/// let variant = Variant::new(givens, None, vec![Rule::AntiKnight])?;
/// let link = fpuzzles::to_fpuzzles_link(&variant);
/// assert!(link.starts_with("https://f-puzzles.com/?load=N4Ig"));
/// assert!(!link[fpuzzles::FPUZZLES_LINK_PREFIX.len()..].contains(['+', '/', '=']));
/// assert_eq!(fpuzzles::parse(&link)?, variant);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_fpuzzles_link(variant: &Variant) -> String {
    let packed = compress(&to_json(variant).to_string());
    let mut link = String::from(FPUZZLES_LINK_PREFIX);
    for c in packed.chars() {
        match c {
            '+' => link.push_str("%2B"),
            '/' => link.push_str("%2F"),
            '=' => link.push_str("%3D"),
            c => link.push(c),
        }
    }
    link
}

/// The share link of an f-puzzles document (one that [`to_json`] made, with a `solution`
/// or a `title` added, say).
pub fn document_link(document: &Value) -> String {
    format!("{LINK_PREFIX}{}", compress(&document.to_string()))
}

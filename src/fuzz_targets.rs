//! The command line's fuzz target, its record reader: it takes any bytes and panics only
//! on a bug. The fuzzer binary `fuzz/fuzz_targets/record_reader.rs` (cargo-fuzz and
//! cargo-afl) calls it, and `tests/fuzz_corpus.rs` replays the committed seeds and every
//! input that ever made it fail through it on stable. The engine's targets are in
//! `sudoku_dlx::fuzz_targets`. See `docs/fuzzing.md`.

use crate::input::read_records;
use std::io::BufRead;

/// The record reader on any bytes: one record at a time, numbered in order, each at a line
/// and column the input has, and never an I/O error from bytes in memory. Read with no box
/// shape, then with the shape of the first good record.
pub fn record_reader(data: &[u8]) {
    let lines = data.split(|&b| b == b'\n' || b == b'\r').count();
    let mut shape = None;
    for pass in 0..2 {
        for (expected_index, record) in read_records(data, shape).enumerate() {
            let record = record.expect("reading from memory cannot fail");
            assert_eq!(record.index, expected_index);
            assert!(
                record.line >= 1 && record.line <= lines,
                "line {}",
                record.line
            );
            assert!(record.column >= 1);
            match &record.puzzle {
                Ok(grid) => {
                    assert_eq!(grid.cells().len(), grid.shape().cells());
                    assert!(grid.clash().is_none(), "a good record has no clash");
                    if pass == 0 && shape.is_none() {
                        shape = Some(grid.shape());
                    }
                }
                Err(error) => {
                    assert!(error.line >= record.line && error.line <= lines, "{error}");
                    assert!(error.column >= 1, "{error}");
                    assert!(!record.error_message().unwrap().is_empty());
                }
            }
        }
        if shape.is_none() {
            break;
        }
    }
    // The same through a reader that hands over one byte at a time.
    let whole: Vec<_> = read_records(data, None).map(Result::unwrap).collect();
    let trickled: Vec<_> = read_records(OneByte(data), None)
        .map(Result::unwrap)
        .collect();
    assert_eq!(whole, trickled);
}

/// A reader that gives out one byte per call, to find bugs at buffer boundaries.
struct OneByte<'a>(&'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = usize::from(!self.0.is_empty() && !buf.is_empty());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

impl BufRead for OneByte<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        Ok(&self.0[..self.0.len().min(1)])
    }

    fn consume(&mut self, amount: usize) {
        self.0 = &self.0[amount..];
    }
}

//! The command-line layer: one module per command, each with a `clap::Args` struct and a
//! `run` function that calls the library, prints and returns a [`common::Status`]; the
//! options and plumbing they share live in [`common`].

pub mod all;
pub mod bench;
pub mod check;
pub mod common;
pub mod count;
pub mod progress;
pub mod solve;

//! The command-line layer: one module per command, each with a `clap::Args` struct and a
//! `run` function that calls the library, prints and returns a [`common::Status`]; the
//! options and plumbing they share live in [`common`].
//!
//! Adding a command `foo`:
//!
//! 1. `src/cli/foo.rs` with `#[derive(clap::Args)] pub struct Args` (flatten
//!    [`common::BatchArgs`] for inputs, `--box`, `--format`, `--stats`, `--jobs`; put the
//!    examples in `#[command(after_help = ...)]`) and
//!    `pub fn run(args: Args) -> Result<Status, CliError>`. A per-puzzle command is one call:
//!    `common::run_batch(&args.batch, Solver::new, |solver, puzzle, progress| answer)`,
//!    where the answer's type implements [`sudoku_dlx_cli::output::Report`] (its line, grid and
//!    JSON forms, and whether it counts as a success for the exit code).
//! 2. `pub mod foo;` below.
//! 3. In `src/main.rs`, a variant `Foo(Deferred<cli::foo::Args>)` of `Command` (its doc
//!    comment is the one-line help; [`start::Deferred`] builds the arguments only when
//!    `foo` is used) and the arm `Command::Foo(Deferred(args)) => cli::foo::run(args)`.
//!
//! A flag on an existing command (say `check --witness`) is a field of that command's
//! `Args` and a different answer type (or a field of it) built in its `run`.

pub mod all;
pub mod bench;
pub mod candidates;
pub mod check;
pub mod common;
pub mod completions;
pub mod count;
#[allow(unsafe_code)]
pub mod ctrl_c;
pub mod explain;
pub mod generate;
pub mod man;
pub mod pipeline;
pub mod progress;
pub mod rate;
pub mod redundant;
pub mod solve;
#[allow(unsafe_code)]
pub mod start;
pub mod variant;
pub mod xc;
pub mod xc_jobs;

//! `sudoku-dlx`: solve, enumerate, count and check Sudoku puzzles of any box shape from the
//! command line. Each command lives in `src/cli/<command>.rs`; see `docs/cli.md`. The
//! start-up machinery (how the binary is linked, clap's deferred arguments): `cli::start`.

// Unsafe code only where it is allowed by name: the Ctrl-C signal handler (cli::ctrl_c) and
// the look at standard output before the runtime's start (cli::start).
#![deny(unsafe_code)]

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use cli::start::Deferred;

/// The command line: one subcommand per job.
#[derive(Parser)]
#[command(
    name = "sudoku-dlx",
    version,
    about = "A Sudoku engine built on exact cover (Dancing Links), for any box shape",
    after_help = "\
Inputs are files, `-` for standard input, or puzzles written inline; with none, standard
input is read. Exit codes: 0 every puzzle solved (or counted, or unique), 1 some puzzle had
no solution (or was not unique), 2 bad input, usage or I/O error, 130 interrupted.

Examples:
  sudoku-dlx solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx check puzzles.txt --format json
  sudoku-dlx count --limit 1000 .................................................................................
  sudoku-dlx generate --count 5 --minimal --symmetry rot180 --seed 1
  sudoku-dlx rate puzzles.txt"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands. Adding one: a variant here, an arm in `main`, and `src/cli/<name>.rs`
/// declared in `src/cli/mod.rs`.
#[derive(Subcommand)]
enum Command {
    /// Print the first solution of each puzzle, or `none`.
    Solve(Deferred<cli::solve::Args>),
    /// Print every solution of each puzzle as it is found.
    All(Deferred<cli::all::Args>),
    /// Print the number of solutions of each puzzle.
    Count(Deferred<cli::count::Args>),
    /// Print whether each puzzle has a unique solution: unique, multiple or none.
    Check(Deferred<cli::check::Args>),
    /// Print the true candidates of each puzzle: the digits some solution places in each cell.
    Candidates(Deferred<cli::candidates::Args>),
    /// Generate puzzles with exactly one solution: minimal, symmetric, of a difficulty.
    Generate(Deferred<cli::generate::Args>),
    /// Rate each puzzle: the logic it needs, and the guesses when singles are not enough.
    Rate(Deferred<cli::rate::Args>),
    /// Print the solving path of each puzzle, one step per line, as a person would solve it.
    Explain(Deferred<cli::explain::Args>),
    /// Print the next step of each puzzle in progress: the easiest technique that applies.
    Hint(Deferred<cli::explain::HintArgs>),
    /// List the givens that can each be removed while the puzzle stays unique.
    Redundant(Deferred<cli::redundant::Args>),
    /// Measure puzzles per second on whole files, single-threaded, every answer checked.
    Bench(Deferred<cli::bench::Args>),
    /// Solve any exact-cover problem in Knuth's format (dlx1/dlx2 with colors, dlx3
    /// multiplicities, dlx5 costs).
    Xc(Deferred<cli::xc::Args>),
    /// Print the completion script of a shell (bash, zsh, fish, powershell, elvish).
    Completions(Deferred<cli::completions::Args>),
    /// Print the manual page (roff), or write a page per command into a folder.
    Man(Deferred<cli::man::Args>),
}

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

/// Parses the command line and runs the command; the process's exit code.
fn run() -> u8 {
    let cli = Cli::parse();
    if let Err(error) = cli::common::check_stdout() {
        return cli::common::exit_code(Err(error));
    }
    cli::ctrl_c::install();
    let result = match cli.command {
        Command::Solve(Deferred(args)) => cli::solve::run(args),
        Command::All(Deferred(args)) => cli::all::run(args),
        Command::Count(Deferred(args)) => cli::count::run(args),
        Command::Check(Deferred(args)) => cli::check::run(args),
        Command::Candidates(Deferred(args)) => cli::candidates::run(args),
        Command::Generate(Deferred(args)) => cli::generate::run(args),
        Command::Rate(Deferred(args)) => cli::rate::run(args),
        Command::Explain(Deferred(args)) => cli::explain::run(args),
        Command::Hint(Deferred(args)) => cli::explain::run_hint(args),
        Command::Redundant(Deferred(args)) => cli::redundant::run(args),
        Command::Bench(Deferred(args)) => cli::bench::run(args),
        Command::Xc(Deferred(args)) => cli::xc::run(args),
        Command::Completions(Deferred(args)) => cli::completions::run(args, Cli::command()),
        Command::Man(Deferred(args)) => cli::man::run(args, Cli::command()),
    };
    cli::common::exit_code(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks of the command line (in debug builds), on every command: their
    /// arguments are deferred (`cli::start::Deferred`), so a run checks only the command it
    /// parses.
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}

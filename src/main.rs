//! `sudoku-dlx`: solve, enumerate, count and check Sudoku puzzles of any box shape from the
//! command line. Each command lives in `src/cli/<command>.rs`; see `docs/cli.md`.

// Unsafe code only where it is allowed by name: the Ctrl-C signal handler (cli::ctrl_c),
// the process's start on Unix (cli::start) and the C `main` that calls it.
#![deny(unsafe_code)]
// On Unix the process starts at the C `main` below, not at the Rust runtime's (cli::start).
#![cfg_attr(all(unix, not(test)), no_main)]

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use cli::deferred::Deferred;

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
    /// Generate puzzles with exactly one solution: minimal, symmetric, of a difficulty.
    Generate(Deferred<cli::generate::Args>),
    /// Rate each puzzle: the logic it needs, and the guesses when singles are not enough.
    Rate(Deferred<cli::rate::Args>),
    /// List the givens that can each be removed while the puzzle stays unique.
    Redundant(Deferred<cli::redundant::Args>),
    /// Measure puzzles per second on whole files, single-threaded, every answer checked.
    Bench(Deferred<cli::bench::Args>),
    /// Solve any exact-cover problem in Knuth's format (dlx1/dlx2, with colors).
    Xc(Deferred<cli::xc::Args>),
    /// Print the completion script of a shell (bash, zsh, fish, powershell, elvish).
    Completions(Deferred<cli::completions::Args>),
    /// Print the manual page (roff), or write a page per command into a folder.
    Man(Deferred<cli::man::Args>),
}

/// Where the C runtime starts the process on Unix: the command line runs under
/// [`cli::start::run`], without the Rust runtime's start.
#[cfg(unix)]
#[allow(unsafe_code)]
// `no_mangle`: this is the symbol the C runtime calls.
// Not in the unit tests' binary, whose `main` is the test harness's.
#[cfg_attr(not(test), no_mangle)]
pub extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    cli::start::run(run)
}

#[cfg(not(unix))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

/// Parses the command line and runs the command; the process's exit code.
fn run() -> u8 {
    let cli = match plain_xc(std::env::args_os()) {
        Some(args) => Cli {
            command: Command::Xc(Deferred(args)),
        },
        None => Cli::parse(),
    };
    if let Err(error) = cli::common::check_stdout() {
        return cli::common::exit_code(Err(error));
    }
    cli::ctrl_c::install();
    let result = match cli.command {
        Command::Solve(Deferred(args)) => cli::solve::run(args),
        Command::All(Deferred(args)) => cli::all::run(args),
        Command::Count(Deferred(args)) => cli::count::run(args),
        Command::Check(Deferred(args)) => cli::check::run(args),
        Command::Generate(Deferred(args)) => cli::generate::run(args),
        Command::Rate(Deferred(args)) => cli::rate::run(args),
        Command::Redundant(Deferred(args)) => cli::redundant::run(args),
        Command::Bench(Deferred(args)) => cli::bench::run(args),
        Command::Xc(Deferred(args)) => cli::xc::run(args),
        Command::Completions(Deferred(args)) => cli::completions::run(args, Cli::command()),
        Command::Man(Deferred(args)) => cli::man::run(args, Cli::command()),
    };
    cli::common::exit_code(result)
}

/// The arguments of `sudoku-dlx xc` and `sudoku-dlx xc FILE` without options, read without
/// clap: how Knuth's programs are compared with ours on tiny problems, where clap's work
/// (its command built, the line matched and checked, on large stack frames and many small
/// allocations) was 13 of the process's 79 page faults. Any other command line (an option,
/// a second file, a name that is not UTF-8) is `None`, for clap.
fn plain_xc(mut args: impl Iterator<Item = std::ffi::OsString>) -> Option<cli::xc::Args> {
    let (_program, command) = (args.next()?, args.next()?);
    if command != "xc" {
        return None;
    }
    let file = match args.next() {
        None => None,
        Some(file) => Some(file.into_string().ok()?),
    };
    let plain = |file: &String| file == "-" || !(file.is_empty() || file.starts_with('-'));
    if file.as_ref().is_some_and(|file| !plain(file)) || args.next().is_some() {
        return None;
    }
    Some(cli::xc::Args::plain(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks of the command line (in debug builds), on every command: their
    /// arguments are deferred (`cli::deferred`), so a run checks only the command it parses.
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// The arguments read without clap are those clap reads, and every other command line
    /// goes to clap.
    #[test]
    fn a_plain_xc_command_line_reads_as_clap_reads_it() {
        let argv = |words: &[&str]| -> Vec<std::ffi::OsString> {
            words.iter().map(std::ffi::OsString::from).collect()
        };
        for plain in [
            &["sudoku-dlx", "xc"][..],
            &["sudoku-dlx", "xc", "queens8.dlx"],
            &["sudoku-dlx", "xc", "-"],
        ] {
            let Command::Xc(Deferred(by_clap)) = Cli::parse_from(argv(plain)).command else {
                panic!("{plain:?} is not xc");
            };
            let ours = plain_xc(argv(plain).into_iter()).expect("plain");
            assert_eq!(format!("{ours:?}"), format!("{by_clap:?}"));
        }
        for other in [
            &["sudoku-dlx"][..],
            &["sudoku-dlx", "xc", ""],
            &["sudoku-dlx", "xc", "--stats"],
            &["sudoku-dlx", "xc", "--help"],
            &["sudoku-dlx", "xc", "a.dlx", "--all"],
            &["sudoku-dlx", "xc", "a.dlx", "b.dlx"],
            &["sudoku-dlx", "count", "a.txt"],
            &["sudoku-dlx", "xcc", "a.dlx"],
            &["sudoku-dlx", "--version"],
        ] {
            assert!(plain_xc(argv(other).into_iter()).is_none(), "{other:?}");
        }
    }

    /// A file name that is not UTF-8 goes to clap, which refuses it.
    #[cfg(unix)]
    #[test]
    fn a_file_name_not_in_utf8_goes_to_clap() {
        use std::os::unix::ffi::OsStringExt;
        let name = std::ffi::OsString::from_vec(vec![b'a', 0xff]);
        let line = ["sudoku-dlx".into(), "xc".into(), name];
        assert!(plain_xc(line.into_iter()).is_none());
    }
}

//! The command line's start-up machinery: what the process does before a command runs,
//! where it is not what any Rust program does, each piece kept because a user sees it
//! (docs/lab/performance-notes.md, "Start-up machinery, decided on evidence": each piece
//! turned off in turn, a shell loop of 200 runs timed as a whole process).
//!
//! - **A static PIE** (`build.rs`, on Linux with glibc): no dynamic loader at the start.
//!   Without it a loop of 200 `sudoku-dlx solve` of one puzzle used about 1.6 times the
//!   CPU, of 200 `sudoku-dlx xc` of a tiny problem about 1.8 times. Its price is in
//!   `build.rs`'s doc comment: valgrind's memcheck and `LD_PRELOAD` need
//!   `SUDOKU_DLX_DYNAMIC=1` at build time.
//! - **clap's arguments built lazily** ([`Deferred`]): clap's derive builds every argument
//!   of every command before it parses anything; wrapped in [`Deferred`], a command's
//!   arguments are added by [`clap::Command::defer`] when clap enters that command (to
//!   parse it or to print its help), and the list of commands and their one-line help are
//!   there from the start. Without it (and with the static link) `xc`, `solve` and
//!   `--version` used 1.2 to 1.3 times the CPU per process. Its price: clap's debug
//!   checks of a command's arguments run only when that command is parsed (the unit test
//!   `the_command_line_is_consistent` in `main.rs` runs them over every command), and the
//!   help of a command must come from its variant's doc comment (kept by
//!   [`keeping_about`]).
//! - **A look at standard output before the runtime's start** ([`stdout_was_closed`], on
//!   Linux): the Rust runtime opens `/dev/null` in place of a standard descriptor that was
//!   closed, so that no file the program opens takes its number; a function in the ELF
//!   section `.init_array`, which the C runtime calls before `main`, notes first whether
//!   descriptor 1 was closed. Its price: it relies on that order (were it not to run, a
//!   closed output would go unnoticed, its writes lost, never a false alarm).
//!
//! Removed after the same measurement, each within the noise of every workload: the
//! binary's own C `main` in place of the Rust runtime's (whose price was a stack overflow
//! reported as a bare SIGSEGV), and a reader of `sudoku-dlx xc [FILE]` without clap.

use clap::builder::{Resettable, StyledStr};
use clap::{ArgMatches, Command, FromArgMatches};
#[cfg(target_os = "linux")]
use std::sync::atomic::{AtomicBool, Ordering};

/// A command's arguments, built only when that command is parsed or its help shown: each
/// command of `main.rs`'s `Command` wraps its `Args` in one.
#[derive(Debug)]
pub struct Deferred<A>(pub A);

impl<A: FromArgMatches> FromArgMatches for Deferred<A> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        A::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        A::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<A: clap::Args> clap::Args for Deferred<A> {
    fn group_id() -> Option<clap::Id> {
        A::group_id()
    }

    fn augment_args(command: Command) -> Command {
        command.defer(keeping_about::<A, false>)
    }

    fn augment_args_for_update(command: Command) -> Command {
        command.defer(keeping_about::<A, true>)
    }
}

/// Adds `A`'s arguments (those for an update when `UPDATE`) and keeps the help the command
/// already has: clap's derive sets a subcommand's help (its variant's doc comment) after its
/// arguments, so the doc comment of the arguments' struct must not replace it when the
/// arguments come later.
fn keeping_about<A: clap::Args, const UPDATE: bool>(command: Command) -> Command {
    let kept =
        |text: Option<&StyledStr>| text.cloned().map_or(Resettable::Reset, Resettable::Value);
    let about = kept(command.get_about());
    let long_about = kept(command.get_long_about());
    let command = if UPDATE {
        A::augment_args_for_update(command)
    } else {
        A::augment_args(command)
    };
    command.about(about).long_about(long_about)
}

/// Standard output was closed when the process started, as [`record_stdout`] saw it.
#[cfg(target_os = "linux")]
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Runs [`record_stdout`] before `main`: the C runtime calls each function of the ELF
/// section `.init_array` before it calls `main`, and the Rust runtime's start (where it
/// opens `/dev/null` on closed descriptors) is in `main`.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static RECORD_STDOUT: extern "C" fn() = record_stdout;

/// Records whether descriptor 1 is closed. It runs before the Rust runtime has started, so
/// it uses nothing of std but an atomic and `errno`.
#[cfg(target_os = "linux")]
extern "C" fn record_stdout() {
    // SAFETY: F_GETFD on descriptor 1 only reads its flags, or fails with EBADF when it is
    // closed; it touches no memory of ours.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFD) };
    let closed = flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}

/// True when the process started with standard output closed (`>&-`), where the runtime
/// has since put `/dev/null`; false for a `/dev/null` the caller handed over, however it
/// was opened. Always false outside Linux.
#[cfg(unix)]
pub fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    return STDOUT_CLOSED.load(Ordering::Relaxed);
    #[cfg(not(target_os = "linux"))]
    false
}

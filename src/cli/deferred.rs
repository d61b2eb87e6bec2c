//! Subcommands whose arguments clap builds only when they are used.
//!
//! clap's derive builds every argument of every command before it parses anything: for
//! `sudoku-dlx xc FILE` on a tiny problem that was a third of the instructions of the whole
//! process (docs/lab/performance-notes.md, "Start-up"). Wrapped in [`Deferred`], a command's
//! arguments are added by [`clap::Command::defer`] when clap enters that command (to parse it
//! or to print its help); the list of commands and their one-line help are there from the
//! start.

use clap::builder::{Resettable, StyledStr};
use clap::{ArgMatches, Command, FromArgMatches};

/// A command's arguments, built only when that command is parsed or its help shown.
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

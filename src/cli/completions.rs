//! `sudoku-dlx completions SHELL`: the shell's completion script for every command and
//! option, generated from the command line's own definition.

use super::common::{CliError, Status};
use std::io::Write;

/// Print the completion script of a shell.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Load it in the running shell, or install it where the shell looks:
  bash:       sudoku-dlx completions bash > ~/.local/share/bash-completion/completions/sudoku-dlx
  zsh:        sudoku-dlx completions zsh > ~/.zfunc/_sudoku-dlx   (with fpath+=~/.zfunc)
  fish:       sudoku-dlx completions fish > ~/.config/fish/completions/sudoku-dlx.fish
  powershell: sudoku-dlx completions powershell >> $PROFILE
  elvish:     sudoku-dlx completions elvish >> ~/.config/elvish/rc.elv")]
pub struct Args {
    /// The shell: bash, zsh, fish, powershell or elvish
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Writes the script for `command` (the whole command line, as clap defines it).
pub fn run(args: Args, mut command: clap::Command) -> Result<Status, CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku-dlx", &mut out);
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(Status::Success)
}

//! `sudoku-dlx man`: manual pages in roff, generated from the command line's own definition
//! (the same text as `--help`), for `man` to show.

use super::common::{CliError, Status};
use std::io::Write;
use std::path::PathBuf;

/// Print the manual page, or write one page per command into a folder.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  sudoku-dlx man | man -l -
  sudoku-dlx man --dir ~/.local/share/man/man1     (then: man sudoku-dlx, man sudoku-dlx-solve)")]
pub struct Args {
    /// Write sudoku-dlx.1 and a page for each command (sudoku-dlx-solve.1...) into this
    /// folder, made if missing, instead of printing the main page
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the main page, or writes every page into the folder.
pub fn run(args: Args, command: clap::Command) -> Result<Status, CliError> {
    let mut command = command;
    command.build();
    let Some(dir) = args.dir else {
        let mut stdout = std::io::stdout().lock();
        clap_mangen::Man::new(command).render(&mut stdout)?;
        stdout.flush()?;
        return Ok(Status::Success);
    };
    std::fs::create_dir_all(&dir).map_err(|error| CliError::WriteFile(dir.clone(), error))?;
    let mut pages = vec![("sudoku-dlx".to_string(), command.clone())];
    for sub in command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help")
    {
        let name = format!("sudoku-dlx-{}", sub.get_name());
        pages.push((name, sub.clone()));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let mut text = Vec::new();
        clap_mangen::Man::new(page).title(&name).render(&mut text)?;
        std::fs::write(&path, text).map_err(|error| CliError::WriteFile(path.clone(), error))?;
        println!("{}", path.display());
    }
    Ok(Status::Success)
}

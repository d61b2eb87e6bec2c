//! `sudoku-dlx xc` on a problem with multiplicities (`u:v|name` on the item line, Knuth's
//! `dlx3`): the searches of `exact_cover::multiplicity`, on sparse sets as Knuth's `ssmcc`
//! (`--engine sparse`) or on dancing links as `dlx3` (`--engine dlx`), by default the one
//! that `Problem::multi_prefers_links` picks by the problem's shape; the other branching
//! rules do not support them, and say so.

use super::{answer, Args, BranchingArg, Engine, ReadError};
use crate::cli::common::{CliError, Status};
use std::io::{self, Write};
use sudoku_dlx::exact_cover::knuth_format::Problem;

/// Answers the command on `problem`, which has multiplicities, read from `path`.
pub(super) fn run(args: &Args, path: String, problem: Problem) -> Result<Status, CliError> {
    let split = match (args.jobs.is_some(), args.shard.is_some()) {
        (true, _) => Some("--jobs"),
        (false, true) => Some("--shard"),
        (false, false) => None,
    };
    if let Some(option) = split {
        let _ = writeln!(
            io::stderr(),
            "sudoku-dlx: {path}: the problem has multiplicities (u:v|name), whose search is not \
             cut into prefixes yet: {option} is refused (leave it out to search on one thread)"
        );
        return Ok(Status::BadInput);
    }
    let unsupported = match args.branching {
        BranchingArg::ForcedFirst => Some("--branching forced-first"),
        BranchingArg::Weighted => Some("--branching weighted"),
        BranchingArg::Knuth => None,
    };
    if let Some(option) = unsupported {
        let _ = writeln!(
            io::stderr(),
            "sudoku-dlx: {path}: the problem has multiplicities (u:v|name), which {option} \
             does not support (the searches of dlx3 and ssmcc do: leave the option out)"
        );
        return Ok(Status::BadInput);
    }
    let links = match args.engine {
        Some(engine) => engine == Engine::Dlx,
        None => problem.multi_prefers_links(),
    };
    let built = if links {
        problem.multi().map(|cover| answer(args, problem, cover))
    } else {
        problem
            .multi_sparse()
            .map(|cover| answer(args, problem, cover))
    };
    match built {
        Ok(answered) => answered,
        Err(error) => {
            let _ = writeln!(
                io::stderr(),
                "sudoku-dlx: {}",
                ReadError::Build { path, error }
            );
            Ok(Status::BadInput)
        }
    }
}

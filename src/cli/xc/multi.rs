//! `sudoku-dlx xc` on a problem with multiplicities (`u:v|name` on the item line, Knuth's
//! `dlx3`): the search of `exact_cover::multiplicity`, which is dancing links; the sparse
//! engine and the other branching rules do not support them, and say so.

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
    let unsupported = match (args.engine, args.branching) {
        (Some(Engine::Sparse), _) => Some("--engine sparse"),
        (_, BranchingArg::ForcedFirst) => Some("--branching forced-first"),
        (_, BranchingArg::Weighted) => Some("--branching weighted"),
        _ => None,
    };
    if let Some(option) = unsupported {
        let _ = writeln!(
            io::stderr(),
            "sudoku-dlx: {path}: the problem has multiplicities (u:v|name), which {option} \
             does not support (the search of dlx3 does: leave the option out)"
        );
        return Ok(Status::BadInput);
    }
    match problem.multi() {
        Ok(cover) => answer(args, problem, cover),
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

//! `sudoku-dlx xc` on a problem with costs (`|n` words on options, Knuth's `dlx5`) or with
//! `--best K` or `--cheapest`: the search of `exact_cover::cost`, which prints the K
//! cheapest solutions (K = 1 without `--best`), or every solution of the least cost. What it cannot honour with costs (listing or counting every
//! solution, a check, a limit, threads, shards, the sparse engine, other branching rules,
//! multiplicities) is refused with exit 2 rather than left out.

use super::{
    option_json, print_options, print_stats, Args, BranchingArg, Engine, ReadError, XcFormat,
};
use crate::cli::common::{self, CliError, Status};
use std::io::{self, Write};
use std::time::Instant;
use sudoku_dlx::exact_cover::cost::Priced;
use sudoku_dlx::exact_cover::knuth_format::Problem;

/// The first option given that the search at minimum cost cannot honour, if any.
fn unsupported(args: &Args, problem: &Problem) -> Option<&'static str> {
    // With --best, clap already refused --all, --first, --check, --limit, --jobs, --shard.
    let flags = [
        (args.all, "--all"),
        (args.first, "--first"),
        (args.check, "--check"),
        (args.limit.is_some(), "--limit"),
        (args.jobs.is_some(), "--jobs"),
        (args.shard.is_some(), "--shard"),
        (args.engine == Some(Engine::Sparse), "--engine sparse"),
        (
            args.branching == BranchingArg::ForcedFirst,
            "--branching forced-first",
        ),
        (
            args.branching == BranchingArg::Weighted,
            "--branching weighted",
        ),
        (problem.has_multiplicities(), "multiplicities (u:v|name)"),
    ];
    flags
        .into_iter()
        .find(|&(given, _)| given)
        .map(|(_, name)| name)
}

/// Answers the command on `problem`, read from `path`, which has costs or was asked for
/// `--best` or `--cheapest`.
pub(super) fn run(args: &Args, path: String, problem: Problem) -> Result<Status, CliError> {
    if let Some(option) = unsupported(args, &problem) {
        let what = if problem.has_costs() {
            "the problem has costs (|n on options), whose search finds the cheapest \
             solutions (--best K)"
        } else if args.cheapest {
            "--cheapest searches for the cheapest solutions"
        } else {
            "--best K searches for the cheapest solutions"
        };
        let _ = writeln!(
            io::stderr(),
            "sudoku-dlx: {path}: {what}, which cannot be combined with {option}"
        );
        return Ok(Status::BadInput);
    }
    let mut cover = match problem.costed() {
        Ok(cover) => cover,
        Err(error) => {
            let _ = writeln!(
                io::stderr(),
                "sudoku-dlx: {}",
                ReadError::Build { path, error }
            );
            return Ok(Status::BadInput);
        }
    };
    cover.set_interrupt(Some(common::interrupt().clone()));
    let started = Instant::now();
    let best = if args.cheapest {
        cover.cheapest()
    } else {
        cover.best(usize::try_from(args.best.unwrap_or(1)).unwrap_or(usize::MAX))
    };
    let mut out = common::stdout();
    for (number, solution) in best.solutions.iter().enumerate() {
        print_priced(&problem, solution, number as u64 + 1, args.format, &mut out)?;
    }
    if best.solutions.is_empty() && best.complete && args.format == XcFormat::Line {
        writeln!(out, "none")?;
    }
    out.flush()?;
    if args.stats {
        print_stats(&cover.stats(), started.elapsed().as_secs_f64());
    }
    Ok(if !best.complete {
        Status::Interrupted
    } else if best.solutions.is_empty() {
        Status::Unsuccessful
    } else {
        Status::Success
    })
}

/// Prints one of the cheapest solutions: a line `cost C` and its options one per line
/// then a blank line, or one JSON object with its cost.
fn print_priced(
    problem: &Problem,
    solution: &Priced,
    number: u64,
    format: XcFormat,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        XcFormat::Line => {
            writeln!(out, "cost {}", solution.cost)?;
            print_options(problem, &solution.options, out)
        }
        XcFormat::Json => {
            let options: Vec<serde_json::Value> = solution
                .options
                .iter()
                .map(|&option| {
                    let mut value = option_json(problem, option);
                    value["cost"] = problem.options[option].cost.into();
                    value
                })
                .collect();
            let object = serde_json::json!({
                "solution": number,
                "cost": solution.cost,
                "options": options,
            });
            writeln!(out, "{object}")
        }
    }
}

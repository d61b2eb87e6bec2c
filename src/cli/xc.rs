//! `sudoku-dlx xc`: any exact-cover problem in Knuth's format, counted, listed or checked.

mod cost;
mod multi;

use super::common::{self, CliError, Status};
use super::progress::Progress;
use std::fmt;
use std::io::{self, Read, Write};
use std::time::Instant;
use sudoku_dlx::exact_cover::knuth_format::{FormatError, Problem};
use sudoku_dlx::exact_cover::{Branching, BuildError, Cover, Found, Split, Stats};

/// Solve an exact-cover problem in Knuth's format (dlx1/dlx2, with colors).
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Reads the problem from FILE (standard input when none or `-`) in the format of Knuth's dlx1
and dlx2: comment lines start with `|`; the first other line names the primary items, then
`|`, then the secondary ones; every further line is an option, secondary items optionally
colored as `item:color`. A primary item may carry a multiplicity, `u:v|name` (covered u to
v times) or `v|name` (v times), as in Knuth's dlx3: such a problem is searched as dlx3 does
(dancing links). An option may end with costs, `|n` words that add up, as in Knuth's dlx5:
a problem with costs is answered with its cheapest solution (--best K: the K cheapest,
--cheapest: every solution of the least cost), each printed after a line `cost C`. See
docs/xc.md.

By default prints the number of solutions (`N+` when --limit stopped the count). --all and
--first print solutions: one option per line as its item names, a blank line after each
solution (one JSON object per solution with --format json). --check prints unique, multiple
or none. Exit codes: 0 done (for --first and --all: a solution found; for --check: unique),
1 no solution (--check: not unique), 2 bad input, 130 interrupted (the count so far is
printed with a `+`).

--jobs N cuts the search tree into prefixes that N threads share out: the same count, and
a listing in the same order, for any N; on a terminal it shows Knuth's estimate of the tree
done. --shard K/N searches only the K-th of N pieces: the N counts add up to the whole,
for a cluster (docs/xc.md has a Spark recipe).

Examples:
  sudoku-dlx xc queens8.dlx
  sudoku-dlx xc --first --format json pento6x10.dlx
  sudoku-dlx xc --branching knuth --stats langford11.dlx
  sudoku-dlx xc --jobs 2 pento6x10.dlx
  sudoku-dlx xc --shard 3/8 pento6x10.dlx
  sudoku-dlx xc --best 3 --stats weighted-queens8.dlx")]
pub struct Args {
    /// The problem file, `-` for standard input [default: standard input]
    #[arg(value_name = "FILE")]
    pub file: Option<String>,

    /// Print every solution (up to --limit)
    #[arg(long, conflicts_with_all = ["first", "check"])]
    pub all: bool,

    /// Print the first solution, or `none`
    #[arg(long, conflicts_with_all = ["check", "limit"])]
    pub first: bool,

    /// Stop after N solutions (a count then prints `N+`)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Say whether there is exactly one solution: unique, multiple or none
    #[arg(long, conflicts_with = "limit")]
    pub check: bool,

    /// Output format
    #[arg(long, value_enum, default_value_t = XcFormat::Line)]
    pub format: XcFormat,

    /// Print solutions, nodes, updates (as Knuth's programs count them) and seconds on
    /// standard error
    #[arg(long)]
    pub stats: bool,

    /// The branching rule: `knuth` (the first item of minimum length, as dlx1 and dlx2
    /// choose: the same nodes and updates as theirs), or `forced-first` (the Sudoku
    /// solver's: items left with one option first, ties compared)
    #[arg(long, value_enum, default_value_t = BranchingArg::Knuth)]
    pub branching: BranchingArg,

    /// The search: `sparse` (sparse sets, as Knuth's ssxc1 and ssxcc, and ssmcc with
    /// multiplicities; Knuth's branching rule only) or `dlx` (dancing links, as dlx1 and
    /// dlx2, and dlx3 with multiplicities) [default: sparse, or dlx with --branching
    /// forced-first or weighted, and with multiplicities dlx where the options average
    /// fewer than four items]
    #[arg(long, value_enum, value_name = "ENGINE")]
    pub engine: Option<Engine>,

    /// Count (or list, with --all) on N threads, at most 256: the search tree is cut into
    /// prefixes that the threads share out as they free up. The count, and the listing (in
    /// the order of the prefixes), are the same for any N
    #[arg(long, short = 'j', value_name = "N", value_parser = common::parse_jobs,
          conflicts_with_all = ["first", "check", "limit"])]
    pub jobs: Option<usize>,

    /// Count (or list) only the K-th of N pieces of the search tree, K from 1 to N: the
    /// counts of K = 1, ..., N add up to the whole count, so that N machines can share a
    /// search. With --jobs, the piece is searched on that many threads
    #[arg(long, value_name = "K/N", value_parser = super::xc_jobs::parse_shard,
          conflicts_with_all = ["first", "check", "limit"])]
    pub shard: Option<super::xc_jobs::Shard>,

    /// Print the K cheapest solutions, cheapest first, each after a line `cost C`: the
    /// options' costs (`|n` words, as in Knuth's dlx5; 0 without) summed. A problem with
    /// costs is answered as with --best 1 when this is left out
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["all", "first", "check", "limit", "jobs", "shard"])]
    pub best: Option<u64>,

    /// Print every solution of the least cost, each after a line `cost C`, in the order
    /// found (the search of --best 1, pruning only what costs more)
    #[arg(long, conflicts_with_all = ["all", "first", "check", "limit", "jobs", "shard", "best"])]
    pub cheapest: bool,
}

/// The search structure, as a command-line value.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Dancing links: the engine under the Sudoku solver.
    Dlx,
    /// Sparse sets: Knuth's branching rule only.
    Sparse,
}

/// How answers are printed.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum XcFormat {
    /// Plain text: a count, a verdict, or options one per line.
    Line,
    /// One JSON object per line.
    Json,
}

/// The engine's branching rule ([`Branching`]) as the value of `--branching`: its own
/// names and help, which clap needs on a type of this crate.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchingArg {
    /// The engine's default: forced items first, ties compared.
    ForcedFirst,
    /// Knuth's: the first item of minimum length.
    Knuth,
    /// Forced items first; after many dead ends, the fewest options per dead end caused.
    Weighted,
}

/// Why the problem could not be read.
#[derive(Debug)]
enum ReadError {
    /// The file could not be opened or read.
    Io { path: String, error: io::Error },
    /// The text is not in Knuth's format.
    Format { path: String, error: FormatError },
    /// The problem does not fit the matrix.
    Build { path: String, error: BuildError },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, error } => write!(f, "{path}: {error}"),
            ReadError::Format { path, error } => write!(f, "{path}:{error}"),
            ReadError::Build { path, error } => write!(f, "{path}: {error}"),
        }
    }
}

/// Reads the problem, printing its warnings on standard error; the path for messages.
fn read_problem(file: Option<&str>) -> Result<(String, Problem), ReadError> {
    let (path, text) = match file {
        None | Some("-") => {
            let mut text = String::new();
            let path = "<stdin>".to_string();
            match io::stdin().read_to_string(&mut text) {
                Ok(_) => (path, text),
                Err(error) => return Err(ReadError::Io { path, error }),
            }
        }
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => (path.to_string(), text),
            Err(error) => {
                let path = path.to_string();
                return Err(ReadError::Io { path, error });
            }
        },
    };
    let parsed = Problem::parse(&text).map_err(|error| ReadError::Format {
        path: path.clone(),
        error,
    })?;
    // Its memory goes back before the matrix takes its own: fewer fresh pages to touch.
    drop(text);
    for warning in &parsed.warnings {
        let _ = writeln!(io::stderr(), "sudoku-dlx: {path}:{warning}");
    }
    Ok((path, parsed.problem))
}

/// Runs the command.
pub fn run(args: Args) -> Result<Status, CliError> {
    let engine = match (args.engine, args.branching) {
        (Some(Engine::Sparse), BranchingArg::ForcedFirst | BranchingArg::Weighted) => {
            let _ = writeln!(
                io::stderr(),
                "sudoku-dlx: --engine sparse branches by Knuth's rule only; \
                 --branching {} needs --engine dlx",
                if args.branching == BranchingArg::Weighted {
                    "weighted"
                } else {
                    "forced-first"
                }
            );
            return Ok(Status::BadInput);
        }
        (Some(engine), _) => engine,
        (None, BranchingArg::ForcedFirst | BranchingArg::Weighted) => Engine::Dlx,
        (None, BranchingArg::Knuth) => Engine::Sparse,
    };
    let refused = |error: ReadError| {
        let _ = writeln!(io::stderr(), "sudoku-dlx: {error}");
        Ok(Status::BadInput)
    };
    let (path, problem) = match read_problem(args.file.as_deref()) {
        Ok(read) => read,
        Err(error) => return refused(error),
    };
    if args.best.is_some() || args.cheapest || problem.has_costs() {
        return cost::run(&args, path, problem);
    }
    if problem.has_multiplicities() {
        return multi::run(&args, path, problem);
    }
    if engine == Engine::Sparse {
        return match problem.sparse() {
            Ok(cover) => answer_split(&args, problem, cover),
            Err(error) => refused(ReadError::Build { path, error }),
        };
    }
    let mut matrix = match problem.matrix() {
        Ok(matrix) => matrix,
        Err(error) => return refused(ReadError::Build { path, error }),
    };
    matrix.set_branching(match args.branching {
        BranchingArg::ForcedFirst => Branching::ForcedFirst,
        BranchingArg::Knuth => Branching::FirstShortest,
        BranchingArg::Weighted => Branching::Weighted,
    });
    answer_split(&args, problem, matrix)
}

/// Answers the command on `cover`, either engine that splits its tree: over prefixes with
/// `--jobs` or `--shard`, else as [`answer`] does.
fn answer_split<C: Split + Clone + Send + Sync>(
    args: &Args,
    problem: Problem,
    cover: C,
) -> Result<Status, CliError> {
    if args.jobs.is_some() || args.shard.is_some() {
        return super::xc_jobs::answer(args, &problem, cover);
    }
    answer(args, problem, cover)
}

/// Answers the command on `cover`, any search: a count, a list, or a verdict.
fn answer<C: Cover>(args: &Args, problem: Problem, mut cover: C) -> Result<Status, CliError> {
    // Ctrl-C is heard inside the search too, not only when a solution comes.
    cover.set_interrupt(Some(common::interrupt().clone()));
    let started = Instant::now();
    let progress = Progress::new(None);
    let mut out = common::stdout();
    let outcome = if args.all || args.first {
        let limit = if args.first { Some(1) } else { args.limit };
        list(
            &problem,
            &mut cover,
            limit,
            args.format,
            &progress,
            &mut out,
        )
    } else if args.check {
        check(&mut cover, args.format, &progress, &mut out)
    } else {
        count(&mut cover, args.limit, args.format, &progress, &mut out)
    };
    progress.finish();
    let status = outcome?;
    out.flush()?;
    if args.stats {
        print_stats(&cover.stats(), started.elapsed().as_secs_f64());
    }
    // The process ends right after this command: freeing every name, option and set one
    // by one would cost a tiny input a tenth of its instructions, for memory the exit
    // gives back at once.
    std::mem::forget(problem);
    std::mem::forget(cover);
    Ok(status)
}

/// Counts every solution (up to `limit`) and prints the count.
fn count(
    matrix: &mut impl Cover,
    limit: Option<u64>,
    format: XcFormat,
    progress: &Progress,
    out: &mut dyn Write,
) -> Result<Status, CliError> {
    let count = matrix.count_while(limit.map(u128::from), |solutions| {
        progress.counting(solutions);
        !common::is_interrupted()
    });
    let plus = if count.capped { "+" } else { "" };
    match format {
        XcFormat::Line => writeln!(out, "{}{plus}", count.solutions)?,
        XcFormat::Json => writeln!(
            out,
            "{{\"solutions\":{},\"complete\":{}}}",
            count.solutions, !count.capped
        )?,
    }
    Ok(interrupted_or(Status::Success))
}

/// Prints the solutions as they are found, up to `limit`.
fn list(
    problem: &Problem,
    matrix: &mut impl Cover,
    limit: Option<u64>,
    format: XcFormat,
    progress: &Progress,
    out: &mut dyn Write,
) -> Result<Status, CliError> {
    let mut found: u128 = 0;
    let mut options = Vec::new();
    while limit.is_none_or(|limit| found < u128::from(limit)) && !common::is_interrupted() {
        options.clear();
        match matrix.next_solution() {
            Some(solution) => options.extend(solution.options()),
            None => break,
        }
        found += 1;
        // Input order, whatever order the search took them in.
        options.sort_unstable();
        progress.print(|| print_solution(problem, &options, found, format, out))?;
        progress.counting(found);
    }
    // A search the interrupt stopped has not shown that there is none.
    if found == 0 && format == XcFormat::Line && limit == Some(1) && !common::is_interrupted() {
        writeln!(out, "none")?;
    }
    let status = if found == 0 {
        Status::Unsuccessful
    } else {
        Status::Success
    };
    Ok(interrupted_or(status))
}

pub(super) fn print_solution(
    problem: &Problem,
    options: &[usize],
    number: u128,
    format: XcFormat,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        XcFormat::Line => print_options(problem, options, out),
        XcFormat::Json => {
            let options: Vec<_> = options.iter().map(|&o| option_json(problem, o)).collect();
            let object = serde_json::json!({ "solution": number as u64, "options": options });
            writeln!(out, "{object}")
        }
    }
}

/// Prints `options` as their lines of the input, one per line, then a blank line.
pub(super) fn print_options(
    problem: &Problem,
    options: &[usize],
    out: &mut dyn Write,
) -> io::Result<()> {
    for &option in options {
        writeln!(out, "{}", problem.option_text(option))?;
    }
    writeln!(out)
}

/// One option of a solution as JSON: its number, its line in the input and its items.
pub(super) fn option_json(problem: &Problem, option: usize) -> serde_json::Value {
    let text = problem.option_text(option);
    let items: Vec<&str> = text.split(' ').collect();
    serde_json::json!({
        "option": option,
        "line": problem.options[option].line,
        "items": items,
    })
}

/// Says whether the problem has exactly one solution.
fn check(
    matrix: &mut impl Cover,
    format: XcFormat,
    progress: &Progress,
    out: &mut dyn Write,
) -> Result<Status, CliError> {
    let count = matrix.count_while(Some(2), |solutions| {
        progress.counting(solutions);
        !common::is_interrupted()
    });
    if common::is_interrupted() {
        return Ok(Status::Interrupted);
    }
    let verdict = match count.solutions {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    };
    match format {
        XcFormat::Line => writeln!(out, "{verdict}")?,
        XcFormat::Json => writeln!(out, "{}", serde_json::json!({ "verdict": verdict }))?,
    }
    Ok(if count.solutions == 1 {
        Status::Success
    } else {
        Status::Unsuccessful
    })
}

/// `status`, or `Interrupted` once Ctrl-C was pressed.
pub(super) fn interrupted_or(status: Status) -> Status {
    if common::is_interrupted() {
        Status::Interrupted
    } else {
        status
    }
}

/// The statistics line on standard error, with Knuth's names and meanings.
pub(super) fn print_stats(stats: &Stats, seconds: f64) {
    let _ = writeln!(
        io::stderr(),
        "solutions {}, nodes {}, updates {}, seconds {seconds:.3}",
        stats.solutions,
        stats.nodes,
        stats.knuth_updates()
    );
}

//! What the commands share: the input, output and thread options, the interrupt flag, the
//! batch plumbing, and the mapping of outcomes to exit codes.

use super::pipeline::{next_around, PipelineArgs, PipelineRecords};
use super::progress::Progress;
use clap::Args;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use sudoku_dlx::exact_cover::Interrupt;
use sudoku_dlx::{Grid, Logic, Shape, Solver};
use sudoku_dlx_cli::batch::{Batch, BatchError, MAX_THREADS};
use sudoku_dlx_cli::input::{Input, InputError, InputRecords};
use sudoku_dlx_cli::output::{Format, Printer, Report, Tally};

/// Where the puzzles come from.
#[derive(Args, Clone, Debug)]
pub struct InputArgs {
    /// Files, `-` for standard input, or puzzles written inline [default: standard input]
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,

    /// The box shape, as ROWSxCOLS, when the number of cells does not say it (e.g. 3x2 for
    /// 6x6 grids with tall boxes)
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,
}

impl InputArgs {
    /// The inputs named, standard input when none is.
    pub fn resolve(&self) -> Result<Vec<Input>, CliError> {
        if self.inputs.is_empty() {
            return Ok(vec![Input::Stdin]);
        }
        self.inputs
            .iter()
            .map(|arg| Input::from_arg_with_shape(arg, self.shape).map_err(CliError::Input))
            .collect()
    }
}

/// How the answers are printed.
#[derive(Args, Clone, Debug)]
pub struct OutputArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Print per-puzzle nodes, guesses, cells filled by logic and time, and totals
    /// (to standard error; inside each object with --format json)
    #[arg(long)]
    pub stats: bool,
}

/// How much logic runs, before the search and in it.
#[derive(Args, Clone, Copy, Debug)]
pub struct LogicArgs {
    /// How much logic runs: off, naked-singles or hidden-singles before the search;
    /// locked-candidates-before-search; locked-candidates, before the search and at its
    /// branch points; or triads, which on a 9x9 grid also finds the subsets that mini-lines
    /// force. The answers are the same at every level; only the work differs (see --stats)
    #[arg(long = "logic", value_name = "LEVEL", default_value_t = Logic::default())]
    pub logic: Logic,
}

impl LogicArgs {
    /// A solver whose logic pass runs at the level asked for, watching the Ctrl-C interrupt.
    pub fn solver(self) -> Solver {
        let mut solver = Solver::with_logic(self.logic);
        solver.set_interrupt(Some(interrupt().clone()));
        solver
    }
}

/// The options of every batch command: inputs, output, threads.
#[derive(Args, Clone, Debug)]
pub struct BatchArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    /// Threads to solve a batch on, at most 256 (never more than records in flight; a
    /// variant puzzle alone in files or inline has its count searched on all of them); the
    /// output is the same for any number [default: one per core]
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub pipeline: PipelineArgs,
}

/// `--jobs`: a number of threads from 1 to [`MAX_THREADS`].
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(jobs @ 1..=MAX_THREADS) => Ok(jobs),
        Ok(0) => Err("at least 1 thread is needed".into()),
        Ok(_) => Err(format!(
            "at most {MAX_THREADS} threads (more only queue on the cores)"
        )),
        Err(_) => Err(format!("expected a number of threads, 1 to {MAX_THREADS}")),
    }
}

/// A whole number of at least 1, for `--limit` and other counts that cannot be 0.
pub fn parse_at_least_one(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a whole number from 1 to {}", u64::MAX)),
    }
}

/// How a command ended; each maps to an exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every puzzle solved, counted, or unique: exit code 0.
    Success,
    /// Some puzzle had no solution, or was not unique: exit code 1.
    Unsuccessful,
    /// Some record could not be read: exit code 2.
    BadInput,
    /// Stopped by Ctrl-C: exit code 130.
    Interrupted,
}

impl Status {
    /// The status of a run that printed `tally`.
    pub fn of(tally: &Tally, interrupted: bool) -> Status {
        if interrupted {
            Status::Interrupted
        } else if tally.bad > 0 {
            Status::BadInput
        } else if tally.unsuccessful > 0 {
            Status::Unsuccessful
        } else {
            Status::Success
        }
    }
}

/// Why a command could not run to the end.
#[derive(Debug)]
pub enum CliError {
    /// An input could not be found, opened or read.
    Input(InputError),
    /// The output could not be written.
    Write(io::Error),
    /// A file the command writes (not standard output) could not be written.
    WriteFile(std::path::PathBuf, io::Error),
    /// The thread pool could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// Options that do not go together.
    Usage(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(error) => error.fmt(f),
            CliError::Write(error) => write!(f, "cannot write the output: {error}"),
            CliError::WriteFile(path, error) => {
                write!(f, "{}: cannot write: {error}", path.display())
            }
            CliError::Threads(error) => write!(f, "cannot start threads: {error}"),
            CliError::Usage(message) => f.write_str(message),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> CliError {
        CliError::Write(error)
    }
}

impl From<BatchError<InputError>> for CliError {
    fn from(error: BatchError<InputError>) -> CliError {
        match error {
            BatchError::Input(error) => CliError::Input(error),
            BatchError::Output(error) => CliError::Write(error),
            BatchError::Threads(error) => CliError::Threads(error),
        }
    }
}

/// The exit code of a command's result. A closed output pipe (`| head -1`) is a quiet
/// success: the reader has all it wanted.
pub fn exit_code(result: Result<Status, CliError>) -> u8 {
    match result {
        Ok(Status::Success) => 0,
        Ok(Status::Unsuccessful) => 1,
        Ok(Status::BadInput) => 2,
        Ok(Status::Interrupted) => {
            let _ = writeln!(io::stderr(), "sudoku-dlx: interrupted");
            130
        }
        Err(CliError::Write(error)) if error.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(error) => {
            let _ = writeln!(io::stderr(), "sudoku-dlx: {error}");
            2
        }
    }
}

/// The interrupt Ctrl-C sets; give it to every solver and setter tool.
pub fn interrupt() -> &'static Interrupt {
    super::ctrl_c::interrupt()
}

/// True once Ctrl-C was pressed.
pub fn is_interrupted() -> bool {
    interrupt().is_set()
}

/// Fails when standard output was closed (`>&-`): it is then `/dev/null` (see
/// `cli::start`), where every write would vanish without an error. A redirection to
/// `/dev/null` by the shell is not closed, and passes.
pub fn check_stdout() -> Result<(), CliError> {
    #[cfg(unix)]
    if super::start::stdout_was_closed() {
        return Err(CliError::Write(io::Error::other(
            "standard output is closed",
        )));
    }
    Ok(())
}

/// Standard output: line by line on a terminal, in large blocks otherwise.
pub fn stdout() -> Box<dyn Write> {
    let stdout = io::stdout();
    if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(io::BufWriter::with_capacity(64 * 1024, stdout.lock()))
    }
}

/// A printer to standard output, with stats to standard error.
pub fn printer(output: &OutputArgs) -> Printer<Box<dyn Write>, io::Stderr> {
    Printer::new(stdout(), io::stderr(), output.format, output.stats)
}

/// The records of `inputs`, with a progress bar over them.
pub fn records(inputs: Vec<Input>, shape: Option<Shape>) -> (InputRecords, Progress) {
    // A bar by bytes for files; a spinner for standard input and inline puzzles, whose
    // bytes are read at once.
    let total = inputs
        .iter()
        .map(|input| match input {
            Input::File(_) => input.size(),
            _ => None,
        })
        .sum::<Option<u64>>();
    let progress = Progress::new(total);
    let wrapper = progress.clone();
    let records = InputRecords::new(inputs, shape)
        .wrap_readers(Box::new(move |read| wrapper.wrap_read(read)));
    (records, progress)
}

/// A maker of `T`s (a solver, a setter tool) whose every `T` watches the Ctrl-C
/// interrupt: `watching(Solver::new, Solver::set_interrupt)`.
pub fn watching<T>(
    make: impl Fn() -> T + Sync,
    set_interrupt: impl Fn(&mut T, Option<Interrupt>) + Sync,
) -> impl Fn() -> T + Sync {
    move || {
        let mut tool = make();
        set_interrupt(&mut tool, Some(interrupt().clone()));
        tool
    }
}

/// `answer`, unless Ctrl-C was pressed: an answer computed while the interrupt was set may
/// have been cut short, so it is not printed as if it were final.
pub fn unless_interrupted<T>(answer: T) -> Option<T> {
    (!is_interrupted()).then_some(answer)
}

/// Says on standard error how many records could not be read (each has its error line in
/// the output).
pub fn report_bad_records(tally: &Tally) {
    if tally.bad > 0 {
        let _ = writeln!(
            io::stderr(),
            "sudoku-dlx: {} of {} records could not be read",
            tally.bad,
            tally.records
        );
    }
}

/// Runs a batch command: answers every record of the inputs with `job` (one worker state
/// per thread, made by `init`), prints each answer in input order, and returns the status.
/// `job` gets the progress bar, for long answers to report on, and returns `None` when the
/// interrupt cut its answer short (nothing is printed for it, and the batch ends there).
pub fn run_batch<W, R>(
    args: &BatchArgs,
    init: impl Fn() -> W + Sync,
    job: impl Fn(&mut W, &Grid, &Progress) -> Option<R> + Sync,
) -> Result<Status, CliError>
where
    W: Send,
    R: Report + Send,
{
    let inputs = args.input.resolve()?;
    let interactive = inputs.contains(&Input::Stdin) && io::stdin().is_terminal();
    // Typed puzzles are answered one at a time, as they come.
    let threads = if interactive {
        1
    } else {
        args.jobs.unwrap_or(0)
    };
    // Read line by line (`--keep-lines`, `--keyed`), the lines passed through and the keys
    // wait in a queue, one entry per record, to be printed around each answer.
    let (records, progress, around): (Box<dyn Iterator<Item = _> + Send>, _, _) =
        if args.pipeline.by_line() {
            if args.output.format == Format::Grid {
                return Err(CliError::Usage(
                    "--keep-lines and --keyed print one line per record: use --format line or json"
                        .to_string(),
                ));
            }
            let progress = Progress::new(None);
            let wrapper = progress.clone();
            let (records, queue) = PipelineRecords::new(
                inputs,
                args.input.shape,
                &args.pipeline,
                Box::new(move |read| wrapper.wrap_read(read)),
            );
            (Box::new(records), progress, Some(queue))
        } else {
            let (records, progress) = records(inputs, args.input.shape);
            (Box::new(records), progress, None)
        };
    let mut printer = printer(&args.output);
    let finished = Batch::new(threads).run(
        records,
        interrupt(),
        init,
        |worker, puzzle| job(worker, puzzle, &progress),
        |outcome| {
            let around = around.as_ref().map(next_around).unwrap_or_default();
            progress.print(|| {
                pass_through(&mut printer, around.passed)?;
                printer.set_key(around.key);
                printer.record(&outcome)
            })?;
            progress.records_done(printer.tally().records);
            Ok(())
        },
    );
    progress.finish();
    if let (Some(queue), Ok(done)) = (&around, &finished) {
        if !done.interrupted {
            // The lines after the last record.
            pass_through(&mut printer, next_around(queue).passed)?;
        }
    }
    let (_, _, tally) = printer.finish()?;
    let finished = finished?;
    report_bad_records(&tally);
    Ok(args
        .pipeline
        .status(Status::of(&tally, finished.interrupted)))
}

/// Prints blank and comment lines passed through (`--keep-lines`) as they were.
fn pass_through<W: Write, E: Write>(
    printer: &mut Printer<W, E>,
    passed: Vec<String>,
) -> io::Result<()> {
    for line in passed {
        writeln!(printer.out(), "{line}")?;
    }
    Ok(())
}

//! Variant puzzles on the batch commands: `--rules` and `--regions` for line puzzles, line
//! puzzles with their own `regions=` and `rules=` fields, and f-puzzles JSON inputs, which
//! need no flag. A command takes this path when either flag is given, or any input is JSON
//! or has a field line in its head (see [`read::is_variant_input`]); its answers print like
//! the classic ones.

use super::common::{self, BatchArgs, CliError, InputArgs, OutputArgs, Status};
use clap::Args;
use std::io::{self, Write};
use std::time::{Duration, Instant};
use sudoku_dlx::variant::{fpuzzles, RuleName, VariantSolver};
use sudoku_dlx::Logic;
use sudoku_dlx_cli::batch::Batch;
use sudoku_dlx_cli::input::variant::{self as read, LineRules, VariantRecord};
use sudoku_dlx_cli::input::variant_stream::VariantRecords;
use sudoku_dlx_cli::input::InputError;
use sudoku_dlx_cli::output::variant::{rules_json, VariantPrinter, WithRules};
use sudoku_dlx_cli::output::Report;

/// clap's reader of `--rules`: the engine's table of rule names ([`RuleName::ALL`]), each
/// shown with its description in `--help`.
pub fn rule_names() -> impl clap::builder::TypedValueParser<Value = RuleName> {
    names_parser(RuleName::ALL.to_vec())
}

/// clap's reader of `generate --rules`: the rules of the whole grid and the families of
/// rules with cells that the generator places ([`RuleName::PLACED`]).
pub fn generated_rule_names() -> impl clap::builder::TypedValueParser<Value = RuleName> {
    names_parser(RuleName::ALL.into_iter().chain(RuleName::PLACED).collect())
}

/// clap's reader of one of `names`, each shown with its description in `--help`.
fn names_parser(names: Vec<RuleName>) -> impl clap::builder::TypedValueParser<Value = RuleName> {
    use clap::builder::TypedValueParser;
    let values = names
        .iter()
        .map(|rule| clap::builder::PossibleValue::new(rule.name()).help(rule.description()));
    clap::builder::PossibleValuesParser::new(values)
        .map(|name: String| RuleName::parse_any(&name).expect("one of the possible values"))
}

/// The variant options of the batch commands.
#[derive(Args, Clone, Debug, Default)]
pub struct VariantArgs {
    /// Rules added to every line puzzle, separated by commas (f-puzzles JSON inputs carry
    /// their own)
    #[arg(long, value_parser = rule_names(), value_delimiter = ',', value_name = "RULES")]
    pub rules: Vec<RuleName>,

    /// Irregular regions (jigsaw) for line puzzles: one character per cell in the puzzle's
    /// cell order, the same character for the cells of one region
    #[arg(long, value_name = "STRING")]
    pub regions: Option<String>,
}

impl VariantArgs {
    /// The rules and regions for line puzzles.
    pub fn line_rules(&self) -> LineRules {
        LineRules {
            rules: self.rules.iter().flat_map(|name| name.rules()).collect(),
            regions: self.regions.clone(),
        }
    }

    /// True when the command must take the variant path: `--rules` or `--regions` given, or
    /// an input that is f-puzzles JSON or has a `regions=`/`rules=` field in its head (see
    /// [`read::is_variant_input`]; a field further on is refused by the classic reader).
    pub fn applies(&self, input: &InputArgs) -> bool {
        !self.rules.is_empty()
            || self.regions.is_some()
            || input.inputs.iter().any(|arg| read::is_variant_input(arg))
            || (input.inputs.is_empty() && read::is_variant_input("-"))
    }
}

/// The records of the inputs, read as they are asked for; each record's warnings (what its
/// document holds that the reader read past) go to standard error as it is read, once.
pub fn records(
    inputs: &[String],
    shape: Option<sudoku_dlx::Shape>,
    variant: &VariantArgs,
) -> impl Iterator<Item = Result<VariantRecord, InputError>> {
    VariantRecords::new(inputs, shape, variant.line_rules()).inspect(|record| {
        if let Ok(record) = record {
            warn(&record.warning_messages());
        }
    })
}

/// Prints each warning on standard error, after the program's name.
pub fn warn(messages: &[String]) {
    let mut stderr = io::stderr().lock();
    for message in messages {
        let _ = writeln!(stderr, "sudoku-dlx: {message}");
    }
}

/// Answers the records of a batch command on the variant path when it applies (see
/// [`VariantArgs::applies`]), `None` when the command takes the classic path.
pub fn route<R: Report + Send>(
    batch: &BatchArgs,
    variant: &VariantArgs,
    logic: Logic,
    job: impl Fn(&mut VariantSolver, &sudoku_dlx::variant::Variant) -> Option<R> + Sync,
) -> Option<Result<Status, CliError>> {
    if !variant.applies(&batch.input) {
        return None;
    }
    if batch.pipeline.by_line() {
        // The pipelines read every line as a classic puzzle: refused, not ignored.
        let flag = if batch.pipeline.keep_lines {
            "--keep-lines"
        } else {
            "--keyed"
        };
        return Some(Err(CliError::Usage(format!(
            "{flag} reads classic puzzles line by line: it cannot go with variant puzzles \
             (--rules, --regions, f-puzzles JSON, or lines with regions= or rules= fields)"
        ))));
    }
    Some(run_batch(
        &batch.input,
        &batch.output,
        variant,
        logic,
        batch.jobs,
        job,
    ))
}

/// Answers every variant record with `job` on `jobs` threads (all when `None`), on solvers
/// whose logic pass runs to `logic`, with the one ordered runner of the classic path, and
/// prints the answers in input order. A job returns `None` when the Ctrl-C interrupt cut its
/// answer short (see [`common::unless_interrupted`]): nothing is printed for it, and the
/// batch ends there. A count cut short is printed, capped, as on the classic path.
pub fn run_batch<R: Report + Send>(
    input: &InputArgs,
    output: &OutputArgs,
    variant: &VariantArgs,
    logic: Logic,
    jobs: Option<usize>,
    job: impl Fn(&mut VariantSolver, &sudoku_dlx::variant::Variant) -> Option<R> + Sync,
) -> Result<Status, CliError> {
    let mut records = records(&input.inputs, input.shape, variant);
    let batch = Batch::new(jobs.unwrap_or(0));
    // One puzzle alone (inline or in files; standard input is not waited for) has its count
    // searched on every thread of the batch.
    let mut ahead = Vec::new();
    if !input.inputs.is_empty() && !input.inputs.iter().any(|arg| arg == "-") {
        ahead.extend(records.by_ref().take(2));
    }
    let threads = match ahead.len() {
        1 => batch.threads(),
        _ => 1,
    };
    let records = ahead.into_iter().chain(records);
    let solver = || {
        let mut solver = VariantSolver::with_logic(logic);
        solver.set_interrupt(Some(common::interrupt().clone()));
        solver.set_threads(threads);
        solver
    };
    let mut printer = VariantPrinter::new(common::printer(output), output.format, false);
    let finished = batch.ordered(
        records,
        common::interrupt(),
        solver,
        |solver, record| {
            let Ok(variant) = record.puzzle.as_ref() else {
                return Some((record, None));
            };
            let started = Instant::now();
            let answer = job(solver, variant)?;
            let answer = (WithRules::new(answer, variant), started.elapsed());
            Some((record, Some(answer)))
        },
        |(record, answer)| {
            let (answer, elapsed) = answer.map_or((None, Duration::ZERO), |(a, e)| (Some(a), e));
            printer.answer(&record, answer, elapsed)
        },
    );
    let (_, _, tally) = printer.finish()?;
    let finished = finished?;
    common::report_bad_records(&tally);
    Ok(Status::of(&tally, finished.interrupted))
}

/// `all` on variant records: every solution of each, streamed, one puzzle after the other,
/// with the logic pass to `logic` first.
pub fn run_all(
    input: &InputArgs,
    output: &OutputArgs,
    variant: &VariantArgs,
    logic: Logic,
    limit: Option<u128>,
) -> Result<Status, CliError> {
    let records = records(&input.inputs, input.shape, variant);
    let mut printer = VariantPrinter::new(common::printer(output).grouped(), output.format, true);
    let mut solver = VariantSolver::with_logic(logic);
    let mut interrupted = false;
    let streamed = || -> Result<(), CliError> {
        for record in records {
            if common::is_interrupted() {
                interrupted = true;
                break;
            }
            let record = record.map_err(CliError::Input)?;
            let (Some(classic), Ok(puzzle)) = (record.as_record(), &record.puzzle) else {
                printer.bad_record(&record)?;
                continue;
            };
            let started = Instant::now();
            printer.before_good_record()?;
            let document = fpuzzles::to_json(puzzle);
            printer
                .printer()
                .begin_solutions_of(&classic, Some(document))?;
            let mut solutions = solver.solutions(puzzle);
            let (mut found, mut capped) = (0u128, false);
            loop {
                if limit.is_some_and(|limit| found >= limit) {
                    capped = true;
                    break;
                }
                if common::is_interrupted() {
                    (capped, interrupted) = (true, true);
                    break;
                }
                let Some(grid) = solutions.next_grid() else {
                    break;
                };
                printer.printer().solution(grid.cells())?;
                found += 1;
            }
            let stats = solutions.stats();
            // In JSON the rules come back out under `variant`, as every command's answer.
            let rules = rules_json(puzzle);
            let elapsed = started.elapsed();
            printer
                .printer()
                .end_solutions_with(&classic, capped, &stats, elapsed, rules)?;
        }
        Ok(())
    };
    let streamed = streamed();
    let (_, _, tally) = printer.finish()?;
    streamed?;
    common::report_bad_records(&tally);
    Ok(Status::of(&tally, interrupted))
}

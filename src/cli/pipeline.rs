//! The options for running under a pipeline such as Spark's `rdd.pipe`: one output line per
//! input line (`--keep-lines`), keys carried from input to output (`--keyed`), and an exit
//! code that only says whether the input could be read and answered (`--exit-zero`).

use super::common::Status;
use clap::Args;
use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::sync::{Arc, Mutex};
use sudoku_dlx::Shape;
use sudoku_dlx_cli::input::lines::{LineItem, LineReader};
use sudoku_dlx_cli::input::{Input, InputError, ReadWrapper, Record};

/// How a batch behaves in a pipeline.
#[derive(Args, Clone, Debug, Default)]
pub struct PipelineArgs {
    /// One output line for every input line: each line is one puzzle (in the one-line
    /// notation), and blank and comment lines are passed through as they are
    #[arg(long)]
    pub keep_lines: bool,

    /// Input lines are ID<TAB>PUZZLE, and each answer starts with ID<TAB> ("id" in JSON);
    /// comment and blank lines are skipped unless --keep-lines
    #[arg(long)]
    pub keyed: bool,

    /// Exit code 0 whenever the input could be read and every record answered (in its
    /// place, errors included), whatever the answers were
    #[arg(long)]
    pub exit_zero: bool,
}

impl PipelineArgs {
    /// True when input is read line by line (`--keep-lines` or `--keyed`).
    pub fn by_line(&self) -> bool {
        self.keep_lines || self.keyed
    }

    /// The exit status for a run that ended with `status`.
    pub fn status(&self, status: Status) -> Status {
        match status {
            Status::Unsuccessful | Status::BadInput if self.exit_zero => Status::Success,
            status => status,
        }
    }
}

/// What to print around one answer: the lines passed through before it, and its key.
#[derive(Debug, Default)]
pub struct Around {
    /// Blank and comment lines to print first (only with `--keep-lines`).
    pub passed: Vec<String>,
    /// The key of the record.
    pub key: Option<String>,
}

/// What goes around each answer, one entry per record in order, then one for the lines
/// after the last record.
pub type AroundQueue = Arc<Mutex<VecDeque<Around>>>;

/// The next entry of `queue` (empty when there is none).
pub fn next_around(queue: &AroundQueue) -> Around {
    queue
        .lock()
        .expect("the queue is never left mid-update")
        .pop_front()
        .unwrap_or_default()
}

/// The records of the inputs read line by line, for the batch; what goes around each
/// answer waits in a queue shared with the printing side, one entry per record, in order,
/// and one last entry for the lines after the last record.
pub struct PipelineRecords {
    inputs: std::vec::IntoIter<Input>,
    current: Option<LineReader<BufReader<Box<dyn Read + Send>>>>,
    current_name: String,
    shape: Option<Shape>,
    args: PipelineArgs,
    wrap: ReadWrapper,
    passed: Vec<String>,
    next_index: usize,
    queue: AroundQueue,
    failed: bool,
}

impl PipelineRecords {
    /// The records of `inputs`, each input's bytes passed through `wrap` (for the progress
    /// bar), and the queue of what goes around each answer.
    pub fn new(
        inputs: Vec<Input>,
        shape: Option<Shape>,
        args: &PipelineArgs,
        wrap: ReadWrapper,
    ) -> (PipelineRecords, AroundQueue) {
        let queue = Arc::new(Mutex::new(VecDeque::new()));
        let records = PipelineRecords {
            inputs: inputs.into_iter(),
            current: None,
            current_name: String::new(),
            shape,
            args: args.clone(),
            wrap,
            passed: Vec::new(),
            next_index: 0,
            queue: Arc::clone(&queue),
            failed: false,
        };
        (records, queue)
    }

    fn push(&self, around: Around) {
        self.queue
            .lock()
            .expect("the queue is never left mid-update")
            .push_back(around);
    }
}

impl Iterator for PipelineRecords {
    type Item = Result<Record, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            if let Some(lines) = &mut self.current {
                match lines.next() {
                    Some(Ok(LineItem::Pass(line))) => {
                        if self.args.keep_lines {
                            self.passed.push(line);
                        }
                        continue;
                    }
                    Some(Ok(LineItem::Puzzle { key, mut record })) => {
                        record.index = self.next_index;
                        self.next_index += 1;
                        let passed = std::mem::take(&mut self.passed);
                        self.push(Around { passed, key });
                        return Some(Ok(record));
                    }
                    Some(Err(error)) => {
                        self.failed = true;
                        let source = self.current_name.clone();
                        return Some(Err(InputError::Io { source, error }));
                    }
                    None => self.current = None,
                }
            }
            let Some(input) = self.inputs.next() else {
                let passed = std::mem::take(&mut self.passed);
                self.push(Around { passed, key: None });
                return None;
            };
            let raw = match input.open() {
                Ok(raw) => (self.wrap)(raw),
                Err(error) => {
                    self.failed = true;
                    return Some(Err(error));
                }
            };
            let reader = BufReader::with_capacity(64 * 1024, raw);
            self.current = Some(LineReader::new(
                reader,
                &input.name(),
                self.shape,
                self.args.keyed,
            ));
            self.current_name = input.name();
        }
    }
}

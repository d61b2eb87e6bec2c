//! The progress bar: on standard error, only when it is a terminal, never in pipes or logs.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Read};

/// A progress bar over a batch (by bytes read when every input's size is known, else a
/// spinner counting puzzles) that also shows long counts. Hidden unless standard error is a
/// terminal.
#[derive(Clone)]
pub struct Progress {
    /// None when hidden: not even a hidden bar is made then (its style and state cost a
    /// short run a few microseconds and a system call for a hash seed).
    bar: Option<ProgressBar>,
    /// Standard output is a terminal too: clear the bar while printing.
    shared_terminal: bool,
}

impl Progress {
    /// A bar over `total_bytes` of input, or a spinner when the total is unknown.
    pub fn new(total_bytes: Option<u64>) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                shared_terminal: false,
            };
        }
        let bar = match total_bytes {
            Some(total) => ProgressBar::new(total).with_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg}",
                )
                .expect("a valid template"),
            ),
            None => ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                    .expect("a valid template"),
            ),
        };
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        Progress {
            bar: Some(bar),
            shared_terminal: std::io::stdout().is_terminal(),
        }
    }

    /// Counts the bytes of an input as they are read (when the bar has a length).
    pub fn wrap_read(&self, read: Box<dyn Read + Send>) -> Box<dyn Read + Send> {
        match &self.bar {
            Some(bar) if bar.length().is_some() => Box::new(bar.wrap_read(read)),
            _ => read,
        }
    }

    /// Notes that `records` records have been printed.
    pub fn records_done(&self, records: u64) {
        if let Some(bar) = &self.bar {
            if records.is_power_of_two() || records % 1024 == 0 {
                bar.set_message(format!("{records} puzzles"));
            }
        }
    }

    /// Notes that a count has reached `solutions` so far.
    pub fn counting(&self, solutions: u128) {
        if let Some(bar) = &self.bar {
            if solutions % (1 << 20) == 0 {
                bar.set_message(format!("counting: {solutions} solutions so far"));
            }
        }
    }

    /// Notes that a search cut into prefixes has done `fraction` of its tree, by Knuth's
    /// estimate, and found `solutions` so far.
    pub fn tree_done(&self, fraction: f64, solutions: u128) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!(
                "about {:.1}% of the search tree done (Knuth's estimate), {solutions} solutions so far",
                100.0 * fraction.min(1.0)
            ));
        }
    }

    /// Notes that a search for true candidates has settled `settled` of the `open`
    /// candidates the logic pass left.
    pub fn candidates(&self, settled: usize, open: usize) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!("candidates: {settled} of {open} settled"));
        }
    }

    /// Runs `print` with the bar cleared, if the bar and the output share the terminal.
    pub fn print<T>(&self, print: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shared_terminal => bar.suspend(print),
            _ => print(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

//! The answers of the setter's commands (`rate`, `redundant`, `check --witness`) and the
//! records of `generate`, printable in every format.

use super::grid::write_pretty;
use super::Report;
use crate::output::Checked;
use serde_json::{json, Map, Value};
use std::io::{self, Write};
use sudoku_dlx::setter::{Difficulty, Generated, Given, NotUnique, Rating, RatingSummary, Witness};
use sudoku_dlx::sudoku::{Grid, SolveStats};

/// A rating as a JSON object: `level`, `hardest` (the technique of the human path that
/// decides the level, or null), `technique` (the strongest step of the logic pass),
/// `guesses`, `score`.
pub fn rating_json(rating: &Rating) -> Value {
    json!({
        "level": rating.difficulty.name(),
        "hardest": rating.hardest.map(|technique| technique.name()),
        "technique": rating.strongest_step.name(),
        "guesses": rating.guesses,
        "score": (rating.score * 100.0).round() / 100.0,
    })
}

/// One line of `rate --summary`: the ratings of one input summed up, as a JSON object with
/// `source`, `rated`, `mean_score`, `mean_guesses`, `levels` (a count per level name),
/// `not_unique` and `bad`.
pub fn summary_json(source: &str, summary: &RatingSummary) -> Value {
    let levels: Map<String, Value> = Difficulty::ALL
        .iter()
        .zip(summary.by_difficulty)
        .map(|(difficulty, count)| (difficulty.name().to_string(), count.into()))
        .collect();
    json!({
        "source": source,
        "rated": summary.rated,
        "mean_score": summary.mean_score(),
        "mean_guesses": summary.mean_guesses(),
        "levels": levels,
        "not_unique": summary.not_unique,
        "bad": summary.bad,
    })
}

/// `none` or `multiple`: the word for a puzzle without exactly one solution.
pub(super) fn not_unique_word(error: NotUnique) -> &'static str {
    match error {
        NotUnique::NoSolution => "none",
        NotUnique::MultipleSolutions => "multiple",
    }
}

/// The rating of a puzzle, or why it has none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated(pub Result<Rating, NotUnique>);

impl Report for Rated {
    /// `hard (search, 3 guesses, score 4.58)`, or `multiple` / `none`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.0 {
            Ok(rating) => write!(out, "{rating}"),
            Err(error) => out.write_all(not_unique_word(*error).as_bytes()),
        }
    }

    /// The line as a `#` comment, then the puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"# ")?;
        self.write_line(out)?;
        out.write_all(b"\n")?;
        write_pretty(out, puzzle.shape(), puzzle.cells())
    }

    /// `rating` (an object, see [`rating_json`]) or `verdict` (`"multiple"`, `"none"`).
    fn add_json(&self, object: &mut Map<String, Value>) {
        match &self.0 {
            Ok(rating) => object.insert("rating".into(), rating_json(rating)),
            Err(error) => object.insert("verdict".into(), not_unique_word(*error).into()),
        };
    }

    fn success(&self) -> bool {
        self.0.is_ok()
    }
}

/// The givens that can each go while the puzzle stays unique, or why there is no list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redundant(pub Result<Vec<Given>, NotUnique>);

impl Report for Redundant {
    /// `r3c7=5 r8c1=2`, `minimal` when there is none, or `multiple` / `none`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.0 {
            Ok(givens) if givens.is_empty() => out.write_all(b"minimal"),
            Ok(givens) => {
                let words: Vec<String> = givens.iter().map(Given::to_string).collect();
                out.write_all(words.join(" ").as_bytes())
            }
            Err(error) => out.write_all(not_unique_word(*error).as_bytes()),
        }
    }

    /// `# redundant: r3c7=5 r8c1=2` (or `# minimal`, `# multiple`, `# none`), then the
    /// puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"# ")?;
        if matches!(&self.0, Ok(givens) if !givens.is_empty()) {
            out.write_all(b"redundant: ")?;
        }
        self.write_line(out)?;
        out.write_all(b"\n")?;
        write_pretty(out, puzzle.shape(), puzzle.cells())
    }

    /// `redundant` (an array of `"r3c7=5"`) and `minimal`, or `verdict` (`"multiple"`,
    /// `"none"`).
    fn add_json(&self, object: &mut Map<String, Value>) {
        match &self.0 {
            Ok(givens) => {
                let list: Vec<Value> = givens.iter().map(|g| g.to_string().into()).collect();
                object.insert("minimal".into(), givens.is_empty().into());
                object.insert("redundant".into(), list.into());
            }
            Err(error) => {
                object.insert("verdict".into(), not_unique_word(*error).into());
            }
        }
    }

    fn success(&self) -> bool {
        self.0.is_ok()
    }
}

/// A witness as a JSON object: `first`, `second`, `differing` (cells such as `"r1c2"`),
/// `suggestion` (`"r1c2=1"`).
pub fn witness_json(witness: &Witness) -> Value {
    let differing: Vec<Value> = witness
        .differing
        .iter()
        .map(|c| c.to_string().into())
        .collect();
    json!({
        "first": witness.first.to_string(),
        "second": witness.second.to_string(),
        "differing": differing,
        "suggestion": witness.suggestion.to_string(),
    })
}

/// A uniqueness verdict, with the witness of non-uniqueness shown when asked for (and
/// always in JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witnessed {
    /// The verdict.
    pub checked: Checked,
    /// The witness, when the puzzle has several solutions.
    pub witness: Option<Witness>,
    /// Show the witness in line and grid formats.
    pub show: bool,
}

impl Report for Witnessed {
    /// The verdict; with the witness shown, `multiple: FIRST SECOND differ at r1c2 r1c4,
    /// add r1c2=1`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.witness, self.show) {
            (Some(witness), true) => {
                let cells: Vec<String> = witness.differing.iter().map(|c| c.to_string()).collect();
                write!(
                    out,
                    "multiple: {} {} differ at {}, add {}",
                    witness.first,
                    witness.second,
                    cells.join(" "),
                    witness.suggestion
                )
            }
            _ => self.checked.write_line(out),
        }
    }

    /// The verdict's grid; with the witness shown, both solutions, where they differ and
    /// the given to add, as `#` comments around the two grids.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        let (Some(witness), true) = (&self.witness, self.show) else {
            return self.checked.write_grid(puzzle, out);
        };
        let cells: Vec<String> = witness.differing.iter().map(|c| c.to_string()).collect();
        writeln!(out, "# multiple: first solution")?;
        write_pretty(out, witness.first.shape(), witness.first.cells())?;
        writeln!(out, "# second solution")?;
        write_pretty(out, witness.second.shape(), witness.second.cells())?;
        writeln!(out, "# they differ at {}", cells.join(" "))?;
        writeln!(out, "# add {} to rule out the second", witness.suggestion)
    }

    /// `verdict`, and `witness` (see [`witness_json`]) when there are several solutions.
    fn add_json(&self, object: &mut Map<String, Value>) {
        self.checked.add_json(object);
        if let Some(witness) = &self.witness {
            object.insert("witness".into(), witness_json(witness));
        }
    }

    fn success(&self) -> bool {
        self.checked.success()
    }

    fn stats(&self) -> Option<SolveStats> {
        self.checked.stats()
    }
}

/// `puzzle 3: 25 givens, easy (naked-singles, score 1.00)`: how `--format grid` (in a `#`
/// comment) and a variant's JSON (as its `title`) name a generated puzzle.
pub fn generated_title(index: u64, puzzle: &Grid, rating: Option<&Rating>) -> String {
    let mut title = format!("puzzle {}: {} givens", index + 1, puzzle.givens());
    if let Some(rating) = rating {
        title.push_str(&format!(", {rating}"));
    }
    title
}

/// Writes one generated puzzle, number `index`, in `format`: its line; its grid under a
/// `#` comment with its givens and rating; or a JSON object with `index`, `puzzle`,
/// `solution`, `givens` and `rating`.
pub fn write_generated(
    out: &mut dyn Write,
    format: super::Format,
    index: u64,
    made: &Generated,
) -> io::Result<()> {
    let rating = made.rating.as_ref();
    match format {
        super::Format::Line => writeln!(out, "{}", made.puzzle),
        super::Format::Grid => {
            if index > 0 {
                out.write_all(b"\n")?;
            }
            writeln!(out, "# {}", generated_title(index, &made.puzzle, rating))?;
            write_pretty(out, made.puzzle.shape(), made.puzzle.cells())
        }
        super::Format::Json => {
            let mut object = Map::new();
            object.insert("index".into(), index.into());
            object.insert("puzzle".into(), made.puzzle.to_string().into());
            object.insert("solution".into(), made.solution.to_string().into());
            object.insert("givens".into(), made.puzzle.givens().into());
            if let Some(rating) = rating {
                object.insert("rating".into(), rating_json(rating));
            }
            writeln!(out, "{}", Value::Object(object))
        }
        super::Format::Link => {
            let mut answer = Map::new();
            answer.insert("solution".into(), made.solution.to_string().into());
            writeln!(out, "{}", super::link::answer_link(&answer, &made.puzzle))
        }
    }
}

//! `sudoku_dlx.xc`: any exact-cover problem from Python, read in Knuth's format
//! ([`read_knuth`]) or built from lists of names ([`Problem`]), solved by the engine's
//! search (see [`search`]). A thin layer: the engine reads the format and the names
//! (`knuth_format`, `names`) and searches; this module converts and documents.

mod error;
mod search;
mod solutions;

use self::error::{InvalidProblem, ProblemError};
use self::search::Search;
use self::solutions::Solutions;
use crate::error::catch_panic;
use crate::single::detached;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;
use std::ffi::CString;
use sudoku_dlx::exact_cover::knuth_format::{self, Parsed, Reason};
use sudoku_dlx::exact_cover::names::{NamesError, Place};

/// Adds the `xc` submodule to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    search::note_main_thread(py)?;
    let module = PyModule::new(py, "xc")?;
    module.add("__doc__", MODULE_DOC)?;
    module.add("InvalidProblem", py.get_type::<InvalidProblem>())?;
    module.add_class::<Problem>()?;
    module.add_class::<Solutions>()?;
    module.add_function(wrap_pyfunction!(read_knuth, &module)?)?;
    parent.add_submodule(&module)
}

/// The docstring of `sudoku_dlx.xc`.
const MODULE_DOC: &str = "Exact cover with the sudoku-dlx engine: a problem read in Knuth's \
format (`read_knuth`) or built from lists of names (`Problem`), counted, listed or checked.";

/// An exact-cover problem: items to cover, primary (exactly once, or from `u` to `v` times
/// when named `"u:v|name"`, exactly `v` times as `"v|name"`: Knuth's `dlx3`) and secondary
/// (at most once), and options, each a list of item names; a secondary item in an option may carry
/// a color, `"name:color"`, and options that agree on an item's color may share it (Knuth's
/// `dlx2`). Options may have costs (`costs=[...]`, one non-negative int per option; Knuth's
/// `dlx5`), for `best(k)` and `min_cost()`; `count()`, `solutions()` and the rest ignore
/// them. Made from lists of names, keyword arguments all, or by `read_knuth`.
///
/// The searches release the GIL, and Ctrl-C stops them with KeyboardInterrupt. A solution
/// is a list of option indices in increasing order (as `xcover.covers` gives them):
/// `problem.options[k]` is the option's names.
///
/// >>> problem = Problem(primary=["a", "b", "c"], options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
/// >>> problem.count()
/// 2
/// >>> problem.first()
/// [0, 1]
/// >>> [[problem.options[k] for k in solution] for solution in problem.solutions()]
/// [[('a', 'b'), ('c',)], [('a',), ('b', 'c')]]
/// >>> problem.is_unique()
/// False
/// >>> Problem(primary=["0:2|a", "b"], options=[["a"], ["a", "b"], ["a"]]).count()
/// 3
/// >>> Problem(primary=["a"], secondary=["x"], options=[["a"], ["x:red"]])
/// Traceback (most recent call last):
///   ...
/// sudoku_dlx.xc.InvalidProblem: options[1]: the option has no primary item, so it could never be chosen
#[pyclass(module = "sudoku_dlx.xc", frozen)]
pub struct Problem {
    problem: knuth_format::Problem,
    /// `options`, made at its first use.
    options: PyOnceLock<Py<PyTuple>>,
}

impl Problem {
    /// The Python object of `problem`.
    fn of(problem: knuth_format::Problem) -> Problem {
        Problem {
            problem,
            options: PyOnceLock::new(),
        }
    }

    /// A new search of the problem, built with the GIL released. Each call makes its own: the sparse sets keep the order
    /// a search left them in, so a search reused would find the same solutions in another
    /// order, and `first()` would depend on the calls before it. Building costs a pass over
    /// the options, little beside any search.
    fn search(&self, py: Python<'_>) -> PyResult<Search> {
        let problem = &self.problem;
        detached(py, || Search::new(problem))?
            .map_err(|error| ProblemError::Build(error).to_python(py))
    }

    /// The `k` cheapest solutions (every one of the least cost for `None`) as
    /// `(cost, options)`.
    fn priced(&self, py: Python<'_>, k: Option<usize>) -> PyResult<Vec<(u64, Vec<usize>)>> {
        let best = catch_panic(|| search::best(py, &self.problem, k))?
            .map_err(|error| ProblemError::Build(error).to_python(py))?;
        Ok(best
            .solutions
            .into_iter()
            .map(|solution| (solution.cost, solution.options))
            .collect())
    }

    /// Runs `work` on a new search.
    fn with_search<T>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut Search) -> PyResult<T>,
    ) -> PyResult<T> {
        let mut search = self.search(py)?;
        catch_panic(|| work(&mut search))
    }
}

/// The costs given to `Problem(costs=...)` as the engine takes them: a negative one is
/// refused at its place, as a cost word without digits would be.
fn unsigned_costs(costs: &[i128]) -> Result<Vec<u64>, NamesError> {
    costs
        .iter()
        .enumerate()
        .map(|(k, &cost)| {
            u64::try_from(cost).map_err(|_| NamesError {
                place: Place::Cost(k),
                reason: Reason::BadCost(cost.to_string()),
            })
        })
        .collect()
}

#[pymethods]
impl Problem {
    #[new]
    #[pyo3(signature = (*, primary, options, secondary = None, costs = None))]
    fn new(
        py: Python<'_>,
        primary: Vec<String>,
        options: Vec<Vec<String>>,
        secondary: Option<Vec<String>>,
        costs: Option<Vec<i128>>,
    ) -> PyResult<Problem> {
        let secondary = secondary.unwrap_or_default();
        let mut problem = knuth_format::Problem::from_names(&primary, &secondary, &options)
            .map_err(|error| ProblemError::Names(error).to_python(py))?;
        if let Some(costs) = costs {
            unsigned_costs(&costs)
                .and_then(|costs| problem.set_costs(&costs))
                .map_err(|error| ProblemError::Names(error).to_python(py))?;
        }
        Ok(Problem::of(problem))
    }

    /// The `k` cheapest solutions, cheapest first, each as `(cost, solution)`: the sum of
    /// its options' costs, and its option indices in increasing order. Fewer when the
    /// problem has fewer solutions; among equal costs, the first found (Knuth's `dlx5`).
    ///
    /// >>> problem = read_knuth("a b c\na b |3\nc |2\na |1\nb c |3")
    /// >>> problem.best(2)
    /// [(4, [2, 3]), (5, [0, 1])]
    /// >>> Problem(primary=["a"], options=[["a"], ["a"]], costs=[7, 2]).best()
    /// [(2, [1])]
    #[pyo3(signature = (k = 1))]
    fn best(&self, py: Python<'_>, k: usize) -> PyResult<Vec<(u64, Vec<usize>)>> {
        self.priced(py, Some(k))
    }

    /// Every solution of the least cost, in the order found, each as `(cost, solution)`
    /// (the search of `best()` pruning only what costs more); `[]` when there is none.
    ///
    /// >>> problem = read_knuth("a b\na b |1\na |1\nb\nb |1")
    /// >>> sorted(problem.cheapest())
    /// [(1, [0]), (1, [1, 2])]
    fn cheapest(&self, py: Python<'_>) -> PyResult<Vec<(u64, Vec<usize>)>> {
        self.priced(py, None)
    }

    /// The least cost of a solution, or None when there is none.
    ///
    /// >>> read_knuth("a b c\na b |3\nc |2\na |1\nb c |3").min_cost()
    /// 4
    /// >>> read_knuth("a b\na |1").min_cost() is None
    /// True
    fn min_cost(&self, py: Python<'_>) -> PyResult<Option<u64>> {
        Ok(self.best(py, 1)?.first().map(|&(cost, _)| cost))
    }

    /// The cost of each option (0 where none was given), in order.
    ///
    /// >>> read_knuth("a b\na |2 b |3\na\nb |1").costs
    /// (5, 0, 1)
    #[getter]
    fn costs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.problem.options.iter().map(|option| option.cost))
    }

    /// The number of solutions, counting at most `limit` when one is given (a Python int).
    ///
    /// >>> read_knuth("a b\na\nb\na b").count()
    /// 2
    /// >>> read_knuth("a b\na\nb\na b").count(limit=1)
    /// 1
    #[pyo3(signature = (limit = None))]
    fn count(&self, py: Python<'_>, limit: Option<i128>) -> PyResult<u128> {
        let cap = crate::solver::cap_of(limit)?;
        self.with_search(py, |search| search.count(py, cap))
    }

    /// The first solution (option indices in increasing order), or None when there is none.
    ///
    /// >>> read_knuth("a b\na\nb").first()
    /// [0, 1]
    /// >>> read_knuth("a b\na").first() is None
    /// True
    fn first(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        self.with_search(py, |search| search.first(py))
    }

    /// True when the problem has exactly one solution.
    ///
    /// >>> read_knuth("a b\na\nb").is_unique()
    /// True
    fn is_unique(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_search(py, |search| search.count(py, Some(2)))
            .map(|count| count == 1)
    }

    /// A lazy iterator over every solution, each a list of option indices in increasing
    /// order: each step resumes the search, so the first solution arrives at once however
    /// many there are.
    ///
    /// >>> list(read_knuth("a b\na\nb\na b").solutions())
    /// [[0, 1], [2]]
    fn solutions(&self, py: Python<'_>) -> PyResult<Solutions> {
        Ok(Solutions::new(self.search(py)?))
    }

    /// The primary items' names, in order.
    ///
    /// >>> read_knuth("a b | x").primary
    /// ('a', 'b')
    #[getter]
    fn primary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.problem.items[..self.problem.primary])
    }

    /// How many times each primary item must be covered, as `(low, high)`, in order.
    ///
    /// >>> read_knuth("a 0:2|b 3|c").multiplicities
    /// ((1, 1), (0, 2), (3, 3))
    #[getter]
    fn multiplicities<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let pairs = self.problem.multiplicities.iter().map(|m| (m.low, m.high));
        PyTuple::new(py, pairs)
    }

    /// The secondary items' names, in order.
    ///
    /// >>> read_knuth("a b | x").secondary
    /// ('x',)
    #[getter]
    fn secondary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.problem.items[self.problem.primary..])
    }

    /// The options, each a tuple of its item names as written (`"name:color"` for a colored
    /// one); `options[k]` is option `k` of the solutions.
    ///
    /// >>> read_knuth("a | x\na x:red\na").options
    /// (('a', 'x:red'), ('a',))
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let options = self.options.get_or_try_init(py, || {
            let problem = &self.problem;
            let options = (0..problem.options.len()).map(|option| {
                let entries = problem.options[option]
                    .entries
                    .iter()
                    .map(|&(item, color)| match color {
                        None => problem.items[item].clone(),
                        Some(color) => {
                            format!("{}:{}", problem.items[item], problem.colors[color as usize])
                        }
                    });
                PyTuple::new(py, entries)
            });
            let options = options.collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, options).map(Bound::unbind)
        })?;
        Ok(options.bind(py).clone())
    }

    fn __repr__(&self) -> String {
        let problem = &self.problem;
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let mut text = format!(
            "Problem({}, {} secondary, {}",
            plural(problem.primary, "primary item"),
            problem.items.len() - problem.primary,
            plural(problem.options.len(), "option"),
        );
        if !problem.colors.is_empty() {
            text.push_str(&format!(", {}", plural(problem.colors.len(), "color")));
        }
        if problem.has_multiplicities() {
            text.push_str(", multiplicities");
        }
        if problem.has_costs() {
            text.push_str(", costs");
        }
        text.push(')');
        text
    }
}

/// The problem written in `text` in Knuth's format (that of his `dlx1` and `dlx2`, see
/// docs/xc.md): the first line that is not a comment (`|` first) names the primary items,
/// then `|`, then the secondary ones; every further line is an option, its item names
/// separated by blanks, a secondary one optionally colored (`name:color`). A mistake raises
/// `InvalidProblem` with its line and column; an option without a primary item is dropped
/// with a `UserWarning` (as Knuth's programs do), so `options` are those kept. The text is
/// read with the GIL released. A primary item may carry a multiplicity, `u:v|name` or
/// `v|name` (Knuth's `dlx3`); an option may end with costs, `|n` words that add up
/// (Knuth's `dlx5`), for `best()` and `min_cost()`.
///
/// >>> problem = read_knuth('''
/// ... | Knuth's example of colors
/// ... p q r | x y
/// ... p q x y:A
/// ... p r x:A y
/// ... p x:B
/// ... q x:A
/// ... r y:B
/// ... ''')
/// >>> problem
/// Problem(3 primary items, 2 secondary, 5 options, 2 colors)
/// >>> [problem.options[k] for k in problem.first()]
/// [('p', 'r', 'x:A', 'y'), ('q', 'x:A')]
/// >>> read_knuth("a b\na c")
/// Traceback (most recent call last):
///   ...
/// sudoku_dlx.xc.InvalidProblem: line 2, column 3: unknown item `c`
#[pyfunction]
pub fn read_knuth(py: Python<'_>, text: &str) -> PyResult<Problem> {
    let Parsed { problem, warnings } = detached(py, || knuth_format::Problem::parse(text))?
        .map_err(|e| ProblemError::Format(e).to_python(py))?;
    let category = py.get_type::<PyUserWarning>();
    for warning in warnings {
        let message = format!(
            "line {}, column {}: option ignored (no primary item)",
            warning.line, warning.column
        );
        let message = CString::new(message).unwrap_or_else(|_| c"option ignored".to_owned());
        PyErr::warn(py, &category, &message, 1)?;
    }
    Ok(Problem::of(problem))
}

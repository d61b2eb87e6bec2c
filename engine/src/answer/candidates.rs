//! True candidates: for each cell, the digits that appear in at least one solution, and,
//! when asked, how many solutions place each of them, up to a cap.
//!
//! The naive way is one search per candidate. The work is shared instead:
//!
//! 1. the solver's logic pass runs first and its matrix holds only the candidates it left;
//! 2. one enumeration tallies every placement of every solution found, up to a budget of
//!    solutions (the matrix's options times the cap) and while it still learns something
//!    ([`STALE`]); when it ends by running out of solutions, the tallies are the exact
//!    counts and nothing else is searched;
//! 3. otherwise each candidate still under the cap gets its own search on the same matrix
//!    (rewound, never rebuilt), with an option that places it selected, counting up to the
//!    cap; every solution such a search finds also raises what is known of the candidates it
//!    places, so that one reaching the cap needs no search of its own.
//!
//! Without a cap the counts are those of a cap of 1: a candidate is settled by the first
//! solution that places it.

use crate::sudoku::Shape;
use crate::Grid;

/// The true candidates of a puzzle: per cell the digits that some solution places there,
/// and, when a cap was given, per candidate the number of solutions that place it, counted
/// up to the cap. Made by [`Answerer::candidates`](crate::Answerer::candidates).
///
/// ```
/// use sudoku_dlx::{Answerer, Grid, Solver};
///
/// // Four solutions, all with these first two rows: r3c1 is 2 in two of them, 4 in two.
/// let puzzle: Grid = "1234 3412 .... ....".parse()?;
/// let found = Solver::new().candidates(&puzzle, Some(3));
/// assert_eq!(found.digits(0).collect::<Vec<u8>>(), [1]);
/// assert_eq!(found.digits(8).collect::<Vec<u8>>(), [2, 4]);
/// assert_eq!(found.count(8, 2), Some(2));
/// assert_eq!(found.count(0, 1), Some(3)); // 4 solutions, counted up to the cap
/// assert_eq!(found.count(0, 2), Some(0));
/// assert_eq!(found.verdict_name(), "multiple");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    shape: Shape,
    /// Per cell, bit `d` set when digit `d + 1` is a true candidate.
    digits: Vec<u64>,
    /// Per candidate `cell * n + d`, the solutions that place it, at most the cap; present
    /// when a cap was given.
    counts: Option<Vec<u64>>,
    cap: Option<u64>,
    complete: bool,
}

impl TrueCandidates {
    /// The puzzle's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The true candidates of `cell` (reading order, from 0) as a set of bits: bit `d` for
    /// digit `d + 1`.
    pub fn mask(&self, cell: usize) -> u64 {
        self.digits[cell]
    }

    /// The true candidates of `cell` (reading order, from 0), from the smallest digit up.
    pub fn digits(&self, cell: usize) -> impl Iterator<Item = u8> {
        let mask = self.digits[cell];
        (0..64u8)
            .filter(move |d| mask & (1 << d) != 0)
            .map(|d| d + 1)
    }

    /// True when some solution places `digit` (from 1) in `cell`.
    pub fn contains(&self, cell: usize, digit: u8) -> bool {
        (1..=self.shape.size()).contains(&usize::from(digit))
            && self.digits[cell] & (1 << (digit - 1)) != 0
    }

    /// The solutions that place `digit` (from 1) in `cell`, counted up to the cap; `None`
    /// when no cap was given (only which digits are candidates was asked).
    pub fn count(&self, cell: usize, digit: u8) -> Option<u64> {
        let n = self.shape.size();
        let counts = self.counts.as_ref()?;
        if !(1..=n).contains(&usize::from(digit)) {
            return Some(0);
        }
        Some(counts[cell * n + usize::from(digit) - 1])
    }

    /// The cap the counts stop at, as asked; `None` when no counts were asked.
    pub fn cap(&self) -> Option<u64> {
        self.cap
    }

    /// False when an interrupt stopped the search before its end: the candidates shown are
    /// true, but others may be missing and counts may be short.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// True when the puzzle has at least one solution (some cell has a candidate).
    pub fn has_solution(&self) -> bool {
        self.digits.iter().any(|&mask| mask != 0)
    }

    /// The solution when there is exactly one: every cell has one true candidate.
    pub fn unique_solution(&self) -> Option<Grid> {
        let cells = self
            .digits
            .iter()
            .map(|&mask| (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8 + 1))
            .collect::<Option<Vec<u8>>>()?;
        Grid::from_cells(self.shape, cells)
    }

    /// `none`, `unique` or `multiple`, the words of [`Verdict::name`](crate::Verdict::name):
    /// no candidate at all, one in every cell, or a cell with several.
    pub fn verdict_name(&self) -> &'static str {
        if !self.has_solution() {
            "none"
        } else if self.digits.iter().all(|mask| mask.count_ones() == 1) {
            "unique"
        } else {
            "multiple"
        }
    }
}

/// Where the logic pass and the building of the matrix left a puzzle.
pub(crate) enum Begun {
    /// No solution.
    NoSolution,
    /// The logic pass placed every cell: [`CandidateSearch::fixed`] is the one solution.
    Solved,
    /// The matrix is built: the solutions are the fixed cells plus a solution of it.
    Search,
}

/// The enumeration stops after this many solutions in a row that raised no placement's
/// tally: a depth-first enumeration then varies only its last cells, and may cross large
/// subtrees without a solution between two of them, while a search with a candidate selected
/// goes straight at what is still unknown. On 9x9 killers with half of their cages and no
/// givens, 4 searched fewer nodes than 16, than the whole budget, and about as few as 2.
const STALE: u64 = 4;

/// A solver's matrix as the true-candidates search drives it: implemented by the classic
/// and the variant solvers.
pub(crate) trait CandidateSearch {
    /// What it answers about.
    type Puzzle;

    /// Runs the logic pass and builds the matrix of `puzzle`.
    fn begin(&mut self, puzzle: &Self::Puzzle) -> Begun;

    /// The shape of the puzzle begun.
    fn shape_of(puzzle: &Self::Puzzle) -> Shape;

    /// The cells every solution shares that are outside the matrix (0 for the others).
    fn fixed(&self) -> &[u8];

    /// The number of options of the matrix.
    fn options(&self) -> usize;

    /// Calls `place` with each placement (`cell * n + d`, digit from 0) of `option`.
    fn placements(&self, option: usize, place: impl FnMut(usize));

    /// Rewinds the matrix, and fixes `option` for the searches until the next call.
    fn restart_with(&mut self, option: Option<usize>);

    /// Finds the next solution, calling `visit` with each of its options; false at the end.
    fn next_solution(&mut self, visit: impl FnMut(usize)) -> bool;

    /// True when the interrupt stopped the last search.
    fn interrupted(&self) -> bool;

    /// The buffers of the true-candidates search, kept by the solver between puzzles.
    fn buffers(&mut self) -> &mut Buffers;
}

/// What an option's own count is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// Not searched yet.
    Unknown,
    /// Exactly this many solutions contain the option.
    Exactly(u64),
    /// At least this many (the search stopped there).
    AtLeast(u64),
}

/// The buffers of [`search`], kept between puzzles.
#[derive(Clone, Debug, Default)]
pub(crate) struct Buffers {
    /// Per placement, what is known of min(cap, solutions placing it): a lower bound,
    /// exact once `settled`.
    lower: Vec<u64>,
    settled: Vec<bool>,
    /// Per placement, the solutions of the current targeted search that place it.
    scratch: Vec<u64>,
    touched: Vec<u32>,
    /// `by_placement[starts[p]..starts[p + 1]]`: the options that place `p`.
    starts: Vec<u32>,
    by_placement: Vec<u32>,
    /// Per option, its count as far as it was searched.
    known: Vec<Known>,
    /// The options of the solution just found.
    path: Vec<u32>,
}

impl Buffers {
    /// Sizes the buffers for `placements` placements and the options of `search`, and
    /// indexes the options by placement.
    fn reset<S: CandidateSearch>(&mut self, search: &S, placements: usize) {
        let options = search.options();
        self.lower.clear();
        self.lower.resize(placements, 0);
        self.settled.clear();
        self.settled.resize(placements, false);
        self.scratch.clear();
        self.scratch.resize(placements, 0);
        self.touched.clear();
        self.known.clear();
        self.known.resize(options, Known::Unknown);
        self.path.clear();
        // A counting sort of the options by the placements they make.
        self.starts.clear();
        self.starts.resize(placements + 1, 0);
        for option in 0..options {
            search.placements(option, |p| self.starts[p + 1] += 1);
        }
        for p in 0..placements {
            self.starts[p + 1] += self.starts[p];
        }
        self.by_placement.clear();
        self.by_placement
            .resize(self.starts[placements] as usize, 0);
        let mut next = std::mem::take(&mut self.scratch);
        for option in 0..options {
            search.placements(option, |p| {
                let at = self.starts[p] as usize + next[p] as usize;
                self.by_placement[at] = option as u32;
                next[p] += 1;
            });
        }
        next.iter_mut().for_each(|slot| *slot = 0);
        self.scratch = next;
    }

    /// The number of placements some option makes.
    fn open(&self) -> usize {
        self.starts.windows(2).filter(|w| w[0] < w[1]).count()
    }
}

/// The true candidates of `puzzle` on `search`, counts up to `cap` when one is given; see
/// [`Answerer::candidates_while`](crate::Answerer::candidates_while) for `keep_going`.
pub(crate) fn search<S: CandidateSearch>(
    search: &mut S,
    puzzle: &S::Puzzle,
    cap: Option<u64>,
    mut keep_going: impl FnMut(usize, usize) -> bool,
) -> TrueCandidates {
    let shape = S::shape_of(puzzle);
    let n = shape.size();
    let placements = shape.cells() * n;
    let limit = cap.unwrap_or(1).max(1);
    let mut found = TrueCandidates {
        shape,
        digits: vec![0; shape.cells()],
        counts: cap.map(|_| vec![0; placements]),
        cap,
        complete: true,
    };
    match search.begin(puzzle) {
        Begun::NoSolution => return found,
        Begun::Solved => {
            found.add_fixed(search.fixed(), 1);
            return found;
        }
        Begun::Search => {}
    }
    let mut b = std::mem::take(search.buffers());
    b.reset(search, placements);
    let open = b.open();
    let mut settled = 0;
    // The enumeration, tallying every placement.
    let budget = (search.options() as u64).saturating_mul(limit).max(limit);
    let mut solutions = 0u64;
    search.restart_with(None);
    let mut exhausted = false;
    let mut learned_at = 0;
    let mut stopped = false;
    while solutions < budget && solutions - learned_at < STALE {
        if !search.next_solution(|option| b.path.push(option as u32)) {
            exhausted = !search.interrupted();
            stopped = !exhausted;
            break;
        }
        solutions += 1;
        for i in 0..b.path.len() {
            search.placements(b.path[i] as usize, |p| {
                if b.lower[p] < limit {
                    b.lower[p] += 1;
                    learned_at = solutions;
                    settled += usize::from(b.lower[p] == limit);
                }
            });
        }
        b.path.clear();
        if !keep_going(settled, open) {
            stopped = true;
            break;
        }
    }
    found.complete = !stopped;
    if found.complete && !exhausted {
        found.complete = targeted(search, &mut b, limit, &mut settled, open, &mut keep_going);
    }
    search.restart_with(None);
    for (p, &count) in b.lower.iter().enumerate() {
        if count > 0 {
            found.digits[p / n] |= 1 << (p % n);
        }
        if let Some(counts) = &mut found.counts {
            counts[p] = count;
        }
    }
    // The cells outside the matrix are in every solution.
    if solutions > 0 {
        found.add_fixed(search.fixed(), solutions.min(limit));
    }
    *search.buffers() = b;
    found
}

/// The searches of the candidates under the cap after the enumeration: each with an option
/// that places it selected, up to the cap. False when stopped before the end.
fn targeted<S: CandidateSearch>(
    search: &mut S,
    b: &mut Buffers,
    limit: u64,
    settled: &mut usize,
    open: usize,
    keep_going: &mut impl FnMut(usize, usize) -> bool,
) -> bool {
    for p in 0..b.lower.len() {
        let options = b.starts[p] as usize..b.starts[p + 1] as usize;
        if options.is_empty() || b.settled[p] || b.lower[p] >= limit {
            continue;
        }
        let mut sum = 0;
        for at in options {
            if sum == limit {
                break;
            }
            let option = b.by_placement[at] as usize;
            let wanted = limit - sum;
            match b.known[option] {
                Known::Exactly(count) => {
                    sum += count.min(wanted);
                    continue;
                }
                Known::AtLeast(count) if count >= wanted => {
                    sum += wanted;
                    continue;
                }
                _ => {}
            }
            search.restart_with(Some(option));
            let mut count = 0;
            while count < wanted && search.next_solution(|o| b.path.push(o as u32)) {
                count += 1;
                for i in 0..b.path.len() {
                    search.placements(b.path[i] as usize, |q| {
                        if b.scratch[q] == 0 {
                            b.touched.push(q as u32);
                        }
                        b.scratch[q] += 1;
                    });
                }
                b.path.clear();
            }
            if search.interrupted() {
                return false;
            }
            b.known[option] = if count < wanted {
                Known::Exactly(count)
            } else {
                Known::AtLeast(count)
            };
            sum += count;
        }
        // What the searches found of other placements bounds their counts from below.
        for &q in &b.touched {
            let q = q as usize;
            let seen = b.scratch[q].min(limit);
            b.scratch[q] = 0;
            if seen > b.lower[q] {
                *settled += usize::from(seen == limit);
                b.lower[q] = seen;
            }
        }
        b.touched.clear();
        if b.lower[p] < limit {
            *settled += 1;
        }
        b.lower[p] = sum;
        b.settled[p] = true;
        if !keep_going(*settled, open) {
            return false;
        }
    }
    true
}

impl TrueCandidates {
    /// Adds the nonzero cells of `fixed` as candidates placed by `count` solutions.
    fn add_fixed(&mut self, fixed: &[u8], count: u64) {
        let n = self.shape.size();
        for (cell, &value) in fixed.iter().enumerate() {
            if value != 0 {
                let d = usize::from(value) - 1;
                self.digits[cell] = 1 << d;
                if let Some(counts) = &mut self.counts {
                    counts[cell * n + d] = count;
                }
            }
        }
    }
}

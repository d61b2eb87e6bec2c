//! Sudoku variants through exact cover: irregular regions, diagonals, extra regions,
//! windoku, disjoint groups, anti-knight, anti-king, non-consecutive, killer cages,
//! thermometers, arrows, kropki dots, XV, odd/even, negative constraints, the lines of
//! published puzzles (whispers, renban, palindrome, entropic, modular and nabner lines, slow
//! thermometers), clones, minimum and maximum cells, given pencil marks, row, column and
//! box indexers, and the rules compiled to tables: quadruples, little killers, sandwich
//! sums, X-sums, skyscrapers, between, lockout, region-sum, zipper and double-arrow lines,
//! and arrows with pills.
//!
//! A [`Variant`] is a grid of givens, an optional region map that replaces the boxes, and a
//! list of [`Rule`]s. Building it checks the rules and compiles them once into items and
//! options (see `docs/variants.md`): a set of cells where digits do not repeat becomes
//! unit-digit items (primary for `n` cells, secondary for fewer), a pairwise rule becomes
//! secondary items shared by the placements it forbids together, odd/even and thermometer
//! bounds remove placements, and a table (a killer cage's total, an arrow, a sandwich...)
//! becomes one option per assignment of its cells (see `tables.rs`). A [`VariantSolver`] answers the usual questions with
//! the generic exact-cover search.
//!
//! ```
//! use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
//! use sudoku_dlx::{Grid, Shape};
//!
//! // The empty 4x4 grid has 288 solutions; with both diagonals, 48 are left.
//! let empty = Grid::empty(Shape::new(2, 2)?);
//! let x = Variant::new(
//!     empty,
//!     None,
//!     vec![
//!         Rule::Diagonal(sudoku_dlx::variant::Diagonal::Main),
//!         Rule::Diagonal(sudoku_dlx::variant::Diagonal::Anti),
//!     ],
//! )?;
//! let mut solver = VariantSolver::new();
//! assert_eq!(solver.count(&x, None).solutions, 48);
//! let solution = solver.solve(&x).expect("it has solutions");
//! assert!(x.accepts(&solution));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod arcs;
mod check;
mod compile;
mod ends;
mod error;
mod estimate;
mod flat;
#[cfg(feature = "fpuzzles")]
pub mod fpuzzles;
mod frames;
mod generate;
mod geometry;
mod groups;
mod implied;
mod innies;
#[cfg(feature = "fpuzzles")]
mod iss;
mod logic;
mod matching;
mod model;
mod names;
mod pointing;
mod priority;
mod propagate;
mod required;
mod rule;
mod skylines;
mod solver;
#[cfg(feature = "fpuzzles")]
mod sudokupad;
mod sums;
mod tables;
#[cfg(test)]
mod tests;
mod totals;

pub use error::{RuleRef, VariantError};
pub use generate::{
    VariantGenerateError, VariantGenerateOptions, VariantGenerated, VariantGenerator,
};
pub use names::RuleName;
pub use rule::{Diagonal, Indexer, Marker, Outside, Rule, Side};
pub use solver::{VariantSolutions, VariantSolver};
pub use tables::MAX_SUM_OPTIONS;

use crate::sudoku::Cell;
use crate::{Grid, Shape};
use model::Model;

/// A variant puzzle: givens, the regions (the boxes unless a map replaces them) and the
/// rules, compiled once when it is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    givens: Grid,
    regions: Option<Vec<usize>>,
    region_of: Vec<usize>,
    rules: Vec<Rule>,
    model: Model,
}

impl Variant {
    /// A variant puzzle of `givens`' shape. `regions`, when given, numbers the region of
    /// each cell (in reading order, from 0; each of the `n` regions has `n` cells) and
    /// replaces the boxes. Refused with the reason when a rule names cells outside the grid
    /// or twice, has too few or too many cells, a bad value, an outside clue beside no row
    /// or column, or cannot be encoded (a table with too many assignments).
    pub fn new(
        givens: Grid,
        regions: Option<Vec<usize>>,
        rules: Vec<Rule>,
    ) -> Result<Variant, VariantError> {
        let shape = givens.shape();
        let region_of = match &regions {
            Some(map) => check::regions(shape, map)?,
            None => (0..shape.cells()).map(|cell| shape.box_of(cell)).collect(),
        };
        for (index, rule) in rules.iter().enumerate() {
            check::rule(shape, regions.is_some(), index, rule)?;
        }
        let parts = compile::compile(shape, &region_of, &rules);
        let implied: Vec<Vec<usize>> = (parts.implied_sums.iter())
            .map(|&k| parts.sums[k].0.iter().map(|&(cell, _)| cell).collect())
            .collect();
        let mut model = Model::build(shape, &region_of, parts, |index| rule_ref(&rules, index))?;
        model.priorities = priority::priorities(shape.size(), shape.cells(), &rules, &region_of);
        priority::weigh_implied(&mut model.priorities, &implied);
        Ok(Variant {
            givens,
            regions,
            region_of,
            rules,
            model,
        })
    }

    /// Checks a region map for a grid of `shape` as [`Variant::new`] does, without
    /// building a puzzle: one region number per cell (from 0), `n` cells in each of the `n`
    /// regions.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Variant, VariantError};
    /// use sudoku_dlx::Shape;
    ///
    /// let shape = Shape::new(2, 2)?;
    /// assert!(Variant::check_regions(shape, &[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).is_ok());
    /// assert_eq!(
    ///     Variant::check_regions(shape, &[0; 15]),
    ///     Err(VariantError::RegionsLength { found: 15, expected: 16 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_regions(shape: Shape, regions: &[usize]) -> Result<(), VariantError> {
        check::regions(shape, regions).map(|_| ())
    }

    /// The region map of one label per cell (a character, a number...): regions are
    /// numbered from 0 by the first appearance of their label. The one reader of regions
    /// written as labels, for the command line's `--regions` and `regions=` and Python's
    /// `regions=`; [`check_regions`](Self::check_regions) then says whether they fit.
    ///
    /// ```
    /// use sudoku_dlx::variant::Variant;
    ///
    /// let text = "bbaa bbaa ccdd ccdd";
    /// let map = Variant::number_regions(text.chars().filter(|c| !c.is_whitespace()));
    /// assert_eq!(map, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
    /// assert_eq!(Variant::number_regions([7, 7, 3, 3]), [0, 0, 1, 1]);
    /// ```
    pub fn number_regions<L: PartialEq>(labels: impl IntoIterator<Item = L>) -> Vec<usize> {
        let mut seen: Vec<L> = Vec::new();
        labels
            .into_iter()
            .map(
                |label| match seen.iter().position(|other| *other == label) {
                    Some(region) => region,
                    None => {
                        seen.push(label);
                        seen.len() - 1
                    }
                },
            )
            .collect()
    }

    /// The same rules and regions with other givens of the same shape, without compiling
    /// the rules again.
    pub fn with_givens(&self, givens: Grid) -> Result<Variant, VariantError> {
        if givens.shape() != self.shape() {
            return Err(VariantError::GivensShape);
        }
        Ok(Variant {
            givens,
            ..self.clone()
        })
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.givens.shape()
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The region map, when the regions are not the boxes.
    pub fn regions(&self) -> Option<&[usize]> {
        self.regions.as_deref()
    }

    /// The region of each cell (the boxes' numbers when there is no map).
    pub fn region_of(&self) -> &[usize] {
        &self.region_of
    }

    /// The rules.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// True when `grid` is complete, keeps the givens, and keeps every rule: rows, columns
    /// and regions, and each of [`rules`](Self::rules).
    pub fn accepts(&self, grid: &Grid) -> bool {
        grid.shape() == self.shape()
            && grid.is_complete()
            && self
                .givens
                .cells()
                .iter()
                .zip(grid.cells())
                .all(|(&given, &digit)| given == 0 || given == digit)
            && check::solved(self, grid.cells())
    }

    /// How many assignments the table constraints (sums, outside clues, the lines that are
    /// not pairwise) were compiled to (each is one option of the matrix when no given rules
    /// it out).
    pub fn sum_assignments(&self) -> usize {
        self.model.tables.iter().map(|table| table.len()).sum()
    }

    pub(crate) fn model(&self) -> &Model {
        &self.model
    }
}

/// How errors name rule `index` of `rules`.
fn rule_ref(rules: &[Rule], index: usize) -> RuleRef {
    RuleRef {
        index,
        name: rules[index].name(),
    }
}

/// The cell of index `cell` in a grid of `shape`.
fn cell_of(shape: Shape, cell: usize) -> Cell {
    Cell::of(shape, cell)
}

//! One deduction of a solving path: the technique, what it places and eliminates, and the
//! cells and units that justify it.

use super::board::Layout;
use crate::sudoku::{Cell, Unit};
use std::fmt;

/// A technique of the human repertoire, from the easiest. The difficulty of each is on
/// Sudoku Explainer's scale ([`Technique::difficulty`]); chains add to it by length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last open cell of a row, column or box takes the digit left.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// Pointing (a digit's places in a box lie in one line) that leaves a hidden single.
    DirectPointing,
    /// Claiming (a digit's places in a line lie in one box) that leaves a hidden single.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single.
    DirectHiddenTriple,
    /// A digit's places in a box all lie in one line: it leaves the rest of the line.
    Pointing,
    /// A digit's places in a line all lie in one box: it leaves the rest of the box.
    Claiming,
    /// Two cells of a unit with the same two candidates take them from the unit's others.
    NakedPair,
    /// Two rows (columns) whose places for a digit lie in the same two columns (rows).
    XWing,
    /// Two digits with the same two places in a unit: those cells keep only them.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// The X-wing of three lines.
    Swordfish,
    /// Three digits with three places between them in a unit.
    HiddenTriple,
    /// A pivot `xy` seeing pincers `xz` and `yz`: `z` leaves the cells seeing both pincers.
    XyWing,
    /// A pivot `xyz` seeing pincers `xz` and `yz`: `z` leaves the cells seeing all three.
    XyzWing,
    /// A unique rectangle of type 1: three corners bivalue, the fourth loses the pair.
    UniqueRectangle1,
    /// A unique rectangle of type 2: the two roof cells share one extra candidate.
    UniqueRectangle2,
    /// A unique rectangle of type 3: the roof's extra candidates form a subset with others.
    UniqueRectangle3,
    /// A unique rectangle of type 4: one of the pair is locked in the roof.
    UniqueRectangle4,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// The X-wing of four lines.
    Jellyfish,
    /// Four digits with four places between them in a unit.
    HiddenQuad,
    /// An X-wing with fins: extra places in one line's box; the eliminations see the fin.
    FinnedXWing,
    /// A swordfish with fins.
    FinnedSwordfish,
    /// A jellyfish with fins.
    FinnedJellyfish,
    /// Bivalue universal grave plus one: every open cell bivalue but one, which must take
    /// the digit that appears three times in its units.
    BugPlusOne,
    /// Two bivalue cells `xy` joined by a strong link on `y`: `x` leaves the cells seeing
    /// both.
    WWing,
    /// A chain of strong and weak links on one digit.
    XChain,
    /// A chain through bivalue cells.
    XyChain,
    /// An alternating inference chain: strong and weak links on cells and digits, places
    /// grouped in a box line.
    Aic,
    /// Assuming a candidate leads to a contradiction by singles on one digit.
    Nishio,
    /// Every candidate of a cell, or every place of a digit in a unit, leads to the same
    /// conclusion.
    ForcingChains,
    /// Assuming a candidate leads, by singles and every earlier deduction, to a
    /// contradiction, or both outcomes to the same conclusion.
    DynamicForcingChains,
    /// Dynamic forcing chains whose propagation also takes locked candidates, naked and
    /// hidden pairs and X-wings when singles run out.
    DynamicForcingChainsPlus,
    /// Forcing chains whose steps may themselves use forcing chains.
    NestedForcingChains,
}

impl Technique {
    /// Every technique, from the easiest.
    pub const ALL: [Technique; 38] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::BugPlusOne,
        Technique::WWing,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::Nishio,
        Technique::ForcingChains,
        Technique::DynamicForcingChains,
        Technique::DynamicForcingChainsPlus,
        Technique::NestedForcingChains,
    ];

    /// The name in output: `hidden-single-box`, `x-wing`, `unique-rectangle-1`, ...
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingleBox => "hidden-single-box",
            Technique::HiddenSingleLine => "hidden-single-line",
            Technique::DirectPointing => "direct-pointing",
            Technique::DirectClaiming => "direct-claiming",
            Technique::DirectHiddenPair => "direct-hidden-pair",
            Technique::NakedSingle => "naked-single",
            Technique::DirectHiddenTriple => "direct-hidden-triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle1 => "unique-rectangle-1",
            Technique::UniqueRectangle2 => "unique-rectangle-2",
            Technique::UniqueRectangle3 => "unique-rectangle-3",
            Technique::UniqueRectangle4 => "unique-rectangle-4",
            Technique::NakedQuad => "naked-quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden-quad",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::FinnedJellyfish => "finned-jellyfish",
            Technique::BugPlusOne => "bug-plus-one",
            Technique::WWing => "w-wing",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::Nishio => "nishio",
            Technique::ForcingChains => "forcing-chains",
            Technique::DynamicForcingChains => "dynamic-forcing-chains",
            Technique::DynamicForcingChainsPlus => "dynamic-forcing-chains-plus",
            Technique::NestedForcingChains => "nested-forcing-chains",
        }
    }

    /// The technique's difficulty on Sudoku Explainer's scale (1.0 to about 11), before a
    /// chain's length adds to it: the values Sudoku Explainer gives its techniques, and for
    /// those it has not (W-wing, finned fish) the value it gives the chain each one is.
    pub fn difficulty(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine => 1.5,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::UniqueRectangle1 => 4.5,
            Technique::UniqueRectangle2 => 4.5,
            Technique::UniqueRectangle3 => 4.5,
            Technique::UniqueRectangle4 => 4.5,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::BugPlusOne => 5.6,
            // Sudoku Explainer has no finned fish and no W-wing: each is the forcing chain
            // it would find instead (an X-chain of 6 to 8 nodes, an XY chain of 6).
            Technique::FinnedXWing => 6.7,
            Technique::FinnedSwordfish => 6.8,
            Technique::FinnedJellyfish => 6.9,
            Technique::WWing => 7.1,
            Technique::XChain => 6.6,
            Technique::XyChain => 7.0,
            Technique::Aic => 7.0,
            Technique::Nishio => 7.5,
            Technique::ForcingChains => 8.0,
            Technique::DynamicForcingChains => 8.5,
            Technique::DynamicForcingChainsPlus => 9.0,
            Technique::NestedForcingChains => 9.5,
        }
    }

    /// True for the techniques that assume the puzzle has one solution (unique
    /// rectangles, BUG+1): on a puzzle with several they may remove a solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::BugPlusOne
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Technique {
    type Err = crate::UnknownName;

    fn from_str(text: &str) -> Result<Technique, crate::UnknownName> {
        crate::UnknownName::parse("technique", text, &Technique::ALL, Technique::name)
    }
}

/// A value in a cell: placed (`r3c7=5`) or eliminated (`r3c7<>5`) by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The value, from 1.
    pub value: u8,
}

impl fmt::Display for Candidate {
    /// `r3c7 5`: the cell and the value; a step writes `=` or `<>` between them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.cell, self.value)
    }
}

/// One deduction: the technique, the values it places and the candidates it eliminates,
/// and what justifies it (its cells, units and values, and for chains the chain).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The values it places.
    pub placed: Vec<Candidate>,
    /// The candidates it eliminates.
    pub eliminated: Vec<Candidate>,
    /// The cells the reasoning reads (a pair's two cells, a wing's pivot and pincers, ...).
    pub cells: Vec<Cell>,
    /// The units the reasoning reads (the house of a single, a fish's lines, ...).
    pub units: Vec<Unit>,
    /// The values the reasoning is about.
    pub values: Vec<u8>,
    /// For chains, the chain in Eureka notation: `(5)r1c2=r1c7-r3c9=(5)r3c1`.
    pub chain: Option<String>,
    /// The difficulty on Sudoku Explainer's scale: the technique's, plus a chain's length.
    pub difficulty: f32,
}

impl Step {
    /// `r3c7=5` for each placement and `r3c7<>5` for each elimination, comma separated.
    pub fn deduction(&self) -> String {
        let placed = self
            .placed
            .iter()
            .map(|c| format!("{}={}", c.cell, c.value));
        let gone = self
            .eliminated
            .iter()
            .map(|c| format!("{}<>{}", c.cell, c.value));
        placed.chain(gone).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for Step {
    /// `hidden-single-box: r3c7=5 (box 3)`, with the chain or the cells after the units.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.technique, self.deduction())?;
        let mut why: Vec<String> = self.units.iter().map(|u| u.to_string()).collect();
        if let Some(chain) = &self.chain {
            why.push(chain.clone());
        } else if !self.cells.is_empty() {
            let cells: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
            why.push(cells.join(" "));
        }
        if !why.is_empty() {
            write!(f, " ({})", why.join("; "))?;
        }
        Ok(())
    }
}

/// Builds a step from cell indices.
pub(crate) struct StepBuilder<'a> {
    layout: &'a Layout,
    step: Step,
}

impl<'a> StepBuilder<'a> {
    pub(crate) fn new(layout: &'a Layout, technique: Technique) -> StepBuilder<'a> {
        StepBuilder {
            layout,
            step: Step {
                technique,
                placed: Vec::new(),
                eliminated: Vec::new(),
                cells: Vec::new(),
                units: Vec::new(),
                values: Vec::new(),
                chain: None,
                difficulty: technique.difficulty(),
            },
        }
    }

    pub(crate) fn place(mut self, cell: usize, value: u8) -> Self {
        let c = Candidate {
            cell: self.layout.cell(cell),
            value,
        };
        if !self.step.placed.contains(&c) {
            self.step.placed.push(c);
        }
        self
    }

    pub(crate) fn eliminate(&mut self, cell: usize, value: u8) {
        let c = Candidate {
            cell: self.layout.cell(cell),
            value,
        };
        if !self.step.eliminated.contains(&c) {
            self.step.eliminated.push(c);
        }
    }

    pub(crate) fn cells(mut self, cells: impl IntoIterator<Item = usize>) -> Self {
        let layout = self.layout;
        self.step
            .cells
            .extend(cells.into_iter().map(|c| layout.cell(c)));
        self
    }

    pub(crate) fn units(mut self, units: impl IntoIterator<Item = usize>) -> Self {
        let layout = self.layout;
        self.step
            .units
            .extend(units.into_iter().map(|u| layout.unit(u)));
        self
    }

    pub(crate) fn values(mut self, values: impl IntoIterator<Item = u8>) -> Self {
        self.step.values.extend(values);
        self
    }

    pub(crate) fn chain(mut self, chain: String, extra: f32) -> Self {
        self.step.chain = Some(chain);
        self.step.difficulty += extra;
        self
    }

    pub(crate) fn has_effect(&self) -> bool {
        !self.step.placed.is_empty() || !self.step.eliminated.is_empty()
    }

    pub(crate) fn build(mut self) -> Step {
        self.step.eliminated.sort();
        self.step.difficulty = (self.step.difficulty * 10.0).round() / 10.0;
        self.step
    }
}

//! The ban graph of a variant as arcs between cells, and its arc consistency: the pairwise
//! rules (kropki dots, XV, the negative constraints, non-consecutive, anti-knight,
//! thermometer steps, the lines that relate every two of their cells...) each keep, for
//! every digit of one cell, the digits of the other that may go with it. A digit of a cell
//! that no remaining digit of a related cell supports can go, and so on until nothing
//! changes (AC-3 on bitmasks).
//!
//! The matrix states each forbidden pair as a secondary item, so the search sees a ban only
//! once one of its two placements is chosen. The arcs let the search's propagator and the
//! logic pass before it see the bans' consequences earlier: a white dot between two cells
//! that may hold `{1, 5}` and `{3, 7}` empties both at once.

use super::rule::{Keeps, Relation};

/// The arcs of a variant's ban graph, built once with its model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Arcs {
    /// Digits per cell.
    n: usize,
    /// `target[start[a]..start[a + 1]]`: the cells related to cell `a`.
    start: Vec<u32>,
    target: Vec<u32>,
    /// `support[k * n + x]`: the digits (bit `d - 1` for digit `d`) of arc `k`'s target that
    /// go with digit `x + 1` in the arc's source.
    support: Vec<u64>,
}

impl Arcs {
    /// The arcs of `relations` on a grid of `cells` cells with `n` digits; `peers(a, b)` is
    /// true when the two cells see each other (so they never hold one digit).
    pub(crate) fn new(
        n: usize,
        cells: usize,
        relations: &[(usize, usize, Relation)],
        peers: impl Fn(usize, usize) -> bool,
    ) -> Arcs {
        // For each ordered pair of related cells, the supports, merged over its relations.
        let mut pairs: std::collections::BTreeMap<(usize, usize), Vec<u64>> = Default::default();
        let all = (1u64 << n) - 1;
        let mut keeps = Keeps::default();
        for &(a, b, relation) in relations {
            for (from, to, forward) in [(a, b, true), (b, a, false)] {
                let support = pairs.entry((from, to)).or_insert_with(|| {
                    let differ = peers(from, to);
                    (0..n)
                        .map(|x| if differ { all & !(1 << x) } else { all })
                        .collect()
                });
                for (support, kept) in support.iter_mut().zip(keeps.of(relation, n, forward)) {
                    *support &= kept;
                }
            }
        }
        let mut arcs = Arcs {
            n,
            start: Vec::with_capacity(cells + 1),
            target: Vec::with_capacity(pairs.len()),
            support: Vec::with_capacity(pairs.len() * n),
        };
        // A pair that only keeps its two digits apart (anti-knight) is a unit of two cells,
        // which the matrix's items already enforce: its arcs would narrow nothing the search
        // does not see at once, and cost a pass over it at every branch point.
        pairs.retain(|_, support| {
            (0..n).any(|x| support[x] != all & !(1 << x) && support[x] != all)
        });
        let mut pairs = pairs.into_iter().peekable();
        for cell in 0..cells {
            arcs.start.push(arcs.target.len() as u32);
            while let Some(((_, to), support)) = pairs.next_if(|((from, _), _)| *from == cell) {
                arcs.target.push(to as u32);
                arcs.support.extend(support);
            }
        }
        arcs.start.push(arcs.target.len() as u32);
        arcs
    }

    /// Makes this a copy of `other`, reusing its buffers.
    pub(crate) fn copy_from(&mut self, other: &Arcs) {
        self.n = other.n;
        for (mine, theirs) in [
            (&mut self.start, &other.start),
            (&mut self.target, &other.target),
        ] {
            mine.clear();
            mine.extend_from_slice(theirs);
        }
        self.support.clear();
        self.support.extend_from_slice(&other.support);
    }

    /// True when no rule relates two cells.
    pub(crate) fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// True when some rule relates `cell` to another cell.
    pub(crate) fn has_arcs(&self, cell: usize) -> bool {
        self.start[cell] != self.start[cell + 1]
    }

    /// The number of arcs.
    pub(crate) fn len(&self) -> usize {
        self.target.len()
    }

    /// Narrows `masks` (the digits each cell may still hold) to arc consistency, starting
    /// from the cells in `queue` (each marked in `queued`). Returns a cell left with no digit
    /// on a contradiction. `queue` needs room for every cell; nothing is allocated then.
    /// `cache` holds, per arc, the last source digits seen and the target digits they
    /// support (a search calls this at every branch point, where most cells have not
    /// changed since the last call); `(0, 0)` is a correct start.
    pub(crate) fn narrow(
        &self,
        masks: &mut [u64],
        queue: &mut Vec<u32>,
        queued: &mut [bool],
        cache: &mut [(u64, u64)],
    ) -> Result<(), usize> {
        let n = self.n;
        while let Some(from) = queue.pop() {
            let from = from as usize;
            queued[from] = false;
            let start = self.start[from] as usize;
            let end = self.start[from + 1] as usize;
            let arcs = self.target[start..end].iter().zip(&mut cache[start..end]);
            for (k, (&to, cached)) in (start..end).zip(arcs) {
                let to = to as usize;
                let (seen, known) = *cached;
                let supported = if seen == masks[from] {
                    known
                } else {
                    let supports = &self.support[k * n..k * n + n];
                    let mut supported = 0;
                    let mut digits = masks[from];
                    while digits != 0 {
                        supported |= supports[digits.trailing_zeros() as usize];
                        digits &= digits - 1;
                    }
                    *cached = (masks[from], supported);
                    supported
                };
                let narrowed = masks[to] & supported;
                if narrowed != masks[to] {
                    masks[to] = narrowed;
                    if narrowed == 0 {
                        // Leave the queue empty and unmarked for the next call.
                        empty_queue(queue, queued);
                        return Err(to);
                    }
                    if !queued[to] {
                        queued[to] = true;
                        queue.push(to as u32);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Empties `queue` and unmarks its cells in `queued`, for the next narrowing.
pub(crate) fn empty_queue(queue: &mut Vec<u32>, queued: &mut [bool]) {
    for &cell in queue.iter() {
        queued[cell as usize] = false;
    }
    queue.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrowed(arcs: &Arcs, masks: &mut [u64]) -> Result<(), usize> {
        let cells = masks.len();
        let mut queue: Vec<u32> = (0..cells as u32).collect();
        let mut queued = vec![true; cells];
        let mut cache = vec![(0, 0); arcs.len()];
        let result = arcs.narrow(masks, &mut queue, &mut queued, &mut cache);
        assert!(queue.is_empty() && queued.iter().all(|&q| !q));
        result
    }

    #[test]
    fn a_white_dot_narrows_both_cells_and_chains() {
        // Cells 0-1 differ by one, cells 1-2 differ by one; cells 0 and 2 not related.
        let relations = [
            (0, 1, Relation::Difference(1)),
            (1, 2, Relation::Difference(1)),
        ];
        let arcs = Arcs::new(9, 3, &relations, |_, _| false);
        let bits = |ds: &[u32]| ds.iter().fold(0u64, |m, d| m | 1 << (d - 1));
        let mut masks = [
            bits(&[1, 5]),
            bits(&[3, 6, 9]),
            bits(&[1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ];
        assert_eq!(narrowed(&arcs, &mut masks), Ok(()));
        assert_eq!(masks, [bits(&[5]), bits(&[6]), bits(&[5, 7])]);
        let mut masks = [bits(&[1, 5]), bits(&[3, 7]), bits(&[2])];
        assert!(narrowed(&arcs, &mut masks).is_err());
    }

    #[test]
    fn pairs_that_only_differ_make_no_arcs() {
        let arcs = Arcs::new(9, 2, &[(0, 1, Relation::Differ)], |_, _| false);
        assert!(arcs.is_empty());
        let arcs = Arcs::new(9, 2, &[(0, 1, Relation::NotConsecutive)], |_, _| false);
        assert!(!arcs.is_empty());
    }

    #[test]
    fn peers_support_only_other_digits() {
        let arcs = Arcs::new(4, 2, &[(0, 1, Relation::Less)], |_, _| true);
        let mut masks = [0b0011, 0b0011];
        // r1 < r2 with both in {1, 2}: r1 = 1, r2 = 2.
        assert_eq!(narrowed(&arcs, &mut masks), Ok(()));
        assert_eq!(masks, [0b0001, 0b0010]);
        assert!(arcs.has_arcs(0) && !arcs.is_empty());
    }
}

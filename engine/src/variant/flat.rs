//! Lists kept flat, for the rules the propagator reads at every branch point (sums, groups,
//! skyscraper lines): one buffer of items and where each list starts, copied into the
//! search's scratch without allocating once its buffers are large enough.

/// Lists of items, flat: list `k` is `items[start[k]..start[k + 1]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Flat<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T> Default for Flat<T> {
    fn default() -> Self {
        Flat {
            start: vec![0],
            items: Vec::new(),
        }
    }
}

impl<T: Copy> Flat<T> {
    /// Adds a list of `items`.
    pub(crate) fn push(&mut self, items: impl IntoIterator<Item = T>) {
        self.items.extend(items);
        self.start.push(self.items.len() as u32);
    }

    /// Makes `self` a copy of `other`, reusing its buffers.
    pub(crate) fn copy_from(&mut self, other: &Flat<T>) {
        self.start.clear();
        self.start.extend_from_slice(&other.start);
        self.items.clear();
        self.items.extend_from_slice(&other.items);
    }

    /// The number of lists.
    pub(crate) fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// List `k`.
    pub(crate) fn get(&self, k: usize) -> &[T] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }

    /// The inverse index, for items that name one of `cells` cells (`cell_of`): list
    /// `cell` of the result is the lists of `self` that name `cell`, in order, each once.
    pub(crate) fn inverse(&self, cells: usize, cell_of: impl Fn(&T) -> usize) -> Flat<u32> {
        let mut of_cell = vec![Vec::new(); cells];
        for k in 0..self.len() {
            for item in self.get(k) {
                let lists: &mut Vec<u32> = &mut of_cell[cell_of(item)];
                if lists.last() != Some(&(k as u32)) {
                    lists.push(k as u32);
                }
            }
        }
        let mut inverse = Flat::default();
        for lists in of_cell {
            inverse.push(lists);
        }
        inverse
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_back_and_copy() {
        let mut lists = Flat::default();
        assert_eq!(lists.len(), 0);
        lists.push([1u32, 2, 3]);
        lists.push([]);
        lists.push([4]);
        assert_eq!(lists.len(), 3);
        assert_eq!(
            (lists.get(0), lists.get(1), lists.get(2)),
            (&[1, 2, 3][..], &[][..], &[4][..])
        );
        let mut copy = Flat::default();
        copy.push([9]);
        copy.copy_from(&lists);
        assert_eq!(copy, lists);
    }

    #[test]
    fn the_inverse_names_each_list_of_a_cell_once() {
        let mut lists = Flat::default();
        lists.push([0u32, 2, 2]);
        lists.push([2]);
        let inverse = lists.inverse(4, |&cell| cell as usize);
        assert_eq!(inverse.len(), 4);
        let of = |cell| inverse.get(cell).to_vec();
        assert_eq!(
            (of(0), of(1), of(2), of(3)),
            (vec![0], vec![], vec![0, 1], vec![])
        );
    }
}

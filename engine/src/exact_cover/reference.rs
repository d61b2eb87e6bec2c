//! Two problems of Knuth's that every exact-cover program is checked against, generated as
//! [`Problem`]s (the form the Knuth-format reader gives), so that either engine can be built
//! from them: `problem.matrix()` for the dancing links, `problem.sparse()` for sparse sets.

use super::knuth_format::{Problem, ProblemOption};
use super::multiplicity::Multiplicity;

impl Problem {
    /// The n-queens problem: one option per square, `r`*n*+`c` for row `r` and column `c`
    /// (from 0), covering its row `r<r>` and column `c<c>` (primary, in that order) and its
    /// two diagonals `a<r+c>` and `b<r-c+n-1>` (secondary, since not every diagonal holds a
    /// queen). The 8-queens problem has 92 solutions.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::knuth_format::Problem;
    ///
    /// let queens = Problem::queens(8);
    /// assert_eq!(queens.matrix()?.count(None).solutions, 92);
    /// assert_eq!(queens.sparse()?.count(None).solutions, 92);
    /// assert_eq!(queens.option_text(9), "r1 c1 a2 b7");
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn queens(n: usize) -> Problem {
        let diagonals = 2 * n.max(1) - 1;
        let items = (0..n)
            .map(|r| format!("r{r}"))
            .chain((0..n).map(|c| format!("c{c}")))
            .chain((0..diagonals).map(|d| format!("a{d}")))
            .chain((0..diagonals).map(|d| format!("b{d}")))
            .collect();
        let options = (0..n * n).map(|k| {
            let (r, c) = (k / n, k % n);
            let rising = 2 * n + r + c;
            let falling = 2 * n + diagonals + r + n - 1 - c;
            vec![r, n + c, rising, falling]
        });
        Problem::uncolored(items, 2 * n, options)
    }

    /// Langford pairs of `1..=n`: the numbers placed twice in `2n` slots so that the two
    /// copies of `k` have `k` slots between them. Items: the numbers `1`..`n`, then the slots
    /// `s0`..`s<2n-1>`, all primary; one option per number `k` and first slot `i`, covering `k`,
    /// `s<i>` and `s<i+k+1>`. Langford pairs exist for `n` of the form 4m or 4m+3: 26 of them
    /// for `n` = 7, each found twice (once reversed).
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::knuth_format::Problem;
    ///
    /// assert_eq!(Problem::langford(7).matrix()?.count(None).solutions, 52);
    /// assert_eq!(Problem::langford(5).sparse()?.count(None).solutions, 0);
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn langford(n: usize) -> Problem {
        let items = (1..=n)
            .map(|k| k.to_string())
            .chain((0..2 * n).map(|i| format!("s{i}")))
            .collect();
        let options = (1..=n).flat_map(|k| {
            (0..2 * n)
                .filter(move |i| i + k + 1 < 2 * n)
                .map(move |i| vec![k - 1, n + i, n + i + k + 1])
        });
        Problem::uncolored(items, 3 * n, options)
    }

    /// A problem without colors from its item names, the number of primary items, and its
    /// options as item numbers; each option's `line` is its place in Knuth's format (the
    /// item line first).
    fn uncolored(
        items: Vec<String>,
        primary: usize,
        options: impl Iterator<Item = Vec<usize>>,
    ) -> Problem {
        Problem {
            items,
            primary,
            multiplicities: vec![Multiplicity::ONCE; primary],
            colors: Vec::new(),
            options: options
                .enumerate()
                .map(|(k, entries)| ProblemOption {
                    line: k + 2,
                    entries: entries.into_iter().map(|item| (item, None)).collect(),
                    cost: 0,
                })
                .collect(),
        }
    }
}

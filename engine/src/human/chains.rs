//! Chains of strong and weak links: X-chains (one digit), XY-chains (through bivalue
//! cells) and alternating inference chains with grouped nodes (a digit's places where a
//! box meets a line, taken as one node).
//!
//! A strong link joins two nodes of which one at least is true (the two candidates of a
//! bivalue cell, the two places of a digit in a unit); a weak link two of which one at most
//! is (two candidates of a cell, a digit in two cells that see each other). A chain that
//! starts and ends with strong links, alternating, proves that one of its ends is true: a
//! candidate that is weakly linked to both ends is false.

use super::board::Board;
use super::step::{Step, StepBuilder, Technique};
use super::subsets::bits;

/// A node: a digit in one cell, or in a group of cells of a box and a line.
#[derive(Clone, Debug, PartialEq)]
struct Node {
    digit: usize,
    cells: Vec<usize>,
}

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// One digit, links in units only (X-chains).
    X,
    /// Strong links in bivalue cells, weak links between cells on one digit (XY-chains).
    Xy,
    /// Any link, grouped nodes included.
    Any,
}

/// The graph of links on a board.
struct Graph {
    nodes: Vec<Node>,
    /// Per node, its strong links: (other node, true when the link is within a cell).
    strong: Vec<Vec<(u32, bool)>>,
    /// Per node, its weak links: (other node, true when the link is within a cell).
    weak: Vec<Vec<(u32, bool)>>,
    /// Index of the node of each candidate `cell * n + digit`, if it is one.
    of_candidate: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Graph {
    fn new(board: &Board, groups: bool) -> Graph {
        let layout = &board.layout;
        let n = layout.n;
        let mut nodes = Vec::new();
        let mut of_candidate = vec![NONE; n * n * n];
        for cell in 0..n * n {
            for d in bits(board.marks[cell]) {
                of_candidate[cell * n + d] = nodes.len() as u32;
                nodes.push(Node {
                    digit: d,
                    cells: vec![cell],
                });
            }
        }
        let candidates = nodes.len();
        if groups {
            // Where a box meets a line: the places of a digit there, when two or more.
            for b in 2 * n..3 * n {
                for line in 0..2 * n {
                    let cells: Vec<usize> = layout.units[b]
                        .iter()
                        .copied()
                        .filter(|&c| layout.cell_units[c].contains(&line))
                        .collect();
                    if cells.len() < 2 {
                        continue;
                    }
                    for d in 0..n {
                        let at: Vec<usize> = cells
                            .iter()
                            .copied()
                            .filter(|&c| board.marks[c] >> d & 1 == 1)
                            .collect();
                        if at.len() >= 2 {
                            nodes.push(Node {
                                digit: d,
                                cells: at,
                            });
                        }
                    }
                }
            }
        }
        let count = nodes.len();
        let mut strong = vec![Vec::new(); count];
        let mut weak = vec![Vec::new(); count];
        let link = |list: &mut Vec<Vec<(u32, bool)>>, a: usize, b: usize, cell: bool| {
            if !list[a].iter().any(|&(x, _)| x as usize == b) {
                list[a].push((b as u32, cell));
                list[b].push((a as u32, cell));
            }
        };
        // Within cells.
        for cell in 0..n * n {
            let digits: Vec<usize> = bits(board.marks[cell]).collect();
            for (i, &x) in digits.iter().enumerate() {
                for &y in &digits[i + 1..] {
                    let (a, b) = (
                        of_candidate[cell * n + x] as usize,
                        of_candidate[cell * n + y] as usize,
                    );
                    link(&mut weak, a, b, true);
                    if digits.len() == 2 {
                        link(&mut strong, a, b, true);
                    }
                }
            }
        }
        // Between nodes of one digit: weak when every cell of one sees every cell of the
        // other; strong when together they are all the digit's places in a unit.
        for u in 0..3 * n {
            for d in 0..n {
                let places: Vec<usize> = layout.units[u]
                    .iter()
                    .copied()
                    .filter(|&c| board.marks[c] >> d & 1 == 1)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                let inside: Vec<usize> = (0..count)
                    .filter(|&i| {
                        nodes[i].digit == d
                            && nodes[i].cells.iter().all(|c| places.contains(c))
                            && (i < candidates || nodes[i].cells.len() < places.len())
                    })
                    .collect();
                for (k, &a) in inside.iter().enumerate() {
                    for &b in &inside[k + 1..] {
                        let (na, nb) = (&nodes[a], &nodes[b]);
                        if na.cells.iter().any(|c| nb.cells.contains(c)) {
                            continue;
                        }
                        link(&mut weak, a, b, false);
                        if na.cells.len() + nb.cells.len() == places.len() {
                            link(&mut strong, a, b, false);
                        }
                    }
                }
            }
        }
        Graph {
            nodes,
            strong,
            weak,
            of_candidate,
        }
    }
}

/// A candidate of the step's chain, for its text: `(5)r1c2`, or `(5)r1c23` for a group.
fn node_text(board: &Board, node: &Node) -> String {
    let layout = &board.layout;
    let cells: Vec<_> = node.cells.iter().map(|&c| layout.cell(c)).collect();
    let rows: Vec<usize> = cells.iter().map(|c| c.row + 1).collect();
    let cols: Vec<usize> = cells.iter().map(|c| c.col + 1).collect();
    let join = |v: &[usize]| {
        let mut v = v.to_vec();
        v.dedup();
        v.iter().map(|x| x.to_string()).collect::<String>()
    };
    format!("({})r{}c{}", node.digit + 1, join(&rows), join(&cols))
}

/// The extra difficulty of a chain of `length` (its nodes less 2), on Sudoku Explainer's
/// scale: 0.1 for each of the bounds 4, 6, 8, 12, 16, 24, 32, ... that it passes (each
/// bound 3/2 and 4/3 of the one before, in turn).
pub(crate) fn length_difficulty(length: usize) -> f32 {
    let (mut bound, mut half, mut added) = (4usize, true, 0.0f32);
    while length > bound {
        added += 0.1;
        bound = if half { bound * 3 / 2 } else { bound * 4 / 3 };
        half = !half;
    }
    added
}

/// The easiest chain on the board that eliminates or places something: the shortest
/// X-chain, XY-chain or AIC, by difficulty, ties to more eliminations; AICs with grouped
/// nodes when `groups`.
pub(crate) fn chain(board: &Board, groups: bool) -> Option<Step> {
    let mut best: Option<Step> = None;
    let plain = Graph::new(board, false);
    for kind in [Kind::X, Kind::Xy, Kind::Any] {
        let grouped;
        let graph = if kind == Kind::Any {
            grouped = Graph::new(board, groups);
            &grouped
        } else {
            &plain
        };
        if let Some(step) = search(board, graph, kind) {
            let better = best.as_ref().is_none_or(|b| {
                (
                    step.difficulty,
                    std::cmp::Reverse(step.eliminated.len() + step.placed.len()),
                ) < (
                    b.difficulty,
                    std::cmp::Reverse(b.eliminated.len() + b.placed.len()),
                )
            });
            if better {
                best = Some(step);
            }
        }
    }
    best
}

/// The easiest chain of `kind` in `graph`.
fn search(board: &Board, graph: &Graph, kind: Kind) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let count = graph.nodes.len();
    // States: node * 2 + 1 when the node is on (true), node * 2 when off.
    let mut parent = vec![NONE; 2 * count];
    let mut seen = vec![u32::MAX; 2 * count];
    let mut queue: Vec<u32> = Vec::with_capacity(2 * count);
    let mut best: Option<(f32, usize, Step)> = None;
    let allowed = |from: usize, to: usize, in_cell: bool, strong: bool| -> bool {
        let (a, b) = (&graph.nodes[from], &graph.nodes[to]);
        match kind {
            Kind::X => !in_cell && a.digit == b.digit && b.cells.len() == 1,
            Kind::Xy => (strong == in_cell) && b.cells.len() == 1,
            Kind::Any => true,
        }
    };
    for start in 0..count {
        if kind != Kind::Any && graph.nodes[start].cells.len() > 1 {
            continue;
        }
        let stamp = start as u32;
        queue.clear();
        queue.push(2 * start as u32);
        seen[2 * start] = stamp;
        parent[2 * start] = NONE;
        let mut head = 0;
        while head < queue.len() {
            let state = queue[head] as usize;
            head += 1;
            let (node, on) = (state / 2, state % 2 == 1);
            let links = if on {
                &graph.weak[node]
            } else {
                &graph.strong[node]
            };
            for &(next, in_cell) in links {
                let next = next as usize;
                if !allowed(node, next, in_cell, !on) {
                    continue;
                }
                let to = 2 * next + usize::from(!on);
                if seen[to] == stamp {
                    continue;
                }
                seen[to] = stamp;
                parent[to] = state as u32;
                queue.push(to as u32);
                if !on {
                    // `start` off implies `next` on: one of the two is true.
                    if let Some(step) = conclude(board, graph, kind, start, next, &parent, to) {
                        let key = (
                            step.difficulty,
                            usize::MAX - step.eliminated.len() - step.placed.len(),
                        );
                        if best.as_ref().is_none_or(|(d, e, _)| key < (*d, *e)) {
                            best = Some((key.0, key.1, step));
                        }
                    }
                }
            }
        }
    }
    let _ = n;
    best.map(|(_, _, step)| step)
}

/// The step of a chain from `start` (off) to `end` (on), or `None` when it eliminates
/// nothing.
fn conclude(
    board: &Board,
    graph: &Graph,
    kind: Kind,
    start: usize,
    end: usize,
    parent: &[u32],
    last: usize,
) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let (s, e) = (&graph.nodes[start], &graph.nodes[end]);
    let mut step;
    let technique = match kind {
        Kind::X => Technique::XChain,
        Kind::Xy => Technique::XyChain,
        Kind::Any => Technique::Aic,
    };
    if start == end {
        // Off implies on: the start is true.
        if s.cells.len() != 1 {
            return None;
        }
        step = StepBuilder::new(layout, technique).place(s.cells[0], s.digit as u8 + 1);
    } else {
        step = StepBuilder::new(layout, technique);
        // A candidate weakly linked to both ends is false.
        let conflicts = |node: &Node, cell: usize, d: usize| {
            if node.cells.contains(&cell) {
                return node.cells.len() == 1 && node.digit != d;
            }
            node.digit == d && node.cells.iter().all(|&c| layout.sees(c, cell))
        };
        for cell in 0..n * n {
            for d in bits(board.marks[cell]) {
                let node = graph.of_candidate[cell * n + d] as usize;
                if node == start || node == end {
                    continue;
                }
                if conflicts(s, cell, d) && conflicts(e, cell, d) {
                    step.eliminate(cell, d as u8 + 1);
                }
            }
        }
        if !step.has_effect() {
            return None;
        }
    }
    // The chain, from its start.
    let mut states = vec![last];
    while let Some(&state) = states.last() {
        match parent[state] {
            NONE => break,
            p => states.push(p as usize),
        }
    }
    states.reverse();
    let mut text = String::new();
    for (i, &state) in states.iter().enumerate() {
        if i > 0 {
            text.push(if state % 2 == 1 { '=' } else { '-' });
        }
        text.push_str(&node_text(board, &graph.nodes[state / 2]));
    }
    let cells: Vec<usize> = states
        .iter()
        .flat_map(|&st| graph.nodes[st / 2].cells.iter().copied())
        .collect();
    let digits: Vec<u8> = {
        let mut d: Vec<u8> = states
            .iter()
            .map(|&st| graph.nodes[st / 2].digit as u8 + 1)
            .collect();
        d.sort_unstable();
        d.dedup();
        d
    };
    let extra = length_difficulty(states.len());
    Some(step.cells(cells).values(digits).chain(text, extra).build())
}

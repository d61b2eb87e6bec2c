//! Throughput on each puzzle set: the first solution, and the count up to 2 (the uniqueness
//! check), with one reused solver, in puzzles per second.

mod common;

use common::puzzle_sets;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudoku_dlx::Solver;

fn sets(c: &mut Criterion) {
    for set in puzzle_sets() {
        let mut group = c.benchmark_group(&set.name);
        group
            .throughput(Throughput::Elements(set.puzzles.len() as u64))
            .sampling_mode(SamplingMode::Flat);
        let mut solver = Solver::new();
        group.bench_function("solve", |b| {
            b.iter(|| {
                for puzzle in &set.puzzles {
                    let mut solutions = solver.solutions(puzzle);
                    black_box(solutions.next_cells().is_some());
                }
            })
        });
        group.bench_function("count2", |b| {
            b.iter(|| {
                for puzzle in &set.puzzles {
                    black_box(solver.count(puzzle, Some(2)));
                }
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .nresamples(10_000);
    targets = sets
}
criterion_main!(benches);

//! The engine's integration tests, in one binary (one link instead of one per file): they
//! use the public API only, as a program depending on the crate would.
//!
//! - `reference`: answers known independently of this engine (288, the 6x6 count, queens,
//!   Knuth's figures, famous puzzles);
//! - `candidates`: true candidates against a brute-force oracle on 4x4 and 6x6 grids;
//! - `properties`: proptest properties on planted solutions and brute-force oracles;
//! - `exact_cover_colors`: colors in the exact-cover core against a brute-force oracle;
//! - `exact_cover_prefix`: the search tree cut into prefixes, against the whole count and
//!   a brute-force oracle;
//! - `algorithm_example`: every number of docs/algorithm.md's worked example;
//! - `no_alloc`: the search loop allocates nothing (a counting global allocator);
//! - `example_library`: the library example program runs;
//! - `fuzz_corpus`: the fuzzers' seeds and regressions replayed through the engine's targets;
//! - `shared_data`: the public collections, ignored unless asked for (see its docs).

mod common;

mod algorithm_example;
mod candidates;
mod exact_cover_colors;
mod exact_cover_prefix;
mod example_library;
mod fuzz_corpus;
mod no_alloc;
mod properties;
mod reference;
mod shared_data;

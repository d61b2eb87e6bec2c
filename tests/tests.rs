//! The command line's integration tests, in one binary (as ripgrep's are): one link for all
//! of them. Each module drives the built `sudoku-dlx` as a user would; the engine's own
//! tests are in `engine/tests/`.
//!
//! Tests that need the shared collections sit in modules named `shared_data`, ignored
//! unless asked for (`cargo test --release -- --ignored shared_data`; `scripts/test` runs
//! them when the collections are there).

mod cli_support;

mod cli_all;
mod cli_bench;
mod cli_candidates;
mod cli_check;
mod cli_count;
mod cli_docs;
mod cli_document_io;
mod cli_explain;
mod cli_input;
mod cli_install;
mod cli_iss;
mod cli_pipeline;
mod cli_readback;
mod cli_reliability;
mod cli_solve;
mod cli_sudokupad;
mod cli_variant_lines;
mod cli_variant_tables;
mod cli_variants;
mod cli_xc;
mod cli_xc_cost;
mod cli_xc_jobs;
mod cli_xc_mult;
mod fuzz_corpus;
mod setter_generate;
mod setter_generate_rules;
mod setter_tools;

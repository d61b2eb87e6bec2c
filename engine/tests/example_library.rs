//! Runs the library example (`engine/examples/library.rs`) as a test, so that the program a
//! new user copies keeps working: it asserts its own answers.

#[path = "../examples/library.rs"]
mod library;

#[test]
fn the_library_example_runs_and_its_answers_hold() {
    library::main().expect("the example runs");
}

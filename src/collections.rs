//! Where the public benchmark collections are, for the tests, the benchmarks and the `bench`
//! command's examples. The engine's own sample puzzles are [`sudoku_dlx::samples`].

/// The folder of the public benchmark collections (`puzzles2_17_clue` and the others): the
/// one named by the environment variable `SUDOKU_DLX_DATA`, else `../shared/data` beside
/// this package; `None` when neither is a folder. Tests and benchmarks use it to run on the
/// collections when they are there and skip them when they are not.
pub fn collections_dir() -> Option<std::path::PathBuf> {
    let named = std::env::var_os("SUDOKU_DLX_DATA").map(std::path::PathBuf::from);
    let beside = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    named.into_iter().chain([beside]).find(|dir| dir.is_dir())
}

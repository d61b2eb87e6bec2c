//! Where the public benchmark collections are, for the tests, the benchmarks and the `bench`
//! command's examples. The engine's own sample puzzles are [`sudoku_dlx::samples`].

/// The folder of the public benchmark collections (`puzzles2_17_clue` and the others): the
/// one named by the environment variable `SUDOKU_DLX_DATA` when it is set (a name that is
/// not a folder hides the collections: `SUDOKU_DLX_DATA=/nowhere` runs the tests as on a
/// machine without them), else `../shared/data` beside this package; `None` when that is
/// not a folder. Tests and benchmarks use it to run on the collections when they are there.
pub fn collections_dir() -> Option<std::path::PathBuf> {
    let folder = match std::env::var_os("SUDOKU_DLX_DATA") {
        Some(named) => std::path::PathBuf::from(named),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
    };
    folder.is_dir().then_some(folder)
}

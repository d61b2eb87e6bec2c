//! Links the `sudoku-dlx` binary as a static PIE on Linux with glibc: the process then
//! starts without the dynamic loader, which opens, maps and relocates three shared libraries
//! (libgcc_s, libm, libc) before `main`. That is the one piece of start-up machinery the
//! command line keeps, because a user sees it: a shell loop of 200 `sudoku-dlx solve` of one
//! puzzle used about 1.6 times the CPU when dynamic, 200 `sudoku-dlx xc` of a tiny problem
//! about 1.8 times (docs/lab/performance-notes.md, "Start-up machinery, decided on
//! evidence", where the pieces that did not pay were removed).
//!
//! Only the binary: the library, tests, benches and the Python module (another package)
//! link as usual. Rust's own way, `-C target-feature=+crt-static`, would do it for every
//! crate cargo builds, proc macros included, which cannot be static unless `--target` is
//! given, and that moves the binary out of `target/release/`. So the link arguments are
//! given here instead: `-static-pie`, and a directory searched before the system's where
//! each library rustc asks for (`-lc`, `-lgcc_s`, ...) is a one-line linker script naming
//! its static archive (`libgcc_eh.a` for `libgcc_s`, the unwinder a static build uses).
//!
//! Its price, for whoever runs or builds the binary:
//! - valgrind's memcheck sees the allocations only of a dynamic binary, and `LD_PRELOAD`
//!   (another allocator, heaptrack, libfaketime) does nothing without a loader: build with
//!   `SUDOKU_DLX_DYNAMIC=1` in the environment for those;
//! - the build needs glibc's static archives and its start file for a static PIE
//!   (`rcrt1.o`; the C compiler names them: `cc -print-file-name=libc.a`); without them it
//!   falls back to the ordinary dynamic link, with a warning;
//! - a dependency that links a C library must add it to [`ARCHIVES`], or the binary
//!   crashes at its start (every test of the command line would say so).

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

/// The libraries rustc's link line names for std and the `libc` crate on linux-gnu, and
/// the static archive that stands for each. A dependency that links another library must
/// add it here: one left out would be linked dynamically into a binary without a loader,
/// which then crashes at its start.
const ARCHIVES: [(&str, &str); 7] = [
    ("gcc_s", "libgcc_eh.a"),
    ("c", "libc.a"),
    ("m", "libm.a"),
    ("pthread", "libpthread.a"),
    ("dl", "libdl.a"),
    ("rt", "librt.a"),
    ("util", "libutil.a"),
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=SUDOKU_DLX_DYNAMIC");
    let target = |key: &str| env::var(key).unwrap_or_default();
    let features = target("CARGO_CFG_TARGET_FEATURE");
    if target("CARGO_CFG_TARGET_OS") != "linux"
        || target("CARGO_CFG_TARGET_ENV") != "gnu"
        || target("TARGET") != target("HOST")
        || features.split(',').any(|feature| feature == "crt-static")
        || env::var_os("SUDOKU_DLX_DYNAMIC").is_some()
    {
        return;
    }
    let compiler = env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_owned());
    let dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("static");
    fs::create_dir_all(&dir).expect("OUT_DIR is writable");
    if archive_path(&compiler, "rcrt1.o").is_none() {
        println!(
            "cargo:warning=no rcrt1.o found by `{compiler} -print-file-name`: \
             sudoku-dlx is linked dynamically"
        );
        return;
    }
    for (library, archive) in ARCHIVES {
        let Some(path) = archive_path(&compiler, archive) else {
            println!(
                "cargo:warning=no static {archive} found by `{compiler} -print-file-name`: \
                 sudoku-dlx is linked dynamically"
            );
            return;
        };
        let script = format!(
            "/* Written by sudoku-dlx's build.rs: the static archive for -l{library}. */\n\
             INPUT({})\n",
            path.display()
        );
        fs::write(dir.join(format!("lib{library}.so")), script).expect("OUT_DIR is writable");
    }
    println!("cargo:rustc-link-arg-bins=-static-pie");
    println!("cargo:rustc-link-arg-bins=-L{}", dir.display());
}

/// Where the C compiler finds the file `archive`, if it is installed: `-print-file-name`
/// echoes the bare name back when it is not.
fn archive_path(compiler: &str, archive: &str) -> Option<PathBuf> {
    let output = Command::new(compiler)
        .arg(format!("-print-file-name={archive}"))
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    (output.status.success() && path.is_absolute() && path.exists())
        .then(|| path.canonicalize().unwrap_or(path))
}

//! The process's start on Unix, in place of the Rust runtime's.
//!
//! The binary is `#![no_main]` on Unix: the C runtime calls its own `main` (in `main.rs`),
//! which calls [`run`]. The Rust runtime's start (`std::rt::lang_start`) would also find the
//! main thread's stack, which glibc does by reading and parsing `/proc/self/maps`, and set
//! up a handler that names a stack overflow: about 60 µs, a tenth of a tiny `xc` run
//! (docs/lab/performance-notes.md, "Start-up"). [`run`] does the part of that start this program
//! needs: standard descriptors that are closed are opened on `/dev/null` (so that no file
//! the program opens takes their number), with a closed standard output remembered for
//! [`stdout_was_closed`]; SIGPIPE is ignored (a write to a closed pipe fails with EPIPE,
//! a quiet end); a panic ends the process with exit code 101; standard output is flushed
//! at the end. A stack overflow is a plain SIGSEGV rather than a message.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Standard output was closed when the process started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Runs `main` as the whole process and returns the exit code for the C runtime.
pub fn run(main: fn() -> u8) -> libc::c_int {
    open_closed_descriptors();
    // SAFETY: setting SIGPIPE to be ignored installs no code; it only changes how a write
    // to a closed pipe ends (EPIPE instead of death), as the Rust runtime does.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    // The panic hook has printed the message; 101 is the Rust runtime's code for a panic.
    let code = std::panic::catch_unwind(main).unwrap_or(101);
    let _ = io::stdout().flush();
    libc::c_int::from(code)
}

/// True when the process started with standard output closed (`>&-`).
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Opens `/dev/null` on each of standard input, output and error that is closed.
fn open_closed_descriptors() {
    for fd in 0..3 {
        // SAFETY: F_GETFD on any number only reads the descriptor's flags, or fails.
        let closed = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1
            && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
        if closed {
            if fd == 1 {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
            }
            // SAFETY: a valid C string; the lowest free number, `fd`, is what it takes.
            unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        }
    }
}

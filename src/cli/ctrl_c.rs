//! Ctrl-C: the first SIGINT sets the interrupt every search watches, a second one a second
//! or more later ends the process at once with exit code 130. SIGINTs within a second of
//! the first are the same Ctrl-C (`timeout -s INT` and a terminal may send one to the process
//! and one to its group).
//!
//! On Unix the handler is a plain signal handler that stores two atomics (and reads the
//! monotonic clock, which POSIX allows in one): no thread, unlike the `ctrlc` crate, whose
//! thread cost a short run a twentieth of a millisecond of its start-up
//! (docs/lab/performance-notes.md, "Start-up"). Elsewhere the `ctrlc` crate does the same job.

use std::sync::OnceLock;
use sudoku_dlx::exact_cover::Interrupt;

/// The flag Ctrl-C sets, made before the handler is installed: the handler only reads it.
static INTERRUPT: OnceLock<Interrupt> = OnceLock::new();

/// Interrupts that come this soon after the first are the same Ctrl-C, in nanoseconds.
const SAME_INTERRUPT_NANOS: u64 = 1_000_000_000;

/// The interrupt Ctrl-C sets.
pub fn interrupt() -> &'static Interrupt {
    INTERRUPT.get_or_init(Interrupt::new)
}

/// Makes the first Ctrl-C set [`interrupt`] and a second one, a second or more later, end
/// the process at once. If the handler cannot be installed, Ctrl-C keeps its default: it
/// ends the process.
pub fn install() {
    interrupt();
    handler::install();
}

#[cfg(unix)]
mod handler {
    use super::{INTERRUPT, SAME_INTERRUPT_NANOS};
    use std::sync::atomic::{AtomicU64, Ordering};

    /// When the first SIGINT came, on the monotonic clock in nanoseconds plus one; zero
    /// before any.
    static FIRST_AT: AtomicU64 = AtomicU64::new(0);

    pub(super) fn install() {
        // SAFETY: `on_sigint` only does what a signal handler may (atomics, `clock_gettime`
        // and `_exit`, both async-signal-safe in POSIX); the `sigaction` struct is zeroed,
        // then filled in full, and outlives the call.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
        }
    }

    /// The monotonic clock in nanoseconds, plus one so that it is never zero.
    fn now() -> u64 {
        let mut time = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `time` is a valid, writable timespec; CLOCK_MONOTONIC always exists.
        unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut time) };
        let seconds = u64::try_from(time.tv_sec).unwrap_or(0);
        let nanos = u64::try_from(time.tv_nsec).unwrap_or(0);
        seconds.saturating_mul(1_000_000_000).saturating_add(nanos) + 1
    }

    extern "C" fn on_sigint(_signal: libc::c_int) {
        let now = now();
        match FIRST_AT.compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => {
                if let Some(interrupt) = INTERRUPT.get() {
                    interrupt.set();
                }
            }
            Err(first) if now.saturating_sub(first) >= SAME_INTERRUPT_NANOS => {
                // SAFETY: `_exit` ends the process without running anything else.
                unsafe { libc::_exit(130) }
            }
            Err(_) => {}
        }
    }
}

#[cfg(not(unix))]
mod handler {
    use super::{INTERRUPT, SAME_INTERRUPT_NANOS};
    use std::sync::OnceLock;
    use std::time::Instant;

    pub(super) fn install() {
        static FIRST_AT: OnceLock<Instant> = OnceLock::new();
        // Without a handler (it cannot be installed twice), Ctrl-C ends the process at once.
        let _ = ctrlc::set_handler(|| {
            let first = *FIRST_AT.get_or_init(Instant::now);
            let interrupt = INTERRUPT.get_or_init(Default::default);
            if interrupt.is_set() && first.elapsed().as_nanos() >= u128::from(SAME_INTERRUPT_NANOS)
            {
                std::process::exit(130);
            }
            interrupt.set();
        });
    }
}

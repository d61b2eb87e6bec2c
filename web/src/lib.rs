//! The sudoku-dlx engine for the web page (`scripts/web build`): a WebAssembly module with a
//! small hand-written interface, so that the page needs no generated glue.
//!
//! The page's worker asks one question at a time:
//! 1. `input(len)` makes room for a request of `len` bytes and gives its address in the
//!    module's memory, where the worker writes the request (UTF-8 JSON, see [`ops`]);
//! 2. `run()` answers it and gives the length of the answer (UTF-8 JSON), which the worker
//!    reads at `output()`.
//!
//! While a long question runs, the module calls the worker's `env.progress(done, total)`
//! now and then, which posts it to the page. The page cancels by ending the worker and
//! starting another from the compiled module: nothing in the module needs to watch for it.
//!
//! Natively (the crate's tests) the same questions are asked through [`ops::answer`].

#![warn(missing_docs)]
#![deny(unsafe_code)]

pub mod ops;
pub mod read;

use std::cell::RefCell;

thread_local! {
    /// The request being written by the worker.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer, until the next question.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[cfg(target_arch = "wasm32")]
mod host {
    // SAFETY: the worker's import object provides `env.progress` as a function of two
    // numbers that returns nothing, which is this signature; it touches no memory of the
    // module, so calling it cannot break any invariant of Rust's.
    #[allow(unsafe_code)]
    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        pub safe fn progress(done: f64, total: f64);
    }
}

/// Tells the page how far a long question is.
fn report(done: f64, total: f64) {
    #[cfg(target_arch = "wasm32")]
    host::progress(done, total);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (done, total);
}

/// Makes room for a request of `len` bytes and returns where the worker writes it.
// SAFETY: `no_mangle` exports the symbol `input`; no other item of the module or of its
// dependencies exports that name.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|buffer| {
        buffer.clear();
        buffer.resize(len, 0);
        buffer.as_mut_ptr()
    })
}

/// Answers the request written at [`input`], returning the length of the answer, which
/// [`output`] points to.
// SAFETY: as for `input`, the exported name `run` is the module's own.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn run() -> usize {
    let request = INPUT.with_borrow(|buffer| String::from_utf8_lossy(buffer).into_owned());
    let answer = ops::answer(&request, &mut report);
    OUTPUT.with_borrow_mut(|buffer| {
        *buffer = answer.into_bytes();
        buffer.len()
    })
}

/// Where the last answer is: [`run`]'s length of bytes from here.
// SAFETY: as for `input`, the exported name `output` is the module's own.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn output() -> *const u8 {
    OUTPUT.with_borrow(|buffer| buffer.as_ptr())
}

#[cfg(test)]
mod tests;

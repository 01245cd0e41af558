//! Tests that need an outside program turn on with an environment variable,
//! and say when they were skipped. libtest keeps what a passing test prints
//! with `eprintln!` to itself, so the note goes to standard error directly,
//! which it does not capture: `cargo test` shows it.
#![allow(dead_code)] // each test crate uses what it needs

use std::io::Write;

/// Whether `variable` is `1`; when it is not, says on standard error that
/// `test` was skipped, and what turning it on runs.
pub fn enabled(variable: &str, test: &str, what: &str) -> bool {
    let on = std::env::var(variable).as_deref() == Ok("1");
    if !on {
        skipped(test, &format!("set {variable}=1 to {what}"));
    }
    on
}

/// Says on standard error that `test` was skipped, and why.
pub fn skipped(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

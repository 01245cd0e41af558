//! Diagnostics: the error and warning codes, how a diagnostic is rendered, and the
//! "did you mean" suggestions.

pub mod codes;
pub mod diagnostic;
pub mod suggestions;

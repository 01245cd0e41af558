//! Printing: the constant tables, their text, the identifiers and the final layout.

pub(crate) mod format;
pub(crate) mod names;
pub(crate) mod tables;
pub(crate) mod text;

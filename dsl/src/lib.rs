//! The vdl language front end: the grammar (`vdl.pest`), the syntax tree with
//! source spans ([`ast`]) and the parser that builds it ([`parse`]). This is the
//! only crate that depends on pest.

pub mod ast;
mod format;
mod parser;
mod words;

pub use format::format;
pub use parser::{parse, SyntaxError};
pub use words::{is_reserved, reserved};

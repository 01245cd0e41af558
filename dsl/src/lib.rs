//! The vdl language front end: the grammar (`vdl.pest`), the syntax tree with
//! source spans ([`ast`]) and the parser that builds it ([`parse`]). This is the
//! only crate that depends on pest.

pub mod ast;
mod format;
mod parser;
mod source;
mod tokens;
mod words;

pub use format::format;
pub use parser::{parse, ErrorKind, SyntaxError, MAX_DEPTH, MAX_NUMBER};
pub use source::{decode, Undecodable, MAX_SOURCE_BYTES};
pub use words::{is_reserved, reserved};

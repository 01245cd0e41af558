//! The vdl language front end: the grammar (`vdl.pest`), the syntax tree with
//! source spans ([`ast`]) and the parser that builds it ([`parse`]). This is the
//! only crate that depends on pest.

pub mod ast;
mod format;
mod limits;
mod parser;
mod source;
mod syntax_error;
mod tokens;
mod words;

pub use format::format;
pub use limits::{MAX_DEPTH, MAX_NESTING, MAX_NUMBER, MAX_TOKENS};
pub use parser::parse;
pub use source::{decode, Undecodable, MAX_SOURCE_BYTES};
pub use syntax_error::{ErrorKind, SyntaxError};
pub use words::{is_reserved, reserved};

//! The vdl language front end: the grammar (`vdl.pest`), the syntax tree with
//! source spans ([`ast`]) and the parser that builds it ([`parse`]). This is the
//! only crate that depends on pest.

pub mod ast;
mod parser;

pub use parser::{parse, SyntaxError};

//! The vdl compiler: source text -> AST (from `vdl-dsl`) -> checked IR -> Rust.
//!
//! * [`check`] reports every problem of a file and, when there is none, gives
//!   the IR ([`vdl_runtime::ir::Game`]);
//! * [`generate_rust`] turns the IR into a specialised move generator.

mod after;
mod board;
pub mod codegen;
pub mod codes;
pub mod diagnostic;
mod directions;
mod drawing;
mod groups;
mod lints;
mod lower;
mod mobility;
mod pieces;
mod players;
mod zones;

pub use codegen::generate_rust;
pub use diagnostic::{Diagnostic, Severity};
use vdl_dsl::ast::Span;
use vdl_runtime::ir::Game;

/// The result of checking a file: its diagnostics, and the IR if there was no
/// error.
pub struct Checked {
    pub game: Option<Game>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses, checks and lowers `source`. `file_name` names the game when the file
/// has no `game` line.
pub fn check(file_name: &str, source: &str) -> Checked {
    let mut diagnostics = Vec::new();
    let game = match vdl_dsl::parse(source) {
        Ok(file) => lower::lower(source, &file, file_name, &mut diagnostics),
        Err(error) => {
            diagnostics.push(Diagnostic::error(codes::SYNTAX, error.span, error.message).with_help_opt(error.help));
            None
        }
    };
    diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    Checked { game, diagnostics }
}

/// The IR of `source`, or its errors (warnings are dropped).
pub fn compile(file_name: &str, source: &str) -> Result<Game, Vec<Diagnostic>> {
    let checked = check(file_name, source);
    match checked.game {
        Some(game) => Ok(game),
        None => Err(checked.diagnostics.into_iter().filter(Diagnostic::is_error).collect()),
    }
}

/// Renders diagnostics as `vdl check` prints them.
pub fn render_diagnostics(file_name: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    diagnostic::render_all(file_name, source, diagnostics)
}

/// Where a span starts, as 1-based line and column.
pub fn line_col(source: &str, span: Span) -> (usize, usize) {
    diagnostic::line_col(source, span.start)
}

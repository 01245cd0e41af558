//! Phase 1, parse: source text to the syntax tree. The grammar lives in the
//! `vdl-dsl` crate; this phase only turns its error (a syntax,
//! encoding or limit error) into a diagnostic.

use crate::diag::diagnostic::Diagnostic;
use vdl_dsl::ast;

/// The syntax tree of `source`, or `None` after reporting the syntax error.
pub fn parse(source: &str, diags: &mut Vec<Diagnostic>) -> Option<ast::File> {
    match vdl_dsl::parse(source) {
        Ok(file) => Some(file),
        Err(error) => {
            diags.push(Diagnostic::from(error));
            None
        }
    }
}

//! `vdl check`: every problem of each file, as text for people or JSON lines
//! for tools, on standard output. In text mode a file without errors also gets
//! a one-line summary on standard error (`xiangqi.vdl: ok (7 piece types, 90
//! cells)`), so that standard output holds nothing but diagnostics.

use crate::load::{read_source, Failure, Source};
use crate::output::{out, outln};
use std::path::PathBuf;
use std::process::ExitCode;
use vdl_compiler::Diagnostic;
use vdl_runtime::ir::Game;

#[derive(clap::Args)]
pub struct Args {
    /// Variant files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `text` (for people) or `json` (one object per line per diagnostic).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut failed = false;
    for path in &args.files {
        let name = path.display().to_string();
        let (shown, diagnostics, game) = match read_source(path)? {
            Source::Text(text) => {
                let checked = vdl_compiler::check(&name, &text);
                (text, checked.diagnostics, checked.game)
            }
            Source::Unreadable { shown, problem } => (shown, vec![problem], None),
        };
        match args.format {
            Format::Text => {
                out!("{}", vdl_compiler::render_diagnostics(&name, &shown, &diagnostics))?;
                if let Some(game) = &game {
                    eprintln!("{}", summary(&name, game, &diagnostics));
                }
            }
            Format::Json => {
                let lines = vdl_compiler::diagnostic::Lines::of(&shown);
                for diagnostic in &diagnostics {
                    outln!("{}", vdl_compiler::diagnostic::to_json(&name, &lines, diagnostic))?;
                }
            }
        }
        failed |= game.is_none();
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// `xiangqi.vdl: ok (7 piece types, 90 cells)`, with the warnings counted.
fn summary(name: &str, game: &Game, diagnostics: &[Diagnostic]) -> String {
    let warnings = match diagnostics.len() {
        0 => String::new(),
        1 => ", 1 warning".to_string(),
        n => format!(", {n} warnings"),
    };
    format!("{name}: ok{warnings} ({} piece types, {} cells)", game.pieces.len(), game.board.cells.len())
}

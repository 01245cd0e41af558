use crate::load::{read, Failure};
use crate::output::{out, outln};
use std::path::PathBuf;
use std::process::ExitCode;

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
        let source = read(path)?;
        let name = path.display().to_string();
        let checked = vdl_compiler::check(&name, &source);
        match args.format {
            Format::Text if !checked.diagnostics.is_empty() => {
                out!("{}", vdl_compiler::render_diagnostics(&name, &source, &checked.diagnostics))?;
            }
            Format::Json => {
                for diagnostic in &checked.diagnostics {
                    outln!("{}", vdl_compiler::diagnostic::to_json(&name, &source, diagnostic))?;
                }
            }
            Format::Text => {}
        }
        failed |= checked.game.is_none();
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

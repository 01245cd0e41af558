use crate::load::{read, Failure};
use crate::output::out;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The variant files (printing the layout takes exactly one).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Rewrite the files in place instead of printing them.
    #[arg(long, conflicts_with = "check")]
    write: bool,
    /// Exit 1, naming on standard error each file that is not in canonical
    /// layout, and change nothing.
    #[arg(long)]
    check: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    if !args.write && !args.check && args.files.len() > 1 {
        return Err(Failure::usage("error: `vdl fmt` prints one file; give `--write` or `--check` for several"));
    }
    let mut all_canonical = true;
    for file in &args.files {
        let (source, formatted) = format_file(file)?;
        if args.check {
            if formatted != source {
                eprintln!("{}: not in canonical layout (`vdl fmt --write` fixes it)", file.display());
                all_canonical = false;
            }
        } else if args.write {
            if formatted != source {
                std::fs::write(file, formatted).map_err(|e| Failure::usage(format!("{}: error: cannot write: {e}", file.display())))?;
            }
        } else {
            out!("{formatted}")?;
        }
    }
    Ok(if all_canonical { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The file's text and its canonical layout.
fn format_file(file: &Path) -> Result<(String, String), Failure> {
    let source = read(file)?;
    let name = file.display().to_string();
    let formatted = vdl_dsl::format(&source).map_err(|error| {
        let diagnostic = vdl_compiler::Diagnostic::error(vdl_compiler::codes::SYNTAX, error.span, error.message).with_help_opt(error.help);
        Failure::invalid(vdl_compiler::render_diagnostics(&name, &source, &[diagnostic]))
    })?;
    Ok((source, formatted))
}

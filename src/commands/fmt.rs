use crate::load::{read, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    /// Rewrite the file in place instead of printing it.
    #[arg(long, conflicts_with = "check")]
    write: bool,
    /// Exit 1 (printing nothing) if the file is not in canonical layout.
    #[arg(long)]
    check: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let source = read(&args.file)?;
    let name = args.file.display().to_string();
    let formatted = vdl_dsl::format(&source).map_err(|error| {
        let diagnostic = vdl_compiler::Diagnostic::error(vdl_compiler::codes::SYNTAX, error.span, error.message).with_help_opt(error.help);
        Failure::invalid(vdl_compiler::render_diagnostics(&name, &source, &[diagnostic]))
    })?;
    if args.check {
        return Ok(if formatted == source { ExitCode::SUCCESS } else { ExitCode::FAILURE });
    }
    if args.write {
        std::fs::write(&args.file, formatted).map_err(|e| Failure::usage(format!("{name}: error: cannot write: {e}")))?;
    } else {
        print!("{formatted}");
    }
    Ok(ExitCode::SUCCESS)
}

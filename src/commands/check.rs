use crate::load::{read, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Variant files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut failed = false;
    for path in &args.files {
        let source = read(path)?;
        let name = path.display().to_string();
        let checked = vdl_compiler::check(&name, &source);
        if !checked.diagnostics.is_empty() {
            print!("{}", vdl_compiler::render_diagnostics(&name, &source, &checked.diagnostics));
        }
        failed |= checked.game.is_none();
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

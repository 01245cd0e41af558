use crate::load::{self, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Variant files to offer (default: every bundled variant; the session starts with `xiangqi`, or the first file).
    files: Vec<PathBuf>,
}

/// Speaks XBoard/CECP on standard input and output (docs/engines.md).
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let variants = load::protocol_variants(&args.files, "xiangqi")?;
    let stdin = std::io::stdin();
    vdl_frontends::engine_protocol::xboard::run(variants, stdin.lock(), std::io::stdout())
        .map_err(|e| Failure::usage(format!("error: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

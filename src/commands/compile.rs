use crate::load::{read, Failure};
use crate::output::out;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    /// Write the generated Rust here instead of to standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let source = read(&args.file)?;
    let name = args.file.display().to_string();
    let (game, plan) = vdl_compiler::compile_with_plan(&name, &source)
        .map_err(|diags| Failure::invalid(vdl_compiler::render_diagnostics(&name, &source, &diags)))?;
    let rust = vdl_compiler::generate_rust_with_plan(&game, &plan);
    match args.output {
        Some(out) => std::fs::write(&out, rust).map_err(|e| Failure::usage(format!("{}: error: cannot write: {e}", out.display())))?,
        None => out!("{rust}")?,
    }
    Ok(ExitCode::SUCCESS)
}

use crate::load::{self, EngineChoice, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    #[command(flatten)]
    play: vdl_frontends::play::PlayArgs,
    /// Which engine runs the rules (default: compiled for bundled variants).
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let engine = load::engine(&args.file, args.engine)?;
    let stdin = std::io::stdin();
    vdl_frontends::play::run(engine, &args.play, stdin.lock(), std::io::stdout())?.map_err(|e| Failure::usage(format!("error: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

use crate::load::{self, EngineChoice, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    #[command(flatten)]
    protocol: vdl_frontends::protocol::ProtocolArgs,
    /// Which engine runs the rules (default: compiled for bundled variants).
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let engine = load::engine(&args.file, args.engine)?;
    vdl_frontends::protocol::run(engine, &args.protocol, std::io::stdin(), std::io::stdout())?;
    Ok(ExitCode::SUCCESS)
}

use super::PositionArgs;
use crate::load::{self, Failure};
use std::path::PathBuf;
use std::process::ExitCode;
use vdl_runtime::legal;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    #[command(flatten)]
    position: PositionArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let engine = load::engine(&args.file, args.position.engine)?;
    let pos = load::position(&*engine, args.position.fen.as_deref(), args.position.moves.as_deref())?;
    for mv in legal::legal_move_texts(&*engine, &pos) {
        println!("{mv}");
    }
    Ok(ExitCode::SUCCESS)
}

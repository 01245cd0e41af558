use super::PositionArgs;
use crate::load::{self, Failure};
use std::path::PathBuf;
use std::process::ExitCode;
use vdl_runtime::{fen, legal};

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
    print!("{}", vdl_runtime::diagram::draw(engine.game(), &pos));
    println!("{}", fen::format(engine.game(), &pos));
    if let Some(result) = legal::result(&*engine, &pos) {
        println!("game over: {result:?}");
    }
    Ok(ExitCode::SUCCESS)
}

use crate::load::Failure;
use std::process::ExitCode;
use vdl_runtime::{fen, legal};

pub type Args = super::FilePosition;

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let (engine, pos) = args.load()?;
    print!("{}", vdl_runtime::diagram::draw(engine.game(), &pos));
    println!("{}", fen::format(engine.game(), &pos));
    if let Some(result) = legal::result(&*engine, &pos) {
        println!("game over: {result:?}");
    }
    Ok(ExitCode::SUCCESS)
}

use crate::load::Failure;
use crate::output::{out, outln};
use std::process::ExitCode;
use vdl_runtime::fen;

pub type Args = super::FilePosition;

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let (engine, pos) = args.load()?;
    out!("{}", vdl_runtime::diagram::draw(engine.game(), &pos))?;
    outln!("{}", fen::format(engine.game(), &pos))?;
    if let Some(ending) = vdl_frontends::session::ending(&*engine, &pos) {
        outln!("game over: {}", ending.text)?;
    }
    Ok(ExitCode::SUCCESS)
}

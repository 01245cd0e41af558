use crate::load::Failure;
use crate::output::outln;
use std::process::ExitCode;
use vdl_runtime::legal;

pub type Args = super::FilePosition;

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let (engine, pos) = args.load()?;
    for mv in legal::legal_move_texts(&*engine, &pos) {
        outln!("{mv}")?;
    }
    Ok(ExitCode::SUCCESS)
}

//! `vdl uci`, `vdl usi` and `vdl xboard`: the engine protocols GUIs speak, on
//! standard input and output (docs/engines.md).

use crate::load::{self, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Variant files to offer (default: every bundled variant; the session
    /// starts with the protocol's usual game, or the first file).
    files: Vec<PathBuf>,
}

/// Which protocol to speak.
#[derive(Clone, Copy)]
pub enum Protocol {
    /// UCI, the variant chosen with the `UCI_Variant` option.
    Uci,
    /// USI, Shogi's dialect of UCI.
    Usi,
    /// XBoard/CECP.
    Xboard,
}

pub fn run(args: Args, protocol: Protocol) -> Result<ExitCode, Failure> {
    use vdl_frontends::engine_protocol::{uci, usi, xboard};
    let first = match protocol {
        Protocol::Usi => "shogi",
        Protocol::Uci | Protocol::Xboard => "xiangqi",
    };
    let variants = load::protocol_variants(&args.files, first)?;
    let (input, output) = (std::io::stdin().lock(), std::io::stdout());
    match protocol {
        Protocol::Uci => uci::run(variants, input, output),
        Protocol::Usi => usi::run(variants, input, output),
        Protocol::Xboard => xboard::run(variants, input, output),
    }
    .map_err(|e| Failure::usage(format!("error: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

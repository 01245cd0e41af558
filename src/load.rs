//! Turning a FILE argument into an engine: the compiled generator of a bundled
//! variant when the file's content is exactly that variant's, else the IR
//! interpreter.

use std::path::Path;
use vdl_runtime::{Engine, Interpreter, Position};

/// A failed command: what to print on standard error and the exit code.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// Bad input to a command (unreadable file, bad move or position): exit 2.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: 2 }
    }

    /// The variant file has errors: exit 1.
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: 1 }
    }

    /// Nothing to say: the command ends quietly with `code`.
    pub fn quiet(code: u8) -> Failure {
        Failure { message: String::new(), code }
    }
}

/// A failed write to standard output. When the reader has gone away (a
/// closed pipe, as in `vdl moves FILE | head -1`), there is nobody to tell and
/// nothing wrong: the command ends quietly with status 0.
impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Failure {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::quiet(0)
        } else {
            Failure::usage(format!("error: cannot write the output: {error}"))
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The native move generator compiled into vdl (bundled variants only).
    Compiled,
    /// The IR interpreter (any valid file).
    Interp,
}

pub fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::usage(format!("{}: error: cannot read the file: {e}", path.display())))
}

/// The engine for a variant file.
pub fn engine(path: &Path, choice: Option<EngineChoice>) -> Result<Box<dyn Engine>, Failure> {
    let source = read(path)?;
    let bundled = vdl_variants::by_source(&source);
    match (choice, bundled) {
        (None | Some(EngineChoice::Compiled), Some(bundled)) => return Ok((bundled.engine)()),
        (Some(EngineChoice::Compiled), None) => {
            return Err(Failure::usage(format!(
                "{}: error: no compiled engine for this file: only the bundled variants ({}) are compiled into vdl; use `--engine interp`",
                path.display(),
                vdl_variants::all().iter().map(|b| b.file_name).collect::<Vec<_>>().join(", ")
            )))
        }
        _ => {}
    }
    let name = path.display().to_string();
    let game = vdl_compiler::compile(&name, &source)
        .map_err(|diags| Failure::invalid(vdl_compiler::render_diagnostics(&name, &source, &diags)))?;
    if bundled.is_none() {
        eprintln!("note: {name} is not a bundled variant; running it on the IR interpreter");
    }
    Ok(Box::new(Interpreter::new(game)))
}

/// The position given by `--fen` (or the setup) after `--moves`.
pub fn position(engine: &dyn Engine, fen: Option<&str>, moves: Option<&str>) -> Result<Position, Failure> {
    let game = engine.game();
    let start = vdl_runtime::fen::parse(game, fen.unwrap_or(&game.setup))
        .map_err(|e| Failure::usage(format!("error: bad position string: {e}")))?;
    vdl_runtime::notation::play_moves(engine, &start, moves.unwrap_or("")).map_err(|e| Failure::usage(format!("error: {e}")))
}

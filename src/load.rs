//! Turning a FILE argument into an engine: the compiled generator of a bundled
//! variant when the file's content is exactly that variant's, else the IR
//! interpreter.

use std::io::Read as _;
use std::path::Path;
use vdl_compiler::Diagnostic;
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

/// A variant file as read: its text, or the located reason it has none.
pub enum Source {
    Text(String),
    /// Not UTF-8, or over the size limit: the problem, and the text to show
    /// it against.
    Unreadable {
        shown: String,
        problem: Diagnostic,
    },
}

/// Reads a variant file, at most [`vdl_dsl::MAX_SOURCE_BYTES`] and one byte of
/// it, so that an endless stream (`/dev/zero`) ends in an error.
pub fn read_source(path: &Path) -> Result<Source, Failure> {
    let cannot_read = |e: std::io::Error| Failure::usage(format!("{}: error: cannot read the file: {e}", path.display()));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(vdl_dsl::MAX_SOURCE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(cannot_read)?;
    Ok(match vdl_dsl::decode(&bytes) {
        Ok(text) => Source::Text(text.to_string()),
        Err(undecodable) => Source::Unreadable { shown: undecodable.shown, problem: Diagnostic::from(undecodable.error) },
    })
}

/// The text of a variant file; one that cannot be read as text fails with its
/// located error.
pub fn read(path: &Path) -> Result<String, Failure> {
    match read_source(path)? {
        Source::Text(text) => Ok(text),
        Source::Unreadable { shown, problem } => {
            Err(Failure::invalid(vdl_compiler::render_diagnostics(&path.display().to_string(), &shown, &[problem])))
        }
    }
}

/// The text of a file the command reads back (perft outputs, self-play
/// results), or of standard input for `-`; `what` names it in the error.
pub fn read_text_or_stdin(path: &Path, what: &str) -> Result<String, Failure> {
    let mut text = String::new();
    let result = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text)
    } else {
        std::fs::File::open(path).and_then(|mut file| file.read_to_string(&mut text))
    };
    result.map_err(|e| Failure::usage(format!("{}: error: cannot read {what}: {e}", path.display())))?;
    Ok(text)
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
    let start = vdl_runtime::fen::parse_with(engine, fen.unwrap_or(&game.setup))
        .map_err(|e| Failure::usage(format!("error: bad position string: {e}")))?;
    vdl_runtime::notation::play_moves(engine, &start, moves.unwrap_or("")).map_err(|e| Failure::usage(format!("error: {e}")))
}

/// The variants an engine protocol offers: the given files, named by their
/// stems, or every bundled variant when none is given; the session starts
/// with the first file, or with `bundled_default` among the bundled ones.
pub fn protocol_variants(
    files: &[std::path::PathBuf],
    bundled_default: &str,
) -> Result<std::sync::Arc<vdl_frontends::engine_protocol::Variants>, Failure> {
    use vdl_frontends::engine_protocol::{Variant, Variants};
    let (list, default) = if files.is_empty() {
        let list = vdl_variants::all().iter().map(|b| Variant::new(b.name, std::sync::Arc::from((b.engine)()))).collect();
        (list, Some(bundled_default))
    } else {
        let mut list = Vec::new();
        for path in files {
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            list.push(Variant::new(stem, std::sync::Arc::from(engine(path, None)?)));
        }
        (list, None)
    };
    Variants::new(list, default).map(std::sync::Arc::new).map_err(|e| Failure::usage(format!("error: {e}")))
}

use crate::load::{self, Failure};
use std::path::PathBuf;
use std::process::ExitCode;
use vdl_frontends::serve::{self, ServeArgs, Variant};

#[derive(clap::Args)]
pub struct Args {
    /// Variant files to offer besides the bundled variants.
    files: Vec<PathBuf>,
    #[command(flatten)]
    serve: ServeArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut variants: Vec<Variant> = vdl_variants::all()
        .iter()
        .map(|b| Variant { file: b.file_name.to_string(), engine_kind: "compiled".into(), engine: (b.engine)() })
        .collect();
    for path in &args.files {
        let source = load::read(path)?;
        let kind = if vdl_variants::by_source(&source).is_some() { "compiled" } else { "interpreter" };
        let engine = load::engine(path, None)?;
        variants.push(Variant { file: path.display().to_string(), engine_kind: kind.into(), engine });
    }
    serve::serve(variants, &args.serve).map_err(|e| Failure::usage(format!("error: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

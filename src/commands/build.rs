//! `vdl build FILE [-o DIR]`: a native program for one variant. Writes a small
//! cargo project whose main.rs includes the generated move generator and runs
//! the shared front ends (`vdl_frontends::cli`), then builds it.
//!
//! Every project builds in one shared target directory, so the dependencies
//! (the runtime, the front ends, clap, serde, rayon) are compiled once for all
//! variants; a build after the first compiles only the generated crate. The
//! web server is left out unless asked for (`--serve`): tokio, hyper and axum
//! took most of a cold build.

use crate::load::{read, Failure};
use crate::output::outln;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    /// The directory of the cargo project (default: target/vdl-build/STEM).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Only write the project; do not run cargo.
    #[arg(long)]
    no_build: bool,
    /// Include the web server (`PROGRAM serve`); its dependencies (tokio,
    /// hyper, axum) make a cold build several minutes longer.
    #[arg(long)]
    serve: bool,
    /// Where cargo builds (default: target/vdl-build-cache in the vdl sources,
    /// shared by every project so that dependencies are compiled once).
    #[arg(long)]
    target_dir: Option<PathBuf>,
}

/// Where this workspace's crates are: the built program depends on them by path.
fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file stem as a cargo package and binary name: `Switchback XQ` -> `switchback-xq`.
fn package_name(stem: &str) -> String {
    let mut name = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            name.push(c.to_ascii_lowercase());
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_matches('-').to_string();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("vdl-{name}").trim_end_matches('-').to_string()
    } else {
        name
    }
}

/// A TOML basic string.
fn toml_str(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn write(path: &Path, contents: &str) -> Result<(), Failure> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == contents) {
        return Ok(()); // unchanged: cargo need not rebuild
    }
    std::fs::write(path, contents).map_err(|e| Failure::usage(format!("{}: error: cannot write: {e}", path.display())))
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let source = read(&args.file)?;
    let file_label = args.file.display().to_string();
    let (game, plan) = vdl_compiler::compile_with_plan(&file_label, &source)
        .map_err(|diags| Failure::invalid(vdl_compiler::render_diagnostics(&file_label, &source, &diags)))?;
    let stem = args.file.file_stem().and_then(|s| s.to_str()).unwrap_or("variant");
    let name = package_name(stem);
    let root = workspace_root();
    if !root.join("runtime/Cargo.toml").is_file() || !root.join("frontends/Cargo.toml").is_file() {
        return Err(Failure::usage(format!("error: vdl build needs the vdl sources, which were at {} when vdl was built", root.display())));
    }
    let cwd = std::env::current_dir().map_err(|e| Failure::usage(format!("error: no current directory: {e}")))?;
    let dir = cwd.join(args.output.unwrap_or_else(|| PathBuf::from("target/vdl-build").join(&name)));
    let src = dir.join("src");
    std::fs::create_dir_all(&src).map_err(|e| Failure::usage(format!("{}: error: cannot create: {e}", src.display())))?;

    let manifest = format!(
        r#"# A program that plays {game_name:?}, written by `vdl build {file:?}`.
[package]
name = {name_str}
version = "0.1.0"
edition = "2021"
publish = false

[[bin]]
name = {name_str}
path = "src/main.rs"

[dependencies]
vdl-runtime = {{ path = {runtime} }}
vdl-frontends = {{ path = {frontends}, default-features = false, features = {features} }}

[profile.release]
codegen-units = 4

# Not part of any enclosing workspace.
[workspace]
"#,
        // Debug formatting escapes every control character: a TOML comment
        // may hold none (a newline would end it early).
        game_name = game.name,
        file = file_label,
        name_str = toml_str(&name),
        runtime = toml_str(&root.join("runtime").display().to_string()),
        frontends = toml_str(&root.join("frontends").display().to_string()),
        features = if args.serve { r#"["serve"]"# } else { "[]" },
    );
    let main_rs = format!(
        r#"//! {game_name:?}, built by `vdl build` from {file_name:?}: the variant's own
//! move generator (src/rules.rs, generated) behind the vdl front ends.
//! Its subcommands: see `--help`.

#[allow(dead_code, unused, clippy::all)]
mod rules {{
    include!("rules.rs");
}}

fn main() -> std::process::ExitCode {{
    vdl_frontends::cli::main(Box::new(rules::engine()))
}}
"#,
        // Debug formatting escapes every control character: a newline
        // would end the comment and make the rest of the name code.
        game_name = game.name,
        file_name = args.file.file_name().map_or_else(|| stem.into(), |s| s.to_string_lossy()),
    );
    write(&dir.join("Cargo.toml"), &manifest)?;
    write(&src.join("main.rs"), &main_rs)?;
    write(&src.join("rules.rs"), &vdl_compiler::generate_rust_with_plan(&game, &plan))?;
    // A copy of the source, under the package's name: the file's own name
    // could be `Cargo.toml` or hold characters a file system refuses.
    write(&dir.join(format!("{name}.vdl")), &source)?;
    // The workspace's lock file pins the same dependency versions (cargo drops
    // the entries the program does not use).
    let lock = dir.join("Cargo.lock");
    if !lock.exists() {
        if let Ok(text) = std::fs::read_to_string(root.join("Cargo.lock")) {
            write(&lock, &text)?;
        }
    }
    // And the same code generation settings (the processor level).
    if let Ok(text) = std::fs::read_to_string(root.join(".cargo/config.toml")) {
        let config = dir.join(".cargo");
        std::fs::create_dir_all(&config).map_err(|e| Failure::usage(format!("{}: error: cannot create: {e}", config.display())))?;
        write(&config.join("config.toml"), &text)?;
    }
    if args.no_build {
        outln!("{}", dir.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target = args.target_dir.map_or_else(|| root.join("target/vdl-build-cache"), |target| cwd.join(target));
    eprintln!("building {} in {}", game.name, dir.display());
    let status = Command::new(&cargo)
        .args(["build", "--release", "--target-dir"])
        .arg(&target)
        .current_dir(&dir)
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| Failure::usage(format!("error: cannot run cargo ({}): {e}", Path::new(&cargo).display())))?;
    if !status.success() {
        return Err(Failure::usage(format!("error: cargo build failed in {}", dir.display())));
    }
    // The shared target directory holds one binary per package name, which
    // another project of the same name would replace: the project keeps its own.
    let binary_name = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    let binary = dir.join(&binary_name);
    std::fs::copy(target.join("release").join(&binary_name), &binary)
        .map_err(|e| Failure::usage(format!("{}: error: cannot copy the built program: {e}", binary.display())))?;
    outln!("{}", binary.display())?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_are_valid() {
        assert_eq!(package_name("xiangqi"), "xiangqi");
        assert_eq!(package_name("Switchback XQ"), "switchback-xq");
        assert_eq!(package_name("3d-chess"), "vdl-3d-chess");
        assert_eq!(package_name("--"), "vdl");
        assert_eq!(toml_str("a\"b\\c"), r#""a\"b\\c""#);
    }
}

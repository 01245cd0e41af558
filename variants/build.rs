//! Compiles every bundled variant file (`*.vdl` next to this script) to a Rust
//! move generator in `OUT_DIR/<module>.rs`, and lists them in
//! `OUT_DIR/bundled.rs`, which `src/lib.rs` includes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // The directory itself, so that adding or removing a file reruns the script.
    println!("cargo:rerun-if-changed={}", dir.display());
    println!("cargo:rerun-if-changed=build.rs");

    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("the variants directory is readable")
        .map(|entry| entry.expect("the variants directory is readable").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "vdl"))
        .collect();
    files.sort();

    let mut modules = String::new();
    let mut entries = String::new();
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let file_name = path.file_name().and_then(|n| n.to_str()).expect("variant file names are UTF-8");
        let stem = path.file_stem().and_then(|n| n.to_str()).expect("variant file names are UTF-8");
        let module = module_name(stem);
        let source = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let (game, plan) = match vdl_compiler::compile_with_plan(file_name, &source) {
            Ok(compiled) => compiled,
            Err(diagnostics) => panic!(
                "the bundled variant {file_name} does not check:\n{}",
                vdl_compiler::render_diagnostics(file_name, &source, &diagnostics)
            ),
        };
        write(&out.join(format!("{module}.rs")), &vdl_compiler::generate_rust_with_plan(&game, &plan));
        let doc = format!("The move generator of `{}`, compiled from `{file_name}`.", game.name);
        // The generated code keeps one `if` per condition of a rule and walks
        // cells by index, like the tables it reads: clippy's style lints on
        // those shapes do not apply.
        writeln!(
            modules,
            "#[doc = {doc:?}]\n#[allow(clippy::collapsible_if, clippy::needless_range_loop)]\npub mod {module} {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{module}.rs\"));\n}}\n"
        )
        .unwrap();
        writeln!(
            entries,
            "    Bundled {{\n        name: {stem:?},\n        file_name: {file_name:?},\n        source: include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/\", {file_name:?})),\n        engine: || -> Box<dyn Engine> {{ Box::new({module}::engine()) }},\n    }},"
        )
        .unwrap();
    }
    let bundled = format!("{modules}/// Every bundled variant, sorted by file name.\nstatic BUNDLED: &[Bundled] = &[\n{entries}];\n");
    write(&out.join("bundled.rs"), &bundled);
}

/// A file stem as a module name: `crazy-house` -> `crazy_house`.
fn module_name(stem: &str) -> String {
    let mut name: String = stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || is_keyword(&name) {
        name.insert_str(0, "variant_");
    }
    name
}

fn is_keyword(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "box", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn", "for", "gen",
        "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct", "super",
        "trait", "true", "try", "type", "unsafe", "use", "where", "while", "yield", "abstract", "become", "do", "final", "macro",
        "override", "priv", "typeof", "unsized", "virtual",
    ];
    KEYWORDS.contains(&name)
}

/// Writes only when the contents change, so that dependants are not rebuilt
/// needlessly.
fn write(path: &Path, contents: &str) {
    if fs::read_to_string(path).is_ok_and(|old| old == contents) {
        return;
    }
    fs::write(path, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

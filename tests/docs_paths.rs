//! Every source file the README and docs/ name exists: a path written in
//! backticks (`runtime/src/plan/castling.rs`, or a part of one such as
//! `plan/castling.rs` or `walk.rs`) must be the end of some file's path in the
//! repository. docs/architecture.md's "Adding a move construct" sends the
//! reader to the files a construct touches, so a file moved or renamed
//! without its mention fails here, naming the document and the path.
//!
//! docs/performance.md is left out: it is a log of measurements at past
//! commits, which names files as they were then. Bare file names of variant
//! files (`my-game.vdl`) are the reader's, not the repository's.

use std::fs;
use std::path::{Path, PathBuf};

/// The extensions of the files whose mentions are checked.
const CHECKED: &[&str] = &["rs", "pest", "md", "toml", "py", "sh", "txt", "js", "html", "vdl"];

/// The repository's files, as paths relative to its root with `/`.
fn repository_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if name == ".git" || name == "target" {
            continue;
        }
        if path.is_dir() {
            repository_files(root, &path, out);
        } else {
            out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The file paths a document names in backticks.
fn named_paths(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| !span.is_empty() && span.chars().all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c)))
        .filter(|span| span.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && CHECKED.contains(&ext)))
        // A bare variant file's name is an example of the reader's own.
        .filter(|span| span.contains('/') || !span.ends_with(".vdl"))
        .collect()
}

fn documents(root: &Path) -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md") && !path.ends_with("performance.md"))
        .collect();
    docs.push(root.join("README.md"));
    docs.sort();
    docs
}

#[test]
fn every_file_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    repository_files(root, root, &mut files);
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in documents(root) {
        let text = fs::read_to_string(&doc).unwrap();
        for path in named_paths(&text) {
            checked += 1;
            let suffix = format!("/{path}");
            if !files.iter().any(|file| file == path || file.ends_with(&suffix)) {
                missing.push(format!("{}: `{path}`", doc.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(checked > 300, "only {checked} paths found in the docs: is the scan broken?");
    assert!(missing.is_empty(), "the docs name files that do not exist:\n{}", missing.join("\n"));
}

#[test]
fn a_missing_file_is_found() {
    let named = named_paths("see `runtime/src/plan/castling.rs`, `walk.rs`, `my-game.vdl`, `cargo test`, `a.b`");
    assert_eq!(named, ["runtime/src/plan/castling.rs", "walk.rs"]);
}

//! The source folders depend on each other in one direction only: within a
//! crate, the folders by role (the compiler's `front/`, `analysis/`, `diag/`,
//! and `codegen/`'s `moves/`, `attacks/`, `legality/`, `emit/`, `spec/`; the
//! runtime's `ir/`, `state/`, `plan/`, `legality/`, `text/`, `search/`) form
//! no circle of `crate::` paths. A new dependency that closes a circle fails
//! here, naming it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A crate's folders by role: each a path under `src/`, named by its module
/// path (`codegen::moves`).
struct Layout {
    src: &'static str,
    folders: &'static [&'static str],
    /// The names the crate's root re-exports, with the module each comes
    /// from, so that `crate::Position` counts as a path into its folder.
    root_names: &'static [(&'static str, &'static str)],
}

const LAYOUTS: &[Layout] = &[
    Layout {
        src: "compiler/src",
        folders: &[
            "front",
            "analysis",
            "diag",
            "codegen::moves",
            "codegen::attacks",
            "codegen::legality",
            "codegen::emit",
            "codegen::spec",
        ],
        root_names: &[],
    },
    Layout {
        src: "runtime/src",
        folders: &["ir", "state", "plan", "legality", "text", "search"],
        root_names: &[
            ("CellId", "ir"),
            ("Game", "ir"),
            ("PieceId", "ir"),
            ("PlayerId", "ir"),
            ("Piece", "state"),
            ("Move", "state"),
            ("Position", "state"),
            ("Undo", "state"),
            ("Engine", "legality"),
            ("Generator", "plan"),
            ("Interpreter", "legality"),
            ("legal", "legality"),
            ("fen", "text"),
            ("notation", "text"),
            ("san", "text"),
            ("diagram", "text"),
            ("PositionError", "text"),
            ("Setup", "text"),
        ],
    },
];

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The `crate::...` paths a source names outside comments.
fn crate_paths(source: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for line in source.lines().filter(|line| !line.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let tail = &rest[at + "crate::".len()..];
            let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).unwrap_or(tail.len());
            paths.push(tail[..end].trim_end_matches(':').to_string());
            rest = &tail[end..];
        }
    }
    paths
}

/// The folder a module path lies in, the longest that matches.
fn folder_of<'a>(folders: &[&'a str], module: &str) -> Option<&'a str> {
    folders.iter().copied().filter(|f| module == *f || module.starts_with(&format!("{f}::"))).max_by_key(|f| f.len())
}

fn edges(layout: &Layout) -> BTreeMap<&'static str, BTreeSet<&'static str>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(layout.src);
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for file in rust_files(&root) {
        let relative = file.strip_prefix(&root).unwrap().with_extension("");
        let module = relative.to_string_lossy().replace(['/', '\\'], "::");
        let Some(from) = folder_of(layout.folders, &module) else { continue };
        for path in crate_paths(&fs::read_to_string(&file).unwrap()) {
            let root_name = path.split("::").next().unwrap_or_default();
            let through_root = layout.root_names.iter().find(|(name, _)| *name == root_name).map(|&(_, module)| module);
            let to = through_root.and_then(|module| folder_of(layout.folders, module)).or_else(|| folder_of(layout.folders, &path));
            if let Some(to) = to.filter(|&to| to != from) {
                edges.entry(from).or_default().insert(to);
            }
        }
    }
    edges
}

/// A circle through the edges, if there is one, as the folders on it.
fn circle<'a>(edges: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Option<Vec<&'a str>> {
    fn visit<'a>(
        node: &'a str,
        edges: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<&'a str>> {
        if let Some(at) = path.iter().position(|&n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node);
            return Some(found);
        }
        if !done.insert(node) {
            return None;
        }
        path.push(node);
        for &next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    edges.keys().find_map(|&start| visit(start, edges, &mut Vec::new(), &mut done))
}

#[test]
fn folders_depend_one_way() {
    for layout in LAYOUTS {
        let edges = edges(layout);
        assert!(!edges.is_empty(), "{}: no dependency between folders found; is the layout list current?", layout.src);
        if let Some(found) = circle(&edges) {
            panic!("{}: the folders import each other in a circle: {}", layout.src, found.join(" -> "));
        }
    }
}

#[test]
fn a_circle_is_found() {
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    edges.entry("a").or_default().insert("b");
    edges.entry("b").or_default().insert("c");
    assert_eq!(circle(&edges), None);
    edges.entry("c").or_default().insert("a");
    assert_eq!(circle(&edges), Some(vec!["a", "b", "c", "a"]));
}

#[test]
fn paths_are_read_outside_comments() {
    let source = "use crate::front::board::Board;\n// crate::analysis::lints\nlet x = crate::diag::codes::Code::X;";
    assert_eq!(crate_paths(source), vec!["front::board::Board", "diag::codes::Code::X"]);
}

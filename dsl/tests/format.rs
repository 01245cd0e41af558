//! `vdl fmt` on every bundled variant and every example file: the result parses,
//! formatting it again changes nothing, and it holds the same words in the same
//! order as the original (so it means the same game and keeps every comment).

use std::path::Path;

fn files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["variants", "tests/ui/pass", "tests/ui/fail"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "vdl") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The file's words and symbols with all layout removed.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("").replace("//", "\n//")
}

#[test]
fn formatting_is_idempotent_and_keeps_every_word() {
    let mut formatted_count = 0;
    for path in files() {
        // An example of a file that is not UTF-8 has nothing to format.
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let Ok(formatted) = vdl_dsl::format(&source) else {
            assert!(vdl_dsl::parse(&source).is_err(), "{} parses but does not format", path.display());
            continue;
        };
        formatted_count += 1;
        assert!(vdl_dsl::parse(&formatted).is_ok(), "{}: the formatted file does not parse:\n{formatted}", path.display());
        assert_eq!(vdl_dsl::format(&formatted).unwrap(), formatted, "{}: not idempotent", path.display());
        assert_eq!(words(&formatted), words(&source), "{}: words changed", path.display());
    }
    assert!(formatted_count >= 8);
}

#[test]
fn canonical_layout() {
    let source = "piece Rook R{slide orth // along files and ranks\n may promote to Dragon in camp}\npiece Dragon +R extends Rook{}\n";
    assert_eq!(
        vdl_dsl::format(source).unwrap(),
        "piece Rook R {\n    slide orth  // along files and ranks\n    may promote to Dragon in camp\n}\n\npiece Dragon +R extends Rook {}\n"
    );
}

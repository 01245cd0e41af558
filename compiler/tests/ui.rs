//! Diagnostics as users see them. Every file in `tests/ui/fail/` is named after
//! the code it must raise (`E0101-unknown-zone.vdl`) and its rendered output is
//! an insta snapshot; every file in `tests/ui/pass/` and every bundled variant
//! must check without errors.

use std::path::{Path, PathBuf};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "vdl"))
        .collect();
    files.sort();
    files
}

fn render(path: &Path) -> (vdl_compiler::Checked, String) {
    let source = std::fs::read_to_string(path).unwrap();
    let name = format!("{}", path.file_name().unwrap().to_string_lossy());
    let checked = vdl_compiler::check(&name, &source);
    let text = vdl_compiler::render_diagnostics(&name, &source, &checked.diagnostics);
    (checked, text)
}

#[test]
fn every_failing_example_raises_its_code_and_matches_its_snapshot() {
    for path in files("tests/ui/fail") {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let code = &stem[..5];
        let (checked, text) = render(&path);
        assert!(
            checked.diagnostics.iter().any(|d| d.code == code),
            "{stem}: expected a diagnostic {code}, got:\n{text}"
        );
        if code.starts_with('E') {
            assert!(checked.game.is_none(), "{stem}: an error must stop compilation");
        }
        insta::assert_snapshot!(stem, text);
    }
}

#[test]
fn every_code_has_a_failing_example() {
    let examples: Vec<String> = files("tests/ui/fail")
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy()[..5].to_string())
        .collect();
    for code in vdl_compiler::codes::ALL {
        assert!(examples.iter().any(|e| e == code), "no example in tests/ui/fail for {code}");
    }
}

#[test]
fn passing_examples_and_bundled_variants_check_clean() {
    for path in files("tests/ui/pass").into_iter().chain(files("variants")) {
        let (checked, text) = render(&path);
        assert!(checked.diagnostics.is_empty(), "{}:\n{text}", path.display());
        assert!(checked.game.is_some());
    }
}

#[test]
fn first_line_follows_the_cli_contract() {
    let path = files("tests/ui/fail").into_iter().find(|p| p.to_string_lossy().contains("unknown-zone")).unwrap();
    let (_, text) = render(&path);
    let first = text.lines().next().unwrap();
    assert_eq!(first, "E0101-unknown-zone.vdl:20:17: error: unknown zone `cmap`");
}

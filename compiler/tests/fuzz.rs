//! The checker never panics and never hangs, and every error it reports is
//! located inside the file: arbitrary bytes, the bundled variant files and the
//! fuzz corpus (tests/fuzz-corpus: long operator chains, deep brackets, many
//! axes, odd encodings) mutated at random (bytes replaced, lines dropped or
//! repeated, words swapped) go through decoding + parse + check + lowering. A
//! bounded run is part of the test suite; each case must also come back in well
//! under a second. A stack overflow would abort the whole test binary. Mutated
//! variant files that still check also go through code generation.

use proptest::prelude::*;
use std::time::{Duration, Instant};

fn bundled() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    let mut files: Vec<_> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "vdl")).collect();
    files.sort();
    files.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
}

/// Bundled variant `file` (modulo their number) with `mutations` applied.
fn mutated_bundled(file: usize, mutations: &[Mutation]) -> String {
    let files = bundled();
    mutations.iter().fold(files[file % files.len()].clone(), |source, m| apply(&source, m))
}

/// The files of tests/fuzz-corpus, as bytes (some are not UTF-8).
fn corpus() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fuzz-corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Checks `source`, rendering whatever comes out; fails on a slow case or on a
/// diagnostic that points outside the file.
fn check(source: &str) {
    let start = Instant::now();
    let checked = vdl_compiler::check("fuzz.vdl", source);
    let _ = vdl_compiler::render_diagnostics("fuzz.vdl", source, &checked.diagnostics);
    assert!(checked.game.is_some() || checked.diagnostics.iter().any(|d| d.is_error()), "no game and no error");
    assert_located(source, &checked.diagnostics);
    assert!(start.elapsed() < Duration::from_secs(5), "took {:?}", start.elapsed());
}

/// Decodes and checks `bytes` as `vdl check` does.
fn check_bytes(bytes: &[u8]) {
    match vdl_dsl::decode(bytes) {
        Ok(source) => check(source),
        Err(undecodable) => {
            let diagnostic = vdl_compiler::Diagnostic::from(undecodable.error);
            assert_located(&undecodable.shown, std::slice::from_ref(&diagnostic));
            let _ = vdl_compiler::render_diagnostics("fuzz.vdl", &undecodable.shown, &[diagnostic]);
        }
    }
}

/// Every diagnostic and note starts at a place in the text (its line and
/// column exist). Whole-file problems such as a missing setup point at
/// `0..1`, which may run past an empty file or into a multi-byte character;
/// the renderer clips such ends.
fn assert_located(source: &str, diagnostics: &[vdl_compiler::Diagnostic]) {
    for diagnostic in diagnostics {
        let spans = std::iter::once(diagnostic.span).chain(diagnostic.notes.iter().map(|n| n.span));
        for span in spans {
            assert!(span.start <= span.end && span.start <= source.len(), "{diagnostic:?} is not located in the file");
        }
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Replace { at: usize, byte: u8 },
    DropLine(usize),
    RepeatLine(usize),
    SwapWords(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), prop::sample::select(b"(){}[],.*|&-+=\"0123456789 azAZ_\n".to_vec()))
            .prop_map(|(at, byte)| Mutation::Replace { at, byte }),
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::RepeatLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapWords(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// A mutation of bytes that need not be text: replaced bytes may be anything.
fn apply_bytes(bytes: &[u8], mutation: &Mutation) -> Vec<u8> {
    match (std::str::from_utf8(bytes), mutation) {
        (_, Mutation::Replace { at, byte }) if !bytes.is_empty() => {
            let mut bytes = bytes.to_vec();
            let at = at % bytes.len();
            bytes[at] = *byte;
            bytes
        }
        (Ok(text), _) => apply(text, mutation).into_bytes(),
        (Err(_), _) => bytes.to_vec(),
    }
}

fn apply(source: &str, mutation: &Mutation) -> String {
    let mut lines: Vec<String> = source.lines().map(String::from).collect();
    match *mutation {
        Mutation::Replace { at, byte } => {
            let mut bytes = source.as_bytes().to_vec();
            if !bytes.is_empty() {
                let at = at % bytes.len();
                bytes[at] = byte;
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        Mutation::DropLine(i) if !lines.is_empty() => {
            let i = i % lines.len();
            lines.remove(i);
        }
        Mutation::RepeatLine(i) if !lines.is_empty() => {
            let i = i % lines.len();
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        Mutation::SwapWords(a, b) => {
            let mut words: Vec<&str> = source.split(' ').collect();
            if !words.is_empty() {
                let (a, b) = (a % words.len(), b % words.len());
                words.swap(a, b);
            }
            return words.join(" ");
        }
        Mutation::Truncate(at) => {
            let mut at = at % (source.len() + 1);
            while !source.is_char_boundary(at) {
                at -= 1;
            }
            return source[..at].to_string();
        }
        _ => {}
    }
    lines.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_variants_never_panic(file in 0usize..16, mutations in prop::collection::vec(mutation(), 1..4)) {
        check(&mutated_bundled(file, &mutations));
    }

    #[test]
    fn mutated_corpus_files_never_panic_and_every_error_is_located(
        file in 0usize..64,
        mutations in prop::collection::vec(prop_oneof![mutation(), (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Replace { at, byte })], 0..4),
    ) {
        let files = corpus();
        let mut bytes = files[file % files.len()].clone();
        for m in &mutations {
            bytes = apply_bytes(&bytes, m);
        }
        check_bytes(&bytes);
    }
}

#[test]
fn every_corpus_file_checks_without_panic_and_with_located_errors() {
    for bytes in corpus() {
        check_bytes(&bytes);
    }
}

#[test]
fn deeply_nested_parentheses_are_an_error_not_a_crash() {
    let source = format!("direction d = {}(0,1){}\n", "(".repeat(2000), ")".repeat(2000));
    check(&source);
}

proptest! {
    // Code generation is slower than checking (tens of milliseconds for the
    // largest games): fewer cases.
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A mutated variant file that still checks compiles to Rust that parses:
    /// the code generator, which reads the move plan, never panics on a game
    /// the checker accepted.
    #[test]
    fn mutated_variants_that_check_generate_rust(file in 0usize..16, mutations in prop::collection::vec(mutation(), 1..3)) {
        let source = mutated_bundled(file, &mutations);
        if let Ok((game, plan)) = vdl_compiler::compile_with_plan("fuzz.vdl", &source) {
            let rust = vdl_compiler::generate_rust_with_plan(&game, &plan);
            prop_assert!(syn::parse_file(&rust).is_ok(), "the generated code parses");
        }
    }
}

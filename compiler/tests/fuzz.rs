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

/// A number near an end of `i64`, of `i32` (the numbers a file may hold) or
/// of zero, or any `i64`: where a range's length overflows.
fn range_end() -> impl Strategy<Value = i64> {
    let max = vdl_dsl::MAX_NUMBER;
    prop_oneof![
        prop::sample::select(vec![i64::MIN, i64::MIN + 1, -max - 1, -max, -1, 0, 1, 4095, 4096, max, max + 1, i64::MAX - 1, i64::MAX]),
        any::<i64>(),
    ]
}

/// Bundled variant `file` with the label range of its first axis or fold
/// declaration that has one (`axis rank = 1..8`, `fold rank = 1..11 along
/// ...`) replaced by `first..last`.
fn with_range(file: usize, first: i64, last: i64) -> String {
    let files = bundled();
    let source = &files[file % files.len()];
    let mut replaced = false;
    let lines: Vec<String> = source
        .lines()
        .map(|line| {
            let declares = ["axis ", "fold "].iter().any(|k| line.trim_start().starts_with(k));
            match line.split_once(" = ") {
                Some((head, tail)) if declares && !replaced && tail.split_whitespace().next().is_some_and(|l| l.contains("..")) => {
                    replaced = true;
                    let rest = tail.split_once(char::is_whitespace).map_or("", |(_, rest)| rest);
                    format!("{head} = {first}..{last} {rest}")
                }
                _ => line.to_string(),
            }
        })
        .collect();
    lines.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A range at the ends of `i64` is an error located in the file, never a
    /// panic or a huge allocation: ends beyond the numbers a file may hold
    /// are refused as such (E0003), ranges of more labels than a range may
    /// have as such (E0200).
    #[test]
    fn label_ranges_at_the_ends_of_i64_are_errors_not_panics(file in 0usize..16, first in range_end(), last in range_end()) {
        let source = with_range(file, first, last);
        check(&source);
        let codes: Vec<&str> = vdl_compiler::check("fuzz.vdl", &source).diagnostics.iter().map(|d| d.code.id()).collect();
        let max = vdl_dsl::MAX_NUMBER;
        if first.unsigned_abs() > max.unsigned_abs() || last.unsigned_abs() > max.unsigned_abs() {
            prop_assert_eq!(codes, vec!["E0003"]);
        } else if i128::from(last) - i128::from(first) >= 4096 {
            prop_assert!(codes.contains(&"E0200"), "{:?}", codes);
        }
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

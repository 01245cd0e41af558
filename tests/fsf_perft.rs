//! Perft against Fairy-Stockfish on every position of tests/data/fsf_perft.txt
//! (Xiang Qi, Shogi, Minishogi, Shatranj, King of the Hill, Three-check, Antichess, Atomic, Chess960 and more: start positions, random-play positions with
//! pieces in hand, hand-made rule positions). Where Fairy-Stockfish counts
//! pawn-drop mates, which Shogi forbids, the file's "standard rules" counts are
//! used. Depths are capped by node count to keep the suite fast.

use vdl_runtime::{fen, perft::perft, Engine, Interpreter};

struct Case {
    variant: String,
    fen: String,
    counts: Vec<u64>,
    line: usize,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/fsf_perft.txt");
    let mut cases = Vec::new();
    let mut standard: Option<Vec<u64>> = None;
    for (index, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("# standard rules (pawn-drop mate illegal):") {
            let numbers = rest.split('(').next().unwrap();
            standard = Some(numbers.split_whitespace().map(|n| n.parse().unwrap()).collect());
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let fsf: Vec<u64> = parts[2].split_whitespace().map(|n| n.parse().unwrap()).collect();
        cases.push(Case {
            variant: parts[0].to_string(),
            fen: parts[1].to_string(),
            counts: standard.take().unwrap_or(fsf),
            line: index + 1,
        });
    }
    cases
}

fn run(engine: &dyn Engine, case: &Case, max_nodes: u64) -> usize {
    let mut pos = fen::parse(engine.game(), &case.fen).unwrap_or_else(|e| panic!("line {}: {e}", case.line));
    let mut checked = 0;
    for (depth, &expected) in case.counts.iter().enumerate() {
        if expected > max_nodes {
            break;
        }
        let got = perft(engine, &mut pos, depth as u32 + 1);
        assert_eq!(got, expected, "{} line {} depth {}: {}", case.variant, case.line, depth + 1, case.fen);
        checked += 1;
    }
    checked
}

#[test]
fn compiled_engines_match_fairy_stockfish() {
    let cases = cases();
    assert!(cases.len() >= 50, "the data file has {} positions", cases.len());
    for case in &cases {
        let bundled = vdl_variants::by_name(&case.variant).unwrap();
        let checked = run(&*(bundled.engine)(), case, 3_000_000);
        assert!(checked >= 2, "line {}: at least two depths are checked", case.line);
    }
}

#[test]
fn interpreter_matches_fairy_stockfish() {
    for case in cases() {
        let bundled = vdl_variants::by_name(&case.variant).unwrap();
        let interp = Interpreter::new((bundled.engine)().game().clone());
        run(&interp, &case, 30_000);
    }
}

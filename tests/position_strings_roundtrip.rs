//! Every position a game reaches by play is a possible position: its
//! position string is accepted (`fen::parse_with` judges it, as every front
//! end does), reads back to the same string, and lists the same legal moves.
//! Walked along random games of every bundled variant, from its setup.
//!
//! And position strings are hostile input: changed at random, a string reads
//! or is refused with an error located in it, never a panic.

use proptest::prelude::*;
use vdl_runtime::fen;
use vdl_runtime::legal::legal_moves;
use vdl_runtime::notation::legal_move_texts;
use vdl_runtime::{Engine, Position};

/// The plies of each random game (fewer if it ends).
const PLIES: usize = 60;

/// A small deterministic generator (64-bit LCG), so that every run walks the
/// same games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn start(engine: &dyn Engine) -> Position {
    fen::parse_with(engine, &engine.game().setup).expect("the setup reads")
}

/// The positions of one random game of `engine`'s variant, its start first.
fn random_game(engine: &dyn Engine, seed: u64) -> Vec<Position> {
    let mut rng = Lcg(seed);
    let mut pos = start(engine);
    let mut positions = vec![pos.clone()];
    for _ in 0..PLIES {
        let moves = legal_moves(engine, &pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        engine.make(&mut pos, mv);
        positions.push(pos.clone());
    }
    positions
}

#[test]
fn every_position_reached_by_play_reads_back_the_same() {
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game();
        for seed in 0..8 {
            for (ply, pos) in random_game(engine.as_ref(), seed).iter().enumerate() {
                let text = fen::format(game, pos);
                let read = fen::parse_with(engine.as_ref(), &text)
                    .unwrap_or_else(|e| panic!("{}: game {seed}, ply {ply}: `{text}` refused: {e}", bundled.name));
                assert_eq!(fen::format(game, &read), text, "{}: game {seed}, ply {ply}", bundled.name);
                // A position string does not say whether the last moves were
                // passes (nor do Fairy-Stockfish's): there `goal passes` may
                // have ended the game that the string read back goes on with.
                if pos.passes() > 0 {
                    continue;
                }
                assert_eq!(
                    legal_move_texts(engine.as_ref(), &read),
                    legal_move_texts(engine.as_ref(), pos),
                    "{}: game {seed}, ply {ply}: `{text}` read back lists other moves",
                    bundled.name
                );
            }
        }
    }
}

/// The position strings of a few random games of every bundled variant,
/// with the variant's index.
fn corpus() -> Vec<(usize, String)> {
    let mut texts = Vec::new();
    for (index, bundled) in vdl_variants::all().iter().enumerate() {
        let engine = (bundled.engine)();
        for pos in random_game(engine.as_ref(), 7).iter().step_by(8) {
            texts.push((index, fen::format(engine.game(), pos)));
        }
    }
    texts
}

#[derive(Clone, Debug)]
enum Change {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
}

fn change() -> impl Strategy<Value = Change> {
    // Characters position strings use, and some they never do.
    let chars = prop::sample::select("0123456789/+-~[]*@ pnbrqkPNBRQKwbcdeh~\u{e9}\0\n".chars().collect::<Vec<_>>());
    prop_oneof![
        any::<usize>().prop_map(Change::Delete),
        (any::<usize>(), chars.clone()).prop_map(|(at, c)| Change::Insert(at, c)),
        (any::<usize>(), chars).prop_map(|(at, c)| Change::Replace(at, c)),
    ]
}

fn apply(text: &str, change: &Change) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match *change {
        Change::Delete(at) if !chars.is_empty() => {
            chars.remove(at % chars.len());
        }
        Change::Insert(at, c) => chars.insert(at % (chars.len() + 1), c),
        Change::Replace(at, c) if !chars.is_empty() => {
            let at = at % chars.len();
            chars[at] = c;
        }
        _ => {}
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn changed_position_strings_read_or_are_refused_in_place(pick in any::<usize>(), changes in prop::collection::vec(change(), 1..4)) {
        let corpus = corpus_cached();
        let (variant, text) = &corpus[pick % corpus.len()];
        let text = changes.iter().fold(text.clone(), |text, change| apply(&text, change));
        let engine = (vdl_variants::all()[*variant].engine)();
        match fen::parse_with(engine.as_ref(), &text) {
            // What reads is a position the game can list moves in.
            Ok(pos) => {
                legal_moves(engine.as_ref(), &pos);
            }
            Err(error) => prop_assert!(error.offset <= text.len(), "`{}`: offset {} past the end", text, error.offset),
        }
    }
}

fn corpus_cached() -> &'static [(usize, String)] {
    static CORPUS: std::sync::OnceLock<Vec<(usize, String)>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(corpus)
}

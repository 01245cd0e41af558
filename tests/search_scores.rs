//! What the search reports: steady scores in centipawns, several best lines,
//! a transposition table that does not change forced results, and a
//! quiescence search that stays bounded in a game with drops.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::num::NonZeroUsize;
use vdl_runtime::search::{self, Limits, Searcher};
use vdl_runtime::{fen, legal, notation, Engine, Position};

fn engine(name: &str) -> Box<dyn Engine> {
    (vdl_variants::by_name(name).unwrap_or_else(|| panic!("{name} is bundled")).engine)()
}

fn position(engine: &dyn Engine, text: &str) -> Position {
    fen::parse(engine.game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_chess_start_scores_near_even_at_every_depth() {
    // The start position is close to equal: engines give White a few
    // hundredths of a Pawn (Stockfish about +0.2). An evaluation that forgets
    // whose move it is swings by a Pawn or more between odd and even depths.
    let chess = engine("chess");
    let pos = position(&*chess, &chess.game().setup);
    let mut scores = Vec::new();
    Searcher::new(&*chess).search_reporting(&[], &pos, &Limits::depth(8), &mut |r| scores.push((r.depth, r.score)));
    assert_eq!(scores.len(), 8, "{scores:?}");
    assert!(scores.iter().all(|&(_, score)| score.abs() <= 50), "depth, score: {scores:?}");
}

#[test]
fn the_pawn_is_worth_a_hundred() {
    // Scores are in centipawns: the game's Pawn-like unit is 100, and the
    // pieces keep chess's usual order (a Queen above a Rook above the minor
    // pieces above a Pawn).
    let chess = engine("chess");
    let game = chess.game();
    let eval = search::eval::Evaluator::new(&*chess);
    let value = |symbol: &str| eval.piece_values()[game.piece_by_symbol(symbol).unwrap().index()];
    assert_eq!(value("P"), 100);
    assert!(value("Q") > value("R") && value("R") > value("B") && value("B") >= value("N") && value("N") > 2 * value("P"));
}

#[test]
fn multipv_gives_distinct_lines_best_first() {
    let chess = engine("chess");
    let pos = position(&*chess, &chess.game().setup);
    let legal = legal::legal_moves(&*chess, &pos);
    let limits = Limits { depth: Some(4), lines: NonZeroUsize::new(3).unwrap(), ..Limits::default() };
    let found = search::search(&*chess, &pos, &limits);
    assert_eq!(found.lines.len(), 3);
    let firsts: Vec<_> = found.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts.iter().all(|m| legal.contains(m)));
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    assert!(found.lines.windows(2).all(|w| w[0].score >= w[1].score));
    assert_eq!((found.best, found.score), (Some(firsts[0]), found.lines[0].score));
}

#[test]
fn multipv_asks_no_more_lines_than_moves() {
    // Black's King on h8 has two moves (g8 and h7 are free; g7 is covered by
    // the Queen on f6, which does not give check).
    let chess = engine("chess");
    let pos = position(&*chess, "7k/8/5Q2/8/8/8/8/K7 b - - 0 1");
    let moves = legal::legal_moves(&*chess, &pos).len();
    let limits = Limits { depth: Some(3), lines: NonZeroUsize::new(10).unwrap(), ..Limits::default() };
    assert_eq!(search::search(&*chess, &pos, &limits).lines.len(), moves);
}

#[test]
fn the_table_does_not_change_forced_results() {
    // Mates found with the transposition table and with one of a single
    // slot (hardly any table) score the same at the same depth.
    let cases = [
        // Back-rank mate: Rd8#.
        ("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1-d8"),
        // tests/search.rs: the Chariot mates on i10.
        ("xiangqi", "4k4/R8/9/9/9/9/9/9/9/3K4R w", "i1-i10"),
        ("xiangqi", "3k4r/9/9/9/9/9/9/9/r8/4K4 b", "i10-i1"),
    ];
    for (name, text, mate) in cases {
        let engine = engine(name);
        let pos = position(&*engine, text);
        let limits = Limits::depth(4);
        let with_table = Searcher::new(&*engine).search(&pos, &limits);
        let without = Searcher::new(&*engine).with_table_size(0).search(&pos, &limits);
        assert_eq!(with_table.score, without.score, "{text}");
        assert_eq!(search::mate_in(with_table.score), Some(1), "{text}");
        assert_eq!(notation::move_text(engine.game(), with_table.best.unwrap()), mate, "{text}");
    }
}

#[test]
fn a_shogi_middlegame_search_stays_bounded() {
    // Random play fills both hands; drops are not followed by the quiescence
    // search, so a depth-6 search ends well within its node budget.
    let shogi = engine("shogi");
    let mut pos = position(&*shogi, &shogi.game().setup);
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..60 {
        let moves = legal::legal_moves(&*shogi, &pos);
        let Some(&mv) = moves.choose(&mut rng) else { break };
        pos.make(mv);
    }
    assert!(legal::result(&*shogi, &pos).is_none(), "the random game ended early");
    assert!(pos.has_hands());
    let limits = Limits { depth: Some(6), nodes: Some(1_000_000), ..Limits::default() };
    let found = search::search(&*shogi, &pos, &limits);
    assert_eq!(found.depth, 6, "stopped after {} nodes at depth {}", found.nodes, found.depth);
    assert!(found.nodes < 1_000_000);
}

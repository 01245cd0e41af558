//! The computer opponent (`vdl_runtime::search`): it beats a random mover at
//! Xiang Qi and finds a mate in one.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Instant;
use vdl_runtime::legal::{self, GameResult};
use vdl_runtime::search::{self, Limits, PositionKey, Searcher};
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, notation, Engine, Position};

fn xiangqi() -> Box<dyn Engine> {
    (vdl_variants::by_name("xiangqi").expect("xiangqi is bundled").engine)()
}

/// The outcome of one game between the searcher and a random mover.
#[derive(Debug, PartialEq)]
enum Outcome {
    SearcherWon,
    RandomWon,
    Draw,
    /// No result after `MAX_PLIES`.
    Unfinished,
}

const MAX_PLIES: usize = 400;

fn play(engine: &dyn Engine, seed: u64, searcher_side: PlayerId, limits: &Limits) -> (Outcome, usize) {
    let game = engine.game();
    let mut searcher = Searcher::new(engine);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos: Position = fen::parse(game, &game.setup).unwrap();
    let mut history: Vec<PositionKey> = Vec::new();
    for ply in 0..MAX_PLIES {
        if let Some(result) = legal::result(engine, &pos) {
            let outcome = match result {
                GameResult::Win(side) if side == searcher_side => Outcome::SearcherWon,
                GameResult::Win(_) => Outcome::RandomWon,
                GameResult::Draw => Outcome::Draw,
            };
            return (outcome, ply);
        }
        let mv = if pos.side == searcher_side {
            let found = searcher.search_game(&history, &pos, limits);
            let mv = found.best.expect("a position without a result has a move");
            assert!(legal::legal_moves(engine, &pos).contains(&mv), "the search returned an illegal move");
            mv
        } else {
            *legal::legal_moves(engine, &pos).choose(&mut rng).unwrap()
        };
        history.push(PositionKey::of(&pos));
        pos.make(mv);
    }
    (Outcome::Unfinished, MAX_PLIES)
}

#[test]
fn beats_a_random_mover_at_xiangqi() {
    let engine = xiangqi();
    // Small fixed limits keep the games deterministic and fast: a depth cap
    // plus a node cap per move. No adjudication: a game counts as a win only
    // when it ends in checkmate or stalemate (a loss in Xiang Qi) within
    // MAX_PLIES. The searcher sees the game's history, so that it does not
    // repeat positions (endless checks) when it is ahead.
    let limits = Limits { depth: Some(3), nodes: Some(30_000), ..Limits::default() };
    let start = Instant::now();
    let mut wins = 0;
    let mut report = Vec::new();
    for seed in 1..=10u64 {
        let side = PlayerId::BOTH[(seed % 2) as usize];
        let (outcome, plies) = play(&*engine, seed, side, &limits);
        report.push(format!("seed {seed}, searcher plays {}: {outcome:?} after {plies} plies", engine.game().players[side].name));
        wins += (outcome == Outcome::SearcherWon) as usize;
    }
    let report = report.join("\n");
    println!("{report}\n{wins}/10 won in {:?}", start.elapsed());
    assert!(wins >= 9, "the searcher won only {wins} of 10 games:\n{report}");
}

#[test]
fn finds_a_mate_in_one() {
    let engine = xiangqi();
    let game = engine.game();
    // Black's General alone on e10; White's Chariot on a9 guards rank 9, and
    // the Chariot on i1 mates on i10 (d10 is covered along rank 10 and faces
    // White's General on d1). Other checks (a9-a10, i1-e1) let the General out.
    let pos = fen::parse(game, "4k4/R8/9/9/9/9/9/9/9/3K4R w").unwrap();
    let found = search::search(&*engine, &pos, &Limits::depth(3));
    let best = found.best.expect("White has moves");
    assert_eq!(notation::move_text(game, best), "i1-i10");
    assert_eq!(search::mate_in(found.score), Some(1), "score {}", found.score);
    let mut after = pos.clone();
    after.make(best);
    assert_eq!(legal::result(&*engine, &after), Some(GameResult::Win(PlayerId::FIRST)));
}

#[test]
fn finds_a_mate_in_one_for_the_second_player() {
    let engine = xiangqi();
    let game = engine.game();
    // The same pattern, mirrored: Black mates on i1.
    let pos = fen::parse(game, "3k4r/9/9/9/9/9/9/9/r8/4K4 b").unwrap();
    let found = search::search(&*engine, &pos, &Limits::movetime(std::time::Duration::from_millis(200)));
    let best = found.best.expect("Black has moves");
    assert_eq!(notation::move_text(game, best), "i10-i1");
    assert_eq!(search::mate_in(found.score), Some(1));
}

#[test]
fn a_mated_side_has_no_move_and_a_mate_score() {
    let engine = xiangqi();
    let game = engine.game();
    let pos = fen::parse(game, "4k3R/R8/9/9/9/9/9/9/9/3K5 b").unwrap();
    assert_eq!(legal::result(&*engine, &pos), Some(GameResult::Win(PlayerId::FIRST)));
    let found = search::search(&*engine, &pos, &Limits::depth(2));
    assert_eq!(found.best, None);
    assert_eq!(search::mate_in(found.score), Some(0));
}

#[test]
fn limits_stop_the_search() {
    let engine = xiangqi();
    let game = engine.game();
    let pos = fen::parse(game, &game.setup).unwrap();
    let by_nodes = search::search(&*engine, &pos, &Limits::nodes(5_000));
    assert!(by_nodes.best.is_some());
    assert!(by_nodes.nodes <= 5_000 + 64, "{} nodes", by_nodes.nodes);
    let by_depth = search::search(&*engine, &pos, &Limits::depth(2));
    assert_eq!(by_depth.depth, 2);
    let start = Instant::now();
    let by_time = search::search(&*engine, &pos, &Limits::movetime(std::time::Duration::from_millis(100)));
    assert!(by_time.best.is_some());
    assert!(start.elapsed().as_millis() < 1_000, "took {:?}", start.elapsed());
}

#[test]
fn piece_values_follow_mobility() {
    let engine = xiangqi();
    let game = engine.game();
    let eval = search::eval::Evaluator::new(&*engine);
    let value = |symbol: &str| eval.piece_values()[game.piece_by_symbol(symbol).unwrap().index()];
    // Royals count for nothing; a Chariot is worth more than a Cannon, which is
    // worth more than a Horse, which is worth more than a Soldier or an Advisor.
    assert_eq!(value("K"), 0);
    assert!(value("R") > value("C"), "R {} C {}", value("R"), value("C"));
    assert!(value("C") > value("N"));
    assert!(value("N") > value("P"));
    assert!(value("N") > value("A"));
}

#[test]
fn repeating_a_position_counts_as_a_draw() {
    let engine = xiangqi();
    let game = engine.game();
    // White is a Chariot up. Had the position after h1-h2 been seen before,
    // playing it again would be a draw, so the searcher must choose another move.
    let pos = fen::parse(game, "4k4/9/9/9/9/9/9/9/9/3K3R1 w").unwrap();
    let mut searcher = Searcher::new(&*engine);
    let free = searcher.search(&pos, &Limits::depth(2));
    assert!(free.score > 500, "{}", free.score);
    let mut repeated = pos.clone();
    let best = free.best.unwrap();
    repeated.make(best);
    let found = searcher.search_game(&[PositionKey::of(&repeated)], &pos, &Limits::depth(2));
    assert_ne!(found.best, Some(best), "the searcher walked into a repetition");
    assert!(found.score > 500);
}

#[test]
fn the_smallest_budgets_still_give_a_legal_move() {
    let engine = xiangqi();
    let pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
    let legal = legal::legal_moves(engine.as_ref(), &pos);
    for nodes in 0..3 {
        let found = search::search(engine.as_ref(), &pos, &Limits::nodes(nodes));
        let best = found.best.expect("the opening position has moves");
        assert!(legal.contains(&best), "{nodes} nodes gave an illegal move");
        assert_eq!(search::mate_in(found.score), None, "{nodes} nodes: no mate in the opening");
    }
}

#[test]
fn a_raised_stop_flag_ends_an_unbounded_search_with_a_move() {
    let engine = xiangqi();
    let pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
    let stop = search::StopFlag::new();
    let limits = Limits { depth: Some(search::MAX_DEPTH), stop: Some(stop.clone()), ..Limits::default() };
    let started = Instant::now();
    let found = std::thread::scope(|scope| {
        let searching = scope.spawn(|| search::search(engine.as_ref(), &pos, &limits));
        std::thread::sleep(std::time::Duration::from_millis(200));
        stop.raise();
        searching.join().unwrap()
    });
    // Depth 64 would take far longer than the test's whole budget.
    assert!(started.elapsed().as_secs() < 5, "the search did not stop: {:?}", started.elapsed());
    assert!(found.depth < search::MAX_DEPTH);
    assert!(found.best.is_some());
}

#[test]
fn every_finished_iteration_is_reported_in_order() {
    let engine = xiangqi();
    let pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
    let mut depths = Vec::new();
    let mut searcher = Searcher::new(engine.as_ref());
    let found = searcher.search_reporting(&[], &pos, &Limits::depth(3), &mut |r| depths.push((r.depth, r.best.is_some(), r.pv.len())));
    assert_eq!(depths.iter().map(|d| d.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!(depths.iter().all(|&(_, has_best, pv)| has_best && pv >= 1));
    assert_eq!(found.depth, 3);
}

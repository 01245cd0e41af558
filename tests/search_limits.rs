//! The search keeps its limits from the first node, at any depth, in the
//! position that used to break them: a busy Shogi middlegame with pieces in
//! hand, where depth 1 alone visited 2.2 million nodes (3 s) because the
//! quiescence search followed every capture sequence to its end. Every bound
//! here is generous (a loaded machine must pass) but far under those 3 s.

use std::time::{Duration, Instant};
use vdl_runtime::search::{eval::Evaluator, Limits, Searcher, StopFlag, CHECK_INTERVAL};
use vdl_runtime::{fen, legal, Engine, Position};

/// From issue 45: White to move, holding a Gold and two Pawns; promoted
/// pieces and pieces in contact all over the board.
const BUSY_SHOGI: &str = "2+N1+RG1kp/l+P4p1s/P2n3pP/1pp1gPBbn/LrPpp4/4P2Ps/SP1g5/6Pl1/1KS3+n+l1[GPP] w";

/// Wall time a search with a tiny budget may take, all overheads included.
const PROMPT: Duration = Duration::from_millis(500);

fn shogi() -> Box<dyn Engine> {
    (vdl_variants::by_name("shogi").expect("shogi is bundled").engine)()
}

fn busy(engine: &dyn Engine) -> Position {
    fen::parse(engine.game(), BUSY_SHOGI).expect("the position of issue 45 reads")
}

/// Searches with the piece values measured beforehand (they are measured once
/// per game, not per search), and times the search alone.
fn timed_search(engine: &dyn Engine, eval: &Evaluator, pos: &Position, limits: &Limits) -> (vdl_runtime::search::SearchResult, Duration) {
    let mut searcher = Searcher::with_evaluator(engine, eval.clone());
    let start = Instant::now();
    let found = searcher.search(pos, limits);
    (found, start.elapsed())
}

fn assert_legal(engine: &dyn Engine, pos: &Position, found: &vdl_runtime::search::SearchResult, what: &str) {
    let best = found.best.unwrap_or_else(|| panic!("{what}: no move"));
    assert!(legal::legal_moves(engine, pos).contains(&best), "{what}: an illegal move");
}

#[test]
fn a_short_movetime_holds_in_a_busy_shogi_middlegame() {
    let engine = shogi();
    let eval = Evaluator::new(&*engine);
    let pos = busy(&*engine);
    for ms in [0, 10] {
        let (found, took) = timed_search(&*engine, &eval, &pos, &Limits::movetime(Duration::from_millis(ms)));
        assert!(took < PROMPT, "movetime {ms} took {took:?} ({} nodes)", found.nodes);
        assert_legal(&*engine, &pos, &found, &format!("movetime {ms}"));
    }
}

#[test]
fn a_node_limit_holds_from_the_first_node() {
    let engine = shogi();
    let eval = Evaluator::new(&*engine);
    let pos = busy(&*engine);
    for nodes in [0, 1, 2, 100] {
        let (found, took) = timed_search(&*engine, &eval, &pos, &Limits::nodes(nodes));
        assert!(found.nodes <= nodes.max(1), "{} nodes visited under a limit of {nodes}", found.nodes);
        assert!(took < PROMPT, "nodes {nodes} took {took:?}");
        assert_legal(&*engine, &pos, &found, &format!("nodes {nodes}"));
    }
}

#[test]
fn a_stop_raised_before_the_first_node_gives_a_move_at_once() {
    let engine = shogi();
    let eval = Evaluator::new(&*engine);
    let pos = busy(&*engine);
    let stop = StopFlag::new();
    stop.raise();
    let limits = Limits { depth: Some(1), stop: Some(stop), ..Limits::default() };
    let (found, took) = timed_search(&*engine, &eval, &pos, &limits);
    assert!(found.nodes <= CHECK_INTERVAL, "{} nodes after stop", found.nodes);
    assert_eq!(found.depth, 0, "no iteration finished");
    assert!(took < PROMPT, "took {took:?}");
    assert_legal(&*engine, &pos, &found, "stopped");
}

#[test]
fn a_stop_during_depth_one_ends_it_promptly() {
    let engine = shogi();
    let eval = Evaluator::new(&*engine);
    let pos = busy(&*engine);
    let stop = StopFlag::new();
    let limits = Limits { depth: Some(vdl_runtime::search::MAX_DEPTH), stop: Some(stop.clone()), ..Limits::default() };
    let mut searcher = Searcher::with_evaluator(&*engine, eval);
    let (found, after_stop) = std::thread::scope(|scope| {
        let searching = scope.spawn(|| {
            let found = searcher.search(&pos, &limits);
            (found, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(20));
        let raised = Instant::now();
        stop.raise();
        let (found, ended) = searching.join().unwrap();
        (found, ended.saturating_duration_since(raised))
    });
    assert!(after_stop < PROMPT, "the search ran {after_stop:?} after stop");
    assert_legal(&*engine, &pos, &found, "stopped");
}

/// Depth 1 is the root's moves and the captures after them: the quiescence
/// search stays small (a few tens of thousands of nodes, not millions).
#[test]
fn depth_one_does_not_explode_on_captures_and_drops() {
    let engine = shogi();
    let eval = Evaluator::new(&*engine);
    let pos = busy(&*engine);
    let (found, took) = timed_search(&*engine, &eval, &pos, &Limits::depth(1));
    assert_eq!(found.depth, 1);
    assert!(found.nodes < 200_000, "depth 1 visited {} nodes", found.nodes);
    assert!(took < Duration::from_secs(1), "depth 1 took {took:?}");
    assert_legal(&*engine, &pos, &found, "depth 1");
}

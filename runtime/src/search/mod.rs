//! A computer opponent for every variant: iterative-deepening alpha-beta
//! (negamax) over the runtime API, with a capture-only quiescence search and a
//! simple move ordering (the previous iteration's principal variation, then
//! captures by MVV-LVA, then killer moves, no transposition table).
//!
//! The evaluation ([`eval::Evaluator`]) is derived from the game's rules, so this
//! works on any game the engines run. Checkmate and stalemate are scored with
//! [`legal::result`], so the game's own stalemate rule counts, and so does a
//! reached goal (a win or loss like a mate).
//!
//! ```
//! # use vdl_runtime::{search, fen, Interpreter};
//! # fn demo(engine: &dyn vdl_runtime::Engine) {
//! let pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
//! let found = search::search(engine, &pos, &search::Limits::depth(2));
//! assert!(found.best.is_some());
//! # }
//! ```

pub mod eval;
mod key;
mod order;

pub use key::PositionKey;

use crate::engine::Engine;
use crate::legal::{self, GameResult};
use crate::position::{Move, Position};
use eval::Evaluator;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The score of a checkmate delivered now; a mate `n` plies away scores
/// `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 10_000;
/// The deepest the search goes, whatever the limits.
pub const MAX_DEPTH: u32 = 64;
const INFINITY: i32 = MATE + 1;
/// The search looks at the clock and the stop flag every this many nodes
/// (a power of two): often enough to stop within a fraction of a millisecond,
/// rarely enough that reading the clock costs nothing measurable.
pub const CHECK_INTERVAL: u64 = 256;
/// The quiescence search follows at most this many captures beyond the
/// horizon; then the side to move stands pat. Without a bound, a busy position
/// (pieces in contact everywhere, captured pieces changing sides) makes the
/// capture tree grow exponentially.
const QUIESCENCE_PLIES: u32 = 8;

/// When to stop searching. Every limit that is set applies; with none set, the
/// search stops at depth [`Limits::DEFAULT_DEPTH`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Stop after this long. The limit holds from the first node, at any
    /// depth: the best move of the last finished iteration is returned, or,
    /// before the first iteration finishes, the best of the moves it has
    /// searched, or the first legal move in search order.
    pub movetime: Option<Duration>,
    /// Stop after visiting this many nodes (same rule as `movetime`).
    pub nodes: Option<u64>,
    /// Stop when another thread raises this flag (same rule as `movetime`):
    /// how a front end ends a search on `stop` or `quit`.
    pub stop: Option<StopFlag>,
}

/// A flag shared between a search and the thread that may end it early.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every search holding this flag to stop soon (within
    /// [`CHECK_INTERVAL`] nodes).
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two flags are equal when they are the same flag.
impl PartialEq for StopFlag {
    fn eq(&self, other: &StopFlag) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for StopFlag {}

impl Limits {
    pub const DEFAULT_DEPTH: u32 = 4;

    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn movetime(movetime: Duration) -> Limits {
        Limits { movetime: Some(movetime), ..Limits::default() }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The score of `best` for the side to move, in [`eval::UNIT`]s; beyond
    /// [`MATE_BOUND`] a forced mate (see [`mate_in`]).
    pub score: i32,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Nodes visited, quiescence included.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    pub elapsed: Duration,
}

/// Plies to a forced mate from a score: positive when the side to move mates,
/// negative when it is mated; `None` for an ordinary score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Searches `pos` with a fresh [`Searcher`] (which measures the pieces first;
/// keep a [`Searcher`] to search many positions of one game).
pub fn search<E: Engine + ?Sized>(engine: &E, pos: &Position, limits: &Limits) -> SearchResult {
    Searcher::new(engine).search(pos, limits)
}

/// A reusable computer player for one engine.
pub struct Searcher<'e, E: Engine + ?Sized> {
    engine: &'e E,
    eval: Evaluator,
}

impl<'e, E: Engine + ?Sized> Searcher<'e, E> {
    pub fn new(engine: &'e E) -> Self {
        Searcher { engine, eval: Evaluator::new(engine) }
    }

    /// With an evaluator measured before (it depends only on the game).
    pub fn with_evaluator(engine: &'e E, eval: Evaluator) -> Self {
        Searcher { engine, eval }
    }

    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Finds a move for the side to move of `pos`.
    pub fn search(&self, pos: &Position, limits: &Limits) -> SearchResult {
        self.search_game(&[], pos, limits)
    }

    /// Finds a move for the side to move of `pos`, reached after the positions
    /// whose keys are `history` (the game so far, in any order). A line that
    /// comes back to a position of the game or of the line itself is scored as a draw, so that
    /// the side ahead makes progress instead of repeating moves (such as
    /// endless checks) and the side behind seeks repetitions.
    pub fn search_game(&self, history: &[PositionKey], pos: &Position, limits: &Limits) -> SearchResult {
        self.search_reporting(history, pos, limits, &mut |_| {})
    }

    /// As [`Searcher::search_game`], calling `report` with the result of every
    /// finished iteration (for a protocol's `info` lines).
    pub fn search_reporting(
        &self,
        history: &[PositionKey],
        pos: &Position,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        let mut run = Run {
            seen: history.iter().copied().collect(),
            path: vec![PositionKey::of(pos)],
            engine: self.engine,
            eval: &self.eval,
            deadline: limits.movetime.map(|t| start + t),
            node_limit: limits.nodes,
            stop: limits.stop.clone(),
            nodes: 0,
            stopped: false,
            root_depth: 1,
            first_root_move: None,
            killers: vec![[None; 2]; MAX_DEPTH as usize + 2],
            pv: vec![Vec::new(); MAX_DEPTH as usize + 2],
            prev_pv: Vec::new(),
        };
        let max_depth =
            limits.depth.unwrap_or(if limits.movetime.is_some() || limits.nodes.is_some() { MAX_DEPTH } else { Limits::DEFAULT_DEPTH });
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        let mut pos = pos.clone();
        let mut result = SearchResult { best: None, score: 0, depth: 0, nodes: 0, pv: Vec::new(), elapsed: Duration::ZERO };
        let legal = legal::legal_moves(self.engine, &pos);
        if legal.is_empty() {
            result.score = run.terminal_score(&pos, 0);
            result.elapsed = start.elapsed();
            return result;
        }
        for depth in 1..=max_depth {
            let (score, best) = run.root(&mut pos, depth, &legal);
            if run.stopped {
                // An unfinished iteration is kept if it is the first, or if it
                // already found a better move than the previous iteration's,
                // which it searched first.
                if let Some(best) = best {
                    if result.best.is_none() || (Some(best) != result.best && score > result.score) {
                        result.best = Some(best);
                        result.score = score;
                        result.pv = run.pv[0].clone();
                    }
                }
                break;
            }
            result.best = best;
            result.score = score;
            result.depth = depth;
            result.pv = run.pv[0].clone();
            run.prev_pv = result.pv.clone();
            result.nodes = run.nodes;
            result.elapsed = start.elapsed();
            report(&result);
            // A forced mate found at this depth will not get better.
            if mate_in(score).is_some_and(|plies| plies.unsigned_abs() <= depth) {
                break;
            }
            if run.stopped || run.out_of_budget() {
                break;
            }
        }
        if result.best.is_none() {
            // Stopped before the first move was searched: the first in search
            // order (the likeliest best), scored as the position stands.
            result.best = run.first_root_move;
            result.pv = run.first_root_move.into_iter().collect();
            result.score = self.eval.evaluate(&pos);
        }
        result.nodes = run.nodes;
        result.elapsed = start.elapsed();
        result
    }
}

/// The state of one search.
struct Run<'a, E: Engine + ?Sized> {
    engine: &'a E,
    eval: &'a Evaluator,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: Option<StopFlag>,
    nodes: u64,
    stopped: bool,
    /// The depth of the current iteration (check extensions stop at twice it).
    root_depth: u32,
    /// The move the current iteration searches first: the one to give if the
    /// search stops before any move is searched in full.
    first_root_move: Option<Move>,
    killers: Vec<[Option<Move>; 2]>,
    /// Triangular principal-variation table: `pv[ply]` is the line from `ply`.
    pv: Vec<Vec<Move>>,
    /// The previous iteration's line, tried first.
    prev_pv: Vec<Move>,
    /// Keys of the game's earlier positions.
    seen: HashSet<PositionKey>,
    /// Keys of the positions from the root to the current node.
    path: Vec<PositionKey>,
}

impl<E: Engine + ?Sized> Run<'_, E> {
    fn out_of_budget(&self) -> bool {
        self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    /// Counts a node and checks the limits: the node limit at every node, the
    /// clock and the stop flag every [`CHECK_INTERVAL`] nodes (the first
    /// included), at every depth. A search stopped early still has a move: see
    /// [`Searcher::search_reporting`].
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CHECK_INTERVAL == 1 && self.out_of_budget() {
            self.stopped = true;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        self.stopped
    }

    /// A reached goal ends the game: its score for the side to move.
    #[inline]
    fn goal_score(&self, pos: &Position, ply: u32) -> Option<i32> {
        if self.engine.game().rules.goals.is_empty() {
            return None;
        }
        crate::goals::reached(self.engine, pos).map(|_| self.terminal_score(pos, ply))
    }

    /// The score of a position without legal moves, for the side to move.
    fn terminal_score(&self, pos: &Position, ply: u32) -> i32 {
        match legal::result(self.engine, pos) {
            Some(GameResult::Win(winner)) if winner == pos.side => MATE - ply as i32,
            Some(GameResult::Win(_)) => -(MATE - ply as i32),
            Some(GameResult::Draw) | None => 0,
        }
    }

    /// One iteration over the root's `legal` moves. Returns the best score and
    /// move among those searched in full (`None` when stopped before the first
    /// one was).
    fn root(&mut self, pos: &mut Position, depth: u32, legal: &[Move]) -> (i32, Option<Move>) {
        self.root_depth = depth;
        let mut moves = legal.to_vec();
        let pv_move = self.prev_pv.first().copied();
        order::sort(self.eval, pos, &mut moves, pv_move, [None, None]);
        self.first_root_move = moves.first().copied();
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = None;
        self.pv[0].clear();
        for (i, &mv) in moves.iter().enumerate() {
            let undo = legal::play(self.engine, pos, mv);
            let follow = i == 0 && pv_move == Some(mv);
            let score = -self.negamax(pos, depth - 1, 1, -beta, -alpha, follow);
            self.engine.unmake(pos, mv, undo);
            if self.stopped {
                break;
            }
            if score > alpha || best.is_none() {
                alpha = score;
                best = Some(mv);
                self.set_pv(0, mv);
            }
        }
        (alpha, best)
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// `follow`: this node is on the previous iteration's principal variation.
    fn negamax(&mut self, pos: &mut Position, depth: u32, ply: u32, alpha: i32, beta: i32, follow: bool) -> i32 {
        let p = ply as usize;
        self.pv[p].clear();
        if self.visit() {
            return 0;
        }
        let key = PositionKey::of(pos);
        if self.seen.contains(&key) || self.path.contains(&key) {
            return 0; // a repetition: scored as a draw
        }
        self.path.push(key);
        let score = self.negamax_inner(pos, depth, ply, alpha, beta, follow);
        self.path.pop();
        score
    }

    fn negamax_inner(&mut self, pos: &mut Position, depth: u32, ply: u32, mut alpha: i32, beta: i32, follow: bool) -> i32 {
        let p = ply as usize;
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        let in_check = legal::in_check(self.engine, pos);
        // Check extension: a forced reply costs no depth, so short mates are seen.
        let depth = if in_check && ply < 2 * self.root_depth { depth + 1 } else { depth };
        if depth == 0 || p + 1 >= self.pv.len() {
            return self.quiesce(pos, ply, QUIESCENCE_PLIES, alpha, beta);
        }
        let mut moves = Vec::with_capacity(64);
        self.engine.generate(pos, &mut moves);
        let pv_move = if follow { self.prev_pv.get(p).copied() } else { None };
        order::sort(self.eval, pos, &mut moves, pv_move, self.killers[p]);
        let mut legal_moves = 0;
        let mut best = -INFINITY;
        let legality = legal::Legality::new(self.engine, pos);
        for (i, &mv) in moves.iter().enumerate() {
            let Some(undo) = legality.make_if_legal(self.engine, pos, mv) else { continue };
            legal_moves += 1;
            let child_follow = follow && i == 0 && pv_move == Some(mv);
            let score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, child_follow);
            self.engine.unmake(pos, mv, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                self.set_pv(p, mv);
            }
            if score >= beta {
                if undo.captured.is_empty() {
                    let killers = &mut self.killers[p];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                }
                return score;
            }
        }
        if legal_moves == 0 {
            return self.terminal_score(pos, ply);
        }
        best
    }

    /// Captures only (no drops, no quiet promotions), until the position is
    /// quiet or `captures_left` is 0; the side to move may also stand pat.
    fn quiesce(&mut self, pos: &mut Position, ply: u32, captures_left: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.visit() {
            return 0;
        }
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        let stand = self.eval.evaluate(pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        if captures_left == 0 {
            return stand;
        }
        let mut moves = Vec::with_capacity(64);
        self.engine.generate(pos, &mut moves);
        moves.retain(|mv| order::is_capture(pos, *mv));
        order::sort(self.eval, pos, &mut moves, None, [None, None]);
        let mut best = stand;
        let legality = legal::Legality::new(self.engine, pos);
        for mv in moves {
            let Some(undo) = legality.make_if_legal(self.engine, pos, mv) else { continue };
            let score = -self.quiesce(pos, ply + 1, captures_left - 1, -beta, -alpha);
            self.engine.unmake(pos, mv, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_back() {
        assert_eq!(mate_in(MATE - 3), Some(3));
        assert_eq!(mate_in(-(MATE - 2)), Some(-2));
        assert_eq!(mate_in(250), None);
    }
}

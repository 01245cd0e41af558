//! A computer opponent for every variant: iterative deepening over a
//! principal-variation alpha-beta search ([`run`]) with a transposition table
//! ([`table`]), null-move pruning, late-move reductions, check extensions,
//! killer and history ordering ([`order`]) and a quiescence search of
//! captures and promotions that stays bounded with drops. `Limits::lines`
//! asks for several best lines (UCI's MultiPV).
//!
//! The evaluation ([`eval::Evaluator`]) is derived from the game's rules, so this
//! works on any game the engines run; scores are in hundredths of the game's
//! Pawn-like unit. Checkmate and stalemate are scored with [`legal::result`],
//! so the game's own stalemate rule counts, and so does a reached goal (a win
//! or loss like a mate).
//!
//! ```
//! # use vdl_runtime::{search, fen, Interpreter};
//! # fn demo(engine: &dyn vdl_runtime::Engine) {
//! let pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
//! let found = search::search(engine, &pos, &search::Limits::depth(2));
//! assert!(found.best.is_some());
//! # }
//! ```

mod distance;
pub mod eval;
mod key;
mod measure;
mod order;
mod run;
pub mod table;

pub use key::PositionKey;

use crate::legality::engine::Engine;
use crate::legality::legal;
use crate::state::position::{Move, Position};
use eval::Evaluator;
use order::History;
use run::{Run, INFINITY};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::Table;

/// The score of a checkmate delivered now; a mate `n` plies away scores
/// `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 10_000;
/// The deepest the search goes, whatever the limits.
pub const MAX_DEPTH: u32 = 64;
/// The search looks at the clock and the stop flag every this many nodes
/// (a power of two): often enough to stop within a fraction of a millisecond,
/// rarely enough that reading the clock costs nothing measurable.
pub const CHECK_INTERVAL: u64 = 256;

/// When to stop searching. Every limit that is set applies; with none set, the
/// search stops at depth [`Limits::DEFAULT_DEPTH`].
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// How many best lines to find (UCI's MultiPV): the best move, then the
    /// best of the other moves, and so on. Each costs about a search.
    pub lines: NonZeroUsize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { depth: None, movetime: None, nodes: None, stop: None, lines: NonZeroUsize::MIN }
    }
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
    /// The score of `best` for the side to move, in hundredths of the game's
    /// Pawn-like unit ([`eval::UNIT`]); beyond [`MATE_BOUND`] a forced mate
    /// (see [`mate_in`]).
    pub score: i32,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// The deepest ply any line reached, quiescence included.
    pub seldepth: u32,
    /// Nodes visited, quiescence included.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// The best lines, best first, as many as [`Limits::lines`] asked for (and
    /// the position has moves); the first is `score` and `pv`.
    pub lines: Vec<Line>,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    pub elapsed: Duration,
}

/// One of the best lines and its score (as [`SearchResult::score`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
}

impl SearchResult {
    fn empty() -> SearchResult {
        SearchResult {
            best: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
            hashfull: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// Takes `lines` as the result's (the first is the best).
    fn set_lines(&mut self, lines: Vec<Line>) {
        self.best = lines.first().and_then(|l| l.pv.first().copied());
        self.score = lines.first().map_or(0, |l| l.score);
        self.pv = lines.first().map_or(Vec::new(), |l| l.pv.clone());
        self.lines = lines;
    }

    /// An unfinished iteration's best line (searched first, among the moves it
    /// got through) replaces the last finished one's if there is none, or if
    /// it found a better move.
    fn keep_unfinished(&mut self, line: Line) {
        let first = line.pv.first().copied();
        if self.best.is_none() || (first != self.best && line.score > self.score) {
            let count = self.lines.len().max(1);
            let mut lines = vec![line];
            lines.extend(self.lines.drain(..).filter(|l| l.pv.first().copied() != first));
            lines.truncate(count);
            self.set_lines(lines);
        }
    }
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

/// A reusable computer player for one engine. It keeps its transposition
/// table from search to search (so one searcher plays one game, or one
/// series of positions, at a time).
pub struct Searcher<'e, E: Engine + ?Sized> {
    engine: &'e E,
    eval: Evaluator,
    table: Table,
}

impl<'e, E: Engine + ?Sized> Searcher<'e, E> {
    pub fn new(engine: &'e E) -> Self {
        Searcher::with_evaluator(engine, Evaluator::new(engine))
    }

    /// With an evaluator measured before (it depends only on the game).
    pub fn with_evaluator(engine: &'e E, eval: Evaluator) -> Self {
        Searcher { engine, eval, table: Table::new(Table::DEFAULT_MEGABYTES) }
    }

    /// With a transposition table of about `megabytes` (UCI's `Hash`).
    pub fn with_table_size(self, megabytes: usize) -> Self {
        self.with_table(Table::new(megabytes))
    }

    /// With `table`, which an earlier searcher of the same game filled (a
    /// front end keeps it from move to move).
    pub fn with_table(mut self, table: Table) -> Self {
        self.table = table;
        self
    }

    /// The transposition table, to give to the next searcher.
    pub fn into_table(self) -> Table {
        self.table
    }

    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Finds a move for the side to move of `pos`.
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        self.search_game(&[], pos, limits)
    }

    /// Finds a move for the side to move of `pos`, reached after the positions
    /// whose keys are `history` (the game so far, in any order). A line that
    /// comes back to a position of the game or of the line itself is scored as a draw, so that
    /// the side ahead makes progress instead of repeating moves (such as
    /// endless checks) and the side behind seeks repetitions.
    pub fn search_game(&mut self, history: &[PositionKey], pos: &Position, limits: &Limits) -> SearchResult {
        self.search_reporting(history, pos, limits, &mut |_| {})
    }

    /// As [`Searcher::search_game`], calling `report` with the result of every
    /// finished iteration (for a protocol's `info` lines).
    pub fn search_reporting(
        &mut self,
        history: &[PositionKey],
        pos: &Position,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        self.table.new_search();
        let game = self.engine.game();
        let forward = crate::state::position::forward_only(game);
        let mut run = Run {
            seen: history.iter().copied().collect(),
            path: vec![PositionKey::of(pos)],
            engine: self.engine,
            eval: &self.eval,
            table: &mut self.table,
            history: History::new(game.cell_count()),
            deadline: limits.movetime.map(|t| start + t),
            node_limit: limits.nodes,
            stop: limits.stop.clone(),
            nodes: 0,
            stopped: false,
            root_depth: 1,
            seldepth: 0,
            first_root_move: None,
            killers: vec![[None; 2]; MAX_DEPTH as usize + 2],
            pv: vec![Vec::new(); MAX_DEPTH as usize + 2],
            may_pass_with: game
                .piece_ids()
                .map(|kind| !game.pieces[kind].royal && !forward.contains(crate::Piece::new(kind, crate::PlayerId::FIRST)))
                .collect(),
        };
        let max_depth =
            limits.depth.unwrap_or(if limits.movetime.is_some() || limits.nodes.is_some() { MAX_DEPTH } else { Limits::DEFAULT_DEPTH });
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        let mut pos = pos.clone();
        let mut result = SearchResult::empty();
        let mut moves = legal::legal_moves(self.engine, &pos);
        if moves.is_empty() {
            result.score = run.terminal_score(&pos, 0);
            result.elapsed = start.elapsed();
            return result;
        }
        order::sort(run.eval, &pos, &mut moves, &order::Hints::NONE);
        let wanted = limits.lines.get().min(moves.len());
        for depth in 1..=max_depth {
            run.first_root_move = moves.first().copied();
            let (lines, unfinished) = iteration(&mut run, &mut pos, depth, &mut moves, wanted);
            if run.stopped {
                if let Some(line) = unfinished.filter(|_| lines.is_empty()) {
                    result.keep_unfinished(line);
                }
                break;
            }
            result.set_lines(lines);
            result.depth = depth;
            result.seldepth = run.seldepth;
            result.nodes = run.nodes;
            result.hashfull = run.table.hashfull();
            result.elapsed = start.elapsed();
            report(&result);
            // A forced mate found at this depth will not get better.
            if mate_in(result.score).is_some_and(|plies| plies.unsigned_abs() <= depth) && wanted == 1 {
                break;
            }
            if run.out_of_budget() {
                break;
            }
        }
        if result.best.is_none() {
            // Stopped before the first move was searched: the first in search
            // order (the likeliest best), scored as the position stands.
            let score = self.eval.evaluate(&pos);
            result.set_lines(vec![Line { score, pv: run.first_root_move.into_iter().collect() }]);
        }
        result.nodes = run.nodes;
        result.seldepth = result.seldepth.max(run.seldepth);
        result.hashfull = run.table.hashfull();
        result.elapsed = start.elapsed();
        result
    }
}

/// One iteration at `depth`: the `wanted` best lines, each the best of the
/// root moves the earlier lines did not start with. Returns the finished
/// lines and, when the search stopped within a line, the best of that line's
/// moves searched so far. Reorders `moves` for the next iteration: the lines'
/// moves first, then the others by score.
fn iteration<E: Engine + ?Sized>(
    run: &mut Run<'_, E>,
    pos: &mut Position,
    depth: u32,
    moves: &mut [Move],
    wanted: usize,
) -> (Vec<Line>, Option<Line>) {
    let mut lines: Vec<Line> = Vec::with_capacity(wanted);
    let mut scores: Vec<(Move, i32)> = Vec::with_capacity(moves.len());
    for taken in 0..wanted {
        let line = run.root(pos, depth, &moves[taken..], &mut scores);
        if run.stopped {
            return (lines, line);
        }
        let Some(line) = line else { break };
        // The line's move goes in front of the moves still to rank.
        let first = line.pv[0];
        let at = taken + moves[taken..].iter().position(|&m| m == first).expect("a line starts with a root move");
        moves[taken..=at].rotate_right(1);
        lines.push(line);
    }
    // Each line was searched on its own: list them by score all the same.
    lines.sort_by_key(|l| -l.score);
    for (slot, line) in moves.iter_mut().zip(&lines) {
        *slot = line.pv[0];
    }
    let score_of = |mv: &Move| scores.iter().rev().find(|(m, _)| m == mv).map_or(-INFINITY, |&(_, s)| s);
    moves[lines.len()..].sort_by_cached_key(|mv| -score_of(mv));
    (lines, None)
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

//! One search: principal-variation alpha-beta (negamax) with a transposition
//! table, null-move pruning, late-move reductions, check extensions, killer
//! and history ordering, and a quiescence search of captures and promotions.

use super::activity::Scratch;
use super::eval::Evaluator;
use super::order::{self, Hints, History};
use super::table::{Bound, Table};
use super::{Line, PositionKey, StopFlag, CHECK_INTERVAL, MATE, MATE_BOUND, MAX_DEPTH};
use crate::legality::engine::Engine;
use crate::legality::legal::{self, GameResult};
use crate::state::position::{Move, Position};
use std::collections::HashSet;
use std::time::Instant;

pub(super) const INFINITY: i32 = MATE + 1;
/// The quiescence search follows at most this many captures beyond the
/// horizon; then the side to move stands pat. Without a bound, a busy position
/// (pieces in contact everywhere, captured pieces changing sides) makes the
/// capture tree grow exponentially.
const QUIESCENCE_PLIES: u32 = 8;
/// Promotions that capture nothing are followed only this many plies into the
/// quiescence search: in games where many pieces may promote (every move into
/// a zone), following them all would not stay bounded.
const QUIET_PROMOTION_PLIES: u32 = 2;
/// A capture that, even with this margin, cannot lift the score to alpha is
/// not searched in the quiescence search.
const DELTA_MARGIN: i32 = 2 * super::eval::UNIT;
/// Null-move pruning from this depth on.
const NULL_MOVE_DEPTH: u32 = 3;
/// Futility pruning up to this depth, with this margin per ply.
const FUTILITY_DEPTH: u32 = 2;
const FUTILITY_MARGIN: i32 = 3 * super::eval::UNIT / 2;
/// Late-move reductions from this depth on, after this many moves.
const REDUCTION_DEPTH: u32 = 3;
const REDUCTION_AFTER: u32 = 3;
/// The evaluation skips the pieces' activity (mobility, threats) where the
/// rest of it is this far outside the window.
const LAZY_MARGIN: i32 = 3 * super::eval::UNIT / 2;

/// The state of one search.
pub(super) struct Run<'a, E: Engine + ?Sized> {
    pub engine: &'a E,
    pub eval: &'a Evaluator,
    pub table: &'a mut Table,
    pub history: History,
    pub deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    pub stop: Option<StopFlag>,
    pub nodes: u64,
    pub stopped: bool,
    /// The depth of the current iteration (check extensions stop at twice it).
    pub root_depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The move the current iteration searches first: the one to give if the
    /// search stops before any move is searched in full.
    pub first_root_move: Option<Move>,
    pub killers: Vec<[Option<Move>; 2]>,
    /// Triangular principal-variation table: `pv[ply]` is the line from `ply`.
    pub pv: Vec<Vec<Move>>,
    /// Keys of the game's earlier positions.
    pub seen: HashSet<PositionKey>,
    /// Keys of the positions from the root to the current node.
    pub path: Vec<PositionKey>,
    /// Piece types (by index) whose presence makes a pass safe to try: neither
    /// royal nor moving only forward (without them, zugzwang is likely).
    pub may_pass_with: Vec<bool>,
    pub scratch: Scratch,
}

impl<E: Engine + ?Sized> Run<'_, E> {
    pub fn out_of_budget(&self) -> bool {
        self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    /// Counts a node and checks the limits: the node limit at every node, the
    /// clock and the stop flag every [`CHECK_INTERVAL`] nodes (the first
    /// included), at every depth.
    #[inline]
    fn visit(&mut self, ply: u32) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
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
        if !self.engine.game().has_goals() {
            return None;
        }
        crate::legality::goals::reached(self.engine, pos).map(|_| self.terminal_score(pos, ply))
    }

    /// The score of a position without legal moves, for the side to move.
    pub fn terminal_score(&self, pos: &Position, ply: u32) -> i32 {
        match legal::result(self.engine, pos) {
            Some(GameResult::Win(winner)) if winner == pos.side => MATE - ply as i32,
            Some(GameResult::Win(_)) => -(MATE - ply as i32),
            Some(GameResult::Draw) | None => 0,
        }
    }

    /// One pass over the root's `moves` (legal, in search order) at `depth`.
    /// Returns the best line among the moves searched in full (`None` when
    /// stopped before the first one was), and each searched move's score.
    /// Within the window `(alpha, beta)`: a line scoring at most `alpha` or at
    /// least `beta` has only a bound for its score.
    pub fn root(
        &mut self,
        pos: &mut Position,
        depth: u32,
        moves: &[Move],
        window: (i32, i32),
        scores: &mut Vec<(Move, i32)>,
    ) -> Option<Line> {
        self.root_depth = depth;
        let (mut alpha, beta) = window;
        let mut best = None;
        self.pv[0].clear();
        for (i, &mv) in moves.iter().enumerate() {
            let undo = legal::play(self.engine, pos, mv);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, 1, -beta, -alpha, true)
            } else {
                let probe = -self.negamax(pos, depth - 1, 1, -alpha - 1, -alpha, true);
                if probe > alpha && !self.stopped {
                    -self.negamax(pos, depth - 1, 1, -beta, -alpha, true)
                } else {
                    probe
                }
            };
            self.engine.unmake(pos, mv, undo);
            if self.stopped {
                break;
            }
            scores.push((mv, score));
            if score > alpha || best.is_none() {
                alpha = score;
                best = Some(mv);
                self.set_pv(0, mv);
            }
            if score >= beta {
                break;
            }
        }
        best.map(|_| Line { score: alpha, pv: self.pv[0].clone() })
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// `may_pass`: a null move may be tried here (not twice in a row).
    fn negamax(&mut self, pos: &mut Position, depth: u32, ply: u32, alpha: i32, beta: i32, may_pass: bool) -> i32 {
        self.pv[ply as usize].clear();
        // At the horizon the quiescence search counts the node.
        if depth > 0 && self.visit(ply) {
            return 0;
        }
        let key = PositionKey::of(pos);
        if self.seen.contains(&key) || self.path.contains(&key) {
            return 0; // a repetition: scored as a draw
        }
        self.path.push(key);
        let score = self.node(pos, key, depth, ply, alpha, beta, may_pass);
        self.path.pop();
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn node(&mut self, pos: &mut Position, key: PositionKey, depth: u32, ply: u32, mut alpha: i32, beta: i32, may_pass: bool) -> i32 {
        let p = ply as usize;
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        let in_check = legal::in_check(self.engine, pos);
        // Check extension: a forced reply costs no depth, so short mates are seen.
        let depth = if in_check && ply < 2 * self.root_depth { depth + 1 } else { depth };
        if depth == 0 || p + 2 >= self.pv.len() {
            return self.quiesce(pos, ply, QUIESCENCE_PLIES, alpha, beta, None);
        }
        let pv_node = beta - alpha > 1;
        let table_key = key.with_state(pos);
        let entry = self.table.probe(table_key);
        if let Some(entry) = entry.filter(|e| !pv_node && e.depth as u32 >= depth) {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        // The position as it stands, where pruning may trust it.
        let prunable = !pv_node && !in_check && beta.abs() < MATE_BOUND;
        let stand = if prunable { self.evaluate(pos, alpha, beta) } else { -INFINITY };
        // Far above beta near the horizon: no move will bring it below.
        if prunable && depth <= FUTILITY_DEPTH && stand - FUTILITY_MARGIN * depth as i32 >= beta {
            return stand;
        }
        // Far below alpha near the horizon: only captures and promotions may
        // lift it (quiet moves are played only to find out whether any is legal).
        let futile = prunable && depth <= FUTILITY_DEPTH && stand + FUTILITY_MARGIN * depth as i32 <= alpha;
        if prunable && may_pass && depth >= NULL_MOVE_DEPTH && stand >= beta {
            if let Some(score) = self.null_move(pos, depth, ply, beta) {
                return score;
            }
            if self.stopped {
                return 0;
            }
        }
        let mut moves = Vec::with_capacity(64);
        self.engine.generate(pos, &mut moves);
        let killers = self.killers[p];
        let hints = Hints { best: entry.and_then(|e| e.best), killers, history: Some(&self.history), sort_losing: true };
        order::sort(self.engine, self.eval, pos, &mut moves, &hints);
        let legality = legal::Legality::new(self.engine, pos);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut searched = 0u32;
        for mv in moves {
            let quiet = !order::is_tactical(pos, mv);
            let Some(undo) = legality.make_if_legal(self.engine, pos, mv) else { continue };
            searched += 1;
            if futile && quiet && searched > 1 && !killers.contains(&Some(mv)) {
                self.engine.unmake(pos, mv, undo);
                continue;
            }
            let score = if searched == 1 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let late = quiet && !in_check && !killers.contains(&Some(mv));
                let reduction = if late && depth >= REDUCTION_DEPTH && searched > REDUCTION_AFTER {
                    1 + (searched > 3 * REDUCTION_AFTER) as u32 + (depth >= 8) as u32
                } else {
                    0
                };
                let mut score = -self.negamax(pos, (depth - 1).saturating_sub(reduction), ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true);
                }
                score
            };
            self.engine.unmake(pos, mv, undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                self.set_pv(p, mv);
            }
            if score >= beta {
                if quiet {
                    self.remember_refutation(pos, mv, p, depth);
                }
                break;
            }
        }
        if searched == 0 {
            return self.terminal_score(pos, ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper { None } else { best_move };
        self.table.store(table_key, stored_move, to_table(best_score, ply), depth, bound);
        best_score
    }

    /// The position as it stands, for the side to move: with the pieces'
    /// activity, unless the rest is so far outside `(alpha, beta)` that the
    /// activity will not bring it inside.
    fn evaluate(&mut self, pos: &mut Position, alpha: i32, beta: i32) -> i32 {
        let base = self.eval.evaluate(pos);
        base + self.activity_within(pos, base, alpha, beta).unwrap_or(0)
    }

    /// The pieces' activity, `None` where `base` (the rest of the
    /// evaluation) is too far outside `(alpha, beta)` for it to matter.
    fn activity_within(&mut self, pos: &mut Position, base: i32, alpha: i32, beta: i32) -> Option<i32> {
        let outside = base - LAZY_MARGIN >= beta || base + LAZY_MARGIN <= alpha;
        (!outside).then(|| self.eval.activity(self.engine, pos, &mut self.scratch))
    }

    /// A quiet move that cut the search off: a killer at this ply, and in the
    /// history.
    fn remember_refutation(&mut self, pos: &Position, mv: Move, p: usize, depth: u32) {
        let killers = &mut self.killers[p];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        self.history.reward(pos, mv, depth);
    }

    /// Null-move pruning: if passing still leaves the side to move at or above
    /// `beta` after a shallower search, the position is good enough to cut.
    /// Not tried where zugzwang is likely (only royals and forward-moving
    /// pieces left).
    fn null_move(&mut self, pos: &mut Position, depth: u32, ply: u32, beta: i32) -> Option<i32> {
        if !self.may_pass(pos) {
            return None;
        }
        let reduction = 2 + depth / 4;
        let pass = pos.pass_turn();
        let score = -self.negamax(pos, (depth - 1).saturating_sub(reduction), ply + 1, -beta, -beta + 1, false);
        pos.take_back_pass(pass);
        // A mate found after a pass is no proof: the side did not really pass.
        (!self.stopped && score >= beta).then_some(if score > MATE_BOUND { beta } else { score })
    }

    fn may_pass(&self, pos: &Position) -> bool {
        let side = pos.side;
        let on_board = pos.cells().any(|(_, piece)| !piece.is_empty() && piece.owner() == side && self.may_pass_with[piece.kind().index()]);
        on_board || (pos.has_hands() && pos.kinds_in_hand(side) != 0)
    }

    /// Captures and promotions (no drops) until the position is quiet or
    /// `plies_left` is 0; the side to move may also stand pat.
    /// `inherited`: the activity of the position before the capture that led
    /// here, from this side's point of view (a capture changes it little, and
    /// measuring it costs two move generations).
    #[allow(clippy::too_many_arguments)]
    fn quiesce(&mut self, pos: &mut Position, ply: u32, plies_left: u32, mut alpha: i32, beta: i32, inherited: Option<i32>) -> i32 {
        if self.visit(ply) {
            return 0;
        }
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        let base = self.eval.evaluate(pos);
        let activity = inherited.or_else(|| self.activity_within(pos, base, alpha, beta));
        let stand = base + activity.unwrap_or(0);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        if plies_left == 0 || ply + 1 >= MAX_DEPTH * 2 {
            return stand;
        }
        let quiet_promotions = QUIESCENCE_PLIES - plies_left < QUIET_PROMOTION_PLIES;
        let mut moves = Vec::with_capacity(64);
        self.engine.generate(pos, &mut moves);
        moves.retain(|&mv| {
            let capture = pos.captures(mv);
            (capture || (quiet_promotions && mv.promotion().is_some()))
                && stand + order::gain(self.eval, pos, mv) + DELTA_MARGIN > alpha
                && !order::loses_the_mover(self.engine, self.eval, pos, mv)
        });
        order::sort(self.engine, self.eval, pos, &mut moves, &Hints::NONE);
        let mut best = stand;
        let legality = legal::Legality::new(self.engine, pos);
        for mv in moves {
            let Some(undo) = legality.make_if_legal(self.engine, pos, mv) else { continue };
            let score = -self.quiesce(pos, ply + 1, plies_left - 1, -beta, -alpha, activity.map(|a| -a));
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

/// Mate scores are stored relative to the node (plies to mate from it), so
/// that an entry read at another ply gives the right distance.
fn to_table(score: i32, ply: u32) -> i32 {
    mate_moved(score, ply as i32)
}

fn from_table(score: i32, ply: u32) -> i32 {
    mate_moved(score, -(ply as i32))
}

/// A mate score `plies` further from the root (other scores unchanged).
fn mate_moved(score: i32, plies: i32) -> i32 {
    if score > MATE_BOUND {
        score + plies
    } else if score < -MATE_BOUND {
        score - plies
    } else {
        score
    }
}

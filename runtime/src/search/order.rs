//! Move ordering: the transposition table's move, then captures and
//! promotions (most valuable gain first, then least valuable mover), then
//! killer moves, then the quiet moves by their history.

use super::eval::Evaluator;
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};

/// Captures and promotions: the moves the quiescence search follows.
#[inline]
pub fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.promotion().is_some() || pos.captures(mv)
}

/// The piece that makes `mv` (for a drop, the piece put down).
#[inline]
pub fn mover(pos: &Position, mv: Move) -> Piece {
    match mv {
        Move::Put { kind, .. } => Piece::new(kind, pos.side),
        _ => mv.from().map_or(Piece::EMPTY, |from| pos.at(from)),
    }
}

/// What a capture or promotion gains in material, as the ordering counts it.
pub fn gain(eval: &Evaluator, pos: &Position, mv: Move) -> i32 {
    let mut gain = 0;
    let target = pos.at(mv.to());
    if !target.is_empty() && target.owner() != pos.side {
        gain += eval.value(target.kind());
    }
    if let Some(cell) = mv.extra_capture() {
        gain += eval.value(pos.at(cell).kind());
    }
    if let Some(kind) = mv.promotion() {
        gain += (eval.value(kind) - eval.value(mover(pos, mv).kind())).max(0);
    }
    gain
}

/// How often each quiet move (by moving piece and destination) cut the search
/// off, weighted by depth: the moves that refuted other positions are tried
/// first in this one.
#[derive(Clone, Debug)]
pub struct History {
    scores: Vec<i32>,
    cells: usize,
}

impl History {
    /// Above this the scores are halved, so that recent cut-offs count more.
    const CEILING: i32 = 1 << 20;

    pub fn new(cells: usize) -> History {
        History { scores: vec![0; 256 * cells], cells }
    }

    #[inline]
    fn index(&self, pos: &Position, mv: Move) -> usize {
        mover(pos, mv).0 as usize * self.cells + mv.to().index()
    }

    #[inline]
    pub fn score(&self, pos: &Position, mv: Move) -> i32 {
        self.scores[self.index(pos, mv)]
    }

    /// `mv` cut the search off at `depth`.
    pub fn reward(&mut self, pos: &Position, mv: Move, depth: u32) {
        let index = self.index(pos, mv);
        let score = &mut self.scores[index];
        *score += (depth * depth) as i32;
        if *score > History::CEILING {
            self.scores.iter_mut().for_each(|s| *s /= 2);
        }
    }
}

/// What the ordering knows besides the moves.
pub struct Hints<'h> {
    /// The transposition table's best move for the position.
    pub best: Option<Move>,
    pub killers: [Option<Move>; 2],
    pub history: Option<&'h History>,
}

impl Hints<'_> {
    pub const NONE: Hints<'static> = Hints { best: None, killers: [None, None], history: None };
}

pub fn sort(eval: &Evaluator, pos: &Position, moves: &mut [Move], hints: &Hints) {
    // Sorting by key is stable, so equal keys keep generation order.
    moves.sort_by_cached_key(|&mv| -priority(eval, pos, mv, hints));
}

fn priority(eval: &Evaluator, pos: &Position, mv: Move, hints: &Hints) -> i64 {
    if hints.best == Some(mv) {
        return i64::MAX;
    }
    if is_tactical(pos, mv) {
        let attacker = eval.value(mover(pos, mv).kind()) as i64;
        return 1 << 40 | (gain(eval, pos, mv) as i64) << 16 | (0xFFFF - attacker.min(0xFFFF));
    }
    if hints.killers[0] == Some(mv) {
        return 1 << 33;
    }
    if hints.killers[1] == Some(mv) {
        return 1 << 32;
    }
    hints.history.map_or(0, |h| h.score(pos, mv) as i64)
}

//! How far a piece is from what it works towards: the number of its own moves
//! (on an otherwise empty board) to a promotion or into a goal zone. The
//! square tables grow as a piece comes closer, so a Pawn is pushed towards its
//! last rank and a piece that wins by reaching a zone heads for it.

use super::measure::may_stand;
use crate::ir::{CellId, PieceId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};

/// A piece type's way to something it wants, for one owner.
pub struct Way {
    /// Moves from each cell to get there (`Some(0)`: there already), `None`
    /// where it never does.
    pub steps: Vec<Option<u32>>,
    /// The types its promotions make (empty for a way into a zone).
    pub promotions: Vec<PieceId>,
}

/// The way of `kind` (owned by `owner`) to promotion.
pub fn to_promotion<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId) -> Way {
    let moves = moves_from_each_cell(engine, kind, owner);
    let mut promotions: Vec<PieceId> = moves.iter().flatten().filter_map(|mv| mv.promotion()).collect();
    promotions.sort();
    promotions.dedup();
    let steps = relax(&moves, |_| false, |mv| mv.promotion().is_some());
    Way { steps, promotions }
}

/// The way of `kind` (owned by `owner`) into the cells where `inside` holds.
pub fn to_zone<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId, inside: impl Fn(CellId) -> bool) -> Way {
    let moves = moves_from_each_cell(engine, kind, owner);
    let steps = relax(&moves, &inside, |mv| inside(mv.to()));
    Way { steps, promotions: Vec::new() }
}

/// The piece's moves on each cell of an empty board (none where it may not stand).
pub fn moves_from_each_cell<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId) -> Vec<Vec<Move>> {
    let game = engine.game();
    let mut empty = Position::empty(game);
    empty.side = owner;
    game.cell_ids()
        .map(|cell| {
            let mut moves = Vec::new();
            if may_stand(game, kind, owner, cell) {
                let mut pos = empty.clone();
                pos.put(cell, Piece::new(kind, owner));
                engine.generate(&pos, &mut moves);
            }
            moves
        })
        .collect()
}

/// Shortest numbers of moves, by relaxation until nothing changes (a few
/// passes: the boards are small and the distances short).
fn relax(moves: &[Vec<Move>], there: impl Fn(CellId) -> bool, arrives: impl Fn(Move) -> bool) -> Vec<Option<u32>> {
    let mut steps: Vec<Option<u32>> = (0..moves.len()).map(|i| there(CellId::from_index(i)).then_some(0)).collect();
    loop {
        let mut changed = false;
        for (cell, from_here) in moves.iter().enumerate() {
            for &mv in from_here {
                let via = if arrives(mv) { Some(1) } else { steps[mv.to().index()].map(|s| s + 1) };
                if let Some(via) = via {
                    if steps[cell].is_none_or(|s| via < s) {
                        steps[cell] = Some(via);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return steps;
        }
    }
}

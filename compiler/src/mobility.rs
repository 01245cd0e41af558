//! What a piece can do alone on an empty board, asked of the IR interpreter once
//! the IR is built (part of the analyse phase): the cells it could never move
//! from (where promotion is forced and drops are banned) and its bindings
//! (cells it can reach from one another).

use crate::cell_classes::CellClasses;
use std::cell::RefCell;
use vdl_runtime::ir::{Game, PieceId, PlayerId};
use vdl_runtime::{Engine, Interpreter, Move, Piece, Position};

/// The game with promotions, drops and royalty taken out: only movement.
pub struct Mobility {
    engine: Interpreter,
    /// An empty board, lent to `moves`, which leaves it empty again: asked
    /// for every cell, piece type and player, building a position each time
    /// was a fifth of the time.
    empty: RefCell<Position>,
}

impl Mobility {
    pub fn new(game: &Game) -> Mobility {
        let mut bare = game.clone();
        for piece in &mut bare.pieces {
            piece.promotions.clear();
            piece.royal = false;
            piece.captured_as = None;
        }
        let empty = RefCell::new(Position::empty(&bare));
        Mobility { engine: Interpreter::new(bare), empty }
    }

    /// The moves of `kind` of `player` from `cell` on an otherwise empty board.
    pub fn moves(&self, kind: PieceId, player: PlayerId, cell: usize) -> Vec<Move> {
        let mut pos = self.empty.borrow_mut();
        let at = cell as vdl_runtime::CellId;
        pos.put(at, Piece::new(kind, player));
        pos.side = player;
        let mut moves = Vec::new();
        self.engine.generate(&pos, &mut moves);
        pos.put(at, Piece::EMPTY);
        moves
    }

    /// `cells[player][cell]`: the piece could never move from the cell.
    pub fn dead_cells(&self, kind: PieceId) -> Vec<Vec<bool>> {
        let game = self.engine.game();
        (0..game.players.len())
            .map(|player| (0..game.cell_count()).map(|cell| self.moves(kind, player as PlayerId, cell).is_empty()).collect())
            .collect()
    }

    /// The binding of every cell: cells joined by a move of `kind` (of either
    /// player, either way) share a class.
    pub fn bindings(&self, kind: PieceId) -> CellClasses {
        let game = self.engine.game();
        let cells = game.cell_count();
        let mut parent: Vec<usize> = (0..cells).collect();
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for player in 0..game.players.len() {
            for cell in 0..cells {
                for mv in self.moves(kind, player as PlayerId, cell) {
                    let (a, b) = (root(&mut parent, cell), root(&mut parent, mv.to as usize));
                    parent[a] = b;
                }
            }
        }
        CellClasses::from_keys(cells, |cell| root(&mut parent, cell))
    }
}

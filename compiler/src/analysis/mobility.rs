//! What a piece can do alone on an empty board, asked of the IR interpreter once
//! the IR is built (part of the analyse phase): the cells it could never move
//! from (where promotion is forced and drops are banned) and its bindings
//! (cells it can reach from one another). A move that needs another piece (a
//! capture, a hop, a swap) counts where the cells it needs exist.

use crate::front::cell_classes::CellClasses;
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use vdl_runtime::ir::{CellId, Game, PieceId, PlayerId};
use vdl_runtime::plan::Plan;
use vdl_runtime::Generator;
use vdl_runtime::{Interpreter, Move, Piece, Position};

/// The game with promotions, drops and royalty taken out: only movement.
pub struct Mobility {
    engine: Interpreter,
    /// An empty board, lent to `moves`, which leaves it empty again: asked
    /// for every cell, piece type and player, building a position each time
    /// was a fifth of the time.
    empty: RefCell<Position>,
    /// Work left (cells looked at and moves made), for questions that may go
    /// unanswered on a huge game; `None`: no bound.
    budget: Option<Cell<usize>>,
}

impl Mobility {
    /// The mobility of `game`'s pieces, walking `plan` (the plan of `game`'s
    /// moves, made once by the pipeline).
    pub fn new(game: &Game, plan: &Arc<Plan>) -> Mobility {
        let mut bare = game.clone();
        for piece in &mut bare.pieces {
            piece.promotions.clear();
            piece.royal = false;
            piece.captured_as = None;
        }
        let empty = RefCell::new(Position::empty(&bare));
        Mobility { engine: Interpreter::with_plan(bare, Arc::clone(plan)), empty, budget: None }
    }

    /// A mobility that stops answering once `work` is spent: after that
    /// [`Mobility::exhausted`] is true and `moves` gives nothing.
    pub fn with_budget(game: &Game, plan: &Arc<Plan>, work: usize) -> Mobility {
        Mobility { budget: Some(Cell::new(work)), ..Mobility::new(game, plan) }
    }

    pub fn exhausted(&self) -> bool {
        self.budget.as_ref().is_some_and(|left| left.get() == 0)
    }

    /// The moves of `kind` of `player` from `cell` on an otherwise empty board.
    pub fn moves(&self, kind: PieceId, player: PlayerId, cell: usize) -> Vec<Move> {
        if self.exhausted() {
            return Vec::new();
        }
        let mut pos = self.empty.borrow_mut();
        let at = CellId::from_index(cell);
        pos.put(at, Piece::new(kind, player));
        pos.side = player;
        let mut moves = Vec::new();
        self.engine.generate(&pos, &mut moves);
        pos.put(at, Piece::EMPTY);
        if let Some(left) = &self.budget {
            // Generation looks at every cell of the board for the side's pieces.
            left.set(left.get().saturating_sub(pos.board().len() + moves.len()));
        }
        moves
    }

    /// Could `kind` of `player` ever move from `cell`? Alone on the empty
    /// board, or by a move that needs another piece there.
    pub fn can_move_from(&self, kind: PieceId, player: PlayerId, cell: usize) -> bool {
        !self.moves(kind, player, cell).is_empty() || self.moves_with_company(kind, player, CellId::from_index(cell))
    }

    /// `cells[player][cell]`: the piece could never move from the cell.
    pub fn dead_cells(&self, kind: PieceId) -> Vec<Vec<bool>> {
        let game = self.engine.game();
        (0..game.players.len())
            .map(|player| (0..game.cell_count()).map(|cell| !self.can_move_from(kind, PlayerId::from_index(player), cell)).collect())
            .collect()
    }

    /// A move that needs another piece never shows on the empty board: a
    /// capture, a hop over a screen, a swap with a friend. The plan says
    /// where each step could ever land from `from` (its cells on the board,
    /// inside the piece's confinement), whatever stands around.
    fn moves_with_company(&self, kind: PieceId, player: PlayerId, from: CellId) -> bool {
        let side = self.engine.plan().side(player);
        side.steps(kind, from).iter().any(|step| {
            let mut lands = false;
            side.reach(from, step, &mut |_, _| lands = true);
            lands
        })
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
                for mv in self.moves(kind, PlayerId::from_index(player), cell) {
                    let (a, b) = (root(&mut parent, cell), root(&mut parent, mv.to().index()));
                    parent[a] = b;
                }
            }
        }
        CellClasses::from_keys(cells, |cell| root(&mut parent, cell))
    }
}

//! The moves that open cells to capture in passing, as positions keep
//! them: found when a move is made, so a [`crate::Move`] needs no room for
//! them. Planned by the en-passant construct
//! ([`crate::plan::en_passant::passings`]).

use crate::ir::CellId;
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;

/// One move that opens cells to capture in passing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Passing {
    /// The piece that moves (type and owner), and where from and to: the
    /// piece a capture in passing removes stands on `to`.
    pub piece: Piece,
    pub from: CellId,
    pub to: CellId,
    /// The cells left open.
    pub cells: Vec<CellId>,
    /// The enemy pieces that may capture in passing.
    pub by: PieceSet,
}

/// Every passing of a game, found by the moving piece and its move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Passings {
    /// Sorted by start cell, destination and piece.
    list: Vec<Passing>,
    /// `list[from_starts[cell]..from_starts[cell + 1]]` start on `cell`.
    from_starts: Vec<u32>,
    /// The pieces that have passings at all, for a fast "no" on every other
    /// move.
    movers: PieceSet,
}

/// Marks "no capture in passing is possible" in a position.
pub const NO_PASSING: u16 = u16::MAX;

impl Passings {
    /// The passings `list` (in any order, repeats let go) on a board of
    /// `cells` cells.
    pub(crate) fn new(mut list: Vec<Passing>, cells: usize) -> Passings {
        list.sort_by_key(|p| (p.from, p.to, p.piece));
        list.dedup_by_key(|p| (p.from, p.to, p.piece));
        let movers = list.iter().fold(PieceSet::EMPTY, |mut set, p| {
            set.insert(p.piece);
            set
        });
        let from_starts = (0..=cells).map(|cell| list.partition_point(|p| p.from.index() < cell) as u32).collect();
        Passings { list, from_starts, movers }
    }

    /// The passing that `piece`'s move from `from` to `to` makes, if any.
    #[inline]
    pub fn find(&self, piece: Piece, from: CellId, to: CellId) -> Option<u16> {
        if !self.movers.contains(piece) {
            return None;
        }
        let (start, end) = (self.from_starts[from.index()] as usize, self.from_starts[from.index() + 1] as usize);
        self.list[start..end].iter().position(|p| p.to == to && p.piece == piece).map(|i| (start + i) as u16)
    }

    #[inline]
    pub fn get(&self, index: u16) -> &Passing {
        &self.list[index as usize]
    }

    /// Every passing, for readers of position strings.
    pub fn iter(&self) -> impl Iterator<Item = (u16, &Passing)> {
        self.list.iter().enumerate().map(|(i, p)| (i as u16, p))
    }
}

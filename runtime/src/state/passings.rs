//! The moves that open cells to capture in passing, as positions keep
//! them: found when a move is made, so a [`crate::Move`] needs no room for
//! them. Planned by the en-passant construct
//! ([`crate::plan::en_passant::passings`]).

use std::num::NonZeroU16;

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

/// A passing of the game, by its place in [`Passings`]. It holds the place
/// plus one, so that a position's `Option<PassingId>` (no cell open, or the
/// last move's passing) takes two bytes, as the position and its undo
/// record keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PassingId(NonZeroU16);

/// The most cells a game's passings may leave open in all, counted over
/// every passing: a bound on their memory (chess's have 16 cells; a slide
/// whose every cell is a passing passes a number that grows with the square
/// of its length).
pub const MAX_PASSED_CELLS: usize = 1 << 20;

impl PassingId {
    /// The most passings a game may have ([`Passings::new`] refuses more;
    /// the compiler, E0305, says so before).
    pub const MAX_COUNT: usize = u16::MAX as usize;

    /// The passing at `index` of a list of at most [`PassingId::MAX_COUNT`]
    /// ([`Passings::new`] makes sure), so that make, which finds a passing
    /// on every double step, tests nothing here.
    #[inline]
    fn new(index: usize) -> PassingId {
        debug_assert!(index < Self::MAX_COUNT, "at most PassingId::MAX_COUNT passings");
        PassingId(NonZeroU16::MIN.saturating_add(index as u16))
    }

    fn index(self) -> usize {
        usize::from(self.0.get()) - 1
    }
}

impl Passings {
    /// The passings `list` (in any order, repeats let go) on a board of
    /// `cells` cells. Panics past [`PassingId::MAX_COUNT`] passings, which
    /// the compiler refuses (`en_passant::fits`).
    pub(crate) fn new(mut list: Vec<Passing>, cells: usize) -> Passings {
        list.sort_by_key(|p| (p.from, p.to, p.piece));
        list.dedup_by_key(|p| (p.from, p.to, p.piece));
        assert!(list.len() <= PassingId::MAX_COUNT, "{} passings, more than a position can name", list.len());
        let movers = list.iter().fold(PieceSet::EMPTY, |mut set, p| {
            set.insert(p.piece);
            set
        });
        let from_starts = (0..=cells).map(|cell| list.partition_point(|p| p.from.index() < cell) as u32).collect();
        Passings { list, from_starts, movers }
    }

    /// The passing that `piece`'s move from `from` to `to` makes, if any.
    #[inline]
    pub fn find(&self, piece: Piece, from: CellId, to: CellId) -> Option<PassingId> {
        if !self.movers.contains(piece) {
            return None;
        }
        let (start, end) = (self.from_starts[from.index()] as usize, self.from_starts[from.index() + 1] as usize);
        self.list[start..end].iter().position(|p| p.to == to && p.piece == piece).map(|i| PassingId::new(start + i))
    }

    #[inline]
    pub fn get(&self, id: PassingId) -> &Passing {
        &self.list[id.index()]
    }

    /// Every passing, for readers of position strings.
    pub fn iter(&self) -> impl Iterator<Item = (PassingId, &Passing)> {
        self.list.iter().enumerate().map(|(i, p)| (PassingId::new(i), p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passing_id_names_every_place_up_to_the_most_and_fits_two_bytes() {
        for index in [0, 1, PassingId::MAX_COUNT - 1] {
            assert_eq!(PassingId::new(index).index(), index);
        }
        assert_eq!(size_of::<Option<PassingId>>(), 2);
    }

    #[test]
    #[should_panic(expected = "more than a position can name")]
    fn more_passings_than_a_position_can_name_are_refused() {
        let cells = PassingId::MAX_COUNT + 1;
        let piece = Piece::new(crate::ir::PieceId::from_index(0), crate::ir::PlayerId::FIRST);
        let passing = |from: usize| Passing {
            piece,
            from: CellId::from_index(from),
            to: CellId::from_index(0),
            cells: Vec::new(),
            by: PieceSet::EMPTY,
        };
        let _ = Passings::new((0..cells).map(passing).collect(), cells);
    }
}

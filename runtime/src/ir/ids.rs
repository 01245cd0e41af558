//! The ids the IR names things by: cells, piece types, directions, zones.
//! Each is its own type, so that one cannot be passed for another, and each is
//! written in the IR (and in its JSON) as its plain number.

use super::{Cell, Direction, PieceType, Zone};
use serde::{Deserialize, Serialize};

/// An id: a newtype of an unsigned integer, its index in the list of what it
/// names (`index()`, and `list[id]` for that list); `new` is the checked way
/// from an index.
macro_rules! id {
    ($(#[$doc:meta])* $name:ident($int:ty) indexes $item:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $int);

        impl $name {
            /// The id of the item at `index`, if an id can say it.
            #[inline]
            pub fn new(index: usize) -> Option<$name> {
                (index < Self::MAX_COUNT).then_some($name(index as $int))
            }

            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::ops::Index<$name> for Vec<$item> {
            type Output = $item;

            #[inline]
            fn index(&self, id: $name) -> &$item {
                &self[id.index()]
            }
        }

        impl std::ops::IndexMut<$name> for Vec<$item> {
            #[inline]
            fn index_mut(&mut self, id: $name) -> &mut $item {
                &mut self[id.index()]
            }
        }
    };
}

id! {
    /// Index of a cell in [`super::Board::cells`] (`board.cells[id]`).
    CellId(u16) indexes Cell
}

impl CellId {
    /// The most cells a board may have: `u16::MAX` is left for "no cell"
    /// ([`crate::position::NO_CELL`]).
    pub const MAX_COUNT: usize = u16::MAX as usize;

    /// The ids of the first `count` cells, in order; `count` is at most
    /// [`CellId::MAX_COUNT`], as the checker makes sure of every board.
    #[inline]
    pub fn first(count: usize) -> impl DoubleEndedIterator<Item = CellId> + ExactSizeIterator + Clone {
        debug_assert!(count <= CellId::MAX_COUNT);
        (0..count as u16).map(CellId)
    }
}

id! {
    /// Index of a piece type in [`super::Game::pieces`] (`game.pieces[id]`).
    PieceId(u8) indexes PieceType
}

impl PieceId {
    /// The most piece types a game may have: a [`crate::Piece`] keeps its
    /// type in seven bits (the type plus one, so that 0 is the empty cell).
    pub const MAX_COUNT: usize = 127;

    /// The ids of the first `count` piece types, in order; `count` is at most
    /// [`PieceId::MAX_COUNT`], as the checker makes sure of every game.
    #[inline]
    pub fn first(count: usize) -> impl DoubleEndedIterator<Item = PieceId> + ExactSizeIterator + Clone {
        debug_assert!(count <= PieceId::MAX_COUNT);
        (0..count as u8).map(PieceId)
    }
}

id! {
    /// Index of a displacement in [`super::Game::directions`]
    /// (`game.directions[id]`).
    DirId(u16) indexes Direction
}

impl DirId {
    /// The most directions a game may have.
    pub const MAX_COUNT: usize = u16::MAX as usize + 1;
}

id! {
    /// Index of a zone in [`super::Game::zones`] (`game.zones[id]`).
    ZoneId(u16) indexes Zone
}

impl ZoneId {
    /// The highest id a zone may have.
    pub const MAX: u16 = u16::MAX;
    /// The most zones a game may have.
    pub const MAX_COUNT: usize = u16::MAX as usize + 1;
}

/// Index of a player in [`super::Game::players`]; 0 moves first.
pub type PlayerId = u8;

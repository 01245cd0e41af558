//! The ids the IR names things by: cells, piece types, directions, zones,
//! players. Each is its own type, so that one cannot be passed for another,
//! and each is written in the IR (and in its JSON) as its plain number. Their
//! numbers are private: an id is made by `new` (checked), by `from_index`
//! (checked in debug builds, for tables and generated code) or by `first`, and
//! read by `index`.

use super::{Cell, Direction, PieceType, Player, Zone};
use serde::{Deserialize, Serialize};

/// An id: a newtype of an unsigned integer, its index in the list of what it
/// names (`index()`, and `list[id]` for that list); `new` is the checked way
/// from an index.
macro_rules! id {
    ($(#[$doc:meta])* $name:ident($int:ty) indexes $item:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        #[repr(transparent)]
        pub struct $name($int);

        impl $name {
            /// The id of the item at `index`, if an id can say it.
            #[inline]
            pub fn new(index: usize) -> Option<$name> {
                (index < Self::MAX_COUNT).then_some($name(index as $int))
            }

            /// The id of the item at `index`, which the caller knows to be
            /// below `MAX_COUNT` (a loop over a list, a table the compiler
            /// wrote): checked in debug builds only, and a `const fn`, so
            /// that generated code and hot loops pay nothing for it.
            #[inline(always)]
            pub const fn from_index(index: usize) -> $name {
                debug_assert!(index < Self::MAX_COUNT, "an id out of range");
                $name(index as $int)
            }

            /// The item's position in its list.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The ids of the first `count` items, in order (of at most
            /// `MAX_COUNT`: the checker refuses more).
            #[inline]
            pub fn first(count: usize) -> impl DoubleEndedIterator<Item = $name> + ExactSizeIterator + Clone {
                (0..count.min(Self::MAX_COUNT)).map(|index| $name(index as $int))
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
    /// (`NO_CELL` in the position).
    pub const MAX_COUNT: usize = u16::MAX as usize;
}

id! {
    /// Index of a piece type in [`super::Game::pieces`] (`game.pieces[id]`).
    PieceId(u8) indexes PieceType
}

impl PieceId {
    /// The most piece types a game may have: a [`crate::Piece`] keeps its
    /// type in seven bits (the type plus one, so that 0 is the empty cell).
    pub const MAX_COUNT: usize = 127;
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

/// Messages name a direction by its number.
impl std::fmt::Display for DirId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
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

id! {
    /// Index of a player in [`super::Game::players`] (`game.players[id]`):
    /// [`PlayerId::FIRST`] moves first. The runtime's games have two players
    /// (see [`super::ByPlayer`]): each player's opponent is the other.
    PlayerId(u8) indexes Player
}

impl PlayerId {
    /// The most players a game may have: a [`crate::Piece`] keeps its owner
    /// in one bit.
    pub const MAX_COUNT: usize = 2;
    /// The player who moves first (White in chess).
    pub const FIRST: PlayerId = PlayerId(0);
    /// The player who moves second.
    pub const SECOND: PlayerId = PlayerId(1);
    /// Both players, in order.
    pub const BOTH: [PlayerId; 2] = [PlayerId::FIRST, PlayerId::SECOND];

    /// The other player.
    #[inline(always)]
    pub const fn opponent(self) -> PlayerId {
        PlayerId(self.0 ^ 1)
    }

    /// Is this the player who moves first?
    #[inline(always)]
    pub const fn is_first(self) -> bool {
        self.0 == 0
    }

    /// The player whose pieces' owner bit ([`crate::Piece`]'s lowest) is
    /// `bit`'s lowest.
    #[inline(always)]
    pub const fn of_bit(bit: u8) -> PlayerId {
        PlayerId(bit & 1)
    }
}

/// Messages name a player by its number.
impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl CellId {
    /// The mark for "no cell": the one
    /// number a cell's id never has.
    pub(crate) const MARK: CellId = CellId(u16::MAX);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_refuses_what_an_id_cannot_name() {
        assert_eq!(CellId::new(65_534), Some(CellId(65_534)));
        assert_eq!(CellId::new(65_535), None, "u16::MAX is kept for no cell");
        assert_eq!(CellId::new(usize::MAX), None);
        assert_eq!(PieceId::new(126), Some(PieceId(126)));
        assert_eq!(PieceId::new(127), None, "a piece byte holds 127 types");
        assert_eq!(PieceId::new(256), None, "not wrapped to type 0");
        assert_eq!(ZoneId::new(65_535), Some(ZoneId(65_535)));
        assert_eq!(DirId::new(65_536), None);
    }

    #[test]
    fn no_real_cell_is_the_no_cell_mark() {
        assert!(CellId::first(CellId::MAX_COUNT).all(|cell| cell != CellId::MARK));
        assert_eq!(CellId::first(CellId::MAX_COUNT).len(), 65_535);
        assert_eq!(CellId::first(70_000).len(), 65_535, "capped, not wrapped");
        assert_eq!(PieceId::first(300).len(), 127, "capped, not wrapped");
    }

    #[test]
    fn ids_are_written_as_plain_numbers() {
        let target = vec![Some(CellId(1)), None, Some(CellId(0))];
        let json = serde_json::to_string(&Direction { vector: vec![1, 0], target }).unwrap();
        assert_eq!(json, r#"{"vector":[1,0],"target":[1,null,0]}"#);
        let read: Vec<PieceId> = serde_json::from_str("[0,5,126]").unwrap();
        assert_eq!(read, [PieceId(0), PieceId(5), PieceId(126)]);
        assert!(serde_json::from_str::<CellId>("70000").is_err(), "out of range, not wrapped");
    }

    #[test]
    fn lists_are_indexed_by_their_ids() {
        let cells: Vec<Cell> = ["a1", "b1"].map(|name| Cell { name: name.into(), coords: vec![] }).to_vec();
        assert_eq!(cells[CellId(1)].name, "b1");
    }
}

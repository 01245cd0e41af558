//! The prelude's helpers that the printed code calls.

/// The helpers of the prelude that the code uses (a game with hardly any
/// moves may need none), as the printers of the moves report them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Helpers {
    /// `NONE`, the off-board cell.
    pub none: bool,
    /// `new_move(from, to)`.
    pub new_move: bool,
    /// `already(moves, to, second)`.
    pub already: bool,
    /// `Occupancy`, the board's cells as bits (see `leap_sets`, `ride_sets`).
    pub occupancy: bool,
}

impl Helpers {
    pub fn union(self, other: Helpers) -> Helpers {
        Helpers {
            none: self.none || other.none,
            new_move: self.new_move || other.new_move,
            already: self.already || other.already,
            occupancy: self.occupancy || other.occupancy,
        }
    }
}

//! What the generated `generate` reads besides the board and the side.

/// The arguments of `generate` beyond the board and the side: each is passed
/// only when some piece's moves read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GenerateInputs {
    /// Some piece's move function reads the position, not only the board.
    pub position: bool,
    /// The occupied cells the position keeps (`Position::held_cells`).
    pub held_cells: bool,
    /// The cells of each piece the position keeps (`Position::piece_cells`).
    pub piece_cells: bool,
}

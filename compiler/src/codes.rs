//! Stable diagnostic codes. docs/errors.md lists each with a failing example, and
//! tests/ui/fail/ holds one file per code.

/// The text does not follow the grammar.
pub const SYNTAX: &str = "E0001";
/// A name (axis, zone, direction, piece, player) is declared twice.
pub const DUPLICATE_NAME: &str = "E0100";
/// A name is used that is not declared.
pub const UNKNOWN_NAME: &str = "E0101";
/// Two pieces share a symbol.
pub const DUPLICATE_SYMBOL: &str = "E0102";
/// A required part of the file (board, players, forward, setup) is missing.
pub const MISSING_ITEM: &str = "E0103";
/// A part that may appear once (board, game, setup, ...) appears again.
pub const DUPLICATE_ITEM: &str = "E0104";
/// The board's axes or cell names cannot make a board.
pub const BAD_BOARD: &str = "E0200";
/// A label or cell that is not on the board.
pub const OUTSIDE_BOARD: &str = "E0201";
/// A vector has a different number of components than the board has axes.
pub const WRONG_DIMENSION: &str = "E0300";
/// A vector of zeros: a move that goes nowhere.
pub const ZERO_VECTOR: &str = "E0301";
/// A `via` route that cannot be used as written.
pub const BAD_ROUTE: &str = "E0302";
/// A direction set that contains no direction.
pub const EMPTY_DIRECTIONS: &str = "E0303";
/// The players or their views are not usable.
pub const BAD_PLAYERS: &str = "E0400";
/// A piece statement contradicts or repeats another.
pub const CONFLICTING_STATEMENTS: &str = "E0500";
/// The setup does not fit the board or names an unknown piece.
pub const BAD_SETUP: &str = "E0600";
/// A rule about royal pieces in a game that has none.
pub const NO_ROYAL: &str = "E0601";
/// The setup lets the side to move capture a royal piece at once.
pub const SETUP_DECIDED: &str = "E0602";
/// A `draw` statement that cannot be followed (an empty glyph, a glyph count
/// that fits no player count).
pub const BAD_DRAWING: &str = "E0700";
/// A zone that contains no cell (warning).
pub const EMPTY_ZONE: &str = "W0100";
/// Two statements of a piece produce some of the same moves (warning).
pub const OVERLAPPING_MOVES: &str = "W0101";
/// A piece that can never move from any cell (warning).
pub const PIECE_NEVER_MOVES: &str = "W0102";
/// A piece that is not in the setup and that no promotion leads to (warning).
pub const PIECE_NEVER_APPEARS: &str = "W0103";
/// A zone that is declared but never used (warning).
pub const UNUSED_ZONE: &str = "W0104";
/// The setup puts a piece outside the zone it is confined to (warning).
pub const OUTSIDE_CONFINEMENT: &str = "W0105";
/// A promotion whose trigger no move of the piece can meet (warning).
pub const PROMOTION_NEVER_HAPPENS: &str = "W0106";
/// Cells that no piece can ever stand on (warning).
pub const CELLS_NEVER_REACHED: &str = "W0107";

/// Every code with what it means, for docs/errors.md and the tests that each has
/// an example.
pub const ALL: &[(&str, &str)] = &[
    (SYNTAX, "The text does not follow the grammar."),
    (DUPLICATE_NAME, "A name (axis, zone, direction, piece, player) is declared twice."),
    (UNKNOWN_NAME, "A name is used that is not declared."),
    (DUPLICATE_SYMBOL, "Two pieces share a symbol."),
    (MISSING_ITEM, "A required part of the file (board, players, forward, setup) is missing."),
    (DUPLICATE_ITEM, "A part that may appear once (board, game, setup, ...) appears again."),
    (BAD_BOARD, "The board's axes or cell names cannot make a board."),
    (OUTSIDE_BOARD, "A label or cell that is not on the board."),
    (WRONG_DIMENSION, "A vector has a different number of components than the board has axes."),
    (ZERO_VECTOR, "A vector of zeros: a move that goes nowhere."),
    (BAD_ROUTE, "A `via` route that cannot be used as written."),
    (EMPTY_DIRECTIONS, "A direction set that contains no direction."),
    (BAD_PLAYERS, "The players or their views are not usable."),
    (CONFLICTING_STATEMENTS, "A piece statement contradicts or repeats another."),
    (BAD_SETUP, "The setup does not fit the board or names an unknown piece."),
    (NO_ROYAL, "A rule about royal pieces in a game that has none."),
    (SETUP_DECIDED, "The setup lets the side to move capture a royal piece at once."),
    (BAD_DRAWING, "A `draw` statement that cannot be followed (an empty glyph, a glyph count that fits no player count)."),
    (EMPTY_ZONE, "A zone that contains no cell (warning)."),
    (OVERLAPPING_MOVES, "Two statements of a piece produce some of the same moves (warning)."),
    (PIECE_NEVER_MOVES, "A piece that can never move from any cell (warning)."),
    (PIECE_NEVER_APPEARS, "A piece that is not in the setup and that no promotion leads to (warning)."),
    (UNUSED_ZONE, "A zone that is declared but never used (warning)."),
    (OUTSIDE_CONFINEMENT, "The setup puts a piece outside the zone it is confined to (warning)."),
    (PROMOTION_NEVER_HAPPENS, "A promotion whose trigger no move of the piece can meet (warning)."),
    (CELLS_NEVER_REACHED, "Cells that no piece can ever stand on (warning)."),
    (LONG_STEP, "A `step` whose vector goes further than a neighbouring cell."),
    (TOO_MUCH_WORK, "A definition that would need more directions or tables than a game may have."),
    (WHERE_FILTERS_UNION, "A `where` after a union also drops vectors of its earlier sets (warning)."),
];

/// A `step` whose vector goes further than a neighbouring cell.
pub const LONG_STEP: &str = "E0304";
/// A definition that would need more directions or tables than a game may have.
pub const TOO_MUCH_WORK: &str = "E0305";
/// A `where` after a union also drops vectors of its earlier sets (warning).
pub const WHERE_FILTERS_UNION: &str = "W0108";

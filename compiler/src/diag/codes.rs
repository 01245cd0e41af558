//! Stable diagnostic codes, all in one table: each code's identifier, title and
//! explanation. The [`Code`] enum, the `= code:` line of every message and
//! docs/errors.md are all made from it (compiler/tests/ui.rs writes the doc and
//! fails when it is out of date), and tests/ui/fail/ holds a failing example
//! for each code.

use crate::diag::diagnostic::Severity;
use std::fmt;

/// Declares [`Code`] from the table: one variant per row, and the lookups of
/// its identifier, title and explanation.
macro_rules! codes {
    ($($name:ident = $id:literal, $title:literal, $explanation:literal;)*) => {
        /// The kind of a problem; its identifier (`E0101`) never changes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(#[doc = $title] $name,)*
        }

        impl Code {
            /// Every code, in the table's order (errors first, by number).
            pub const ALL: &'static [Code] = &[$(Code::$name),*];

            /// The stable identifier, such as `E0101`.
            pub fn id(self) -> &'static str {
                match self {
                    $(Code::$name => $id,)*
                }
            }

            /// A few words naming the problem, such as "unknown name".
            pub fn title(self) -> &'static str {
                match self {
                    $(Code::$name => $title,)*
                }
            }

            /// What the problem is and how it is usually fixed.
            pub fn explanation(self) -> &'static str {
                match self {
                    $(Code::$name => $explanation,)*
                }
            }
        }
    };
}

codes! {
    Syntax = "E0001", "syntax error",
        "The text does not follow the grammar: a word or sign is missing, misspelt or in the wrong place. The message says what \
         the grammar expected at the first place where it could not go on; a reserved word used as a name gets a help line.";
    NotText = "E0002", "not UTF-8 text",
        "The file is not UTF-8 text. The message gives the line and column of the first byte that cannot be read; save the \
         file as UTF-8 (a byte-order mark at the start is accepted).";
    BeyondLimits = "E0003", "beyond the checker's limits",
        "The input is beyond what the checker takes: a file over 10 MB, brackets nested over 64 deep, a zone chaining over \
         256 operators, a run of over 256 `not`, or a number (a numeric label too) beyond 2147483647. No real game comes near these limits; they \
         keep the checker fast and its memory bounded on any input.";
    DuplicateName = "E0100", "name declared twice",
        "A name (axis, zone, direction, piece, group or player) is declared twice. Names of one kind share one namespace; rename \
         one of the declarations.";
    UnknownName = "E0101", "unknown name",
        "A name is used that is not declared, or is declared only further down: zones, directions, groups and pieces must be \
         declared before they are used. The help suggests the closest declared name.";
    DuplicateSymbol = "E0102", "symbol used twice",
        "Two pieces share a symbol. Position strings tell pieces apart by their symbol, so each piece needs its own letter.";
    MissingItem = "E0103", "required part missing",
        "A part every game needs (board, players, forward direction, setup) is missing from the file.";
    DuplicateItem = "E0104", "part given twice",
        "A part that may appear only once (board, game name, setup, forward, stalemate rule, ...) appears again.";
    ControlInName = "E0105", "control character in the game's name",
        "The `game` statement's name holds a control character (a tab, carriage return, NUL, escape, DEL, ...). The name \
         is shown in terminals and web pages and written into the programs `vdl build` makes, where such a character \
         breaks lines, changes what a terminal shows or makes the project unreadable. Write the name in visible characters.";
    PromotedFormOfTwoTypes = "E0106", "promoted form of two types",
        "A piece whose symbol ends in `~` is a promoted form: captured, it joins the hand as the type that promotes to it \
         (crazyhouse's `Q~` joins as a Pawn). Two types promote to this one, so it is not known which. Give each promoting \
         type its own promoted form.";
    BadBoard = "E0200", "unusable board",
        "The board's axes, labels or cell names cannot make a board: a label range that is not a range or has more than 4,096 labels, an axis with no label, \
         a fold that does not fill its axes, a board too large.";
    OutsideBoard = "E0201", "not on the board",
        "A label, cell or zone part names something that is not on the board.";
    EmptyBoard = "E0202", "no cell left",
        "The board's `cells` and `without` statements leave no cell of its box: a game needs cells to play on. Usually a \
         condition is the wrong way round (`without` where `cells` was meant) or two conditions exclude each other.";
    NotNumbers = "E0203", "labels that are not numbers",
        "A coordinate condition (`x + y + z == 0`) adds labels as numbers, but an axis or fold it names has a label that is \
         not a whole number. Give the geometric axes numeric labels (`axis x = -5..5`) and name the cells with folds \
         (`fold file = [a b c] along x`).";
    WrongDimension = "E0300", "vector of the wrong size",
        "A vector has a different number of components than the board has axes; write one component per axis, in the order the \
         axes are declared.";
    ZeroVector = "E0301", "zero vector",
        "A vector of zeros: a move that goes nowhere.";
    BadRoute = "E0302", "unusable route",
        "A `via` route cannot be used as written: routes belong to leaps, and a capturing leap needs exactly one route of one \
         cell to each destination.";
    EmptyDirections = "E0303", "no direction left",
        "A direction set that contains no direction, usually because its `where` conditions exclude one another.";
    LongStep = "E0304", "step longer than one cell",
        "A `step` whose vector goes further than a neighbouring cell: a step moves to an adjacent cell. Write the move as a \
         `leap` (which jumps) or a `slide` with a range (which is blocked by pieces between).";
    TooMuchWork = "E0305", "definition too large",
        "A definition that would need more directions or tables than a game may have: a `*` vector with more than 1,024 \
         images, more than 65,536 directions or direction tables of more than 4,194,304 entries, a leap with `via` routes on more than 6 axes, more than \
         65,281 zones, rides and hops that pass more than 2,097,152 cells in all from every cell (the move plan), moves `en passant` that \
         are more than 65,535 (the passings a position can name) or leave more than 1,048,576 cells open in all, or a piece type with \
         more than 64 promotions or whose promotions give its moves more than 256 outcomes. No real game comes near these bounds; they keep the checker's time and memory bounded.";
    UnmovedCapture = "E0306", "first move that captures",
        "A `when unmoved` rule (one that holds only while its piece has not moved since the setup) must be `move only`: such \
         rules are walked apart from the attack tables, so they cannot capture or give check. Write the capture as a rule of \
         its own.";
    BadEnPassant = "E0307", "nothing to capture in passing",
        "An `en passant by` rule must pass over cells: a `step` or `slide` (the cells before its destination) or a `leap` with \
         exactly one `via` route (the route's cells). A hop, a capturing leap or a leap without a route leaves no cell open.";
    BadCastling = "E0308", "unusable castling",
        "A `castle` statement must move its piece at least 2 cells (`by N`: the partner lands on the cell the piece crossed \
         last), or name, with `to`, two zones where the piece and its partner land: each with a cell for every player, and no \
         cell in common; and it must name at least one partner piece.";
    BadHopLimit = "E0309", "unusable hop limit",
        "`over PIECES` (or `over not PIECES`) limits the types a hop's screen may be of, and `sparing PIECES` the types it \
         may capture: both belong to a `hop`. A hop may not spare a royal piece: its threats to royals are what check is.";
    BadExplosion = "E0310", "unusable explosion",
        "A `captures explode within N steps along DIRS` statement whose reach is not a number of steps from 0 to 255. \
         (Reach 0 blasts the capturer and what it took alone.)";
    BadBlocker = "E0311", "unusable blocker",
        "`place PIECE after every move` names the blocker: a piece type that no side moves (no move, promotion or \
         `royal`), which the mover places on another empty cell after each move. A move holds the blocker's cell in one \
         byte beside a piece's move, a capture on the way or castling: so the board has at most 255 cells, and the game \
         has no drops, gating, swaps or promotions by proxy.";
    BadInPlacePromotion = "E0312", "unusable in-place promotion",
        "A promotion `in place` is a move of its own, which a player may choose or not: it is written `may promote ... in \
         place`, once per piece, never `must promote`.";
    BadUnmovedListing = "E0313", "unusable unmoved listing",
        "`unmoved listed in ZONE` writes the zone's unmoved pieces in the castling field by the letter of their file, so \
         every label of the board's first axis must be a single letter; and a game that gates (`gate from hand in`) lists \
         its gating zone so already.";
    BadMaterial = "E0314", "unusable material count",
        "A `draws decided by material` statement gives each piece type (or group) a weight from 0 to 1000, names each type \
         once, and may give one player from 0 to 1000 points more (`with 1.5 for Red`), with at most one digit after the \
         point: the count is kept in tenths of a point.";
    BadPlayers = "E0400", "unusable players",
        "The players or their views are not usable: a game has exactly two players, and a view can only mirror an axis or shift \
         a wrapped one.";
    ConflictingStatements = "E0500", "conflicting statements",
        "A statement contradicts or repeats another, or asks for something its context cannot give (a `circuit` on a step, a \
         drop rule in a game without hands, a piece that extends itself).";
    BadSetup = "E0600", "unusable setup",
        "The setup's position string does not fit the board, names a piece no declaration gives that symbol, or is not a \
         possible position (a castling right no piece can use, an en-passant cell no piece has passed over, a count out of \
         range).";
    NoRoyal = "E0601", "royal rule without royals",
        "A rule about royal pieces (such as `facing`, `no check`, a check-count or bare royal goal) in a game where no piece \
         is royal.";
    SetupDecided = "E0602", "setup already decided",
        "The setup lets the side to move capture a royal piece at once (the player not to move may not start in check), or \
         already reaches one of the game's goals.";
    BadDrawing = "E0700", "unusable drawing",
        "A `draw` statement that cannot be followed: an empty glyph, or a number of glyphs that fits no number of players.";
    BadGoal = "E0800", "unusable goal",
        "A `goal` statement that cannot end a game as written: a check-count goal needs a number of checks from 1 to 255.";
    EmptyZone = "W0100", "empty zone",
        "A zone that contains no cell (warning). It is legal, but a rule that depends on it can never apply.";
    OverlappingMoves = "W0101", "overlapping moves",
        "Two statements of a piece produce some of the same moves (warning). The moves merge and are generated once; the \
         warning usually means a direction set is larger than intended.";
    PieceNeverMoves = "W0102", "piece never moves",
        "A piece that can never move from any cell (warning).";
    PieceNeverAppears = "W0103", "piece never appears",
        "A piece that is not in the setup and that no promotion leads to (warning).";
    UnusedZone = "W0104", "unused zone",
        "A zone that is declared but never used (warning).";
    OutsideConfinement = "W0105", "setup outside confinement",
        "The setup puts a piece outside the zone it is confined to (warning): it may never return there once it has left.";
    PromotionNeverHappens = "W0106", "promotion never happens",
        "A promotion whose trigger no move of the piece can meet (warning).";
    CellsNeverReached = "W0107", "cells never reached",
        "Cells that no piece can ever stand on (warning): no piece gets there from the setup.";
    WhereFiltersUnion = "W0108", "where filters a whole union",
        "A `where` after a union applies to the whole union, so it also drops vectors of the sets before the last `|` \
         (warning): `step diag | orth where forward` keeps only the forward diagonals. The message lists the vectors that \
         went; write `step diag | (orth where forward)` to filter one set, or `(diag | orth) where forward` to say that \
         the whole union is meant.";
    LostTypeNotInSetup = "W0109", "lost type not in the setup",
        "A `promote to lost ...` names a type the setup gives a player none of (warning). A `lost` choice is open only while \
         the player has fewer pieces of the type on the board than the setup has, and no player has fewer than none, so that \
         choice never exists. Add the piece to the setup, or offer it without `lost` in a promotion of its own.";
    NeverCapturesInPassing = "W0110", "never captures in passing",
        "An `en passant by` names a piece that has no `capture only` move (warning): only such moves capture in passing, so \
         that piece never can. Give it a capture-only move, or leave it out of the list.";
    GatingNeverHappens = "W0111", "gating never happens",
        "A `gate from hand` rule that the setup never lets act (warning): no piece is in hand (and captures never fill a \
         hand), or no piece in the zone has a gating right (the castling field names the cells that may gate: `K` and `Q` \
         the castling pieces, a file letter the piece on that file).";
    NoPromotedForm = "W0112", "nothing to drop promoted",
        "`may drop promoted` in a game where every piece goes to hand as itself (warning): a piece in hand may be dropped \
         as the types that go to hand as it (a captured `+X` goes as `X`), and there are none. Write the promoted pieces' \
         symbols as `+X` after the pieces they promote from, or remove the rule.";
    LossWithoutFirstMoves = "W0115", "nothing to lose",
        "An `unmoved lost when ...` in a piece that has no `when unmoved` move and no `castle` (warning): the piece's being \
         unmoved opens no move, so losing it changes nothing. Give the piece its first moves, or remove the statement.";
}

impl Code {
    /// Warnings are the `W` codes; every other code rejects the file.
    pub fn severity(self) -> Severity {
        if self.id().starts_with('W') {
            Severity::Warning
        } else {
            Severity::Error
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn identifiers_are_unique_well_formed_and_in_order() {
        let ids: Vec<&str> = Code::ALL.iter().map(|c| c.id()).collect();
        for id in &ids {
            assert!(id.len() == 5 && (id.starts_with('E') || id.starts_with('W')) && id[1..].bytes().all(|b| b.is_ascii_digit()), "{id}");
        }
        let mut sorted = ids.clone();
        sorted.sort_by_key(|id| (id.starts_with('W'), id.to_string()));
        sorted.dedup();
        assert_eq!(ids, sorted, "codes must be unique and listed errors first, by number");
    }
}

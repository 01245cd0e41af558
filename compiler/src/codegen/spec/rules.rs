//! What each move rule of a piece type resolves to in the generated code:
//! its construct, with the conditions the code tests, and the tables it
//! reads. Decided from the plan (and its tables named) before any of the
//! piece's code is printed; rules whose constructs are equal print the same
//! code but for the tables read by role, so that many alike can share one
//! loop over their tables (see `moves::walks`), and the printers read
//! nothing else.

use proc_macro2::Ident;
use vdl_runtime::ir::{Gate, Mode};
use vdl_runtime::Piece;

/// One rule of a piece type, as its code reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RuleEntry {
    pub construct: Construct,
    /// The tables its code reads by role: rules alike differ only here.
    pub tables: Vec<(Role, Ident)>,
    /// Whether the rule holds only while its piece is unmoved (and not
    /// attacked): its code runs under that test.
    pub gate: Gate,
    /// It may repeat a destination of an earlier rule: each move is given
    /// only if the piece's moves so far lack it.
    pub reads_back: bool,
}

/// The part of a rule's code that is the same for rules alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Construct {
    /// Along a line through empty cells, landing as the mode allows and
    /// capturing at the first piece.
    Ride {
        walk: LineWalk,
        landing: Landing,
        /// The flags of the starts whose line comes round a ring to them
        /// empty, making a null move; `None` where none does.
        round: Option<Ident>,
    },
    /// Along a line to the first piece, over it, then on as a ride; the
    /// limits on its screen and captures (`over not`, `sparing`).
    Hop { walk: LineWalk, landing: Landing, limits: vdl_runtime::plan::HopLimits },
    /// One table lookup (a leap, or a ride of single steps), open when one
    /// of its routes is.
    Leap { mode: Mode, outcome: Outcome, routes: Vec<Vec<Ident>> },
    /// Leaps from starts whose routes differ in shape: one lookup per
    /// shape, in turn.
    Leaps { mode: Mode, groups: Vec<LeapGroup> },
    /// A leap over one cell that must be empty, or hold an enemy piece
    /// captured too; `passing_taken`: its moves over an empty cell are in
    /// the piece's sets, only the capture on the way is left.
    CapturingLeap { mode: Mode, outcome: Outcome, passing_taken: bool },
    /// A swap with a friend, one group per set of partners.
    Swap(Vec<SwapGroup>),
}

impl Construct {
    /// May rules alike share one loop over their tables? Only the
    /// constructs whose code is short and reads all its tables by role.
    pub fn shares_loops(&self) -> bool {
        matches!(self, Construct::Ride { .. } | Construct::Hop { .. } | Construct::Leap { .. })
    }
}

/// The role by which a rule's code reads one of its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// The destination, or the first cell of a line, or every next cell
    /// of one (a displacement's table).
    Table,
    /// The cell after each cell on a line.
    Next,
    /// The cells of a line from each start, as a list.
    Line,
    /// The promotion outcome from each start.
    Outcome,
    /// The cell a capturing leap passes from each start.
    Via,
}

impl Role {
    /// The name by which shared code reads the table.
    pub fn name(self) -> &'static str {
        match self {
            Role::Table => "table",
            Role::Next => "next",
            Role::Line => "line",
            Role::Outcome => "outcome",
            Role::Via => "via_table",
        }
    }
}

/// How a rule's lines are stored and walked from `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineWalk {
    /// One table: the first cell is `table[from]`, each next `table[to]`.
    Table { range: Option<usize>, stop_at_start: bool },
    /// The first cell from `table`, each next from `next`.
    FirstNext { range: Option<usize>, stop_at_start: bool },
    /// A list of cells per start (`line`).
    Lists,
}

/// Where a line's piece may land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Landing {
    pub mode: Mode,
    /// The flags of the cells it may land on, if not every cell.
    pub lands: Option<Ident>,
}

/// Where the promotion outcome of a leap's move comes from (a line's is
/// read by destination, from the row bound for its start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The same for every move of the rule.
    Fixed(u8),
    /// The rule's table by start cell (`Role::Outcome`), the destination
    /// being fixed by the start.
    ByStart,
}

/// The leaps of a rule from the starts whose routes have one shape (how
/// many, how long each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LeapGroup {
    pub outcome: Outcome,
    pub routes: Vec<Vec<Ident>>,
    /// The destination (`Role::Table`) and outcome (`Role::Outcome`) tables.
    pub tables: Vec<(Role, Ident)>,
}

/// The swaps of a rule with one set of partners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SwapGroup {
    /// The cell of the friend from each start.
    pub table: Ident,
    pub partners: Vec<Piece>,
    /// Only when neither cell is attacked.
    pub unattacked: bool,
}

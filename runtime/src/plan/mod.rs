//! The move plan: what every move rule does, resolved once per player, piece
//! type and start cell. This is the one place where the meaning of a rule
//! (`step`, `slide`, `leap ... via ...`, `hop`, `swap`) is written:
//!
//! * the interpreter ([`crate::Interpreter`]) walks the plan and nothing else;
//! * attacks are the plan inverted ([`attacks`]): for each target cell, the
//!   cells an attacker may stand on and what must hold between;
//! * the legality shortcut ([`crate::legality::influence`]), the overlap analysis
//!   ([`overlap`]) and the generated code (`vdl-compiler`'s codegen) read it.
//!
//! Everything that depends only on the start cell is decided here: the cells a
//! line passes (ranges, rings, board edges applied), whether the piece may
//! land on each (confinement), whether a rule applies at all (`when in`),
//! which routes of a lame leap the start and destination allow (crossing
//! conditions), which partners a swap may take (their confinement). What is
//! left is what depends on the position: which cells are empty, whose pieces
//! stand where, and the obligations' countdowns.
//!
//! Each construct is a module of its own, holding how it is planned from
//! one start, its walk in a position, its inverse for attacks and the cells
//! it reaches: [`ride`] (`step`, `slide`, `ride`), [`hop`], [`leap`] (with
//! routes), [`capturing_leap`], [`swap`] and [`castling`]; [`StepKind`]
//! dispatches to them, in one place ([`step`]). A new construct is a new
//! module and a new variant there. Cells are [`CellId`]s of the board's cell
//! list, so boards with missing cells need nothing here.

pub mod attacks;
pub mod blocker;
mod build;
pub(crate) use build::step_alone;
pub mod capturing_leap;
pub mod castling;
pub mod drops;
pub mod en_passant;
pub mod forced_promotion;
pub mod gated;
pub mod gating;
pub mod generator;
pub mod hop;
pub mod in_place;
pub mod interp;
pub mod leap;
pub mod obligation;
pub mod overlap;
mod position_tables;
pub mod proxy;
pub mod ride;
mod step;
pub mod swap;
pub(crate) mod walk;

use crate::ir::{ByPlayer, CellId, Game, PieceId, PlayerId};
use crate::state::piece_set::PieceSet;
pub use attacks::Attacks;
pub use capturing_leap::CapturingLeap;
pub use castling::{Castle, Opening};
pub use hop::Hop;
pub use leap::Leap;
pub use overlap::Repeats;
pub use ride::Ride;
use std::ops::Range;
pub use step::{Step, StepKind};
pub use swap::Swap;

/// The most cells the lines of a game's plan may hold (over every rule, player
/// and start): five times what the largest bundled game needs (Ladies and
/// Generals: 384,656), and a bound on the memory the plan and its attack
/// tries take on any input.
pub const MAX_LINE_CELLS: usize = 2 << 20;

/// The plan of a whole game: one [`SidePlan`] per player.
#[derive(Clone, Debug)]
pub struct Plan {
    sides: ByPlayer<SidePlan>,
}

impl Plan {
    /// Resolves every move rule of `game`.
    pub fn of(game: &Game) -> Plan {
        Plan { sides: ByPlayer::from_fn(|player| build::side(game, player)) }
    }

    /// How many cells the lines of all rides and hops (and the royals'
    /// facing lines) hold, counted up to `budget` (the walk stops there):
    /// what a plan of `game` would cost, so that a compiler can refuse a
    /// board and pieces whose plan would not fit in memory (see
    /// [`MAX_LINE_CELLS`]).
    pub fn line_cells(game: &Game, budget: usize) -> usize {
        let mut total = 0;
        for piece in &game.pieces {
            let rides = piece.moves.iter().flatten().filter_map(|rule| match rule.kind {
                crate::ir::MoveKind::Ride { dir, range, .. } => Some((dir, range)),
                crate::ir::MoveKind::Hop { dir, .. } => Some((dir, None)),
                _ => None,
            });
            // A royal's facing lines, one per facing direction and player
            // (`SidePlan::facing_lines`).
            let facing = game.rules.facing.iter().filter(|_| piece.royal).flat_map(|&dir| game.players.iter().map(move |_| (dir, None)));
            for (dir, range) in rides.chain(facing) {
                for from in game.cell_ids() {
                    for _ in build::Ray::new(game, dir, from, range) {
                        total += 1;
                        if total > budget {
                            return total;
                        }
                    }
                }
            }
        }
        total
    }

    /// The moves and attacks of `player`'s pieces.
    #[inline]
    pub fn side(&self, player: PlayerId) -> &SidePlan {
        &self.sides[player]
    }
}

/// A stretch of one of a plan's pools, by index (kept small: plans are big).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    fn of(range: Range<usize>) -> Span {
        Span { start: range.start as u32, end: range.end as u32 }
    }

    #[inline]
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A cell on a line, and whether the moving piece may end its move there (its
/// confinement allows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineCell {
    pub cell: CellId,
    pub may_land: bool,
}

/// The moves and attacks of one player's pieces.
#[derive(Clone, Debug)]
pub struct SidePlan {
    player: PlayerId,
    cells: usize,
    /// `starts[kind * cells + from]`: the piece's steps from `from`.
    starts: Vec<Span>,
    /// Likewise, the steps of rules that hold only while the piece is
    /// unmoved ([`crate::ir::Gate::Unmoved`]): walked apart, by
    /// [`crate::plan::gated`], so that the other steps never test a gate.
    unmoved_starts: Vec<Span>,
    /// The piece types with such steps.
    gated_kinds: PieceSet,
    /// The piece types with steps that also hold only while the piece is
    /// not attacked ([`crate::ir::Gate::UnmovedUnattacked`]).
    unattacked_kinds: PieceSet,
    /// The piece types that may castle.
    castlers: PieceSet,
    /// Per `kind * cells + from`: two of its steps may reach one destination,
    /// so the moves found must be checked for repeats.
    may_repeat: Vec<bool>,
    /// Per piece type, per rule: how its moves relate to earlier rules'.
    repeats: Vec<Vec<Repeats>>,
    steps: Vec<Step>,
    line_cells: Vec<LineCell>,
    /// Routes of leaps: each a span of `route_cells`, which must all be empty.
    routes: Vec<Span>,
    route_cells: Vec<CellId>,
    /// The limits of hops (`over not Cannon`, `sparing Cannon`): the first,
    /// [`HopLimits::NONE`], is every unlimited hop's.
    hop_limits: Vec<HopLimits>,
    /// How many piece types the game has.
    kinds: usize,
    /// The lines along which this player's royals face: per royal type and
    /// cell, each facing direction's line out to the board's edge or back
    /// round to the cell (see [`SidePlan::facing_lines`]).
    facing: Vec<(PieceId, CellId, Span)>,
    /// Built when first asked for: code generation and the compiler's
    /// analyses of moves never need them.
    attacks: std::sync::OnceLock<Attacks>,
    /// Per cell, where capture-only steps could land there from (see
    /// [`SidePlan::capture_only_origins`]); built when first asked for.
    capture_only: std::sync::OnceLock<(Vec<Span>, Vec<CellId>)>,
}

impl SidePlan {
    /// The steps of a piece of type `kind` standing on `from`.
    #[inline]
    pub fn steps(&self, kind: PieceId, from: CellId) -> &[Step] {
        &self.steps[self.starts[kind.index() * self.cells + from.index()].range()]
    }

    /// The steps of a piece of type `kind` on `from` that hold only while it
    /// is unmoved.
    #[inline]
    pub fn unmoved_steps(&self, kind: PieceId, from: CellId) -> &[Step] {
        &self.steps[self.unmoved_starts[kind.index() * self.cells + from.index()].range()]
    }

    /// Does `piece` (of this player) have steps that hold only while it is
    /// unmoved?
    #[inline]
    pub fn has_unmoved_steps(&self, piece: crate::Piece) -> bool {
        self.gated_kinds.contains(piece)
    }

    /// Does `piece` (of this player) have steps that hold only while it is
    /// unmoved and not attacked?
    #[inline]
    pub fn has_unattacked_steps(&self, piece: crate::Piece) -> bool {
        self.unattacked_kinds.contains(piece)
    }

    /// May `piece` (of this player) castle?
    #[inline]
    pub fn may_castle(&self, piece: crate::Piece) -> bool {
        self.castlers.contains(piece)
    }

    /// May two steps of `kind` from `from` reach one destination?
    #[inline]
    pub fn may_repeat(&self, kind: PieceId, from: CellId) -> bool {
        self.may_repeat[kind.index() * self.cells + from.index()]
    }

    /// Per rule of `kind`: may it repeat a move of an earlier rule? (the
    /// overlap analysis, for code generators).
    pub fn repeats(&self, kind: PieceId) -> &[Repeats] {
        &self.repeats[kind.index()]
    }

    /// The limits of a hop, by [`Hop::limits`].
    #[inline]
    pub fn hop_limits(&self, index: u16) -> HopLimits {
        self.hop_limits[index as usize]
    }

    #[inline]
    pub fn line(&self, cells: Span) -> &[LineCell] {
        &self.line_cells[cells.range()]
    }

    /// The routes of a leap, each the cells that must be empty.
    #[inline]
    pub fn routes(&self, routes: Span) -> impl Iterator<Item = &[CellId]> + '_ {
        self.routes[routes.range()].iter().map(|route| &self.route_cells[route.range()])
    }

    /// Per royal type of this player and cell, the lines along which a
    /// royal there faces (`facing along AXIS`). The rule is kept as an
    /// attack: a royal "attacks" along them, up to the first piece, and a
    /// royal that an enemy royal attacks so faces it. Check then covers
    /// facing, in both engines, the pins, the check's cells and the
    /// royals' steps, with no walk of its own: the facing walks at every
    /// node were an eighth of Turn Qi's time.
    pub fn facing_lines(&self) -> impl Iterator<Item = (PieceId, CellId, &[LineCell])> + '_ {
        self.facing.iter().map(|&(kind, from, cells)| (kind, from, self.line(cells)))
    }

    /// Where this player's pieces attack from, per target cell.
    #[inline]
    pub fn attacks(&self) -> &Attacks {
        self.attacks.get_or_init(|| attacks::invert(self))
    }

    /// Every destination a step could ever reach (on some board), with the
    /// cell it may capture on the way: what the overlap analysis compares.
    pub fn reach(&self, from: CellId, step: &Step, out: &mut impl FnMut(CellId, Option<CellId>)) {
        step.kind.reach(self, from, out);
    }
}

/// What a hop may use as its screen and may capture, as sets of piece types
/// (bit `kind`), whoever owns the piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HopLimits {
    /// The types no screen may be of.
    pub not_over: u128,
    /// The types the hop never captures.
    pub spares: u128,
}

impl HopLimits {
    pub const NONE: HopLimits = HopLimits { not_over: 0, spares: 0 };

    /// The limits of the IR's lists of types.
    pub fn of(not_over: &[PieceId], spares: &[PieceId]) -> HopLimits {
        let set = |kinds: &[PieceId]| kinds.iter().fold(0u128, |set, kind| set | 1 << kind.index());
        HopLimits { not_over: set(not_over), spares: set(spares) }
    }

    /// May a piece of `kind` be the screen?
    #[inline]
    pub fn may_hop_over(self, kind: PieceId) -> bool {
        self.not_over >> kind.index() & 1 == 0
    }

    /// May a piece of `kind` be captured?
    #[inline]
    pub fn may_capture(self, kind: PieceId) -> bool {
        self.spares >> kind.index() & 1 == 0
    }
}

//! The IR: the contract between the compiler and both engines.
//!
//! A checked variant file lowers to one [`Game`]. Everything geometric is already
//! resolved here: the board is a list of cells and, for every displacement that a
//! move program uses, a table giving the cell that displacement reaches from each
//! cell (or none). Folded, wrapped or N-dimensional boards differ only in those
//! tables, so neither engine knows anything about geometry.
//!
//! Move programs are stored per player with absolute directions: the compiler has
//! already turned "forward" and mirrored zones into each player's own cells and
//! vectors.

use serde::{Deserialize, Serialize};

mod ids;
mod per_player;

pub use ids::{CellId, DirId, PieceId, PlayerId, ZoneId};
pub use per_player::{ByPlayer, PerPlayer};

/// The most cells a board may have (see [`CellId::MAX_COUNT`]).
pub const MAX_CELLS: usize = CellId::MAX_COUNT;
/// The most piece types a game may have (see [`PieceId::MAX_COUNT`]).
pub const MAX_PIECE_TYPES: usize = PieceId::MAX_COUNT;
/// The most players a game may have (see [`PlayerId::MAX_COUNT`]).
pub const MAX_PLAYERS: usize = PlayerId::MAX_COUNT;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub name: String,
    pub board: Board,
    pub players: Vec<Player>,
    pub directions: Vec<Direction>,
    pub zones: Vec<Zone>,
    pub pieces: Vec<PieceType>,
    pub rules: Rules,
    /// The start position as a position string.
    pub setup: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// Geometric axes, in the order vector components are written.
    pub axes: Vec<Axis>,
    pub cells: Vec<Cell>,
    /// How cells are written in position strings and drawn in 2D.
    pub layout: Layout,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    pub name: String,
    pub size: u32,
    /// The label of each coordinate as the file writes it (`v`, `top`), for
    /// front ends; empty in IR written before labels were kept.
    #[serde(default)]
    pub labels: Vec<String>,
    /// A wrapped axis is a ring: stepping past the last coordinate reaches the first.
    pub wrap: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    pub name: String,
    /// Geometric coordinates, one per axis, each in `0..size`.
    pub coords: Vec<i32>,
}

/// Position strings list the cells row by row; `rows[i]` left to right, rows
/// separated by `separators[i - 1]` (usually `/`). `None` in a row is a wall: a
/// place of the board's box that is not a cell, written `*` as Fairy-Stockfish
/// does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    pub rows: Vec<Vec<Option<CellId>>>,
    pub separators: Vec<String>,
    /// For drawings: the label of each row (a rank), of each column position
    /// (a file), and of each block of rows (a level, as `level v`).
    #[serde(default)]
    pub row_labels: Vec<String>,
    #[serde(default)]
    pub column_labels: Vec<String>,
    #[serde(default)]
    pub block_labels: Vec<String>,
    /// The row axis (or the column axis) is a ring: the first and last rows
    /// (columns) are neighbours.
    #[serde(default)]
    pub rows_wrap: bool,
    #[serde(default)]
    pub columns_wrap: bool,
    /// How front ends draw the board (`draw points with tiles`).
    #[serde(default)]
    pub drawing: Drawing,
    /// With [`CellStyle::Hexagons`]: the centre of each cell in the plane, in
    /// units of the distance between neighbours, `y` pointing to the first
    /// player's forward; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub centres: Vec<[f64; 2]>,
}

/// How front ends draw a board and its pieces; it has no effect on play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    pub cells: CellStyle,
    pub pieces: PieceShape,
}

/// Where pieces stand in a drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CellStyle {
    /// On the cells of a checkered grid.
    #[default]
    Squares,
    /// On the intersections of lines (the cells are the points).
    Points,
    /// On hexagons, placed at the layout's centres.
    Hexagons,
}

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceShape {
    /// Round discs, coloured by owner.
    #[default]
    Discs,
    /// Pointed tiles that face the opponent: they turn with their owner.
    Tiles,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// The player's forward direction as an absolute vector.
    pub forward: Vec<i32>,
    /// Letter used for this side to move in position strings (`w`, `b`).
    pub letter: char,
}

/// One displacement and where it leads from every cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Direction {
    pub vector: Vec<i32>,
    /// `target[cell]` is the cell reached by adding `vector` to `cell`.
    pub target: Vec<Option<CellId>>,
}

/// A named set of cells, possibly different for each player
/// (`cells[player][cell]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    pub name: String,
    pub cells: PerPlayer<Vec<bool>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceType {
    pub name: String,
    /// Symbol in upper case as written for the first player (`K`, `+P`).
    pub symbol: String,
    /// A royal piece may not be left attacked; losing all moves while one is
    /// attacked is checkmate.
    pub royal: bool,
    /// The piece may never stand outside this zone (its owner's cells).
    pub confined: Option<ZoneId>,
    /// Move programs per player, with absolute directions.
    pub moves: PerPlayer<Vec<MoveRule>>,
    /// Ways this piece changes type at the end of a move.
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    /// A change of type that is a move of its own (`may promote to ... in
    /// place`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_place: Option<InPlacePromotion>,
    /// When captured, the piece joins the captor's hand as this type; `None`:
    /// captured pieces leave the game.
    #[serde(default)]
    pub captured_as: Option<PieceId>,
    /// Cells where a piece of this type may not be dropped from hand (besides
    /// occupied ones): where it could never move.
    #[serde(default)]
    pub no_drop: Option<ZoneId>,
    /// The other types a piece of this type in hand may be put on the board
    /// as (`may drop promoted`: the types that go to hand as it); empty:
    /// only as itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_forms: Vec<PieceId>,
    /// What front ends write on the piece, one text per player (`帥`, `將`);
    /// empty: its symbol.
    #[serde(default)]
    pub glyphs: Vec<String>,
}

/// A change of type at the end of a move of the piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Promotion {
    /// Per player, the types the piece may become; each is a separate move. A
    /// promotion declared for some players only has no choice for the others,
    /// and does not apply to their moves.
    pub to: PerPlayer<Vec<Choice>>,
    pub trigger: Trigger,
    /// An optional promotion may be declined (the unpromoted move exists too).
    pub optional: bool,
    /// Destinations where an optional promotion may not be declined: the
    /// unpromoted piece could never move from them (computed by the compiler).
    pub forced_at: Option<ZoneId>,
}

impl Promotion {
    /// The choices of `player`'s piece; empty when the promotion is not for it.
    #[inline]
    pub fn choices(&self, player: PlayerId) -> &[Choice] {
        self.to.get(player.index()).map_or(&[], Vec::as_slice)
    }

    /// Every type the promotion can lead to, for any player.
    pub fn kinds(&self) -> impl Iterator<Item = PieceId> + '_ {
        self.to.iter().flatten().map(|choice| choice.kind)
    }
}

/// `may promote to PIECES in place ...`: instead of moving, the piece turns
/// into one of the types where it stands (see [`crate::plan::in_place`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InPlacePromotion {
    /// Per player, the types the piece may become, as for [`Promotion::to`].
    pub to: PerPlayer<Vec<Choice>>,
    /// Also by a non-capturing move of the new type, which lands on its
    /// destination (`or moving`).
    pub moving: bool,
    /// Only from a cell of this zone (`when in`); `None`: from anywhere.
    pub zone: Option<ZoneId>,
    /// From anywhere too while the piece is its player's only one of its
    /// type on the board (`or alone`).
    pub alone: bool,
    /// The move may give no check, and the new piece may attack no enemy
    /// piece (`without attacking`).
    pub peaceful: bool,
}

/// A type a promotion may choose, and while it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    pub kind: PieceId,
    /// The choice exists only while the player has fewer pieces of `kind` on
    /// the board than this (`promote to lost ...`: as many as in the setup);
    /// `None`: always.
    pub while_fewer_than: Option<u16>,
}

impl Choice {
    /// A choice that always exists.
    pub const fn always(kind: PieceId) -> Choice {
        Choice { kind, while_fewer_than: None }
    }

    /// Adds the choice to `choices`, where a type offered twice is open when
    /// either offer is: it keeps the larger cap, or none.
    pub fn merge_into(self, choices: &mut Vec<Choice>) {
        match choices.iter_mut().find(|c| c.kind == self.kind) {
            Some(known) => known.while_fewer_than = known.while_fewer_than.zip(self.while_fewer_than).map(|(a, b)| a.max(b)),
            None => choices.push(self),
        }
    }
}

/// When a promotion applies, judged on the owner's zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// The move starts in `from` and ends in `into` (`on entering Z` is
    /// `from not Z into Z`).
    FromInto { from: ZoneId, into: ZoneId },
    /// The move starts or ends in the zone (Shogi's promotion zone).
    Touches(ZoneId),
    /// Every move, wherever it goes (`on every move`: Kyoto Shogi's pieces
    /// turn over after each move).
    Always,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveRule {
    pub kind: MoveKind,
    pub mode: Mode,
    /// The rule exists only while the piece stands in this zone (its owner's cells).
    pub only_in: Option<ZoneId>,
    /// What the position must say about the piece for the rule to hold.
    #[serde(default, skip_serializing_if = "Gate::is_always")]
    pub gate: Gate,
    /// The piece types that may capture in passing on the cells this move
    /// passes over (empty: none). For one ply after the move, a capture-only
    /// move of one of them onto such a cell captures the piece that passed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub en_passant: Vec<PieceId>,
}

/// A condition on the position, beyond the board, for a rule to hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Gate {
    /// The rule always holds.
    #[default]
    Always,
    /// Only while the piece has not moved since the setup (`when unmoved`).
    Unmoved,
    /// Only while the piece has not moved since the setup and no enemy
    /// piece attacks its cell (`when unmoved unless attacked`).
    UnmovedUnattacked,
}

impl Gate {
    pub fn is_always(&self) -> bool {
        *self == Gate::Always
    }

    /// Does the rule hold only while its piece is unmoved?
    pub fn needs_unmoved(&self) -> bool {
        *self != Gate::Always
    }

    /// Does a rule with this gate hold wherever one with `other` does?
    pub fn covers(self, other: Gate) -> bool {
        self == other || self == Gate::Always || (self == Gate::Unmoved && other == Gate::UnmovedUnattacked)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveKind {
    /// Goes along `dir` through empty cells, at most `range` cells (`None`: any
    /// distance). A step is a ride of range 1. On a ring, a ride that comes back
    /// to its start stops there; with `circuit` it is then a null move (from =
    /// to), generated once per piece however many rides come back.
    Ride { dir: DirId, range: Option<u32>, circuit: bool },
    /// Goes straight to the cell `target` away. Each route lists cells (as
    /// displacements from the start) that must all be empty; the leap is possible
    /// when at least one allowed route is open. No routes: it can never be
    /// blocked.
    Leap { target: DirId, routes: Vec<Route> },
    /// Goes straight to the cell `target` away over the cell `via` away, which
    /// must be empty or hold an enemy piece: that piece is captured too (an
    /// ally blocks). With `crossing`, only for moves that do (or do not) cross
    /// a zone's boundary.
    CapturingLeap { target: DirId, via: DirId, crossing: Option<Crossing> },
    /// Goes along `dir` over exactly one piece (of either side), then on through
    /// empty cells; the first piece beyond can be captured. A screen of a
    /// `not_over` type blocks the hop (`over not Cannon`), and a piece of a
    /// `spares` type is never captured (`sparing Cannon`): it stops the hop
    /// as a friendly piece does.
    Hop {
        dir: DirId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        not_over: Vec<PieceId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spares: Vec<PieceId>,
    },
    /// The piece stays where it is: a move that changes nothing but the
    /// side to move (a null move, from = to), legal when the mover's royals
    /// are safe where they stand (`pass`).
    Pass,
    /// Changes places with the friendly piece one `dir` away, if it is of one
    /// of the `with` types; with `unattacked`, only when neither cell is
    /// attacked before the swap. Never captures, so never attacks.
    Swap { dir: DirId, with: Vec<PieceId>, unattacked: bool },
    /// Castling, a move of two pieces: the (unmoved) piece and its partner,
    /// the first piece along `dir`, which must be an unmoved friendly piece
    /// of one of the `with` types, go where `ends` says. Every cell either
    /// crosses or lands on is empty apart from the two; the piece is not
    /// attacked and crosses no attacked cell. Never captures.
    Castle { dir: DirId, ends: CastleEnds, with: Vec<PieceId> },
}

/// Where castling puts its two pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastleEnds {
    /// `by N`: the piece goes `N` cells along the line, toward a partner
    /// standing beyond that cell, which lands on the cell the piece crossed
    /// last. Where the pieces start is where the setup puts them.
    By(u32),
    /// `to ZONE with ... to ZONE`: the piece ends on the cell of its line
    /// (either way from its start, or the start itself) in `piece`, the
    /// partner on the cell of the line in `partner`, wherever they start
    /// (Chess960): the partner may stand anywhere along `dir`.
    To { piece: ZoneId, partner: ZoneId },
}

/// One way to a leap's destination.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Route {
    /// Cells, as displacements from the start, that must be empty.
    pub cells: Vec<DirId>,
    /// The route may be used only when the move does (`crossing: true`) or does
    /// not (`false`) cross the boundary of the zone (start and end on different
    /// sides of it).
    pub crossing: Option<Crossing>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Crossing {
    pub zone: ZoneId,
    pub crossing: bool,
}

impl Route {
    /// May this route be used by a move from `from` to `to` of `player`?
    #[inline]
    pub fn allowed(&self, game: &Game, player: PlayerId, from: CellId, to: CellId) -> bool {
        self.crossing.is_none_or(|c| c.allows(game, player, from, to))
    }
}

impl Crossing {
    /// Does a move of `player` from `from` to `to` cross the zone's boundary
    /// as the condition asks?
    #[inline]
    pub fn allows(&self, game: &Game, player: PlayerId, from: CellId, to: CellId) -> bool {
        (game.in_zone(self.zone, player, from) != game.in_zone(self.zone, player, to)) == self.crossing
    }
}

impl Trigger {
    /// Does a move of `player` from `from` to `to` trigger it?
    #[inline]
    pub fn applies(&self, game: &Game, player: PlayerId, from: CellId, to: CellId) -> bool {
        match *self {
            Trigger::FromInto { from: a, into: b } => game.in_zone(a, player, from) && game.in_zone(b, player, to),
            Trigger::Touches(z) => game.in_zone(z, player, from) || game.in_zone(z, player, to),
            Trigger::Always => true,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// To an empty cell or capturing an enemy piece.
    Both,
    /// Only to an empty cell.
    MoveOnly,
    /// Only capturing.
    CaptureOnly,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// Royal pieces of opposite sides may not face each other along these
    /// directions with nothing between them (checked after each move).
    pub facing: Vec<DirId>,
    /// Royal pieces of opposite sides may face each other along these
    /// directions (`facing along AXIS allowed`), but the side to move whose
    /// royal faces one must end the facing, or pass (even in check).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facing_allowed: Vec<DirId>,
    /// Result for the side to move when it has no legal move and is not in check.
    pub stalemate: Outcome,
    /// Limits on a player's own pieces, checked after each of its moves.
    #[serde(default)]
    pub limits: Vec<Limit>,
    /// Piece types that may not be dropped to give checkmate.
    #[serde(default)]
    pub no_drop_mate: Vec<PieceId>,
    /// Moves that also promote another friendly piece.
    #[serde(default)]
    pub proxy_promotions: Vec<ProxyPromotion>,
    /// Pieces that must return to a zone some moves after their side runs out
    /// of certain pieces (at most two per game).
    #[serde(default)]
    pub obligations: Vec<Obligation>,
    /// Positions that end the game, tested before every move (see
    /// [`crate::legality::goals`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goals: Vec<Goal>,
    /// No move may attack an enemy royal piece (`no check`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub checks_forbidden: bool,
    /// While the side to move has a legal capture, only its captures are
    /// legal (`must capture`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must_capture: bool,
    /// While the side to move has a legal drop, only its drops are legal
    /// (`must drop`); pieces in hand are dropped even where captured pieces
    /// leave the game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must_drop: bool,
    /// `gate from hand in ZONE`: a piece leaving a cell of the zone for the
    /// first time (its own, or its castling partner's) may leave a piece
    /// from its player's hand on that cell (see [`crate::plan::gating`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gating: Option<ZoneId>,
    /// Captures explode (`captures explode within ...`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explosion: Option<Explosion>,
    /// `unmoved listed in ZONE`: the castling field names the zone's
    /// unmoved pieces by file letter (as it does the cells that may gate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unmoved_listed: Option<ZoneId>,
    /// `unmoved lost when enemy ... lands in line along ...`: ways a piece
    /// counts as moved without moving (see [`crate::state::unmoved_loss`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unmoved_losses: Vec<UnmovedLoss>,
    /// `place PIECE after every move`: the type of the blocker, which the
    /// mover places on another empty cell after each move (see
    /// [`crate::plan::blocker`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocker: Option<PieceId>,
    /// A game that would end drawn goes to the player whose material weighs
    /// more (`draws decided by material ...`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<MaterialCount>,
}

/// `unmoved lost when enemy LANDERS lands in line along DIRS`, stated in
/// the piece `loser`: once a piece of the `landers` types lands on a cell
/// from which a slide along its player's `directions` would reach, on the
/// empty board, an enemy `loser`, that piece counts as moved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnmovedLoss {
    pub loser: PieceId,
    pub landers: Vec<PieceId>,
    pub directions: PerPlayer<Vec<DirId>>,
}

/// `draws decided by material Rook 13, ... with 1.5 for Red`: what each piece
/// type weighs, and the points a player starts its count with, both in
/// tenths of a point (so that a half point is a whole number). See
/// [`crate::legality::material`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaterialCount {
    /// Per piece type, in tenths; a type the statement does not name weighs 0.
    pub weights: Vec<u32>,
    /// Per player, in tenths.
    pub bonus: PerPlayer<u32>,
}

/// `captures explode within N steps along DIRS sparing PIECES`: after a
/// capture, the capturer, what it took and every piece within `reach` steps
/// of its destination (through each player's `directions`, from the
/// capturer's side) leave the board, but pieces of the `spared` types
/// (the capturer and what it took always go). See
/// [`crate::state::explosion`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explosion {
    pub reach: u8,
    pub directions: PerPlayer<Vec<DirId>>,
    pub spared: Vec<PieceId>,
}

/// A position that ends the game. Goals are tested at the start of every turn,
/// before any move is generated: a reached goal leaves no move to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// A player left without any piece (on the board or in hand) of one of
    /// these types, each type counted on its own, or with `all`, without any
    /// of them at all, gets the `outcome` (a loss unless the file says).
    Extinction {
        pieces: Vec<PieceId>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        all: bool,
        #[serde(default = "Outcome::loss", skip_serializing_if = "Outcome::is_loss")]
        outcome: Outcome,
    },
    /// A player left with nothing but royal pieces loses. The bared player
    /// that has the move loses at once only when the opponent has two pieces
    /// or more besides its royals; against one, it gets the move, and loses
    /// after it unless it bared the opponent in turn.
    BareRoyal,
    /// A player whose piece of one of the `pieces` types stands in `zone` (its
    /// own image) after its move wins. With `answered`, a reach by the first
    /// player does not end the game while the second player, not in check, has
    /// a move that reaches too; if it plays one, the game is drawn.
    Reach { pieces: Vec<PieceId>, zone: ZoneId, answered: bool },
    /// The player who gives check this many times wins (see
    /// [`crate::Position::checks_left`]).
    Checks(u8),
    /// Two passes in a row end the game, drawn; so does a pass while the
    /// royals face (`facing along AXIS allowed`), which leaves them facing.
    Passes,
}

/// A move of one of `movers` that the `trigger` accepts may also turn one
/// friendly piece of a `targets` type (anywhere) into one of the `into` types;
/// every choice is a separate move (`FROM-TO,CELL=X`), and the plain move stays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProxyPromotion {
    pub movers: Vec<PieceId>,
    pub trigger: Trigger,
    pub targets: Vec<PieceId>,
    pub into: Vec<PieceId>,
    /// After the move, the mover's zone must hold at least one of its own
    /// pieces of these types.
    pub require: Option<(ZoneId, Vec<PieceId>)>,
}

/// From the moment its side has no piece of the `unless` types, a countdown of
/// `delay` of its side's own moves runs; while it runs, a `piece` inside `zone`
/// may not leave it, and the side's move that brings the countdown to 0, and
/// every later one, must end with the piece inside the zone. The countdown is
/// part of the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Obligation {
    pub piece: PieceId,
    pub zone: ZoneId,
    pub unless: Vec<PieceId>,
    pub delay: u8,
}

/// At most `max` pieces of type `piece` of one player in any one class of cells
/// (a line, a binding, the whole board).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Limit {
    pub piece: PieceId,
    pub max: u8,
    /// `class_of[cell]` indexes `classes`.
    pub class_of: Vec<u16>,
    pub classes: Vec<Vec<CellId>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

impl Outcome {
    fn loss() -> Outcome {
        Outcome::Loss
    }

    fn is_loss(&self) -> bool {
        *self == Outcome::Loss
    }
}

impl Game {
    pub fn cell_count(&self) -> usize {
        self.board.cells.len()
    }

    /// Every cell's id, in order.
    #[inline]
    pub fn cell_ids(&self) -> impl DoubleEndedIterator<Item = CellId> + ExactSizeIterator + Clone {
        CellId::first(self.cell_count())
    }

    /// Every piece type's id, in order.
    #[inline]
    pub fn piece_ids(&self) -> impl DoubleEndedIterator<Item = PieceId> + ExactSizeIterator + Clone {
        PieceId::first(self.pieces.len())
    }

    /// Every player's id, in order (the first to move first).
    #[inline]
    pub fn player_ids(&self) -> impl DoubleEndedIterator<Item = PlayerId> + ExactSizeIterator + Clone {
        PlayerId::first(self.players.len())
    }

    pub fn cell_by_name(&self, name: &str) -> Option<CellId> {
        self.board.cells.iter().position(|c| c.name == name).and_then(CellId::new)
    }

    pub fn piece_by_symbol(&self, symbol: &str) -> Option<PieceId> {
        self.pieces.iter().position(|p| p.symbol.eq_ignore_ascii_case(symbol)).and_then(PieceId::new)
    }

    /// Every move rule of every piece type and player.
    pub fn move_rules(&self) -> impl Iterator<Item = &MoveRule> {
        self.pieces.iter().flat_map(|p| p.moves.iter().flatten())
    }

    /// Does some rule hold only while its piece is unmoved (first moves,
    /// castling)? Positions then keep track of unmoved pieces.
    /// May some piece pass (`pass`)?
    pub fn has_passes(&self) -> bool {
        self.move_rules().any(|rule| rule.kind == MoveKind::Pass)
    }

    pub fn has_unmoved_rules(&self) -> bool {
        self.has_gating() || self.move_rules().any(|rule| rule.gate != Gate::Always)
    }

    /// Does a piece from hand enter where a piece leaves its first cell
    /// (`gate from hand in ZONE`)?
    pub fn has_gating(&self) -> bool {
        self.rules.gating.is_some()
    }

    /// The zone whose unmoved pieces the castling field lists by file
    /// letter: where pieces gate, or `unmoved listed in ZONE`.
    pub fn unmoved_listed(&self) -> Option<ZoneId> {
        self.rules.gating.or(self.rules.unmoved_listed)
    }

    /// The blocker's type, in a game where the mover places it after every
    /// move (`place PIECE after every move`).
    pub fn blocker(&self) -> Option<PieceId> {
        self.rules.blocker
    }

    /// Does some move leave cells open to capture in passing?
    pub fn has_en_passant(&self) -> bool {
        self.move_rules().any(|rule| !rule.en_passant.is_empty())
    }

    /// Does a position depend on its past moves (who has moved, what passed
    /// last)? Then its position string carries the castling and en-passant
    /// fields, and the half-move clock is kept, as in chess.
    pub fn has_move_history_fields(&self) -> bool {
        self.has_unmoved_rules() || self.has_en_passant()
    }

    /// Does some piece castle?
    pub fn has_castling(&self) -> bool {
        self.move_rules().any(|rule| matches!(rule.kind, MoveKind::Castle { .. }))
    }

    /// Do positions keep pieces in hand: to drop, or to gate?
    pub fn has_hands(&self) -> bool {
        self.has_drops() || self.has_gating()
    }

    /// Are pieces dropped from hands: captured ones, or (`must drop`) those
    /// the setup puts there?
    pub fn has_drops(&self) -> bool {
        self.captures_go_to_hand() || self.rules.must_drop
    }

    /// Do captured pieces go to hands, from which they can be dropped?
    pub fn captures_go_to_hand(&self) -> bool {
        self.pieces.iter().any(|p| p.captured_as.is_some())
    }

    /// Does some piece promote in place, a move of its own?
    pub fn has_in_place_promotions(&self) -> bool {
        self.pieces.iter().any(|p| p.in_place.is_some())
    }

    /// The number of checks that wins, in a game with a check-count goal.
    /// Asked at every node: inline, and at once `None` without goals.
    #[inline]
    pub fn checks_to_win(&self) -> Option<u8> {
        if self.rules.goals.is_empty() {
            return None;
        }
        self.rules.goals.iter().find_map(|goal| match goal {
            Goal::Checks(n) => Some(*n),
            _ => None,
        })
    }

    /// Can a position end the game besides checkmate and stalemate: a
    /// goal, or a royal blasted by an explosion
    /// ([`crate::legality::goals::reached`])?
    #[inline]
    pub fn has_goals(&self) -> bool {
        !self.rules.goals.is_empty() || self.rules.explosion.is_some()
    }

    pub fn has_royals(&self) -> bool {
        self.pieces.iter().any(|p| p.royal)
    }

    /// Is `cell` in `zone` for `player`?
    #[inline]
    pub fn in_zone(&self, zone: ZoneId, player: PlayerId, cell: CellId) -> bool {
        self.zones[zone].cells[player][cell.index()]
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("the IR always serialises")
    }

    pub fn from_json(text: &str) -> Result<Game, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::{Choice, PieceId};

    #[test]
    fn a_type_offered_twice_keeps_the_wider_offer() {
        let capped = |cap| Choice { kind: PieceId::from_index(3), while_fewer_than: Some(cap) };
        let mut choices = vec![capped(1)];
        capped(2).merge_into(&mut choices);
        assert_eq!(choices, [capped(2)]);
        Choice::always(PieceId::from_index(3)).merge_into(&mut choices);
        assert_eq!(choices, [Choice::always(PieceId::from_index(3))]);
        capped(5).merge_into(&mut choices);
        assert_eq!(choices, [Choice::always(PieceId::from_index(3))], "an offer without a cap stays open");
        Choice::always(PieceId::from_index(4)).merge_into(&mut choices);
        assert_eq!(choices, [Choice::always(PieceId::from_index(3)), Choice::always(PieceId::from_index(4))]);
    }
}

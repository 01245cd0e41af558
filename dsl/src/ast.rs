//! The syntax tree of a vdl file. Every node keeps the byte span of its source
//! text so that later passes can point at it.

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub text: String,
    pub span: Span,
}

/// A number as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int {
    pub value: i64,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct File {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Game(Text),
    Board(Board),
    Forward(Forward),
    Player(Player),
    Zone(ZoneDecl),
    Direction(DirectionDecl),
    Piece(PieceDecl),
    Facing(Facing),
    Stalemate(Stalemate),
    Setup(Text),
    /// `hands`: captured pieces go to the captor's hand.
    Hands(Span),
    Limit(LimitDecl),
    /// `no checkmate by dropping Pawn`.
    NoDropMate {
        pieces: PieceSet,
        span: Span,
    },
    /// `no dropping Pawn in rank 1`.
    NoDrop {
        pieces: PieceSet,
        zone: ZoneExpr,
        span: Span,
    },
    Group(GroupDecl),
    Proxy(ProxyDecl),
    /// `no check`: no move may attack an enemy royal piece.
    NoCheck(Span),
    /// `must capture`.
    MustCapture(Span),
    /// `must drop`.
    MustDrop(Span),
    /// `captures explode within N steps along DIRS [sparing PIECES]`.
    Explosion(ExplosionDecl),
    /// `draws decided by material PIECE N, ... [with POINTS for PLAYER]`.
    Material(MaterialDecl),
    /// `gate from hand in ZONE`.
    Gating {
        zone: ZoneExpr,
        span: Span,
    },
    /// `unmoved listed in ZONE`: the castling field lists the zone's
    /// unmoved pieces by file letter.
    UnmovedListing {
        zone: ZoneExpr,
        span: Span,
    },
    /// `place PIECE after every move`: the blocker placed after each move.
    Blocker {
        piece: Ident,
        span: Span,
    },
    /// `may drop promoted`, `may drop anywhere`.
    MayDrop {
        licence: DropLicence,
        span: Span,
    },
    Goal(GoalDecl),
}

/// What `may drop ...` allows beyond plain drops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropLicence {
    /// `may drop promoted`: a piece in hand may also be dropped as any type
    /// that goes to hand as it.
    Promoted,
    /// `may drop anywhere`: a piece may be dropped even where it could never
    /// move.
    Anywhere,
}

/// `captures explode within 1 step along orth | diag sparing Pawn`: a
/// capture removes the capturer, what it took and every piece within `reach`
/// steps (through `directions`) of its destination, but the `spared` types.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplosionDecl {
    pub reach: Int,
    pub directions: DirExpr,
    pub spared: Option<PieceSet>,
    pub span: Span,
}

/// `draws decided by material Rook 13, Cannon 7 with 1.5 for Red`: a game
/// that would end drawn is won by the player whose pieces weigh more, each
/// type by its `weights` (a type not named weighs nothing), one player
/// given `bonus` points more.
#[derive(Clone, Debug, PartialEq)]
pub struct MaterialDecl {
    pub weights: Vec<(Ident, Int)>,
    pub bonus: Option<MaterialBonus>,
    pub span: Span,
}

/// `with 1.5 for Red`: points, as written (a whole number, or one with a
/// decimal point), added to a player's material.
#[derive(Clone, Debug, PartialEq)]
pub struct MaterialBonus {
    pub points: Ident,
    pub player: Ident,
}

/// `goal ...`: a position that ends the game.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalDecl {
    pub kind: Goal,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// `goal extinction of Pawn`: a side left without any piece of one of the
    /// types loses (or gets the outcome given after it).
    Extinction { pieces: Extinct, outcome: Option<Outcome> },
    /// `goal bare royal`: a side left with nothing but royal pieces loses.
    BareRoyal,
    /// `goal passes`: two passes in a row, or a pass while the royals face,
    /// end the game in a draw.
    Passes,
    /// `goal King reaches hill [unless answered]`.
    Reach {
        pieces: PieceSet,
        zone: ZoneExpr,
        /// `unless answered`: the second player may answer a reach by the first
        /// with a reach of its own, for a draw.
        answered: Option<Span>,
    },
    /// `goal 3 checks`: the player who gives this many checks wins.
    Checks(Int),
}

/// What a side must run out of for an extinction goal.
#[derive(Clone, Debug, PartialEq)]
pub enum Extinct {
    /// `all`: every piece, on the board and in hand.
    All,
    /// Any one of these types, each counted on its own.
    AnyOf(PieceSet),
}

/// `Rook, Bishop` or `longrange & orthogonal`: pieces and groups combined left
/// to right.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSet {
    /// The first item's operator is always `Union`.
    pub items: Vec<(SetOp, Ident)>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetOp {
    Union,
    Intersection,
}

/// `group longrange = Rook, Bishop, Cannon, Arrow`.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupDecl {
    pub name: Ident,
    pub members: PieceSet,
    pub span: Span,
}

/// `proxy { movers ... on entering ... promotes ... to ... keeping ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct ProxyDecl {
    pub movers: PieceSet,
    pub trigger: TriggerExpr,
    pub promotes: PieceSet,
    pub into: PieceSet,
    /// `keeping fortress with onestep`: after the move the zone must hold one of
    /// the mover's pieces of the set.
    pub keeping: Option<(ZoneExpr, PieceSet)>,
    pub span: Span,
}

/// `limit Pawn to 1 per line along rank`.
#[derive(Clone, Debug, PartialEq)]
pub struct LimitDecl {
    /// Each type of the set is limited separately.
    pub pieces: PieceSet,
    pub max: Int,
    pub scope: LimitScope,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LimitScope {
    /// The whole board.
    Board,
    /// Each line along an axis (cells differing only on that axis).
    Line(Ident),
    /// Each binding: cells the piece can reach from one another.
    Binding(Span),
}

/// A string literal; `span` covers its contents, without the quotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub value: String,
    pub span: Span,
    /// The whole statement.
    pub stmt: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub axes: Vec<AxisDecl>,
    pub folds: Vec<FoldDecl>,
    pub names: Vec<NameDecl>,
    pub draws: Vec<DrawDecl>,
    /// `cells ...` and `without ...`, in the order written.
    pub shapes: Vec<ShapeDecl>,
    pub span: Span,
}

/// A statement that leaves cells of the board's box out.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeDecl {
    pub kind: ShapeKind,
    pub zone: ZoneExpr,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// `cells ZONE`: only these cells are on the board; position strings skip
    /// the others.
    Region,
    /// `without ZONE`: these cells are walls; position strings write each as `*`.
    Walls,
}

/// `draw points with tiles`: how front ends draw the board and its pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawDecl {
    pub cells: CellStyle,
    /// `None`: the statement says nothing about the pieces (discs).
    pub pieces: Option<PieceShape>,
    pub span: Span,
}

/// Where pieces stand in a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellStyle {
    /// On the cells of a (checkered) grid.
    Squares,
    /// On the intersections of lines.
    Points,
    /// On hexagons.
    Hexagons,
}

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceShape {
    /// Round discs, the same for every player.
    Discs,
    /// Pointed tiles that face the opponent (so they turn with their owner).
    Tiles,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AxisDecl {
    pub name: Ident,
    pub labels: Labels,
    pub wrap: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Labels {
    /// `a..i`, `1..10`: consecutive letters or numbers.
    Range { first: Ident, last: Ident, span: Span },
    /// `[top middle bottom]`.
    List { labels: Vec<Ident>, span: Span },
}

impl Labels {
    pub fn span(&self) -> Span {
        match self {
            Labels::Range { span, .. } | Labels::List { span, .. } => *span,
        }
    }
}

/// `fold file = a..i along x, level snake`: one naming axis laid over several
/// geometric axes. Labels run along the first axis, then the next; with `snake`
/// every other run goes back the other way (a board folded like a ribbon).
#[derive(Clone, Debug, PartialEq)]
pub struct FoldDecl {
    pub name: Ident,
    pub labels: Labels,
    pub along: FoldAlong,
    pub snake: bool,
    pub span: Span,
}

/// What a fold's labels are laid along.
#[derive(Clone, Debug, PartialEq)]
pub enum FoldAlong {
    /// `along x, level`: the positions of these axes, the first fastest.
    Axes(Vec<Ident>),
    /// `along (0,1,-1)`: each line of cells in this direction, from its first cell.
    Lines(Vector),
}

/// `name file rank`: a cell's name is its labels on these axes, in this order.
#[derive(Clone, Debug, PartialEq)]
pub struct NameDecl {
    pub axes: Vec<Ident>,
    pub span: Span,
}

/// `forward +rank`: the first player's forward direction.
#[derive(Clone, Debug, PartialEq)]
pub struct Forward {
    pub negative: bool,
    pub axis: Ident,
    pub span: Span,
}

/// `player Black = mirror rank`: a player and how it sees the board, relative
/// to the first player.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: Ident,
    /// The letter position strings write for the side to move (`"w"`), when
    /// given; else the name's first letter.
    pub letter: Option<Text>,
    pub view: Vec<Transform>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Transform {
    /// Reverse the coordinates along an axis.
    Mirror { axis: Ident, span: Span },
    /// Move every coordinate along a (wrapped) axis by an amount.
    Shift { axis: Ident, by: Int, span: Span },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ZoneDecl {
    pub name: Ident,
    pub expr: ZoneExpr,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneOp {
    Union,
    Intersection,
    Difference,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ZoneExpr {
    /// `file d..f, rank 1..3`; axes not mentioned are unrestricted.
    Box {
        ranges: Vec<AxisRange>,
        span: Span,
    },
    /// `[e1 e2]`.
    Cells {
        cells: Vec<Ident>,
        span: Span,
    },
    /// A zone declared elsewhere, as its owner sees it.
    Ref(Ident),
    /// `enemy half`: the opponent's zone.
    Enemy {
        zone: Ident,
        span: Span,
    },
    /// `x + y + z == 0`: cells whose numeric labels satisfy a comparison.
    Sum(Box<CoordinateSum>),
    /// `not fortress`.
    Not {
        inner: Box<ZoneExpr>,
        span: Span,
    },
    Binary {
        op: ZoneOp,
        lhs: Box<ZoneExpr>,
        rhs: Box<ZoneExpr>,
        span: Span,
    },
}

impl ZoneExpr {
    pub fn span(&self) -> Span {
        match self {
            ZoneExpr::Box { span, .. }
            | ZoneExpr::Cells { span, .. }
            | ZoneExpr::Enemy { span, .. }
            | ZoneExpr::Not { span, .. }
            | ZoneExpr::Binary { span, .. } => *span,
            ZoneExpr::Ref(ident) => ident.span,
            ZoneExpr::Sum(sum) => sum.span,
        }
    }
}

/// `x + y - z == 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct CoordinateSum {
    pub terms: Vec<SumTerm>,
    pub op: CompareOp,
    pub value: Int,
    pub span: Span,
}

/// One axis of a coordinate sum, added or subtracted.
#[derive(Clone, Debug, PartialEq)]
pub struct SumTerm {
    pub negative: bool,
    pub axis: Ident,
}

/// `file d..f` or `rank 5`.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisRange {
    pub axis: Ident,
    pub first: Ident,
    pub last: Option<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DirectionDecl {
    pub name: Ident,
    pub expr: DirExpr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Vector {
    pub components: Vec<Int>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DirExpr {
    /// `(0,1)`.
    Vector(Vector),
    /// `(1,2)*`: every permutation of the components with every choice of signs.
    All {
        vector: Vector,
        span: Span,
    },
    /// A direction set declared elsewhere.
    Ref(Ident),
    Union {
        terms: Vec<DirExpr>,
        span: Span,
    },
    /// `orth where forward`.
    Filter {
        inner: Box<DirExpr>,
        conditions: Vec<DirCond>,
        span: Span,
    },
}

impl DirExpr {
    pub fn span(&self) -> Span {
        match self {
            DirExpr::Vector(v) => v.span,
            DirExpr::Ref(ident) => ident.span,
            DirExpr::All { span, .. } | DirExpr::Union { span, .. } | DirExpr::Filter { span, .. } => *span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CompareOp {
    /// Whether `lhs OP rhs`.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            CompareOp::Eq => lhs == rhs,
            CompareOp::Ne => lhs != rhs,
            CompareOp::Lt => lhs < rhs,
            CompareOp::Le => lhs <= rhs,
            CompareOp::Gt => lhs > rhs,
            CompareOp::Ge => lhs >= rhs,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum DirCond {
    /// Positive along the player's forward axis.
    Forward(Span),
    Backward(Span),
    /// Zero along the forward axis.
    Sideways(Span),
    /// `rank != 0`: a component compared with a number.
    Compare {
        axis: Ident,
        op: CompareOp,
        value: Int,
        span: Span,
    },
    Not {
        inner: Box<DirCond>,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct PieceDecl {
    pub name: Ident,
    pub symbol: Ident,
    /// `extends Base`: the piece also moves as Base does.
    pub extends: Option<Ident>,
    pub body: Vec<PieceStmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PieceStmt {
    Royal(Span),
    /// `pass`: the piece may stay where it is (a null move).
    Pass(Span),
    Confined {
        zone: ZoneExpr,
        countdown: Option<Countdown>,
        span: Span,
    },
    Move(MoveStmt),
    Promotion(PromotionStmt),
    Swap(SwapStmt),
    Castle(CastleStmt),
    UnmovedLoss(UnmovedLossStmt),
    /// `draw "帥" "將"`: what front ends write on the piece, per player.
    Glyphs {
        glyphs: Vec<Text>,
        span: Span,
    },
}

/// `within 2 moves without Wazir, Ferz`.
#[derive(Clone, Debug, PartialEq)]
pub struct Countdown {
    pub delay: Int,
    pub without: PieceSet,
    pub span: Span,
}

/// `unmoved lost when enemy Rook lands in line along orth`.
#[derive(Clone, Debug, PartialEq)]
pub struct UnmovedLossStmt {
    pub landers: PieceSet,
    pub directions: DirExpr,
    pub span: Span,
}

/// `swap orth | diag with yangqi unless attacked`.
#[derive(Clone, Debug, PartialEq)]
pub struct SwapStmt {
    pub directions: DirExpr,
    pub with: PieceSet,
    pub unattacked: bool,
    pub span: Span,
}

/// `castle (1,0) | (-1,0) by 2 with Rook`,
/// `castle (1,0) to file g with Rook to file f`.
#[derive(Clone, Debug, PartialEq)]
pub struct CastleStmt {
    pub directions: DirExpr,
    pub ends: CastleEnds,
    pub with: PieceSet,
    pub span: Span,
}

/// Where a `castle` statement puts its two pieces.
#[derive(Clone, Debug, PartialEq)]
pub enum CastleEnds {
    /// `by N`: how many cells the piece goes.
    By(Int),
    /// `to ZONE with ... to ZONE`: where the piece and its partner end.
    To { piece: ZoneExpr, partner: ZoneExpr },
}

/// `must promote to Wazir from enemy half into half`,
/// `may promote to lost Queen, Rook in far for white`.
#[derive(Clone, Debug, PartialEq)]
pub struct PromotionStmt {
    /// `must` (true) or `may` (false).
    pub compulsory: bool,
    /// `lost`: only to a type of which the player has fewer on the board than
    /// in the setup.
    pub lost: Option<Span>,
    pub to: PieceSet,
    pub trigger: TriggerExpr,
    /// `for white, red`: the players it is for; empty: every player.
    pub players: Vec<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TriggerExpr {
    /// `on every move`: wherever the move starts and ends.
    EveryMove,
    /// `on entering Z`: starts outside Z, ends inside.
    Entering(ZoneExpr),
    /// `on leaving Z`: starts inside Z, ends outside.
    Leaving(ZoneExpr),
    /// `from A into B`.
    FromInto(ZoneExpr, ZoneExpr),
    /// `in Z`: starts or ends in Z.
    In(ZoneExpr),
    /// `in place ...`: a promotion that is a move of its own.
    InPlace(InPlaceExpr),
}

/// `in place [or moving] [when in Z [or alone]] [without attacking]`.
#[derive(Clone, Debug, PartialEq)]
pub struct InPlaceExpr {
    /// `or moving`: also by a non-capturing move of the new type.
    pub moving: bool,
    /// `when in Z`: only from a cell of Z.
    pub zone: Option<ZoneExpr>,
    /// `or alone`: anywhere while the piece is its player's only one of its type.
    pub alone: bool,
    /// `without attacking`: giving no check and attacking no enemy piece.
    pub peaceful: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Step,
    Slide,
    Leap,
    Hop,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MoveStmt {
    pub kind: MoveKind,
    pub kind_span: Span,
    pub directions: DirExpr,
    /// Alternative routes; each lists cells (offsets from the start) that must
    /// be empty.
    pub routes: Vec<Route>,
    /// `via ... capturing`: an enemy on the route is captured too.
    pub capturing: Option<Span>,
    pub modifiers: Vec<Modifier>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    pub cells: Vec<Vector>,
    pub condition: Option<RouteCondition>,
    pub span: Span,
}

/// `unless crossing half`: the route may be used only when the move does
/// (`when crossing`) or does not (`unless crossing`) cross the zone's boundary.
#[derive(Clone, Debug, PartialEq)]
pub struct RouteCondition {
    pub crossing: bool,
    pub zone: ZoneExpr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Modifier {
    MoveOnly(Span),
    CaptureOnly(Span),
    WhenIn {
        zone: ZoneExpr,
        span: Span,
    },
    /// `circuit`: a slide that comes round a ring to its start is a null move.
    Circuit(Span),
    /// `when unmoved`: only while the piece has not moved since the setup;
    /// `unattacked` (`when unmoved unless attacked`): and while no enemy
    /// piece attacks its cell.
    WhenUnmoved {
        unattacked: bool,
        span: Span,
    },
    /// `en passant by Pawn`: the cells passed over are open to capture in
    /// passing by these pieces for one ply.
    EnPassant {
        by: PieceSet,
        span: Span,
    },
    /// `within lines`: the move exists only along the zone's cells.
    Within {
        zone: ZoneExpr,
        span: Span,
    },
    /// `over not Cannon`: a hop's screen must (`not`: must not) be of these
    /// types.
    Over {
        not: bool,
        pieces: PieceSet,
        span: Span,
    },
    /// `sparing Cannon`: the move never captures these types.
    Sparing {
        pieces: PieceSet,
        span: Span,
    },
}

/// `facing along rank`.
#[derive(Clone, Debug, PartialEq)]
pub struct Facing {
    pub axis: Ident,
    /// `allowed`: the royals may face; the side then to move must end the
    /// facing or pass.
    pub allowed: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stalemate {
    pub outcome: Outcome,
    pub span: Span,
}

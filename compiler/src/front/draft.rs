//! The check phase's output: everything a file says, checked and resolved to
//! ids, in the compiler's own terms. Nothing in it is a placeholder: what only
//! the analysis of mobility can decide (where a promotion is forced, where a
//! drop is banned, a piece's bindings) is not here at all, and joins the rest
//! in the one finishing step (`finish`).

use crate::front::board::BoardModel;
use crate::front::players::Players;
use vdl_runtime::ir::{self, PieceId, ZoneId};

pub struct Draft {
    pub name: String,
    pub board: BoardModel,
    /// How front ends draw the board.
    pub drawing: ir::Drawing,
    pub players: Players,
    pub directions: Vec<ir::Direction>,
    pub zones: Vec<ir::Zone>,
    pub pieces: Vec<DraftPiece>,
    /// `hands`: captured pieces join the captor's hand.
    pub hands: bool,
    pub limits: Vec<DraftLimit>,
    pub facing: Vec<ir::DirId>,
    pub facing_allowed: Vec<ir::DirId>,
    pub stalemate: ir::Outcome,
    pub no_drop_mate: Vec<PieceId>,
    /// `no dropping PIECES in ZONE`: each type with a zone it may not be
    /// dropped in.
    pub drop_bans: Vec<(PieceId, ZoneId)>,
    /// `may drop promoted`: a piece in hand may also be dropped as any type
    /// that goes to hand as it.
    pub drop_promoted: bool,
    /// `may drop anywhere`: drops are not kept off the cells where a piece
    /// could never move.
    pub drop_anywhere: bool,
    pub proxy_promotions: Vec<ir::ProxyPromotion>,
    pub obligations: Vec<ir::Obligation>,
    pub goals: Vec<ir::Goal>,
    /// `no check`.
    pub checks_forbidden: bool,
    /// `must capture`.
    pub must_capture: bool,
    /// `must drop`.
    pub must_drop: bool,
    /// `captures explode ...`.
    pub explosion: Option<ir::Explosion>,
    /// `gate from hand in ZONE`: the zone.
    pub gating: Option<ZoneId>,
    /// `unmoved listed in ZONE`: the zone.
    pub unmoved_listed: Option<ZoneId>,
    /// The pieces' `unmoved lost when ...`.
    pub unmoved_losses: Vec<ir::UnmovedLoss>,
    /// `place PIECE after every move`: the blocker's type.
    pub blocker: Option<PieceId>,
    /// `draws decided by material ...`.
    pub material: Option<ir::MaterialCount>,
    /// The start position as a position string.
    pub setup: String,
}

/// A piece type as declared.
pub struct DraftPiece {
    pub name: String,
    pub symbol: String,
    pub royal: bool,
    pub confined: Option<ZoneId>,
    /// Move rules per player, with absolute directions.
    pub moves: Vec<Vec<ir::MoveRule>>,
    pub promotions: Vec<DraftPromotion>,
    /// `may promote to ... in place ...`.
    pub in_place: Option<DraftInPlace>,
    /// What front ends draw for the piece, per player (empty: its symbol).
    pub glyphs: Vec<String>,
    /// `unmoved lost when ...`.
    pub unmoved_loss: Option<crate::front::unmoved::DraftUnmovedLoss>,
}

/// A promotion as declared; for an optional one, where it is forced is found
/// by analysis.
pub struct DraftPromotion {
    pub to: Vec<PieceId>,
    pub trigger: ir::Trigger,
    pub optional: bool,
    /// `lost`: a type only while the player has fewer of it than the setup has.
    pub only_lost: bool,
    /// `for`: per player, whether the promotion is for it.
    pub for_player: Vec<bool>,
}

/// A promotion in place as declared: its choices become the IR's as a
/// promotion's do ([`DraftPromotion`]'s `to`, `only_lost`, `for_player`).
pub struct DraftInPlace {
    pub to: Vec<PieceId>,
    pub only_lost: bool,
    pub for_player: Vec<bool>,
    pub moving: bool,
    pub zone: Option<ZoneId>,
    pub alone: bool,
    pub peaceful: bool,
}

/// `limit X to N per ...`, one per piece type of the declared set.
pub struct DraftLimit {
    pub piece: PieceId,
    pub max: u8,
    pub scope: LimitScope,
}

/// Where a limit counts.
#[derive(Clone, Copy)]
pub enum LimitScope {
    Board,
    /// Each line along this axis.
    Line(usize),
    /// Each of the piece's bindings, found by analysis.
    Bindings,
}

//! Where a piece can never stand unpromoted: a cell every move onto which
//! must promote it, which no drop, swap, castling or promotion of another
//! piece can put it on either. A chess Pawn on its last rank and a Shogi
//! Pawn, Lance or Knight where it could never move again are such pieces;
//! [`crate::Position::from_setup`] refuses them (outside the game's own
//! setup, which is the start by definition).

use crate::ir::{ByPlayer, CellId, Game, MoveKind, PieceId, PlayerId, Promotion, Trigger};
use crate::state::piece::Piece;

/// The game's promotions, with what is known of them before any cell is
/// asked about.
pub struct ForcedPromotion<'g> {
    game: &'g Game,
    /// Per piece type: can it come to a cell other than by its own move?
    arrives_otherwise: Vec<bool>,
    /// Per piece type, promotion and player: does every move into the
    /// trigger's zone meet the trigger?
    every_entry_triggers: Vec<Vec<ByPlayer<bool>>>,
}

impl<'g> ForcedPromotion<'g> {
    /// The forced promotions of `game`, whose setup board is `start` (`None`
    /// if it does not read).
    pub fn of(game: &'g Game, start: Option<&[Piece]>) -> ForcedPromotion<'g> {
        let every_entry_triggers = game
            .piece_ids()
            .map(|kind| {
                let promotions = &game.pieces[kind].promotions;
                promotions
                    .iter()
                    .map(|p| ByPlayer::from_fn(|player| every_entry_triggers(game, start, Piece::new(kind, player), p.trigger)))
                    .collect()
            })
            .collect();
        ForcedPromotion {
            game,
            arrives_otherwise: game.piece_ids().map(|kind| arrives_otherwise(game, kind)).collect(),
            every_entry_triggers,
        }
    }

    /// Does every way `piece` could come to stand on `cell` promote it?
    pub fn binds(&self, piece: Piece, cell: CellId) -> bool {
        let (kind, player) = (piece.kind(), piece.owner());
        !self.arrives_otherwise[kind.index()]
            && !can_be_dropped_on(self.game, kind, player, cell)
            && self.binding(piece, cell).next().is_some()
    }

    /// The types the promotions that bind `piece` on `cell` offer (for a
    /// message: what to write instead).
    pub fn choices(&self, piece: Piece, cell: CellId) -> Vec<PieceId> {
        let mut kinds: Vec<PieceId> = Vec::new();
        for choice in self.binding(piece, cell).flat_map(|p| p.choices(piece.owner())) {
            if !kinds.contains(&choice.kind) {
                kinds.push(choice.kind);
            }
        }
        kinds
    }

    /// The promotions of `piece` that every move onto `cell` must take.
    fn binding(&self, piece: Piece, cell: CellId) -> impl Iterator<Item = &'g Promotion> + '_ {
        let (kind, player) = (piece.kind(), piece.owner());
        let game = self.game;
        game.pieces[kind].promotions.iter().zip(&self.every_entry_triggers[kind.index()]).filter_map(move |(promotion, entries)| {
            let triggered = entries[player] && in_trigger_zone(game, promotion.trigger, player, cell);
            (triggered && !promotion.choices(player).is_empty() && compulsory_on(game, promotion, player, cell)).then_some(promotion)
        })
    }
}

/// May the promotion not be declined on `cell`: it is compulsory, or
/// optional but forced there (where the unpromoted piece could never move)?
fn compulsory_on(game: &Game, promotion: &Promotion, player: PlayerId, cell: CellId) -> bool {
    !promotion.optional || promotion.forced_at.is_some_and(|zone| game.in_zone(zone, player, cell))
}

/// Is `cell` in the zone the trigger promotes in (`Z` of `in Z`, `B` of
/// `from A into B`)?
fn in_trigger_zone(game: &Game, trigger: Trigger, player: PlayerId, cell: CellId) -> bool {
    match trigger {
        Trigger::Touches(zone) | Trigger::FromInto { into: zone, .. } => game.in_zone(zone, player, cell),
        Trigger::Always => true,
    }
}

/// Does every way `piece` comes to stand in the trigger's zone meet the
/// trigger? For `in Z`, yes: every move touching `Z` does. For `from A into
/// B`, when `A` holds every cell outside `B` (`on entering B`) and the setup
/// (`start`) puts no such piece inside `B`: a piece can then be inside `B`
/// unpromoted only if it stood there before, which by induction it never
/// did. A piece the setup puts inside `B` moves within it unpromoted (a move
/// from `B` into `B` does not come from `A`).
fn every_entry_triggers(game: &Game, start: Option<&[Piece]>, piece: Piece, trigger: Trigger) -> bool {
    let player = piece.owner();
    if player.index() >= game.players.len() {
        return false;
    }
    match trigger {
        Trigger::Touches(_) | Trigger::Always => true,
        Trigger::FromInto { from, into } => {
            let starts_inside =
                start.is_none_or(|start| game.cell_ids().any(|c| start[c.index()] == piece && game.in_zone(into, player, c)));
            !starts_inside && game.cell_ids().all(|c| game.in_zone(into, player, c) || game.in_zone(from, player, c))
        }
    }
}

/// Can a piece of `kind` come to a cell other than by its own move, and so
/// without promoting: as a partner of a swap or castling, by its own swap or
/// castling, or as what another piece promotes to?
fn arrives_otherwise(game: &Game, kind: PieceId) -> bool {
    let partner = game.move_rules().any(|rule| match &rule.kind {
        MoveKind::Swap { with, .. } | MoveKind::Castle { with, .. } => with.contains(&kind),
        _ => false,
    });
    let own = game.pieces[kind].moves.iter().flatten().any(|rule| matches!(rule.kind, MoveKind::Swap { .. } | MoveKind::Castle { .. }));
    let promoted_into = game.pieces.iter().flat_map(|p| &p.promotions).any(|p| p.kinds().any(|k| k == kind))
        || game.rules.proxy_promotions.iter().any(|p| p.into.contains(&kind));
    partner || own || promoted_into
}

/// Can `player` drop a piece of `kind` on `cell` (as itself, or as a form
/// of a piece in hand)?
fn can_be_dropped_on(game: &Game, kind: PieceId, player: PlayerId, cell: CellId) -> bool {
    let held = game.pieces.iter().any(|p| p.captured_as == Some(kind) || p.drop_forms.contains(&kind));
    held && game.pieces[kind].no_drop.is_none_or(|zone| !game.in_zone(zone, player, cell))
}

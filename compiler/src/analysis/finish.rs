//! The finishing step: the lowered game and the facts of analysis become the
//! [`Game`], built once and never patched.

use crate::analysis::analyse::Facts;
use crate::front::draft::DraftPromotion;
use crate::front::lower::{LimitClasses, Lowered};
use crate::front::zones::ZoneCells;
use vdl_runtime::ir::{self, Game, PieceId, PlayerId, ZoneId};
use vdl_runtime::Piece;

pub fn finish(lowered: Lowered, facts: Facts) -> Game {
    let Lowered { movement, pieces: rules, limits, no_drop_mate, drop_bans, drop_anywhere } = lowered;
    let movement = movement.into_game();
    let in_setup = SetupCounts::of(&movement);
    let mut zones = movement.zones;
    let kinds = PieceId::first(rules.len());
    let dead_zone = |zones: &mut Vec<ir::Zone>, kind: PieceId| -> Option<ZoneId> {
        let cells = facts.dead.get(&kind).filter(|cells| cells.iter().any(|set| set.contains(&true)))?;
        Some(zone_for(zones, format!("where {} cannot move", movement.pieces[kind.index()].name), cells))
    };
    // An optional promotion is compulsory where the unpromoted piece could never
    // move again (Shogi's pawn on the last rank); a piece may not be dropped
    // there either.
    let forced: Vec<Option<ZoneId>> = kinds
        .clone()
        .map(|kind| rules[kind.index()].promotions.iter().any(|p| p.optional).then(|| dead_zone(&mut zones, kind)).flatten())
        .collect();
    // Nor where the file bans its drops (`no dropping`). With `may drop
    // anywhere`, only there.
    let no_drop: Vec<Option<ZoneId>> = kinds
        .map(|kind| {
            let dropped = rules.iter().any(|r| r.captured_as == Some(kind) || r.drop_forms.contains(&kind));
            let dead = (dropped && !drop_anywhere).then(|| dead_zone(&mut zones, kind)).flatten();
            let banned: Vec<ZoneId> = drop_bans.iter().filter(|&&(k, _)| k == kind).map(|&(_, zone)| zone).chain(dead).collect();
            no_drop_zone(&mut zones, &movement.pieces[kind.index()].name, &banned)
        })
        .collect();
    let pieces = movement
        .pieces
        .into_iter()
        .zip(rules)
        .enumerate()
        .map(|(kind, (mover, rules))| ir::PieceType {
            royal: rules.royal,
            promotions: rules
                .promotions
                .into_iter()
                .map(|p| ir::Promotion {
                    to: choices(&p, &in_setup).into(),
                    trigger: p.trigger,
                    optional: p.optional,
                    forced_at: forced[kind].filter(|_| p.optional),
                })
                .collect(),
            captured_as: rules.captured_as,
            no_drop: no_drop[kind],
            drop_forms: rules.drop_forms,
            ..mover
        })
        .collect();
    let limits = limits
        .into_iter()
        .filter_map(|limit| {
            let classes = match limit.classes {
                LimitClasses::Known(classes) => classes,
                LimitClasses::Bindings => facts.bindings.get(&limit.piece).cloned()?,
            };
            Some(ir::Limit { piece: limit.piece, max: limit.max, class_of: classes.class_of, classes: classes.classes })
        })
        .collect();
    Game { zones, pieces, rules: ir::Rules { limits, no_drop_mate, ..movement.rules }, ..movement }
}

/// Per player, the choices of a promotion: none for a player it is not for;
/// with `lost`, each type capped at the player's number of it in the setup.
fn choices(promotion: &DraftPromotion, in_setup: &SetupCounts) -> Vec<Vec<ir::Choice>> {
    let for_player = promotion.for_player.iter().enumerate().map(|(player, &named)| (PlayerId::from_index(player), named));
    for_player
        .map(|(player, named)| {
            let choices = promotion.to.iter().filter(|_| named);
            choices.map(|&kind| ir::Choice { kind, while_fewer_than: promotion.only_lost.then(|| in_setup.count(player, kind)) }).collect()
        })
        .collect()
}

/// How many pieces of each type each player has on the board in the setup.
struct SetupCounts(Vec<Piece>);

impl SetupCounts {
    /// Counted on the board field of the setup alone (the movement game has no
    /// hands yet to read a hand field with). A setup that does not fit counts
    /// nothing: the analysis reports it, and the game is never played.
    fn of(game: &Game) -> SetupCounts {
        let board = game.setup.split_whitespace().next().unwrap_or("");
        let board = board.split('[').next().unwrap_or(board);
        SetupCounts(vdl_runtime::fen::parse_setup(game, board).map(|setup| setup.board).unwrap_or_default())
    }

    fn count(&self, player: PlayerId, kind: PieceId) -> u16 {
        self.0.iter().filter(|&&piece| piece == Piece::new(kind, player)).count() as u16
    }
}

/// The zone with these cells: an existing one, or a new one under `name`.
/// One zone of every cell of the `banned` zones (none if there are none).
fn no_drop_zone(zones: &mut Vec<ir::Zone>, piece: &str, banned: &[ZoneId]) -> Option<ZoneId> {
    match banned {
        [] => None,
        &[zone] => Some(zone),
        [first, rest @ ..] => {
            let mut cells: ZoneCells = zones[first.index()].cells.0.clone();
            for zone in rest {
                for (union, more) in cells.iter_mut().zip(&zones[zone.index()].cells.0) {
                    union.iter_mut().zip(more).for_each(|(cell, &banned)| *cell |= banned);
                }
            }
            Some(zone_for(zones, format!("where {piece} may not be dropped"), &cells))
        }
    }
}

fn zone_for(zones: &mut Vec<ir::Zone>, name: String, cells: &ZoneCells) -> ZoneId {
    match zones.iter().position(|z| z.cells.0 == *cells) {
        Some(z) => ZoneId::new(z).expect("the checker caps the zones"),
        None => {
            zones.push(ir::Zone { name, cells: cells.clone().into() });
            ZoneId::new(zones.len() - 1).expect("the checker caps the zones")
        }
    }
}

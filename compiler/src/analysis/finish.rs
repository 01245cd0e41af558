//! The finishing step: the lowered game and the facts of analysis become the
//! [`Game`], built once and never patched.

use crate::analysis::analyse::Facts;
use crate::front::lower::{LimitClasses, Lowered};
use crate::front::zones::ZoneCells;
use vdl_runtime::ir::{self, ByPlayer, Game, PieceId, PlayerId, ZoneId};
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
            let dropped = movement.rules.must_drop || rules.iter().any(|r| r.captured_as == Some(kind) || r.drop_forms.contains(&kind));
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
                    to: choices(&p.to, p.only_lost, &p.for_player, &in_setup).into(),
                    trigger: p.trigger,
                    optional: p.optional,
                    forced_at: forced[kind].filter(|_| p.optional),
                })
                .collect(),
            in_place: rules.in_place.map(|p| ir::InPlacePromotion {
                to: choices(&p.to, p.only_lost, &p.for_player, &in_setup).into(),
                moving: p.moving,
                zone: p.zone,
                alone: p.alone,
                peaceful: p.peaceful,
            }),
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

/// Per player, the choices of a promotion to the types `to`: none for a
/// player it is not for (`for_player`); with `lost` (`only_lost`), each type
/// capped at the player's number of it in the setup.
fn choices(to: &[PieceId], only_lost: bool, for_player: &[bool], in_setup: &SetupCounts) -> Vec<Vec<ir::Choice>> {
    let for_player = for_player.iter().enumerate().map(|(player, &named)| (PlayerId::from_index(player), named));
    for_player
        .map(|(player, named)| {
            let choices = to.iter().filter(|_| named);
            choices.map(|&kind| ir::Choice { kind, while_fewer_than: only_lost.then(|| in_setup.count(player, kind)) }).collect()
        })
        .collect()
}

/// How many pieces of each type each player has in the setup: on the board,
/// and in hand where the setup fills the hands (`must drop`, gating).
struct SetupCounts {
    board: Vec<Piece>,
    hands: ByPlayer<Vec<u32>>,
}

impl SetupCounts {
    /// The whole setup where the movement game reads its hands (they are
    /// the setup's own); else the board field alone (the movement game
    /// has no hands yet for what captures bring). A setup that does not
    /// fit counts nothing: the analysis reports it, and the game is never
    /// played.
    fn of(game: &Game) -> SetupCounts {
        if let Ok(setup) = vdl_runtime::fen::parse_setup(game, &game.setup) {
            return SetupCounts { board: setup.board, hands: setup.hands };
        }
        let board = game.setup.split_whitespace().next().unwrap_or("");
        let board = board.split('[').next().unwrap_or(board);
        let board = vdl_runtime::fen::parse_setup(game, board).map(|setup| setup.board).unwrap_or_default();
        SetupCounts { board, hands: ByPlayer::from_fn(|_| Vec::new()) }
    }

    fn count(&self, player: PlayerId, kind: PieceId) -> u16 {
        let held = self.hands[player].get(kind.index()).copied().unwrap_or(0);
        self.board.iter().filter(|&&piece| piece == Piece::new(kind, player)).count() as u16 + held as u16
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

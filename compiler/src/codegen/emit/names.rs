//! Rust identifiers for the game's pieces, players and zones, and the plain
//! English descriptions used in the generated doc comments.

use proc_macro2::Ident;
use quote::format_ident;
use std::collections::HashSet;
use vdl_runtime::ir::{
    CastleEnds, Choice, Crossing, DirId, Game, Gate, Mode, MoveKind, MoveRule, PieceId, PlayerId, Promotion, Trigger, ZoneId,
};

/// Upper-case snake-case identifier fragments, unique within each list.
pub struct Names {
    pub pieces: Vec<String>,
    pub players: Vec<String>,
    pub zones: Vec<String>,
}

impl Names {
    pub fn new(game: &Game) -> Names {
        let pieces = unique(game.pieces.iter().map(|p| fragment(&p.name, "PIECE")).collect());
        let players = unique(game.players.iter().map(|p| fragment(&p.name, "PLAYER")).collect());
        let zones = unique(game.zones.iter().map(|z| fragment(&z.name, "ZONE")).collect());
        let mut names = Names { pieces, players, zones };
        // `PIECE_PLAYER` must be unique across all pairs; fall back to numbers if a
        // piece name ending in a player's name makes two of them collide.
        let mut seen = HashSet::new();
        let collide = (0..game.pieces.len())
            .flat_map(|k| (0..game.players.len()).map(move |p| (k, p)))
            .any(|(k, p)| !seen.insert(format!("{}_{}", names.pieces[k], names.players[p])));
        if collide {
            names.pieces = (0..game.pieces.len()).map(|k| format!("P{k}")).collect();
        }
        names
    }

    /// The constant holding piece `kind` of `player` (`CHARIOT_RED`).
    pub fn piece_const(&self, kind: PieceId, player: PlayerId) -> Ident {
        format_ident!("{}_{}", self.pieces[kind.index()], self.players[player.index()])
    }

    /// A lower-case function name built from `prefix`, a piece and a player.
    pub fn piece_fn(&self, prefix: &str, kind: PieceId, player: PlayerId) -> Ident {
        format_ident!("{}_{}_{}", prefix, self.pieces[kind.index()].to_ascii_lowercase(), self.players[player.index()].to_ascii_lowercase())
    }

    /// A lower-case function name built from `prefix` and a player.
    pub fn player_fn(&self, prefix: &str, player: PlayerId) -> Ident {
        format_ident!("{}_{}", prefix, self.players[player.index()].to_ascii_lowercase())
    }
}

/// `"Red chariot"` -> `"RED_CHARIOT"`; a name with no usable character becomes
/// `fallback`, one starting with a digit gets it as a prefix.
fn fragment(name: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_uppercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() {
        return fallback.to_string();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out = format!("{fallback}_{out}");
    }
    out
}

fn unique(list: Vec<String>) -> Vec<String> {
    let mut seen = HashSet::new();
    list.into_iter()
        .map(|name| {
            let mut candidate = name.clone();
            let mut n = 2;
            while !seen.insert(candidate.clone()) {
                candidate = format!("{name}_{n}");
                n += 1;
            }
            candidate
        })
        .collect()
}

/// A displacement as written in the variant file: `(1, -2)`.
pub fn vector(game: &Game, dir: DirId) -> String {
    let parts: Vec<String> = game.directions[dir.index()].vector.iter().map(|c| c.to_string()).collect();
    format!("({})", parts.join(", "))
}

/// One move rule in words, for doc comments.
pub fn describe_rule(game: &Game, rule: &MoveRule) -> String {
    let what = match &rule.kind {
        MoveKind::Ride { dir, range, circuit } => {
            let what = match range {
                Some(1) => format!("step {}", vector(game, *dir)),
                Some(n) => format!("ride {} up to {n} cells", vector(game, *dir)),
                None => format!("ride {}", vector(game, *dir)),
            };
            if *circuit {
                format!("{what}, a null move when it comes back round a ring")
            } else {
                what
            }
        }
        MoveKind::CapturingLeap { target, via, crossing: condition } => {
            format!(
                "leap {} over {}, which must be empty or hold an enemy piece, captured too{}",
                vector(game, *target),
                vector(game, *via),
                crossing(game, *condition)
            )
        }
        MoveKind::Leap { target, routes, .. } if routes.is_empty() => format!("leap {}", vector(game, *target)),
        MoveKind::Leap { target, routes, .. } => {
            let routes: Vec<String> = routes
                .iter()
                .map(|route| {
                    if route.cells.is_empty() {
                        return format!("freely{}", crossing(game, route.crossing));
                    }
                    let cells: Vec<String> = route.cells.iter().map(|&d| vector(game, d)).collect();
                    let verb = if cells.len() == 1 { "is" } else { "are" };
                    format!("if {} {verb} empty{}", cells.join(" and "), crossing(game, route.crossing))
                })
                .collect();
            format!("leap {} {}", vector(game, *target), routes.join(", or "))
        }
        MoveKind::Hop { dir } => format!("hop {}", vector(game, *dir)),
        MoveKind::Castle { dir, ends, with } => {
            let names: Vec<&str> = with.iter().map(|&k| game.pieces[k].name.as_str()).collect();
            match ends {
                CastleEnds::By(distance) => {
                    format!("castle {} cells along {} with {}", distance, vector(game, *dir), names.join(" or "))
                }
                CastleEnds::To { piece, partner } => format!(
                    "castle toward {} with {}, ending in {} and {}",
                    vector(game, *dir),
                    names.join(" or "),
                    game.zones[*piece].name,
                    game.zones[*partner].name
                ),
            }
        }
        MoveKind::Swap { dir, with, unattacked } => {
            let names: Vec<&str> = with.iter().map(|&k| game.pieces[k].name.as_str()).collect();
            let unless = if *unattacked { ", if neither cell is attacked" } else { "" };
            format!("swap with a friendly {} {} away{unless}", names.join(" or "), vector(game, *dir))
        }
    };
    let mode = match rule.mode {
        Mode::Both => "",
        Mode::MoveOnly => ", moving only",
        Mode::CaptureOnly => ", capturing only",
    };
    let zone = match rule.only_in {
        Some(z) => format!(", only in zone `{}`", game.zones[z].name),
        None => String::new(),
    };
    let gate = match rule.gate {
        Gate::Always => "",
        Gate::Unmoved => ", only while the piece is unmoved",
    };
    let passing = if rule.en_passant.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = rule.en_passant.iter().map(|&k| game.pieces[k].name.as_str()).collect();
        format!(", leaving the cells it passes open to capture in passing by {}", names.join(" or "))
    };
    format!("{what}{mode}{zone}{gate}{passing}")
}

/// The condition of a route on crossing a zone's boundary, in words.
fn crossing(game: &Game, condition: Option<Crossing>) -> String {
    match condition {
        Some(c) => {
            format!(" ({} crossing the boundary of zone `{}`)", if c.crossing { "only when" } else { "unless" }, game.zones[c.zone].name)
        }
        None => String::new(),
    }
}

/// A promotion's choice in words, for doc comments.
pub fn describe_choice(game: &Game, choice: &Choice) -> String {
    let name = &game.pieces[choice.kind].name;
    match choice.while_fewer_than {
        Some(cap) => format!("{name} while fewer than {cap} are on the board"),
        None => name.clone(),
    }
}

/// A promotion of `player`'s piece in words, for doc comments.
pub fn describe_promotion(game: &Game, promotion: &Promotion, player: PlayerId) -> String {
    let names: Vec<String> = promotion.choices(player).iter().map(|choice| describe_choice(game, choice)).collect();
    let zone = |z: ZoneId| format!("`{}`", game.zones[z].name);
    let when = match promotion.trigger {
        Trigger::FromInto { from, into } => format!("moving from zone {} into zone {}", zone(from), zone(into)),
        Trigger::Touches(z) => format!("moving from or into zone {}", zone(z)),
    };
    let how = if promotion.optional { "may" } else { "must" };
    let forced = match promotion.forced_at {
        Some(z) if promotion.optional => format!(" (must when landing in zone {})", zone(z)),
        _ => String::new(),
    };
    format!("{how} become {} when {when}{forced}", names.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments() {
        assert_eq!(fragment("Red chariot", "P"), "RED_CHARIOT");
        assert_eq!(fragment("  +pawn--x ", "P"), "PAWN_X");
        assert_eq!(fragment("3d", "ZONE"), "ZONE_3D");
        assert_eq!(fragment("--", "ZONE"), "ZONE");
        assert_eq!(unique(vec!["A".into(), "A".into(), "B".into()]), vec!["A", "A_2", "B"]);
    }
}

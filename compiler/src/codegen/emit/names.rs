//! Rust identifiers for the game's pieces, players and zones, and the plain
//! English words for displacements, zones' conditions and promotions used in
//! the generated doc comments (each move construct describes its own rules:
//! see `moves::constructs`).

use proc_macro2::Ident;
use quote::format_ident;
use std::collections::HashSet;
use vdl_runtime::ir::{Choice, Crossing, DirId, Game, PieceId, PlayerId, Promotion, Trigger, ZoneId};

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

/// The condition of a leap on crossing a zone's boundary, in words.
pub fn crossing(game: &Game, condition: Option<Crossing>) -> String {
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
        Trigger::Always => "making any move".to_string(),
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

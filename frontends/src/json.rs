//! The JSON the protocol and the web API share: a game's description, the
//! state of a session, a search result.

use crate::session::{describe_search, Ending, Session};
use serde_json::{json, Value};
use vdl_runtime::fen::piece_symbol;
use vdl_runtime::ir::{PieceId, Trigger, ZoneId};
use vdl_runtime::search::{self, SearchResult};
use vdl_runtime::{Game, Piece, PlayerId};

/// What a front end needs to draw and name things: players, axes (with their
/// labels), cells with their coordinates, the layout (rows as position strings
/// list them), how the file asks the board to be drawn, pieces (with their
/// glyphs), and the zones that matter to a drawing. In games with hands, also
/// `hand_pieces`: the symbols of the types a player can hold in hand (what
/// captured pieces become, royals aside, and what the setup puts in hand),
/// in the order the variant declares the types.
pub fn game_description(game: &Game) -> Value {
    let layout = &game.board.layout;
    let mut description = json!({
        "name": game.name,
        "players": game.players.iter().map(|p| json!({"name": p.name, "letter": p.letter.to_string(), "forward": p.forward})).collect::<Vec<_>>(),
        "axes": game.board.axes.iter().map(|a| json!({"name": a.name, "size": a.size, "labels": a.labels, "wrap": a.wrap})).collect::<Vec<_>>(),
        "cells": game.board.cells.iter().map(|c| json!({"name": c.name, "coords": c.coords})).collect::<Vec<_>>(),
        "layout": {"rows": layout.rows, "separators": layout.separators, "block_labels": layout.block_labels, "centres": layout.centres},
        "drawing": layout.drawing,
        "pieces": game.pieces.iter().map(|p| json!({"name": p.name, "symbol": p.symbol, "royal": p.royal, "glyphs": p.glyphs})).collect::<Vec<_>>(),
        "zones": zones_to_draw(game),
        "setup": game.setup,
    });
    if game.has_hands() {
        let start = vdl_runtime::fen::parse_setup(game, &game.setup).ok();
        let in_start_hand = |kind: PieceId| {
            start.as_ref().is_some_and(|setup| setup.hands.iter().any(|hand| hand.get(kind.index()).is_some_and(|&n| n > 0)))
        };
        let held: Vec<&str> = game
            .piece_ids()
            .filter(|&kind| (!game.pieces[kind].royal && game.pieces.iter().any(|p| p.captured_as == Some(kind))) || in_start_hand(kind))
            .map(|kind| game.pieces[kind].symbol.as_str())
            .collect();
        description["hand_pieces"] = json!(held);
    }
    description
}

/// The zones the rules make matter, for drawings: those pieces are confined to
/// (`"confinement"`) and those where promotions happen (`"promotion"`: the
/// zone a move enters, or the zone it starts or ends in, with the players
/// whose pieces promote there: `"promotes_for"`), each with its cells for
/// every player.
fn zones_to_draw(game: &Game) -> Vec<Value> {
    let mut uses: Vec<Vec<&str>> = vec![Vec::new(); game.zones.len()];
    let mut mark = |zone: ZoneId, role| {
        if let Some(roles) = uses.get_mut(zone.index()).filter(|roles| !roles.contains(&role)) {
            roles.push(role);
        }
    };
    let mut promotes_for: Vec<Vec<PlayerId>> = vec![Vec::new(); game.zones.len()];
    let players = game.player_ids();
    // A promotion `for` some players only promotes their pieces; one by
    // proxy, every player's.
    let promotions = game.pieces.iter().flat_map(|p| p.promotions.iter()).map(|promotion| {
        let players: Vec<PlayerId> = players.clone().filter(|&player| !promotion.choices(player).is_empty()).collect();
        (promotion.trigger, players)
    });
    let proxies = game.rules.proxy_promotions.iter().map(|proxy| (proxy.trigger, players.clone().collect()));
    for (trigger, players) in promotions.chain(proxies) {
        // A promotion on every move has no zone to draw.
        let (Trigger::FromInto { into: zone, .. } | Trigger::Touches(zone)) = trigger else { continue };
        mark(zone, "promotion");
        let list = &mut promotes_for[zone.index()];
        list.extend(players);
        list.sort_unstable();
        list.dedup();
    }
    game.pieces.iter().filter_map(|p| p.confined).for_each(|z| mark(z, "confinement"));
    game.rules.obligations.iter().for_each(|o| mark(o.zone, "confinement"));
    game.zones
        .iter()
        .zip(uses)
        .zip(promotes_for)
        .filter(|((_, roles), _)| !roles.is_empty())
        .map(|((zone, roles), promotes_for)| {
            let cells: Vec<Vec<usize>> = zone.cells.iter().map(|of| (0..of.len()).filter(|&c| of[c]).collect()).collect();
            json!({"name": zone.name, "uses": roles, "cells": cells, "promotes_for": promotes_for})
        })
        .collect()
}

pub fn ending(ending: &Option<Ending>, game: &Game) -> Value {
    match ending {
        None => Value::Null,
        Some(e) => json!({
            "winner": e.winner.map(|w| game.players[w].name.clone()),
            "winner_index": e.winner,
            "reason": e.reason,
            "text": e.text,
        }),
    }
}

/// The position, whose turn it is, the history (in vdl's move text and in
/// SAN) and the result; in games with hands, the pieces in hand.
pub fn state(session: &Session) -> serde_json::Map<String, Value> {
    let game = session.game();
    let mut map = serde_json::Map::new();
    map.insert("fen".into(), json!(session.fen()));
    map.insert("side".into(), json!(session.side_name()));
    map.insert("side_index".into(), json!(session.side()));
    map.insert("ply".into(), json!(session.ply()));
    map.insert("history".into(), json!(session.history()));
    map.insert("history_san".into(), json!(session.history_san().collect::<Vec<_>>()));
    map.insert("in_check".into(), json!(session.in_check()));
    map.insert("result".into(), ending(&session.ending(), game));
    if game.has_hands() {
        map.insert("hands".into(), hands(session));
    }
    map
}

/// The pieces in hand, one list per player (in the order of `players`): for
/// every piece type held, in the order the variant declares the types,
/// `{"symbol":"P","text":"p","count":2}` (`symbol` as declared, `text` as
/// position strings write it).
pub fn hands(session: &Session) -> Value {
    let game = session.game();
    let lists: Vec<Value> = session
        .hands()
        .into_iter()
        .enumerate()
        .map(|(player, held)| {
            let pieces: Vec<Value> = held
                .into_iter()
                .map(|(kind, count)| {
                    json!({
                        "symbol": game.pieces[kind].symbol,
                        "text": piece_symbol(game, Piece::new(kind, PlayerId::from_index(player))),
                        "count": count,
                    })
                })
                .collect();
            Value::Array(pieces)
        })
        .collect();
    Value::Array(lists)
}

/// The state plus what a board needs: the piece on every cell, the legal moves
/// with their SAN, their cells and the symbol of the type a promotion makes
/// (or `null`), and the last move's cells (cells are indices into the
/// description's `cells`).
pub fn board_state(session: &Session) -> serde_json::Map<String, Value> {
    let game = session.game();
    let pos = session.position();
    let mut map = state(session);
    let board: Vec<Value> = game
        .cell_ids()
        .map(|cell| {
            let piece = pos.at(cell);
            if piece.is_empty() {
                Value::Null
            } else {
                json!({
                    "symbol": game.pieces[piece.kind()].symbol,
                    "text": piece_symbol(game, piece),
                    "owner": piece.owner(),
                    "royal": game.pieces[piece.kind()].royal,
                })
            }
        })
        .collect();
    map.insert("board".into(), json!(board));
    let legal: Vec<Value> = session
        .legal_with_cells()
        .into_iter()
        .map(|legal| {
            json!({"move": legal.text, "san": legal.san, "from": legal.from, "to": legal.to, "promotion": legal.promotion, "partner": legal.partner, "gate": legal.gate, "held": legal.held, "blocker": legal.blocker})
        })
        .collect();
    map.insert("legal".into(), json!(legal));
    map.insert(
        "last".into(),
        match session.last_move_cells() {
            Some((from, to)) => {
                json!({"move": session.last_move_text(), "san": session.last_move_san(), "from": from, "to": to})
            }
            None => Value::Null,
        },
    );
    map
}

pub fn search_result(session: &Session, found: &SearchResult) -> serde_json::Map<String, Value> {
    let mut map = serde_json::Map::new();
    map.insert("move".into(), json!(found.best.map(|mv| session.move_text(mv))));
    map.insert("san".into(), json!(found.best.map(|mv| session.san(mv))));
    map.insert("score".into(), json!(found.score));
    map.insert("mate".into(), json!(search::mate_in(found.score)));
    map.insert("depth".into(), json!(found.depth));
    map.insert("nodes".into(), json!(found.nodes));
    map.insert("time_ms".into(), json!(found.elapsed.as_millis() as u64));
    map.insert("pv".into(), json!(pv_texts(session, found)));
    map.insert("summary".into(), json!(describe_search(found)));
    map
}

/// The principal variation as move text, played out from the session's
/// position (each move is written in the position it is played in).
fn pv_texts(session: &Session, found: &SearchResult) -> Vec<String> {
    let mut pos = session.position().clone();
    let mut out = Vec::new();
    for &mv in &found.pv {
        if !vdl_runtime::legal::legal_moves(session.engine(), &pos).contains(&mv) {
            break;
        }
        out.push(session.move_text(mv));
        vdl_runtime::legal::play(session.engine(), &mut pos, mv);
    }
    out
}

//! `Position` keeps a count of every piece value, the cells that hold a
//! piece, those of the second player and those of each piece value (on
//! boards of up to 128 cells), the
//! cells of each player's royals and the number of limited pieces in each class of each limit
//! through `make` and `unmake`, and how many classes of each limit are full
//! and overfull (the countdowns, the royals' safety and the limits read them
//! instead of scanning the board). Along random games of every bundled variant, with every kind of move
//! they have (captures on the way, swaps, null moves, drops, promotions by
//! proxy), the counts always equal a count over the board, and `unmake` gives
//! back the position exactly.

use rand::prelude::*;
use vdl_runtime::state::occupancy::Occupancy;
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, legal, CellId, Game, Piece, Position};

/// Every value a cell can hold: empty, and each type of either player.
fn every_value(game: &Game) -> Vec<Piece> {
    let pieces = PlayerId::BOTH.into_iter().flat_map(|player| game.piece_ids().map(move |kind| Piece::new(kind, player)));
    std::iter::once(Piece::EMPTY).chain(pieces).collect()
}

/// Checks the count of every value a cell can hold (empty, and each type of
/// either player), the royals' cells and the limits' class counts against
/// the board.
fn assert_counts(game: &Game, pos: &Position, context: &str) {
    for piece in every_value(game) {
        let on_board = pos.board().iter().filter(|&&p| p == piece).count();
        assert_eq!(pos.count(piece) as usize, on_board, "count of {piece:?} after {context}");
    }
    if pos.board().len() <= vdl_runtime::state::occupancy::MAX_CELLS {
        for player in PlayerId::BOTH {
            let kept = pos.held_cells().seen_by(player, pos.board().len());
            assert_eq!(kept, Occupancy::of(pos.board(), player), "cells held, seen by player {player}, after {context}");
        }
        for piece in every_value(game) {
            let cells = pos.board().iter().enumerate().filter(|&(_, &p)| p == piece).fold(0u128, |set, (cell, _)| set | 1 << cell);
            assert_eq!(pos.piece_cells().of(piece, pos.board().len()), cells, "cells of {piece:?} after {context}");
        }
    }
    for player in PlayerId::BOTH {
        let royals: Vec<CellId> = pos.cells().filter(|(_, p)| p.is_of(player) && game.pieces[p.kind()].royal).map(|(c, _)| c).collect();
        assert_eq!(pos.royal_cells(player).collect::<Vec<_>>(), royals, "royals of player {player} after {context}");
        assert_eq!(pos.royal_count(player) as usize, royals.len(), "royal count of player {player} after {context}");
        let pieces = pos.board().iter().filter(|p| p.is_of(player)).count();
        assert_eq!(pos.pieces_of(player) as usize, pieces, "pieces of player {player} after {context}");
        assert_eq!(pos.has_non_royal_on_board(player), pieces > royals.len(), "non-royals of player {player} after {context}");
        for (i, limit) in game.rules.limits.iter().enumerate() {
            let (mut full, mut over) = (0, 0);
            for (class, cells) in limit.classes.iter().enumerate() {
                let piece = Piece::new(limit.piece, player);
                let in_class = cells.iter().filter(|&&cell| pos.at(cell) == piece).count();
                assert_eq!(pos.in_class(i, class as u16, player) as usize, in_class, "limit {i}, class {class} after {context}");
                full += u16::from(in_class >= usize::from(limit.max));
                over += u16::from(in_class > usize::from(limit.max));
            }
            assert_eq!(pos.full_classes(i, player), full, "full classes of limit {i} after {context}");
            assert_eq!(pos.overfull_classes(i, player), over, "overfull classes of limit {i} after {context}");
        }
    }
}

#[test]
fn counts_follow_every_move_and_take_back() {
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game();
        for seed in 0..4 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = fen::parse(game, &game.setup).expect("valid setup");
            assert_counts(game, &pos, "the setup");
            for ply in 0..60 {
                let moves = legal::legal_moves(&*engine, &pos);
                // Every move is tried and taken back before one is played.
                for &mv in &moves {
                    let before = pos.clone();
                    let undo = pos.make(mv);
                    assert_counts(game, &pos, &format!("{}: ply {ply}, {mv:?}", bundled.name));
                    pos.unmake(mv, undo);
                    assert_eq!(pos, before, "{}: unmake of {mv:?}", bundled.name);
                }
                let Some(&mv) = moves.choose(&mut rng) else { break };
                pos.make(mv);
            }
        }
    }
}

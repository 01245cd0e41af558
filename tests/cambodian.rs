//! Cambodian chess (variants/cambodian.vdl): first-move leaps as
//! Fairy-Stockfish plays them. Every expected move list and position string
//! below is Fairy-Stockfish's (`go perft 1` and `d` after `position ...
//! moves ...`, built from source, 291126), not vdl's output. Fairy-Stockfish
//! writes its counting rule's fields where the en-passant field and the
//! clocks stand, so only the board, the side and the rights are compared.

mod common;
use common::{all_moves, engines, position};
use vdl_runtime::{fen, legal, notation, Engine};

const V: &str = "cambodian";

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
const OPEN: &str = "r2mk2r/8/2p2p2/8/8/2P2P2/8/R2KM2R w DEde - 0 1";

/// The board, side and rights after `moves` from `start`.
fn after(engine: &dyn Engine, start: &str, moves: &[&str]) -> String {
    let mut pos = position(engine, start);
    for text in moves {
        let mv = notation::parse_move(engine, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        legal::play(engine, &mut pos, mv);
    }
    fen::format(engine.game(), &pos).split(' ').take(3).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_rights_go_with_the_king_and_met_that_leap() {
    for (name, engine) in engines(V) {
        assert_eq!(after(&*engine, START, &["d1-b2"]), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede", "{name}");
        assert_eq!(after(&*engine, START, &["e3-e4", "d6-d5", "e1-e3"]), "rnsmksnr/8/ppp1pppp/3p4/4P3/PPPPMPPP/8/RNSK1SNR b Dde", "{name}");
        let all_leapt = after(&*engine, START, &["e3-e4", "d6-d5", "e1-e3", "e8-g7", "d1-b2", "d8-d6"]);
        assert_eq!(all_leapt, "rns2snr/6k1/pppmpppp/3p4/4P3/PPPPMPPP/1K6/RNS2SNR w -", "{name}");
    }
}

#[test]
fn an_enemy_rook_landing_on_the_kings_lines_takes_its_leap() {
    for (name, engine) in engines(V) {
        // Onto the Black King's rank: `d` gone; onto no King's line: kept.
        assert_eq!(after(&*engine, OPEN, &["h1-h8"]), "r2mk2R/8/2p2p2/8/8/2P2P2/8/R2KM3 b DEd", "{name}");
        assert_eq!(after(&*engine, OPEN, &["a1-a7"]), "r2mk2r/R7/2p2p2/8/8/2P2P2/8/3KM2R b DEde", "{name}");
        // Onto the King's rank, the Met between them; onto its file; onto
        // the Met's file, which takes nothing.
        let rook = "4k3/7r/8/8/8/8/8/3KM3 b DE - 0 1";
        assert_eq!(after(&*engine, rook, &["h7-h1"]), "4k3/8/8/8/8/8/8/3KM2r w E", "{name}");
        assert_eq!(after(&*engine, rook, &["h7-d7"]), "4k3/3r4/8/8/8/8/8/3KM3 w E", "{name}");
        assert_eq!(after(&*engine, rook, &["h7-e7"]), "4k3/4r3/8/8/8/8/8/3KM3 w DE", "{name}");
    }
}

#[test]
fn the_king_leaps_not_out_of_check_and_the_met_leaps_over_a_piece() {
    for (name, engine) in engines(V) {
        let in_check = position(&*engine, "3k4/8/8/8/8/8/8/r2K4 w D - 0 1");
        assert_eq!(all_moves(&*engine, &in_check), ["d1-c2", "d1-d2", "d1-e2"], "{name}");
        let blocks = position(&*engine, "4k3/8/8/8/8/r6K/8/4M3 w E - 0 1");
        assert_eq!(all_moves(&*engine, &blocks), ["e1-e3", "h3-g2", "h3-g4", "h3-h2", "h3-h4"], "{name}");
        let over = position(&*engine, "4k3/8/8/8/8/8/4S3/3KM3 w DE - 0 1");
        let expected = ["d1-b2", "d1-c1", "d1-c2", "d1-d2", "d1-f2", "e1-d2", "e1-e3", "e1-f2", "e2-d3", "e2-e3", "e2-f1", "e2-f3"];
        assert_eq!(all_moves(&*engine, &over), expected, "{name}");
    }
}

#[test]
fn a_right_on_a_file_without_a_piece_is_refused() {
    for (name, engine) in engines(V) {
        let error = fen::parse(engine.game(), "4k3/8/8/8/8/8/8/3K4 w DE - 0 1").unwrap_err();
        assert!(error.message().contains("first-move right `E`"), "{name}: {}", error.message());
    }
}

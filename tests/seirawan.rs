//! Seirawan chess (variants/seirawan.vdl): gating as Fairy-Stockfish plays it.
//! Every expected move list, position string and move text below is
//! Fairy-Stockfish's (`go perft 1`, `d` after `position ... moves ...`, built
//! from source, 291126; SAN from pyffish 0.0.90's `get_san`), not vdl's
//! output.

mod common;
use common::{all_moves, engines, position};
use vdl_runtime::{fen, legal, notation, san, Engine};

const V: &str = "seirawan";

/// The position string after `moves` (vdl's move texts, or UCI's where
/// they are the same) from `start`.
fn after(engine: &dyn Engine, start: &str, moves: &[&str]) -> String {
    let mut pos = position(engine, start);
    for text in moves {
        let mv = notation::parse_move(engine, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        legal::play(engine, &mut pos, mv);
    }
    fen::format(engine.game(), &pos)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1";

#[test]
fn gating_rights_go_with_the_pieces_that_move_and_the_hand() {
    for (name, engine) in engines(V) {
        // Fairy-Stockfish: `position startpos moves b1c3h g8f6e`, then `d`.
        let fen = after(&*engine, START, &["b1c3h", "g8f6e"]);
        assert_eq!(fen, "rnbqkber/pppppppp/5n2/8/8/2N5/PPPPPPPP/RHBQKBNR[Eh] w KQCDFGkqbcdf - 2 2", "{name}");
        // Castling onto the Rook's cell (Fairy-Stockfish's `h1e1h`), then
        // the other way onto the Rook's cell (`a8e8e`): the Kings' rights
        // are gone, the unmoved Rooks' gates stay.
        let fen = after(&*engine, CASTLES, &["e1-g1/Hh1", "e8-c8/Ea8"]);
        assert_eq!(fen, "e1kr3r/8/8/8/8/8/8/R4RKH[Eh] w Ah - 2 2", "{name}");
        // Hands as Fairy-Stockfish writes them, the Elephant first.
        assert_eq!(after(&*engine, CASTLES, &["e1-g1/Hh1"]), "r3k2r/8/8/8/8/8/8/R4RKH[Eeh] b Akq - 1 1", "{name}");
        assert_eq!(after(&*engine, START, &[]), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1", "{name}");
    }
}

#[test]
fn a_capture_in_check_may_gate_and_a_pinned_piece_may_not() {
    for (name, engine) in engines(V) {
        // Fairy-Stockfish's 12 moves: b1d2 c1d2 d1d2 e1d2, each also with h and e.
        let pos = position(&*engine, "rnbqk1nr/pppp1ppp/8/4p3/8/1P1P4/P1PbPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdg - 0 4");
        let mut expected: Vec<String> =
            ["b1", "c1", "d1", "e1"].iter().flat_map(|from| ["", "/H", "/E"].map(|gate| format!("{from}-d2{gate}"))).collect();
        expected.sort();
        assert_eq!(all_moves(&*engine, &pos), expected, "{name}");
        // The Knight on c1 is pinned by the Rook on a1: Fairy-Stockfish
        // lists only the King's five steps, the Hawk entering c1 notwithstanding.
        let pinned = position(&*engine, "4k3/8/8/8/8/8/8/r1N1K3[H] w C - 0 1");
        assert_eq!(all_moves(&*engine, &pinned), ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"], "{name}");
    }
}

#[test]
fn moves_are_written_as_fairy_stockfish_writes_them() {
    for (name, engine) in engines(V) {
        let start = position(&*engine, START);
        let knight = notation::parse_move(&*engine, &start, "b1c3h").unwrap();
        assert_eq!(notation::move_text(engine.game(), knight), "b1-c3/H", "{name}");
        assert_eq!(san::san(&*engine, &start, knight), "Nc3/H", "{name}");
        let castles = position(&*engine, CASTLES);
        let onto_rook = notation::parse_move(&*engine, &castles, "e1-g1/Hh1").unwrap();
        let onto_king = notation::parse_move(&*engine, &castles, "e1-g1/E").unwrap();
        // Fairy-Stockfish's SAN (pyffish 0.0.90's `get_san` of `h1e1h` and
        // `e1g1e`): the Elephant on e1 checks along the e-file.
        assert_eq!(san::san(&*engine, &castles, onto_rook), "O-O/Hh1", "{name}");
        assert_eq!(san::san(&*engine, &castles, onto_king), "O-O/Ee1+", "{name}");
        assert_eq!(notation::parse_move(&*engine, &castles, "O-O/Hh1"), Ok(onto_rook), "{name}");
    }
}

#[test]
fn a_gate_letter_naming_no_piece_is_refused() {
    let (_, engine) = engines(V).remove(0);
    // f8 is empty: Fairy-Stockfish 11.1 reads the `f` as a gate there
    // (and counts 799687 at depth 4, where the newest build counts 797451);
    // vdl says what is wrong.
    let error = fen::parse(engine.game(), "rnbqk1nr/pppp1ppp/8/4p3/8/1P1P4/P1PbPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 4").unwrap_err();
    assert!(error.to_string().contains("gating right `f`"), "{error}");
}

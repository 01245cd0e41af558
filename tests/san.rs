//! Standard algebraic notation (runtime/src/text/san.rs), on positions worked out
//! by hand from the FIDE Laws of Chess, Appendix C ("Algebraic notation"),
//! on both engines; and every form `notation::parse_move` reads. The
//! comparison with python-chess's SAN on thousands of random positions is in
//! tests/python_chess/check_chess.py.

mod common;

use common::engines;
use vdl_runtime::notation::{move_text, parse_move, MoveError};
use vdl_runtime::{fen, san, Engine, Position};

fn sans(engine: &dyn Engine, pos: &Position) -> Vec<String> {
    let mut sans: Vec<String> = san::legal_sans(engine, pos).into_iter().map(|(_, text)| text).collect();
    sans.sort();
    sans
}

fn chess_position(engine: &dyn Engine, text: &str) -> Position {
    fen::parse(engine.game(), text).unwrap()
}

/// The SAN of the move written `FROM-TO` in `pos`.
fn san_of(engine: &dyn Engine, pos: &Position, text: &str) -> String {
    let mv = parse_move(engine, pos, text).unwrap();
    san::san(engine, pos, mv)
}

#[test]
fn the_moving_piece_is_named_by_its_letter_and_pawns_by_none() {
    // C.6: "Each move of a piece is indicated by the abbreviation of the name
    // of the piece in question and the square of arrival. ... Pawns are not
    // indicated by their first letter."
    for (name, engine) in engines("chess") {
        let pos = chess_position(&*engine, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let all = sans(&*engine, &pos);
        assert_eq!(
            all,
            ["Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4"],
            "{name}"
        );
    }
}

#[test]
fn captures_are_marked_x_and_a_pawn_s_capture_names_its_file() {
    // C.9: "When a piece makes a capture, an x may be inserted between ...
    // the abbreviation of the name of the piece in question and the square
    // of arrival ... When a pawn makes a capture, the file of departure must
    // be indicated"; en passant is written by the square of arrival.
    for (name, engine) in engines("chess") {
        let pos = chess_position(&*engine, "4k3/8/8/3pP3/8/2n5/1P6/4K3 w - d6 0 1");
        assert_eq!(san_of(&*engine, &pos, "e5-d6"), "exd6", "{name}");
        assert_eq!(san_of(&*engine, &pos, "b2-c3"), "bxc3", "{name}");
        assert_eq!(san_of(&*engine, &pos, "b2-b4"), "b4", "{name}");
    }
}

#[test]
fn pieces_that_could_reach_the_same_square_are_told_apart_by_file_then_rank_then_square() {
    // C.10: "If two identical pieces can move to the same square ... (1) If
    // both pieces are on the same rank: by the first letter of the name of
    // the square of departure. (2) If both pieces are on the same file: by the
    // number of the square of departure"; with three, the whole square.
    for (name, engine) in engines("chess") {
        // Rooks a1 and h1 both reach d1: the same rank, so the file.
        let rooks = chess_position(&*engine, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        assert_eq!(san_of(&*engine, &rooks, "a1-d1"), "Rad1", "{name}");
        assert_eq!(san_of(&*engine, &rooks, "h1-d1"), "Rhd1", "{name}");
        assert_eq!(san_of(&*engine, &rooks, "a1-a5"), "Ra5", "{name}");
        // Knights a1 and a5 both reach b3: the same file, so the rank.
        let knights = chess_position(&*engine, "4k3/8/8/N7/8/8/8/N3K3 w - - 0 1");
        assert_eq!(san_of(&*engine, &knights, "a1-b3"), "N1b3", "{name}");
        assert_eq!(san_of(&*engine, &knights, "a5-b3"), "N5b3", "{name}");
        assert_eq!(san_of(&*engine, &knights, "a1-c2"), "Nc2", "{name}");
        // Queens a1, a3 and c1 all reach b2: a1 shares its file with a3 and
        // its rank with c1, so its whole square; a3 its rank; c1 its file.
        let queens = chess_position(&*engine, "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
        assert_eq!(san_of(&*engine, &queens, "a1-b2"), "Qa1b2", "{name}");
        assert_eq!(san_of(&*engine, &queens, "a3-b2"), "Q3b2", "{name}");
        assert_eq!(san_of(&*engine, &queens, "c1-b2"), "Qcb2", "{name}");
    }
}

#[test]
fn promotion_castling_check_and_mate_are_written_as_san_writes_them() {
    // C.11-C.13: "castling on the h1 ... side: 0-0; ... a1 side: 0-0-0"
    // (written with the letter O, as PGN does); "a pawn promotion: the pawn
    // move is indicated, followed immediately by the abbreviation of the new
    // piece" (PGN: `=Q`); "+" for check and "#" for checkmate.
    for (name, engine) in engines("chess") {
        let castles = chess_position(&*engine, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let all = sans(&*engine, &castles);
        assert!(all.contains(&"O-O".to_string()) && all.contains(&"O-O-O".to_string()), "{name}: {all:?}");
        assert_eq!(san_of(&*engine, &castles, "e1-g1"), "O-O", "{name}");
        assert_eq!(san_of(&*engine, &castles, "e1-c1"), "O-O-O", "{name}");
        // The Queen on d8 or e8 checks the King on g8 along the rank; a
        // Knight on d8 or e8 does not reach g8. (The King is not on f8: the
        // Pawn on e7 would attack it with White to move, which position
        // strings refuse.)
        let promotes = chess_position(&*engine, "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(san_of(&*engine, &promotes, "e7-d8=Q"), "exd8=Q+", "{name}");
        assert_eq!(san_of(&*engine, &promotes, "e7-d8=N"), "exd8=N", "{name}");
        assert_eq!(san_of(&*engine, &promotes, "e7-e8=R"), "e8=R+", "{name}");
        // Fool's mate: 1. f3 e5 2. g4 Qh4#.
        let fools = chess_position(&*engine, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
        assert_eq!(san_of(&*engine, &fools, "d8-h4"), "Qh4#", "{name}");
    }
}

#[test]
fn moves_are_read_in_vdl_s_form_in_san_and_in_coordinates() {
    for (name, engine) in engines("chess") {
        let start = chess_position(&*engine, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let game = engine.game();
        for text in ["g1-f3", "Nf3", "g1f3", "Ng1f3", "Ng1-f3", "Nf3!", "Nf3?!"] {
            let mv = parse_move(&*engine, &start, text).unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
            assert_eq!(move_text(game, mv), "g1-f3", "{name}: {text}");
        }
        for text in ["e4", "e2e4", "e2-e4"] {
            assert_eq!(move_text(game, parse_move(&*engine, &start, text).unwrap()), "e2-e4", "{name}: {text}");
        }
        let promotes = chess_position(&*engine, "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
        for text in ["e7-d8=Q", "exd8=Q+", "exd8=Q", "e7d8q", "e7d8=Q", "e7-d8q"] {
            assert_eq!(move_text(game, parse_move(&*engine, &promotes, text).unwrap()), "e7-d8=Q", "{name}: {text}");
        }
        let castles = chess_position(&*engine, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for text in ["O-O", "0-0", "e1g1", "e1-g1"] {
            assert_eq!(move_text(game, parse_move(&*engine, &castles, text).unwrap()), "e1-g1", "{name}: {text}");
        }
        assert_eq!(parse_move(&*engine, &start, "Ne5"), Err(MoveError::Illegal("Ne5".into())), "{name}");
        assert_eq!(parse_move(&*engine, &start, "e2e5"), Err(MoveError::Illegal("e2e5".into())), "{name}");
        assert_eq!(parse_move(&*engine, &start, "hello"), Err(MoveError::Unparsable("hello".into())), "{name}");
    }
}

#[test]
fn san_reads_naturally_on_other_boards() {
    // Xiang Qi: the Soldier's symbol is P, so it is letterless; the two
    // Cannons on b3 and h3 are told apart by their files where both could
    // land (e3), and not elsewhere.
    for (name, engine) in engines("xiangqi") {
        let start = common::start(&*engine);
        let all = sans(&*engine, &start);
        for expected in ["Nc3", "Ng3", "Cbe3", "Che3", "Ra2", "a5", "e5"] {
            assert!(all.contains(&expected.to_string()), "{name}: {expected} not in {all:?}");
        }
        assert_eq!(san_of(&*engine, &start, "h3-h10"), "Cxh10", "{name}");
    }
    // Shogi: a drop is SYMBOL@CELL, and is read back as vdl's SYMBOL*CELL.
    for (name, engine) in engines("shogi") {
        let pos = fen::parse(engine.game(), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[Bb] w - - 0 3").unwrap();
        let all = sans(&*engine, &pos);
        assert!(all.contains(&"B@e5".to_string()), "{name}: {all:?}");
        let drop = parse_move(&*engine, &pos, "B@e5").unwrap();
        assert_eq!(move_text(engine.game(), drop), "B*e5", "{name}");
        assert_eq!(parse_move(&*engine, &pos, "B*e5").unwrap(), drop, "{name}");
    }
}

//! Chess (variants/chess.vdl): the chessprogramming.org perft positions at the
//! depths their page lists, and hand-built positions for first moves, castling
//! and en passant, each quoting FIDE's Laws of Chess (Article 3).

mod common;
use common::{all_moves, engines, moves_from, play, position};
use vdl_runtime::{fen, perft::perft, Engine};

const V: &str = "chess";

/// (position, depth, count) from https://www.chessprogramming.org/Perft_Results.
const PERFT: &[(&str, u32, u64)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 4, 4085603),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 5, 674624),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594),
];

#[test]
fn the_chessprogramming_positions_give_their_published_counts() {
    let (_, compiled) = engines(V).remove(0);
    for &(text, depth, expected) in PERFT {
        let mut pos = fen::parse(compiled.game(), text).unwrap();
        assert_eq!(perft(&*compiled, &mut pos, depth), expected, "compiled, depth {depth}: {text}");
    }
}

#[test]
fn a_pawn_may_advance_two_squares_only_on_its_first_move_and_over_an_empty_square() {
    // 3.7.2: "on its first move the pawn may move as in 3.7.1 or alternatively it
    // may advance two squares along the same file, provided that both squares are
    // unoccupied".
    for (name, engine) in engines(V) {
        let mut pos = position(&*engine, "4k3/8/8/8/8/4n3/3P1P2/4K3 w - - 0 1");
        assert_eq!(moves_from(&*engine, &pos, "d2"), ["d2-d3", "d2-d4", "d2-e3"], "{name}");
        assert_eq!(moves_from(&*engine, &pos, "f2"), ["f2-e3", "f2-f3", "f2-f4"], "{name}");
        // Blocked on the square it passes: no double step.
        let blocked = position(&*engine, "4k3/8/8/8/8/3b4/3P4/4K3 w - - 0 1");
        assert!(moves_from(&*engine, &blocked, "d2").is_empty(), "{name}");
        // Once moved, a pawn that stands on another file's start never double steps.
        play(&*engine, &mut pos, &["d2-e3", "e8-d8"]);
        assert_eq!(moves_from(&*engine, &pos, "e3"), ["e3-e4"], "{name}");
    }
}

#[test]
fn en_passant_is_legal_only_on_the_move_following_the_advance() {
    // 3.7.3.1: "A pawn occupying a square on the same rank as and on an adjacent
    // file to an opponent's pawn which has just advanced two squares in one move
    // from its original square may capture this opponent's pawn as though the
    // latter had been moved only one square." 3.7.3.2: "This capture is only legal
    // on the move following this advance".
    for (name, engine) in engines(V) {
        let mut pos = position(&*engine, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
        play(&*engine, &mut pos, &["d7-d5"]);
        assert_eq!(fen::format(engine.game(), &pos), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "{name}");
        assert_eq!(moves_from(&*engine, &pos, "e5"), ["e5-d6", "e5-e6"], "{name}");
        let mut taken = pos.clone();
        play(&*engine, &mut taken, &["e5-d6"]);
        assert_eq!(fen::format(engine.game(), &taken), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", "{name}: the pawn on d5 is captured");
        // A move later the chance is gone.
        play(&*engine, &mut pos, &["e1-f1", "e8-f8"]);
        assert_eq!(moves_from(&*engine, &pos, "e5"), ["e5-e6"], "{name}");
    }
}

#[test]
fn en_passant_is_illegal_when_it_exposes_the_king() {
    // 3.9.1: "The king is said to be 'in check' if it is attacked by one or more of
    // the opponent's pieces"; 3.10.1: a move is legal when it does not leave the
    // king in check. Taking d3 en passant empties d4 and e4, opening rank 4.
    for (name, engine) in engines(V) {
        let pos = position(&*engine, "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
        assert!(!moves_from(&*engine, &pos, "e4").contains(&"e4-d3".to_string()), "{name}");
        let open = position(&*engine, "8/8/8/8/3Pp3/8/k7/3K3Q b - d3 0 1");
        assert!(moves_from(&*engine, &open, "e4").contains(&"e4-d3".to_string()), "{name}");
    }
}

#[test]
fn castling_moves_the_king_two_squares_and_the_rook_over_it() {
    // 3.8.2: "a move of the king and either rook of the same colour along the
    // player's first rank ... executed as follows: the king is transferred from
    // its original square two squares towards the rook on its original square,
    // then that rook is transferred to the square the king has just crossed."
    for (name, engine) in engines(V) {
        let pos = position(&*engine, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let king = moves_from(&*engine, &pos, "e1");
        assert!(king.contains(&"e1-g1".to_string()) && king.contains(&"e1-c1".to_string()), "{name}: {king:?}");
        let mut short = pos.clone();
        play(&*engine, &mut short, &["e1-g1"]);
        assert_eq!(fen::format(engine.game(), &short), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "{name}");
        let mut long = pos.clone();
        play(&*engine, &mut long, &["e1-g1", "e8-c8"]);
        assert_eq!(fen::format(engine.game(), &long), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", "{name}");
    }
}

#[test]
fn the_right_to_castle_is_lost_once_king_or_rook_has_moved() {
    // 3.8.2.1: "The right to castle has been lost: if the king has already moved,
    // or with a rook that has already moved."
    for (name, engine) in engines(V) {
        let mut pos = position(&*engine, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        play(&*engine, &mut pos, &["h1-h2", "e8-d8", "h2-h1", "d8-e8"]);
        assert_eq!(fen::format(engine.game(), &pos), "r3k2r/8/8/8/8/8/8/R3K2R w Q - 4 3", "{name}");
        assert!(!moves_from(&*engine, &pos, "e1").contains(&"e1-g1".to_string()), "{name}");
        assert!(moves_from(&*engine, &pos, "e1").contains(&"e1-c1".to_string()), "{name}");
    }
}

#[test]
fn castling_is_prevented_by_check_attacked_squares_and_pieces_between() {
    // 3.8.2.2: "Castling is prevented temporarily: if the square on which the king
    // stands, or the square which it must cross, or the square which it is to
    // occupy, is attacked by one or more of the opponent's pieces, or if there is
    // any piece between the king and the rook with which castling is to be
    // effected."
    let castlings = |engine: &dyn Engine, text: &str| -> Vec<String> {
        let pos = position(engine, text);
        moves_from(engine, &pos, "e1").into_iter().filter(|m| m == "e1-g1" || m == "e1-c1").collect()
    };
    for (name, engine) in engines(V) {
        let e = &*engine;
        assert_eq!(castlings(e, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1-c1", "e1-g1"], "{name}");
        assert!(castlings(e, "4k3/8/8/b7/8/8/8/R3K2R w KQ - 0 1").is_empty(), "{name}: in check");
        assert_eq!(castlings(e, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), castlings(e, "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1"), "{name}");
        assert_eq!(
            castlings(e, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
            castlings(e, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
            "{name}: b1 is crossed by the rook only"
        );
        assert_eq!(castlings(e, "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1-g1"], "{name}: d1, which the king crosses, is attacked");
        assert_eq!(castlings(e, "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1-g1"], "{name}: c1, where the king goes, is attacked");
        assert_eq!(castlings(e, "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1"), Vec::<String>::new(), "{name}: pieces between");
        assert_eq!(castlings(e, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"), Vec::<String>::new(), "{name}: no rights");
    }
}

#[test]
fn position_strings_keep_fen_s_clocks() {
    // FEN's fifth field counts half-moves since the last capture or pawn move,
    // the sixth the full moves, counted up after each of Black's.
    for (name, engine) in engines(V) {
        let game = engine.game();
        let mut pos = position(&*engine, "r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 7 20");
        assert_eq!(fen::format(game, &pos), "r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 7 20", "{name}");
        play(&*engine, &mut pos, &["h1-h2", "e8-d8"]);
        assert_eq!(fen::format(game, &pos), "r2k3r/8/8/8/8/8/P6R/R3K3 w Q - 9 21", "{name}");
        play(&*engine, &mut pos, &["a2-a4"]);
        // The en-passant cell is written whether or not a pawn can take there,
        // as the FEN standard (PGN specification 16.1.3.4) asks.
        assert_eq!(fen::format(game, &pos), "r2k3r/8/8/8/P7/8/7R/R3K3 b Q a3 0 21", "{name}: a pawn move resets the clock");
    }
}

#[test]
fn castling_rights_read_in_x_fen_and_shredder_fen() {
    // Shredder-FEN names the rooks by their files (HAha); X-FEN writes KQkq for the
    // outermost rooks and a file for an inner one.
    for (name, engine) in engines(V) {
        let game = engine.game();
        let fen_rights = position(&*engine, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let shredder = position(&*engine, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assert_eq!(all_moves(&*engine, &fen_rights), all_moves(&*engine, &shredder), "{name}");
        assert_eq!(fen::format(game, &shredder), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "{name}");
        // X-FEN names an inner rook by its file, but no unmoved Chess rook
        // stands on f1 (tests/position_validation.rs reads an inner rook in a
        // game whose setup has one there).
        assert!(fen::parse(game, "4k3/8/8/8/8/8/8/4KR1R w F - 0 1").is_err(), "{name}: the rook on f1 has moved");
        assert!(fen::parse(game, "4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_err(), "{name}: a right without a rook");
        assert!(fen::parse(game, "4k3/8/8/8/8/8/8/4K3 w - e3 0 1").is_err(), "{name}: no pawn passed e3");
    }
}

#[test]
fn castling_s_openings_name_the_squares_the_laws_name() {
    // 3.8.2.1: the king moves two squares towards the rook, which moves over
    // it to the square the king has crossed; 3.8.2.2: no piece may stand
    // between them, and neither the king's square nor the one it crosses may
    // be attacked (where it lands is judged as any move's). What the plan
    // resolves for the generated code's castling from e1, partner by partner.
    use vdl_runtime::plan::{Plan, StepKind};
    let (_, engine) = engines(V).remove(0);
    let game = engine.game();
    let plan = Plan::of(game);
    let side = plan.side(vdl_runtime::PlayerId::FIRST);
    let cell = |name: &str| game.cell_by_name(name).unwrap();
    let names = |cells: &[vdl_runtime::CellId]| -> Vec<String> {
        let mut names: Vec<String> = cells.iter().map(|&c| game.board.cells[c.index()].name.clone()).collect();
        names.sort();
        names
    };
    let king = game.piece_ids().find(|&k| game.pieces[k].name == "King").unwrap();
    let mut found = Vec::new();
    for step in side.unmoved_steps(king, cell("e1")) {
        if let StepKind::Castle(castle) = step.kind {
            for o in castle.openings(side) {
                let [partner, to, partner_to] = [o.partner, o.to, o.partner_to].map(|c| names(&[c]).remove(0));
                found.push((partner, names(&o.empty), names(&o.crossed), to, partner_to));
            }
        }
    }
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let expected = [
        ("h1", s(&["f1", "g1"]), s(&["f1"]), "g1", "f1"),
        // With `by 2` the partner is the first piece beyond the king's
        // destination: b1 or a1 (position strings give chess a1 only).
        ("b1", s(&["c1", "d1"]), s(&["d1"]), "c1", "d1"),
        ("a1", s(&["b1", "c1", "d1"]), s(&["d1"]), "c1", "d1"),
    ];
    let expected: Vec<_> = expected.into_iter().map(|(p, e, c, t, pt)| (p.to_string(), e, c, t.to_string(), pt.to_string())).collect();
    assert_eq!(found, expected);
}

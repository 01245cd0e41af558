//! The blocker (`place PIECE after every move`) in Duck chess, on
//! hand-built positions, one test per sentence of the rules (as
//! Fairy-Stockfish's `duck` and pychess play them), on both engines. Move
//! counts against Fairy-Stockfish are in tests/fsf_perft.rs.

mod common;
use common::{engines, moves_from};
use vdl_runtime::legal::{self, GameResult, Reason};
use vdl_runtime::legality::goals::GoalKind;
use vdl_runtime::{fen, notation, san, Engine, PlayerId, Position};

fn position(engine: &dyn Engine, text: &str) -> Position {
    fen::parse(engine.game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Where the Duck may go after the move `piece_move` (`e2-e4`), sorted.
fn duck_cells(engine: &dyn Engine, pos: &Position, piece_move: &str) -> Vec<String> {
    let from = piece_move.split('-').next().unwrap();
    let prefix = format!("{piece_move},");
    let mut cells: Vec<String> =
        moves_from(engine, pos, from).into_iter().filter_map(|m| m.strip_prefix(&prefix).map(str::to_string)).collect();
    cells.sort();
    cells
}

#[test]
fn a_move_places_the_duck_on_an_empty_cell_and_it_must_move() {
    for (name, engine) in engines("duck") {
        let engine = &*engine;
        // The Duck enters on any empty cell once the Rook has moved, the
        // Rook's start among them; then it must leave its cell.
        let pos = position(engine, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let cells = duck_cells(engine, &pos, "a1-a2");
        assert_eq!(cells.len(), 64 - 3, "{name}: every empty cell: {cells:?}");
        assert!(cells.contains(&"a1".to_string()) && !cells.contains(&"a2".to_string()), "{name}: {cells:?}");
        let pos = position(engine, "4k3/8/8/8/8/8/*7/R3K3 w - - 0 1");
        let cells = duck_cells(engine, &pos, "e1-f1");
        assert!(!cells.contains(&"a2".to_string()) && cells.contains(&"e1".to_string()), "{name}: the Duck moves on: {cells:?}");
        assert_eq!(cells.len(), 64 - 4, "{name}: {cells:?}");
    }
}

#[test]
fn the_duck_blocks_everything_and_cannot_be_captured() {
    for (name, engine) in engines("duck") {
        let engine = &*engine;
        // The Duck on a4: the Rook stops at a3, and may not take it; the
        // Knight may not land on it.
        let pos = position(engine, "4k3/8/8/8/*7/8/1N6/R3K3 w - - 0 1");
        let rook: Vec<String> = moves_from(engine, &pos, "a1").into_iter().map(|m| m.split(',').next().unwrap().to_string()).collect();
        let mut rook_cells: Vec<&str> = rook.iter().map(|m| &m[3..]).collect();
        rook_cells.dedup();
        assert_eq!(rook_cells, ["a2", "a3", "b1", "c1", "d1"], "{name}");
        assert!(moves_from(engine, &pos, "b2").iter().all(|m| !m.starts_with("b2-a4")), "{name}: the Knight lands on the Duck");
    }
}

#[test]
fn capturing_the_king_wins_and_there_is_no_check() {
    for (name, engine) in engines("duck") {
        let engine = &*engine;
        // White's King stands attacked by the Rook and may stay so: there
        // is no check; the Rook takes it, and Black wins.
        let pos = position(engine, "4k3/4r3/8/8/8/8/3*4/4K3 w - - 0 1");
        assert!(!legal::in_check(engine, &pos), "{name}: no check");
        let stays = notation::parse_move(engine, &pos, "e1-f1,a1");
        assert!(stays.is_ok(), "{name}: a King move that stays attacked is legal");
        let after = notation::play_moves(engine, &pos, "e1-e2,a1 e7-e2,h1").unwrap();
        assert!(legal::legal_moves(engine, &after).is_empty(), "{name}: no move once the King is taken");
        assert_eq!(legal::ending(engine, &after), Some((GameResult::Win(PlayerId::SECOND), Reason::Goal(GoalKind::Extinction))), "{name}");
    }
}

#[test]
fn a_player_without_a_move_wins() {
    for (name, engine) in engines("duck") {
        let engine = &*engine;
        // Black's King on a8 is walled in by its own Pawns, which the
        // Duck (Black's to move, so no Pawn takes it) and White's Pawn on
        // b5 block: Black cannot move (Fairy-Stockfish's perft 1 is 0 too),
        // and wins, as its `duck` scores it (stalemate value: mate).
        let pos = position(engine, "kp6/pp6/*p6/1P6/8/8/8/7K b - - 0 1");
        assert!(legal::legal_moves(engine, &pos).is_empty(), "{name}");
        assert_eq!(legal::ending(engine, &pos).map(|(result, _)| result), Some(GameResult::Win(PlayerId::SECOND)), "{name}");
    }
}

#[test]
fn castling_crosses_attacked_cells_and_the_duck_may_take_the_rooks_start() {
    for (name, engine) in engines("duck") {
        let engine = &*engine;
        // The Rook on f3 attacks f1, which the King crosses: allowed.
        let pos = position(engine, "4k3/8/8/8/8/5r2/8/4K2R w K - 0 1");
        let cells = duck_cells(engine, &pos, "e1-g1");
        assert!(cells.contains(&"h1".to_string()) && cells.contains(&"e1".to_string()), "{name}: {cells:?}");
        assert!(!cells.contains(&"f1".to_string()) && !cells.contains(&"g1".to_string()), "{name}: {cells:?}");
    }
}

#[test]
fn the_notations_write_the_ducks_cell_as_fairy_stockfish_does() {
    for (name, engine) in engines("duck") {
        let engine = &*engine;
        let start = position(engine, &engine.game().setup);
        // vdl's form, UCI's (Fairy-Stockfish: the destination, then the
        // Duck's cell) and SAN (pyffish: `e4,d5`) name the same move.
        let mv = notation::parse_move(engine, &start, "e2-e4,d5").unwrap();
        assert_eq!(notation::parse_move(engine, &start, "e2e4,e4d5"), Ok(mv), "{name}");
        assert_eq!(notation::parse_move(engine, &start, "e4,d5"), Ok(mv), "{name}");
        assert_eq!(san::san(engine, &start, mv), "e4,d5", "{name}");
        assert_eq!(notation::move_text(engine.game(), mv), "e2-e4,d5", "{name}");
        let after = notation::play_moves(engine, &start, "e2e4,e4d5").unwrap();
        assert_eq!(fen::format(engine.game(), &after), "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "{name}");
        // The Duck may not stay on d5.
        assert!(notation::parse_move(engine, &after, "a7a6,a6d5").is_err(), "{name}");
    }
}

#[test]
fn a_position_string_has_at_most_one_duck() {
    for (_, engine) in engines("duck") {
        let error = fen::parse(engine.game(), "4k3/8/8/8/*7/8/7*/4K3 w - - 0 1").unwrap_err();
        assert!(error.message().contains("second blocker on a4"), "{}", error.message());
    }
}

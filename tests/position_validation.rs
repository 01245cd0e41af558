//! Position strings are read as written (`fen::parse_setup`), then judged
//! (`Position::from_setup`): a position the game's rules make impossible is
//! refused with an error that says what is wrong, where. Each rule is tested
//! here on positions worked by hand from the rules quoted, and every
//! position Fairy-Stockfish's perft suite plays, and every bundled setup,
//! is accepted.

mod common;

use std::process::Command;
use vdl_runtime::fen::{self, FenError, FenErrorKind};
use vdl_runtime::ir::ByPlayer;
use vdl_runtime::text::position_error::{Clock, PositionError};
use vdl_runtime::{Engine, Piece, PieceId, PlayerId, Position, Setup};

fn engine(name: &str) -> Box<dyn Engine> {
    (vdl_variants::by_name(name).unwrap_or_else(|| panic!("no bundled variant `{name}`")).engine)()
}

/// The error reading `text` in the bundled variant `variant` gives.
fn refused(variant: &str, text: &str) -> FenError {
    let engine = engine(variant);
    match fen::parse(engine.game(), text) {
        Ok(_) => panic!("{variant}: `{text}` was accepted"),
        Err(error) => error,
    }
}

/// The rule `text` breaks, in the bundled variant `variant`.
fn broken_rule(variant: &str, text: &str) -> PositionError {
    let error = refused(variant, text);
    match error.kind {
        FenErrorKind::Position(rule) => *rule,
        FenErrorKind::Syntax(message) => panic!("{variant}: `{text}` refused as unreadable, not as impossible: {message}"),
    }
}

/// The message of a syntax error.
fn unreadable(variant: &str, text: &str) -> String {
    let error = refused(variant, text);
    match error.kind {
        FenErrorKind::Syntax(message) => message,
        FenErrorKind::Position(rule) => panic!("{variant}: `{text}` refused as impossible, not as unreadable: {rule}"),
    }
}

fn accepted(variant: &str, text: &str) -> Position {
    let engine = engine(variant);
    fen::parse(engine.game(), text).unwrap_or_else(|e| panic!("{variant}: `{text}` refused: {e}"))
}

// ---- The side not to move in check -------------------------------------

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    // FIDE Laws 3.9.2: "No piece can be moved that will either expose the
    // king of the same colour to check or leave that king in check." With
    // White to move, Black has just moved, so Black's King on e8 cannot
    // stand attacked by the Rook on e7.
    let text = "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1";
    let error = refused("chess", text);
    assert_eq!(error.offset, text.find('k').unwrap(), "the offset points at the King: {error}");
    let message = error.to_string();
    assert!(message.contains("Black's King on e8 is in check (from e7)") && message.contains("White's move"), "{message}");
    assert!(matches!(broken_rule("chess", text), PositionError::SideNotToMoveInCheck { .. }));
    // With Black to move, it is an ordinary check.
    accepted("chess", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn facing_generals_are_a_check_of_the_side_not_to_move() {
    // Xiang Qi: "The generals may not face each other on the same file with
    // no pieces between them" (flying general): after Black's move, the
    // Generals on e1 and e10 facing each other leave Black in check.
    let rule = broken_rule("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w");
    assert!(rule.to_string().contains("the royals face each other"), "{rule}");
    accepted("xiangqi", "4k4/9/9/9/4P4/9/9/9/9/4K4 w");
}

// ---- Royals ----------------------------------------------------------------

#[test]
fn a_player_without_a_royal_is_refused_where_royals_are_never_lost() {
    // Chess: "the king ... is never captured" (FIDE 1.2, 3.9); Fairy-
    // Stockfish refuses a FEN without both kings. Shogi likewise.
    let rule = broken_rule("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(rule, PositionError::MissingRoyal { .. }), "{rule}");
    assert!(rule.to_string().starts_with("Black has no royal piece on the board"), "{rule}");
    // Only the second player's King: the first player (upper case) has none.
    let rule = broken_rule("shogi", "9/9/9/9/9/9/9/9/4k4[-] w");
    let first = engine("shogi").game().players[0].name.clone();
    assert!(rule.to_string().contains(&format!("put {first}'s King on the board")), "{rule}");
}

#[test]
fn a_game_whose_setup_gives_a_player_no_royal_accepts_none() {
    // A royal rule for one side only: White has a King, Black none in the
    // setup, so Black never needs one; White always does.
    let source = std::fs::read_to_string("variants/chess.vdl").unwrap().replace(
        "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
        "setup \"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1\"",
    );
    let game = vdl_compiler::compile("kingless.vdl", &source)
        .unwrap_or_else(|d| panic!("{}", vdl_compiler::render_diagnostics("kingless.vdl", &source, &d)));
    fen::parse(&game, "r7/8/8/8/8/8/8/4K3 w - - 0 1").expect("Black needs no King");
    let error = fen::parse(&game, "4k3/8/8/8/8/8/8/R7 w - - 0 1").expect_err("White needs its King");
    assert!(error.to_string().starts_with("White has no royal piece"), "{error}");
}

// ---- Castling --------------------------------------------------------------

#[test]
fn a_castling_right_needs_its_king_where_the_setup_puts_it() {
    // FIDE 3.8.2.1: "The right to castle has been lost: if the king has
    // already moved". A King on b1 has moved; `KQ` cannot stand with it.
    let text = "r3k2r/8/8/8/8/8/8/RK5R w KQkq - 0 1";
    let error = refused("chess", text);
    assert_eq!(error.offset, text.find(" KQkq").unwrap() + 1, "the offset points at `K`: {error}");
    let message = error.to_string();
    assert!(message.contains("castling right `K`: White's King stands on b1, not where the setup puts it (e1)"), "{message}");
    assert!(matches!(broken_rule("chess", text), PositionError::CastlingPieceMoved { index: 0, letter: 'K', .. }));
}

#[test]
fn a_castling_right_needs_its_rook_where_the_setup_puts_it() {
    // FIDE 3.8.2.1: "...with a rook that has already moved". `k` names
    // Black's outermost rook toward the h-file, here on g8, not h8.
    let rule = broken_rule("chess", "r3k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let message = rule.to_string();
    assert!(message.contains("castling right `k`: Black's Rook stands on g8, not where the setup puts it (a8, h8)"), "{message}");
    // Without a rook on that side at all.
    let rule = broken_rule("chess", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(matches!(rule, PositionError::CastlingWithoutPieces { letter: 'k', .. }), "{rule}");
}

#[test]
fn shredder_and_x_fen_letters_name_the_rooks_by_file() {
    // Shredder-FEN `HAha` is `KQkq` for the corner rooks.
    let shredder = accepted("chess", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    let engine = engine("chess");
    assert_eq!(fen::format(engine.game(), &shredder), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // X-FEN names an inner rook by its file: a game whose setup has two
    // rooks on the King's side (f1 and h1) reads `F` as the inner one.
    let source = std::fs::read_to_string("variants/chess.vdl")
        .unwrap()
        .replace("setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"", "setup \"4krr1/8/8/8/8/8/8/4KR1R w KFkf - 0 1\"");
    let game = vdl_compiler::compile("inner.vdl", &source)
        .unwrap_or_else(|d| panic!("{}", vdl_compiler::render_diagnostics("inner.vdl", &source, &d)));
    let inner = fen::parse(&game, "4k3/8/8/8/8/8/8/4KR1R w F - 0 1").expect("the inner rook on f1 is unmoved");
    assert_eq!(fen::format(&game, &inner), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    // `k`: Black's outermost rook toward the h-file is the g8 one, on its
    // setup cell.
    fen::parse(&game, "4k1r1/8/8/8/8/8/8/4K3 w k - 0 1").expect("g8 is a setup cell");
}

#[test]
fn an_unknown_castling_letter_is_unreadable() {
    let message = unreadable("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQxq - 0 1");
    assert!(message.contains("unknown castling letter `x`"), "{message}");
}

// ---- En passant ------------------------------------------------------------

#[test]
fn an_en_passant_cell_needs_a_piece_that_has_just_passed_it() {
    // FEN's en-passant field: "the square over which a pawn has just passed
    // while moving two squares". After 1. e4, e3 is open.
    accepted("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    // No pawn on e4: nothing passed e3.
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1";
    let error = refused("chess", text);
    assert_eq!(error.offset, text.find(" e3").unwrap() + 1);
    let message = error.to_string();
    assert!(message.contains("en passant `e3`") && message.contains("Pawn `P` on e4 with e2 and e3 empty"), "{message}");
    // Something stands on the cell passed over.
    let rule = broken_rule("chess", "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1");
    assert!(matches!(rule, PositionError::EnPassantNotPassed { .. }), "{rule}");
    // With White to move, Black moved last: no Black move passes e3.
    let rule = broken_rule("chess", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1");
    assert!(rule.to_string().contains("no move of Black passes over e3"), "{rule}");
    // A Black Pawn on e2 with e3 and e4 empty did not double-step there: a
    // pawn "may advance two squares ... on its first move" (FIDE 3.7.2),
    // from its start rank.
    let rule = broken_rule("chess", "4k3/8/8/8/8/8/4p3/4K3 w - e3 0 1");
    assert!(rule.to_string().contains("no move of Black passes over e3"), "{rule}");
}

// ---- Forced promotion --------------------------------------------------------

#[test]
fn a_pawn_may_not_stand_where_it_must_promote() {
    // FIDE 3.7.5.1: a pawn reaching "the rank furthest from its starting
    // position ... must exchange that pawn ... for a new queen, rook, bishop
    // or knight". A Black Pawn on a1, a White Pawn on h8.
    let text = "4k3/8/8/8/8/8/8/p3K3 w - - 0 1";
    let error = refused("chess", text);
    assert_eq!(error.offset, text.find('p').unwrap());
    let message = error.to_string();
    assert!(message.contains("Black's Pawn `p` on a1 stands where it must promote"), "{message}");
    assert!(message.contains("`q`, `r`, `b` or `n`"), "{message}");
    assert!(matches!(broken_rule("chess", "4k2P/8/8/8/8/8/8/4K3 b - - 0 1"), PositionError::MustPromote { .. }));
    // Shatranj's Pawn promotes to a Ferz on the last rank, always.
    assert!(matches!(broken_rule("shatranj", "3k3P/8/8/8/8/8/8/3K4 b"), PositionError::MustPromote { .. }));
}

#[test]
fn a_shogi_piece_may_not_stand_where_it_could_never_move() {
    // Shogi: a Pawn or Lance on the furthest rank, a Knight on the furthest
    // two ranks could never move, so its promotion is compulsory there and
    // it may not be dropped there.
    for text in ["P3k4/9/9/9/9/9/9/9/4K4[-] w", "L3k4/9/9/9/9/9/9/9/4K4[-] w", "4k4/N8/9/9/9/9/9/9/4K4[-] w"] {
        assert!(matches!(broken_rule("shogi", text), PositionError::MustPromote { .. }), "{text}");
    }
    // Gote's Pawn on Sente's first rank.
    assert!(matches!(broken_rule("shogi", "4k4/9/9/9/9/9/9/9/p3K4[-] w"), PositionError::MustPromote { .. }));
    // Promoted, or where promotion is a choice, they may stand.
    accepted("shogi", "+P3k4/9/9/9/9/9/9/9/4K4[-] w");
    accepted("shogi", "4k4/P8/9/9/9/9/9/9/4K4[-] w");
    accepted("shogi", "4k4/L8/N8/9/9/9/9/9/4K4[-] w");
    assert!(matches!(broken_rule("minishogi", "P3k/5/5/5/K4[-] w"), PositionError::MustPromote { .. }));
}

#[test]
fn a_grand_chess_pawn_may_wait_below_the_last_rank_but_not_on_it() {
    // Grand Chess: "pawns may promote on the 8th or 9th rank and must
    // promote on the 10th".
    accepted("grand", "k9/2P7/10/10/10/10/10/10/10/K9 w - - 0 1");
    accepted("grand", "k9/10/2P7/10/10/10/10/10/10/K9 w - - 0 1");
    assert!(matches!(broken_rule("grand", "k1P7/10/10/10/10/10/10/10/10/K9 b - - 0 1"), PositionError::MustPromote { .. }));
}

#[test]
fn a_turn_qi_wazir_set_up_in_its_own_half_may_step_within_it() {
    // Turn Qi: the Anticlockwazir "moves one step anticlockwise ... Should
    // either piece manage a second crossing back to their own side of their
    // River, it is promoted to a full Wazir." White's Anticlockwazirs start
    // on rank o, inside White's half (ranks i-q): a step to rank p crosses
    // no River, so it stays unpromoted there. (The random games of
    // tests/position_strings_roundtrip.rs found this position refused.)
    accepted("turn-qi", "5/5/aaaaa/r1e1r/nfkfn/r1e1r/ccccc/5/5/5/4A/AAAA1/R1E1R/NFKFN/R1E1R/CCCCC/5/5 b");
}

// ---- Counts and clocks --------------------------------------------------------

#[test]
fn check_counts_must_be_numbers_within_the_game_s_count() {
    // Three-check: three checks win; Fairy-Stockfish writes the checks left
    // to give (`3+3`), Lichess the checks given after the clocks (`+0+0`).
    let position = accepted("three-check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+2 0 1");
    assert_eq!(position.checks_left(), ByPlayer::new(1, 2));
    let rule = broken_rule("three-check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9+9 0 1");
    assert!(matches!(rule, PositionError::ChecksOutOfRange { value: 9, checks: 3, given: false, .. }), "{rule}");
    let rule = broken_rule("three-check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +4+0");
    assert!(matches!(rule, PositionError::ChecksOutOfRange { value: 4, given: true, .. }), "{rule}");
    for bad in ["-1+3", "a+b", "3+", "+3"] {
        let message = unreadable("three-check", &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {bad} 0 1"));
        assert!(message.contains(&format!("`{bad}`")), "{bad}: {message}");
    }
}

#[test]
fn clocks_must_be_numbers_a_position_can_keep() {
    // FEN: "Halfmove clock: ... a non-negative integer"; "Fullmove number:
    // ... starts at 1".
    for bad in ["-1 1", "0x10 1", "0 one", "0 1 2"] {
        let text = format!("4k3/8/8/8/8/8/8/4K3 w - - {bad}");
        let message = unreadable("chess", &text);
        assert!(message.starts_with("unexpected `"), "{bad}: {message}");
    }
    let rule = broken_rule("chess", "4k3/8/8/8/8/8/8/4K3 w - - 70000 1");
    assert_eq!(rule, PositionError::ClockOutOfRange { clock: Clock::Halfmove, value: 70000 });
    let position = accepted("chess", "4k3/8/8/8/8/8/8/4K3 w - - 12 40");
    assert_eq!((position.halfmove(), position.fullmove()), (12, 40));
    // Fairy-Stockfish writes placeholders and clocks after any game.
    accepted("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    assert!(unreadable("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 -1").starts_with("unexpected `-1`"));
}

#[test]
fn countdowns_run_from_the_rule_s_delay_down() {
    // Taijitu Qi: the King "must return to the Fortress within two moves":
    // a countdown runs from 2 to 0.
    accepted("taijitu-qi", "k8/9/9/9/9/9/9/4K4/9/r8 w 2/-");
    let rule = broken_rule("taijitu-qi", "k8/9/9/9/9/9/9/4K4/9/r8 w 3/-");
    assert!(matches!(rule, PositionError::CountdownOutOfRange { value: 3, delay: 2, .. }), "{rule}");
    assert!(unreadable("taijitu-qi", "k8/9/9/9/9/9/9/4K4/9/r8 w x/-").contains("bad countdown `x`"));
}

#[test]
fn a_hand_holds_at_most_255_pieces_of_a_type() {
    // The cap is the runtime's (a count per type in a byte), documented in
    // README.md; more is an error, never cut down to 255.
    let position = accepted("shogi", "4k4/9/9/9/9/9/9/9/4K4[255P] w");
    assert_eq!(position.in_hand(PlayerId::FIRST, position_kind("shogi", "P")), 255);
    for hand in ["300P", "200P100P", "256P"] {
        let text = format!("4k4/9/9/9/9/9/9/9/4K4[{hand}] w");
        let error = refused("shogi", &text);
        assert_eq!(error.offset, text.find('[').unwrap() + 1, "{hand}: the offset points at the hand's first Pawn");
        assert!(
            matches!(&error.kind, FenErrorKind::Position(rule) if matches!(**rule, PositionError::HandOverCap { .. })),
            "{hand}: {error}"
        );
        assert!(error.to_string().contains("in hand; a hand holds at most 255 pieces of one type"), "{error}");
    }
    assert!(unreadable("shogi", "4k4/9/9/9/9/9/9/9/4K4[99999999999P] w").contains("far too many"));
}

fn position_kind(variant: &str, symbol: &str) -> PieceId {
    engine(variant).game().piece_by_symbol(symbol).unwrap()
}

// ---- What stays accepted --------------------------------------------------------

#[test]
fn every_fairy_stockfish_perft_position_and_bundled_setup_is_accepted() {
    let text = include_str!("data/fsf_perft.txt");
    let mut read = 0;
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let engine = engine(fields[0]);
        let position = fen::parse(engine.game(), fields[1]).unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        // What the runtime writes reads back to the same position.
        let written = fen::format(engine.game(), &position);
        assert_eq!(fen::parse(engine.game(), &written).as_ref(), Ok(&position), "line {}: {written}", number + 1);
        read += 1;
    }
    assert!(read >= 100, "{read} positions");
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        fen::parse(engine.game(), &engine.game().setup).unwrap_or_else(|e| panic!("{}: {e}", bundled.name));
    }
}

// ---- Setup and Position::from_setup ---------------------------------------------

#[test]
fn a_setup_is_plain_data_that_from_setup_judges() {
    let engine = engine("chess");
    let game = engine.game();
    // The raw step keeps what the text says, even what no position holds.
    let setup = fen::parse_setup(game, "4k3/4R3/8/8/8/8/8/p3K3 w - - 0 1").expect("it reads");
    let a1 = game.cell_by_name("a1").unwrap();
    assert_eq!(setup.at(a1), Piece::new(game.piece_by_symbol("P").unwrap(), PlayerId::SECOND));
    assert!(Position::from_setup(game, &setup).is_err());
    // The engine's attack test gives the same judgement as the interpreter's.
    assert_eq!(Position::from_setup_with(&*engine, &setup), Position::from_setup(game, &setup));
    // Built by hand.
    let mut hand_made = Setup::new(game);
    hand_made.board[game.cell_by_name("e1").unwrap().index()] = Piece::new(game.piece_by_symbol("K").unwrap(), PlayerId::FIRST);
    hand_made.board[game.cell_by_name("e8").unwrap().index()] = Piece::new(game.piece_by_symbol("K").unwrap(), PlayerId::SECOND);
    let position = Position::from_setup(game, &hand_made).expect("two Kings");
    assert_eq!(fen::format(game, &position), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    hand_made.board.pop();
    assert_eq!(Position::from_setup(game, &hand_made), Err(PositionError::Malformed));
}

// ---- Front ends ----------------------------------------------------------------

#[test]
fn the_command_line_refuses_an_impossible_position() {
    let output = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["moves", "variants/chess.vdl", "--fen", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("vdl runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad position string: Black's King on e8 is in check (from e7)"), "{stderr}");
}

#[test]
fn the_json_protocol_refuses_an_impossible_position_and_keeps_its_game() {
    use std::io::{BufRead, BufReader, Write};
    let program = std::path::Path::new(env!("CARGO_BIN_EXE_vdl"));
    let (mut child, mut stdin, stdout) = common::spawn_piped(program, &["protocol", "variants/chess.vdl"]);
    let mut stdout = BufReader::new(stdout);
    let mut ask = |line: &str| {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        serde_json::from_str::<serde_json::Value>(&answer).unwrap()
    };
    let answer = ask(r#"{"cmd":"new","fen":"4k3/8/8/8/8/8/8/p3K3 w - - 0 1"}"#);
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("Black's Pawn `p` on a1 stands where it must promote"), "{answer}");
    let answer = ask(r#"{"cmd":"position"}"#);
    assert_eq!(answer["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the game is as it was");
    ask(r#"{"cmd":"quit"}"#);
    child.wait().unwrap();
}

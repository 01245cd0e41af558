//! Helpers for tests that build positions by hand and ask both engines for moves.
#![allow(dead_code)]

use vdl_runtime::{fen, legal, notation, Engine, Interpreter, Piece, PlayerId, Position};

/// The name [`engines`] gives the interpreter that makes and tests every
/// move: the reference, with no legality shortcut.
pub const REFERENCE: &str = "interpreter making every move";

/// The compiled engine and the interpreter of a bundled variant, and the
/// interpreter that makes and tests every move ([`REFERENCE`]).
pub fn engines(name: &str) -> Vec<(&'static str, Box<dyn Engine>)> {
    let bundled = vdl_variants::by_name(name).unwrap_or_else(|| panic!("no bundled variant `{name}`"));
    let compiled = (bundled.engine)();
    let interp = Interpreter::new(compiled.game().clone());
    let reference = Interpreter::making_every_move(compiled.game().clone());
    vec![("compiled", compiled), ("interpreter", Box::new(interp)), (REFERENCE, Box::new(reference))]
}

/// A position holding exactly `pieces` ("Ke1 ke10 Ba3": symbol, upper case for
/// the first player, then cell), with `side` to move.
pub fn place(engine: &dyn Engine, pieces: &str, side: PlayerId) -> Position {
    let game = engine.game();
    let mut pos = Position::empty(game);
    for token in pieces.split_whitespace() {
        let split = if token.starts_with('+') { 2 } else { 1 };
        let (symbol, cell) = token.split_at(split);
        let letter = symbol.chars().last().unwrap();
        let owner = if letter.is_ascii_uppercase() { PlayerId::FIRST } else { PlayerId::SECOND };
        let kind = game.piece_by_symbol(symbol).unwrap_or_else(|| panic!("unknown symbol in `{token}`"));
        let cell = game.cell_by_name(cell).unwrap_or_else(|| panic!("unknown cell in `{token}`"));
        pos.put(cell, Piece::new(kind, owner));
    }
    pos.side = side;
    pos
}

/// The legal moves of the piece on `from`, as sorted move texts.
pub fn moves_from(engine: &dyn Engine, pos: &Position, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    let mut moves: Vec<String> = legal::legal_moves(engine, pos)
        .into_iter()
        .map(|mv| notation::move_text(engine.game(), mv))
        .filter(|m| m.starts_with(&prefix))
        .collect();
    moves.sort();
    moves
}

/// Asserts that, on every engine, the piece on `from` has exactly `expected`.
pub fn assert_moves(variant: &str, pieces: &str, from: &str, expected: &[&str]) {
    for (name, engine) in engines(variant) {
        let pos = place(&*engine, pieces, PlayerId::FIRST);
        let mut expected: Vec<String> = expected.iter().map(|m| m.to_string()).collect();
        expected.sort();
        assert_eq!(moves_from(&*engine, &pos, from), expected, "{variant} on the {name}: {pieces}, moves of {from}");
    }
}

/// All legal moves of the side to move, sorted.
pub fn all_moves(engine: &dyn Engine, pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = legal::legal_moves(engine, pos).into_iter().map(|mv| notation::move_text(engine.game(), mv)).collect();
    moves.sort();
    moves
}

pub fn start(engine: &dyn Engine) -> Position {
    fen::parse(engine.game(), &engine.game().setup).unwrap()
}

/// Starts `program` with `args` from the repository root, as a GUI or a script
/// would: its standard input and output piped, its errors dropped.
pub fn spawn_piped(program: &std::path::Path, args: &[&str]) -> (std::process::Child, std::process::ChildStdin, std::process::ChildStdout) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    (child, stdin, stdout)
}

/// The position a position string describes.
pub fn position(engine: &dyn Engine, text: &str) -> Position {
    fen::parse(engine.game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position a position string describes, read without the rules that
/// only say whether the game can reach it
/// ([`Position::from_setup_unchecked`]): for tests of what the engines do in
/// a position set up so, such as the side not to move in check.
pub fn unreachable_position(engine: &dyn Engine, text: &str) -> Position {
    let game = engine.game();
    let setup = fen::parse_setup(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup_unchecked(game, &setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays moves written in the notation, each one legal, as the front ends do.
pub fn play(engine: &dyn Engine, pos: &mut Position, moves: &[&str]) {
    for text in moves {
        let mv = notation::parse_move(engine, pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", fen::format(engine.game(), pos)));
        legal::play(engine, pos, mv);
    }
}

//! Counting legal moves as they are generated (`vdl_runtime::legality::legal_count`),
//! the last ply of perft on a compiled engine: a plain move or a drop that
//! changes no cell the side's royals depend on is counted on the spot.
//!
//! The compiled engines' counts are checked against the interpreter's on
//! every bundled game (`tests/engines_agree.rs`). No bundled game has both
//! drops and a hopper, where a drop can make a screen, so these tests run the
//! counter on such a game through a harness: the interpreter's moves handed to
//! the counter as generated code hands them, with the influence sets the
//! compiled engines use.

use rand::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use vdl_runtime::legality::influence::Influence;
use vdl_runtime::legality::legal_count::{count_legal_with, CountScratch};
use vdl_runtime::state::sink::MoveSink;
use vdl_runtime::Generator;
use vdl_runtime::{fen, CellId, Engine, Game, Interpreter, Move, PlayerId, Position};

/// A 5x5 board with Xiang Qi's Cannon ("moves like the Chariot, but captures
/// only by jumping exactly one piece") and drops from the hand.
const SCREENS: &str = r#"
game "Screens"
board {
    axis file = a..e
    axis rank = 1..5
    name file rank
}
forward +rank
player White
player Black = mirror rank
direction orth = (0,1)*
direction diag = (1,1)*
piece King K {
    royal
    step orth | diag
}
piece Cannon C {
    slide orth move only
    hop orth capture only
}
piece Rook R {
    slide orth
}
hands
setup "c1k2/5/5/5/2K1C[RCrc] w"
"#;

/// The interpreter's moves, handed to the counter the way generated code
/// hands them, with the influence sets of the compiled engines.
struct Counted {
    interpreter: Interpreter,
    influence: Influence,
    /// Hand each plain move as a shift of one piece's cell
    /// ([`MoveSink::plain_shifted`]) where the counter takes it in bulk, as
    /// generated code hands the steps of a type of many pieces.
    by_shifts: bool,
    /// How many moves were handed as shifts.
    shifted: AtomicU64,
}

impl Counted {
    fn new(game: Game) -> Counted {
        // The reference, which makes and tests every move: what the counter
        // is checked against.
        let interpreter = Interpreter::making_every_move(game.clone());
        let influence = Influence::of(&game, (**interpreter.plan()).clone()).expect("influence sets for a small board");
        Counted { interpreter, influence, by_shifts: false, shifted: Default::default() }
    }

    fn by_shifts(game: Game) -> Counted {
        Counted { by_shifts: true, ..Counted::new(game) }
    }
}

impl Generator for Counted {
    fn game(&self) -> &Game {
        self.interpreter.game()
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        self.interpreter.generate(pos, out);
    }

    fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId) -> bool {
        self.interpreter.attacked(pos, cell, by)
    }
}

impl Engine for Counted {
    fn influence(&self) -> Option<&Influence> {
        Some(&self.influence)
    }

    fn count_legal(&self, pos: &mut Position, scratch: &mut CountScratch) -> u64 {
        count_legal_with(self, pos, scratch, |pos, sink| {
            let mut moves = Vec::new();
            self.interpreter.generate(pos, &mut moves);
            for mv in moves {
                match mv {
                    Move::Put { kind, to, held } => sink.drops(held, kind, to.index() / 64 * 64, 1 << (to.index() % 64)),
                    Move::Normal { to, from, promote: None } => {
                        let (board, kind, from, to) = (pos.board(), pos.at(from).kind(), from.index(), to.index());
                        if self.by_shifts && sink.in_bulk(kind, 1 << from) != 0 {
                            sink.plain_shifted(board, kind, 1 << to, to as isize - from as isize);
                            self.shifted.fetch_add(1, Ordering::Relaxed);
                        } else {
                            sink.plain(board, kind, from, to);
                        }
                    }
                    _ => sink.push(mv),
                }
            }
        })
    }
}

fn screens() -> Game {
    vdl_compiler::compile("screens.vdl", SCREENS).unwrap_or_else(|errors| panic!("{errors:?}"))
}

/// The legal move count of `text` by the counter and by the interpreter,
/// which must agree.
fn count(text: &str) -> u64 {
    count_in(screens(), text)
}

/// [`count`] in `game`.
fn count_in(game: Game, text: &str) -> u64 {
    let counted = Counted::new(game);
    let mut pos = fen::parse(counted.game(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let by_counter = counted.count_legal(&mut pos, &mut Default::default());
    let by_interpreter = counted.interpreter.count_legal(&mut pos, &mut Default::default());
    assert_eq!(by_counter, by_interpreter, "{text}");
    by_counter
}

#[test]
fn a_drop_that_makes_a_screen_for_a_cannon_is_not_counted() {
    // White: King e1, a Rook in hand; Black: Cannon e5, King a5. The King
    // may go to d1, d2 or e2 (nothing attacks them: the Cannon has no screen).
    // The Rook may be dropped on any of the 22 empty cells but e2, e3 and e4,
    // where it would be the screen the Cannon jumps to take the King.
    assert_eq!(count("k3c/5/5/5/4K[R] w"), 3 + 22 - 3);
}

#[test]
fn a_move_that_makes_a_screen_for_a_cannon_is_not_counted() {
    // White: King e1, Rook b2; Black: Cannon e5, King a5. The Rook goes
    // to b1, b3, b4, b5, a2, c2 or d2, not to e2 (a screen); the King to d1,
    // d2 or e2.
    assert_eq!(count("k3c/5/5/1R3/4K[-] w"), 7 + 3);
}

#[test]
fn a_pinned_piece_moves_only_along_its_line() {
    // White: King e1, Rook e3; Black: Rook e5, King a5. The Rook may only
    // go to e2, e4 or take on e5; the King to d1, d2 or e2.
    assert_eq!(count("k3r/5/4R/5/4K[-] w"), 3 + 3);
}

#[test]
fn counts_agree_along_random_games() {
    agree_along_random_games(&Counted::new(screens()));
}

/// Moves handed in bulk are judged as those handed piece by piece: a piece
/// on a watched cell (pinned, or a screen) is not taken in bulk, and its
/// move to a cell that matters is judged.
#[test]
fn counts_of_moves_handed_as_shifts_agree_along_random_games() {
    let counted = Counted::by_shifts(screens());
    agree_along_random_games(&counted);
    assert!(counted.shifted.load(Ordering::Relaxed) > 0, "no move was handed as a shift");
}

/// The counter's count of each position of random games from the setup
/// against the interpreter's.
fn agree_along_random_games(counted: &Counted) {
    let game = counted.game();
    let mut rng = StdRng::seed_from_u64(14);
    for _ in 0..40 {
        let mut pos = fen::parse(game, &game.setup).expect("the setup parses");
        for _ in 0..30 {
            let expected = counted.interpreter.count_legal(&mut pos, &mut Default::default());
            assert_eq!(counted.count_legal(&mut pos, &mut Default::default()), expected, "{}", fen::format(game, &pos));
            let moves = vdl_runtime::legal::legal_moves(&counted.interpreter, &pos);
            let Some(&mv) = moves.choose(&mut rng) else { break };
            pos.make(mv);
        }
    }
}

/// A 5x5 board where a player may have one Rook and one Pawn per file
/// ("limit Rook to 1 per line along rank") and no Guard at all on any file;
/// Guards, and Pawns sharing a file, stand only where a position string puts
/// them. A Pawn's step never leaves its file.
const LIMITS: &str = r#"
game "Limits"
board {
    axis file = a..e
    axis rank = 1..5
    name file rank
}
forward +rank
player White
player Black = mirror rank
direction orth = (0,1)*
piece King K {
    royal
    step orth
}
piece Rook R {
    slide orth
}
piece Guard G {
    step orth
}
piece Pawn P {
    step (0,1)
}
limit Rook to 1 per line along rank
limit Pawn to 1 per line along rank
limit Guard to 0 per line along rank
setup "4k/5/5/5/K4 w"
"#;

fn limits() -> Game {
    vdl_compiler::compile("limits.vdl", LIMITS).unwrap_or_else(|errors| panic!("{errors:?}"))
}

#[test]
fn a_move_onto_a_full_file_is_not_counted() {
    // "a player may never have more than N pieces of the type ... on each line
    // along the axis ... it is checked when a piece of the type arrives on a
    // cell". White: King a1, Rooks b1 and c2; Black: King a5. The Rook on b1
    // goes up its file (b2-b5) and to d1 and e1, not to c1 (file c holds the
    // other Rook); the one on c2 to c1, c3-c5, a2, d2 and e2, not to b2; the
    // King to a2.
    assert_eq!(count_in(limits(), "k4/5/5/2R2/KR3 w"), 6 + 7 + 1);
}

#[test]
fn a_move_within_an_overfull_file_is_not_counted() {
    // "a setup with too many pieces of the type is not rejected, and stays
    // playable until one of them moves": with Rooks on b1 and b2, the one on
    // b2 may not go up its file, which would still hold two, but may leave it
    // (a2, c2-e2); the one on b1 goes to c1-e1; the King to a2.
    assert_eq!(count_in(limits(), "k4/5/5/1R3/KR3 w"), 3 + 4 + 1);
}

#[test]
fn a_type_limited_to_none_never_moves() {
    // "limit Guard to 0": every file is full from the start, so the Guard on
    // b1 may go nowhere, not even along its own file; the King goes to a2.
    assert_eq!(count_in(limits(), "k4/5/5/5/KG3 w"), 1);
}

#[test]
fn a_step_within_an_overfull_file_is_not_counted() {
    // "it is checked when a piece of the type arrives on a cell": with Pawns
    // on b2 and b3, the one on b3 may not step to b4 (file b would still hold
    // two) and the one on b2 is blocked; the King goes to a2 or b1.
    assert_eq!(count_in(limits(), "k4/5/1P3/1P3/K4 w"), 2);
    // With one Pawn on the file, it steps.
    assert_eq!(count_in(limits(), "k4/5/1P3/5/K4 w"), 1 + 2);
}

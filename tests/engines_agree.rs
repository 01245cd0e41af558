//! The compiled engine of every bundled variant agrees with the IR interpreter:
//! same pseudo-legal and legal moves, same `attacked` and `is_safe` answers, in
//! positions reached by random play and in random (unreachable) placements, and
//! the same perft counts from the start.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use vdl_runtime::legal::legal_moves;
use vdl_runtime::perft::perft;
use vdl_runtime::{fen, CellId, Engine, Game, Interpreter, Move, Piece, PieceId, PlayerId, Position};
use vdl_variants::Bundled;

const GAMES_PER_VARIANT: u64 = 8;
const MAX_PLIES: usize = 150;
const RANDOM_PLACEMENTS: u64 = 300;

struct Pair {
    name: &'static str,
    interpreter: Interpreter,
    compiled: Box<dyn Engine>,
}

impl Pair {
    fn new(bundled: &'static Bundled) -> Pair {
        let compiled = (bundled.engine)();
        let game = compiled.game().clone();
        // The embedded IR is the one the compiler produces today.
        let fresh = vdl_compiler::compile(bundled.file_name, bundled.source).expect("a bundled variant checks");
        assert_eq!(game, fresh, "{}: the compiled engine embeds a stale IR", bundled.name);
        Pair { name: bundled.name, interpreter: Interpreter::new(game), compiled }
    }

    fn game(&self) -> &Game {
        self.interpreter.game()
    }

    fn describe(&self, pos: &Position) -> String {
        format!("{} in `{}`", self.name, fen::format(self.game(), pos))
    }

    /// Everything both engines answer about `pos` is the same.
    fn assert_agree(&self, pos: &Position) {
        let game = self.game();
        let sorted = |engine: &dyn Engine| {
            let mut moves = Vec::new();
            engine.generate(pos, &mut moves);
            moves.sort();
            moves
        };
        let expected = sorted(&self.interpreter);
        let actual = sorted(&*self.compiled);
        assert_eq!(actual, expected, "pseudo-legal moves differ: {}", self.describe(pos));

        let mut expected = legal_moves(&self.interpreter, pos);
        let mut actual = legal_moves(&*self.compiled, pos);
        expected.sort();
        actual.sort();
        assert_eq!(actual, expected, "legal moves differ: {}", self.describe(pos));

        for cell in 0..game.cell_count() as CellId {
            for by in 0..game.players.len() as PlayerId {
                assert_eq!(
                    self.compiled.attacked(pos, cell, by),
                    self.interpreter.attacked(pos, cell, by),
                    "attacked({}, by {}) differs: {}",
                    game.board.cells[cell as usize].name,
                    game.players[by as usize].name,
                    self.describe(pos)
                );
            }
        }
        for mover in 0..game.players.len() as PlayerId {
            assert_eq!(
                self.compiled.is_safe(pos, mover),
                self.interpreter.is_safe(pos, mover),
                "is_safe(mover {mover}) differs: {}",
                self.describe(pos)
            );
        }
    }

    /// Also with the other side to move, which exercises the other player's
    /// generator on the same board.
    fn assert_agree_both_sides(&self, pos: &Position) {
        self.assert_agree(pos);
        let mut flipped = pos.clone();
        flipped.side ^= 1;
        if (flipped.side as usize) < self.game().players.len() {
            self.assert_agree(&flipped);
        }
    }

    fn start(&self) -> Position {
        fen::parse(self.game(), &self.game().setup).expect("the setup parses")
    }
}

fn pairs() -> Vec<Pair> {
    let pairs: Vec<Pair> = vdl_variants::all().iter().map(Pair::new).collect();
    assert!(!pairs.is_empty(), "no bundled variant to test");
    pairs
}

#[test]
fn agree_from_the_start() {
    for pair in pairs() {
        pair.assert_agree_both_sides(&pair.start());
    }
}

#[test]
fn agree_along_random_games() {
    for pair in pairs() {
        let mut plies = 0;
        for seed in 0..GAMES_PER_VARIANT {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = pair.start();
            for _ in 0..MAX_PLIES {
                pair.assert_agree_both_sides(&pos);
                let moves = legal_moves(&pair.interpreter, &pos);
                let Some(&mv) = moves.choose(&mut rng) else { break };
                pos.make(mv);
                plies += 1;
            }
        }
        assert!(plies >= 200, "{}: only {plies} plies played", pair.name);
    }
}

/// Random boards, most of them unreachable in play: pieces outside their zones,
/// royals missing or several, crowded and sparse boards.
#[test]
fn agree_on_random_placements() {
    for pair in pairs() {
        let game = pair.game();
        let players = game.players.len() as PlayerId;
        let mut rng = StdRng::seed_from_u64(0x5eed);
        for _ in 0..RANDOM_PLACEMENTS {
            let density: f64 = rng.gen_range(0.05..0.9);
            let mut pos = Position::empty(game);
            for cell in 0..game.cell_count() {
                if rng.gen_bool(density) {
                    let kind = rng.gen_range(0..game.pieces.len()) as PieceId;
                    pos.board[cell] = Piece::new(kind, rng.gen_range(0..players));
                }
            }
            pos.side = rng.gen_range(0..players);
            pair.assert_agree(&pos);
        }
    }
}

#[test]
fn perft_agrees_from_the_start() {
    for pair in pairs() {
        let mut pos = pair.start();
        for depth in 1..=3 {
            let expected = perft(&pair.interpreter, &mut pos, depth);
            let actual = perft(&*pair.compiled, &mut pos, depth);
            assert_eq!(actual, expected, "{}: perft {depth} differs", pair.name);
        }
    }
}

#[test]
fn xiangqi_perft_matches_fairy_stockfish() {
    let bundled = vdl_variants::by_name("xiangqi").expect("xiangqi is bundled");
    let engine = (bundled.engine)();
    let mut pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&*engine, &mut pos, depth)).collect();
    assert_eq!(counts, [44, 1920, 79666, 3290240]);
}

/// Moves are plain data; make sure the sort used above is a total order on them.
#[test]
fn moves_sort_totally() {
    let mut moves = vec![Move::new(3, 1), Move::new(1, 2), Move::new(1, 1)];
    moves.sort();
    assert_eq!(moves, [Move::new(1, 1), Move::new(1, 2), Move::new(3, 1)]);
}

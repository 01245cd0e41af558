//! The compiled engine of every bundled variant agrees with the IR interpreter:
//! same pseudo-legal and legal moves, same `attacked` and `is_safe` answers, in
//! positions reached by random play and in random (unreachable) placements, and
//! the same perft counts from the start. Random play is checked to reach the
//! rarer kinds of move: promotions, captures on the way and null moves.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use vdl_runtime::legal::legal_moves;
use vdl_runtime::perft::perft;
use vdl_runtime::position::{NO_CELL, NO_PROMOTION};
use vdl_runtime::{fen, CellId, Engine, Game, Interpreter, Move, Piece, PieceId, PlayerId, Position};
use vdl_variants::Bundled;

const GAMES_PER_VARIANT: u64 = 8;
/// Further games that prefer captures, promotions and null moves when there are
/// any, to reach emptier boards (a null move needs an empty ring).
const EAGER_GAMES_PER_VARIANT: u64 = 4;
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

/// Moves of the rarer kinds, counted over random play.
#[derive(Default, Debug)]
struct Kinds {
    promotions: usize,
    captures_on_the_way: usize,
    null_moves: usize,
}

impl Kinds {
    fn add(&mut self, mv: Move) {
        self.promotions += (mv.promote != NO_PROMOTION) as usize;
        self.captures_on_the_way += (mv.extra != NO_CELL) as usize;
        self.null_moves += (mv.from == mv.to) as usize;
    }
}

/// Is `mv` a capture or one of the rarer kinds?
fn eager(pos: &Position, mv: Move) -> bool {
    mv.promote != NO_PROMOTION || mv.extra != NO_CELL || mv.from == mv.to || !pos.at(mv.to).is_empty()
}

#[test]
fn agree_along_random_games() {
    let mut offered = Kinds::default();
    let mut played = Kinds::default();
    for pair in pairs() {
        let mut plies = 0;
        let mut variant_played = Kinds::default();
        for seed in 0..GAMES_PER_VARIANT + EAGER_GAMES_PER_VARIANT {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = pair.start();
            for _ in 0..MAX_PLIES {
                pair.assert_agree_both_sides(&pos);
                let moves = legal_moves(&pair.interpreter, &pos);
                moves.iter().for_each(|&mv| offered.add(mv));
                let eager_moves: Vec<Move> = moves.iter().copied().filter(|&mv| eager(&pos, mv)).collect();
                let choice = if seed >= GAMES_PER_VARIANT && !eager_moves.is_empty() && rng.gen_bool(0.8) {
                    eager_moves.choose(&mut rng)
                } else {
                    moves.choose(&mut rng)
                };
                let Some(&mv) = choice else { break };
                played.add(mv);
                variant_played.add(mv);
                pos.make(mv);
                plies += 1;
            }
        }
        println!("{}: {plies} plies, played {variant_played:?}", pair.name);
        assert!(plies >= 200, "{}: only {plies} plies played", pair.name);
    }
    println!("offered {offered:?}, played {played:?}");
    assert!(played.promotions > 0, "random play made no promotion: {played:?}");
    assert!(played.captures_on_the_way > 0, "random play made no capture on the way: {played:?}");
    assert!(played.null_moves > 0, "random play made no null move: {played:?}");
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

//! The compiled engine of every bundled variant agrees with the IR interpreter
//! that makes and tests every move (the reference, which takes no legality
//! shortcut), and so does the interpreter that takes the shortcut as
//! generated engines do: same pseudo-legal and legal moves, same `attacked` and `is_safe` answers, in
//! positions reached by random play, in random (unreachable) placements and in
//! thinned positions (where castling opens and closes), and
//! the same perft counts from the start. Random play is checked to reach the
//! rarer kinds of move: promotions, captures on the way, null moves, in
//! Taijitu Qi swaps, promotions by proxy and running countdowns, and in Grand
//! Chess promotions to lost pieces.
//!
//! The interpreter is slow on the biggest boards (Ladies and Generals: 324
//! cells, 160 pieces), so those get a smaller [`Budget`]: fewer and shorter
//! games, fewer placements, `attacked` compared on a sample of cells, and a
//! full perft one level less deep, with one level more below a few first moves.

use rand::rngs::StdRng;
use rand::seq::{index, SliceRandom};
use rand::{Rng, SeedableRng};
use vdl_runtime::legal::legal_moves;
use vdl_runtime::perft::perft;
use vdl_runtime::state::position::NOT_COUNTING;
use vdl_runtime::Generator;
use vdl_runtime::{fen, CellId, Engine, Game, Interpreter, Move, Piece, PieceId, PlayerId, Position};
use vdl_variants::Bundled;

/// How much of a variant to test.
#[derive(Clone, Copy, Debug)]
struct Budget {
    /// Random games, and further games that prefer captures and the rarer
    /// kinds of move when there are any, to reach emptier boards (a null move
    /// needs an empty ring, a countdown a side without its Wazirs and Ferzes).
    games: u64,
    eager_games: u64,
    max_plies: usize,
    placements: u64,
    /// The number of cells on which `attacked` is compared in each position
    /// (for each player): every cell if `None`.
    attacked_sample: Option<usize>,
    /// The depth of the perft comparison from the start.
    perft_depth: u32,
    /// First moves from the start below which perft is also compared at
    /// `perft_depth` (so one level deeper).
    deep_lines: usize,
}

/// Boards with more cells than this get the small budget.
const BIG_BOARD: usize = 160;

impl Budget {
    fn of(game: &Game) -> Budget {
        if game.cell_count() > BIG_BOARD {
            Budget { games: 2, eager_games: 2, max_plies: 150, placements: 80, attacked_sample: Some(40), perft_depth: 2, deep_lines: 1 }
        } else {
            Budget { games: 8, eager_games: 4, max_plies: 150, placements: 300, attacked_sample: None, perft_depth: 3, deep_lines: 0 }
        }
    }
}

struct Pair {
    name: &'static str,
    /// The reference: every move made and tested.
    interpreter: Interpreter,
    /// The interpreter as `vdl --engine interp` runs it, with the influence
    /// sets' shortcut.
    shortcut: Interpreter,
    compiled: Box<dyn Engine>,
    budget: Budget,
}

impl Pair {
    fn new(bundled: &'static Bundled) -> Pair {
        let compiled = (bundled.engine)();
        let game = compiled.game().clone();
        // The embedded IR is the one the compiler produces today.
        let fresh = vdl_compiler::compile(bundled.file_name, bundled.source).expect("a bundled variant checks");
        assert_eq!(game, fresh, "{}: the compiled engine embeds a stale IR", bundled.name);
        let budget = Budget::of(&game);
        Pair {
            name: bundled.name,
            interpreter: Interpreter::making_every_move(game.clone()),
            shortcut: Interpreter::new(game),
            compiled,
            budget,
        }
    }

    fn game(&self) -> &Game {
        self.interpreter.game()
    }

    fn describe(&self, pos: &Position) -> String {
        format!("{} in `{}`", self.name, fen::format(self.game(), pos))
    }

    /// Everything both engines answer about `pos` is the same; `rng` picks the
    /// cells `attacked` is asked about when the budget samples them. Returns the
    /// legal moves, sorted.
    fn assert_agree(&self, pos: &Position, rng: &mut StdRng) -> Vec<Move> {
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
        let mut by_shortcut = legal_moves(&self.shortcut, pos);
        expected.sort();
        actual.sort();
        by_shortcut.sort();
        assert_eq!(actual, expected, "legal moves differ: {}", self.describe(pos));
        assert_eq!(by_shortcut, expected, "the interpreter's shortcut differs: {}", self.describe(pos));

        // The compiled engine's make, which leaves out the work of what its
        // game's moves cannot do (`vdl_runtime::state::move_features`), plays each
        // move as the position's own does, and its unmake takes it back.
        for &mv in &expected {
            let (mut by_engine, mut by_position) = (pos.clone(), pos.clone());
            let undo = self.compiled.make(&mut by_engine, mv);
            by_position.make(mv);
            assert!(by_engine == by_position, "the engine's make of {mv:?} differs: {}", self.describe(pos));
            self.compiled.unmake(&mut by_engine, mv, undo);
            assert!(&by_engine == pos, "the engine's unmake of {mv:?} differs: {}", self.describe(pos));
        }

        // The count of the last ply of perft, which the compiled engine
        // judges as it generates (goals aside, as the interpreter's).
        let count = |engine: &dyn Engine| engine.count_legal(&mut pos.clone(), &mut Default::default());
        let counted = count(&self.interpreter);
        assert_eq!(count(&*self.compiled), counted, "legal move counts differ: {}", self.describe(pos));
        assert_eq!(count(&self.shortcut), counted, "the interpreter's shortcut counts otherwise: {}", self.describe(pos));

        let cells = game.cell_count();
        for by in game.player_ids() {
            let asked: Vec<usize> = match self.budget.attacked_sample {
                Some(n) if n < cells => index::sample(rng, cells, n).into_vec(),
                _ => (0..cells).collect(),
            };
            for cell in asked {
                let cell = CellId::from_index(cell);
                assert_eq!(
                    self.compiled.attacked(pos, cell, by),
                    self.interpreter.attacked(pos, cell, by),
                    "attacked({}, by {}) differs: {}",
                    game.board.cells[cell].name,
                    game.players[by.index()].name,
                    self.describe(pos)
                );
            }
        }
        for mover in game.player_ids() {
            assert_eq!(
                self.compiled.is_safe(pos, mover),
                self.interpreter.is_safe(pos, mover),
                "is_safe(mover {mover}) differs: {}",
                self.describe(pos)
            );
        }
        expected
    }

    /// Also with the other side to move, which exercises the other player's
    /// generator on the same board. Returns the legal moves of the side to move.
    fn assert_agree_both_sides(&self, pos: &Position, rng: &mut StdRng) -> Vec<Move> {
        let moves = self.assert_agree(pos, rng);
        let mut flipped = pos.clone();
        // `give_turn`, which hands a blocker over too.
        flipped.give_turn(flipped.side.opponent());
        if flipped.side.index() < self.game().players.len() {
            self.assert_agree(&flipped, rng);
        }
        moves
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
        let mut rng = StdRng::seed_from_u64(0);
        pair.assert_agree_both_sides(&pair.start(), &mut rng);
    }
}

/// Moves of the rarer kinds, and positions with a running countdown, counted
/// over random play.
#[derive(Default, Debug, Clone, Copy)]
struct Kinds {
    promotions: usize,
    captures_on_the_way: usize,
    null_moves: usize,
    swaps: usize,
    proxy_promotions: usize,
}

impl Kinds {
    fn add(&mut self, mv: Move) {
        self.promotions += mv.promotion().is_some() as usize;
        self.captures_on_the_way += mv.extra_capture().is_some() as usize;
        self.null_moves += mv.is_null() as usize;
        self.swaps += mv.is_swap() as usize;
        self.proxy_promotions += mv.proxy_promotion().is_some() as usize;
    }
}

/// Is `mv` a capture or one of the rarer kinds?
fn eager(pos: &Position, mv: Move) -> bool {
    mv.promotion().is_some()
        || mv.extra_capture().is_some()
        || mv.proxy_promotion().is_some()
        || mv.is_swap()
        || mv.is_null()
        || !pos.at(mv.to()).is_empty()
}

/// What random play reached in one variant.
#[derive(Default, Debug)]
struct Reached {
    plies: usize,
    /// Moves offered (legal in a position reached) and played.
    offered: Kinds,
    played: Kinds,
    /// Positions reached with some countdown running.
    counting: usize,
}

/// Plays the budget's random games of `pair`, comparing the engines in every
/// position reached.
fn random_games(pair: &Pair) -> Reached {
    let budget = pair.budget;
    let mut reached = Reached::default();
    for seed in 0..budget.games + budget.eager_games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = pair.start();
        for _ in 0..budget.max_plies {
            let moves = pair.assert_agree_both_sides(&pos, &mut rng);
            reached.counting += pos.countdowns.iter().flatten().any(|&c| c != NOT_COUNTING) as usize;
            moves.iter().for_each(|&mv| reached.offered.add(mv));
            let eager_moves: Vec<Move> = moves.iter().copied().filter(|&mv| eager(&pos, mv)).collect();
            let choice = if seed >= budget.games && !eager_moves.is_empty() && rng.gen_bool(0.8) {
                eager_moves.choose(&mut rng)
            } else {
                moves.choose(&mut rng)
            };
            let Some(&mv) = choice else { break };
            reached.played.add(mv);
            vdl_runtime::legal::play(&pair.interpreter, &mut pos, mv);
            reached.plies += 1;
        }
    }
    println!("{}: {reached:?}", pair.name);
    let least = (budget.games + budget.eager_games) as usize * budget.max_plies / 8;
    assert!(reached.plies >= least, "{}: only {} plies played", pair.name, reached.plies);
    reached
}

/// The random games of the variants with the full budget; the big boards'
/// games run as a test of their own, in parallel.
#[test]
fn agree_along_random_games() {
    let mut played = Kinds::default();
    for pair in pairs().iter().filter(|pair| pair.game().cell_count() <= BIG_BOARD) {
        let reached = random_games(pair);
        let p = reached.played;
        played.promotions += p.promotions;
        played.captures_on_the_way += p.captures_on_the_way;
        played.null_moves += p.null_moves;
        if pair.name == "taijitu-qi" {
            // Its King's swap, its promotions by proxy and its countdown.
            assert!(p.swaps > 0, "random play made no swap in Taijitu Qi: {reached:?}");
            assert!(p.proxy_promotions > 0, "random play made no promotion by proxy in Taijitu Qi: {reached:?}");
            assert!(reached.counting > 0, "random play started no countdown in Taijitu Qi: {reached:?}");
        }
        if pair.name == "grand" {
            // Its pawns promote only to pieces their side has lost.
            assert!(p.promotions > 0, "random play made no promotion to a lost piece in Grand Chess: {reached:?}");
        }
    }
    println!("played {played:?}");
    assert!(played.promotions > 0, "random play made no promotion: {played:?}");
    assert!(played.captures_on_the_way > 0, "random play made no capture on the way: {played:?}");
    assert!(played.null_moves > 0, "random play made no null move: {played:?}");
}

#[test]
fn agree_along_random_games_on_big_boards() {
    for pair in pairs().iter().filter(|pair| pair.game().cell_count() > BIG_BOARD) {
        random_games(pair);
    }
}

/// Random boards, most of them unreachable in play: pieces outside their zones,
/// royals missing or several, crowded and sparse boards, and any countdowns.
#[test]
fn agree_on_random_placements() {
    for pair in pairs() {
        let game = pair.game();
        let players = game.players.len();
        let mut rng = StdRng::seed_from_u64(0x5eed);
        for _ in 0..pair.budget.placements {
            let density: f64 = rng.gen_range(0.05..0.9);
            let mut pos = Position::empty(game);
            for cell in game.cell_ids() {
                if rng.gen_bool(density) {
                    let kind = PieceId::from_index(rng.gen_range(0..game.pieces.len()));
                    pos.put(cell, Piece::new(kind, PlayerId::from_index(rng.gen_range(0..players))));
                }
            }
            // Half the countdowns run, at any value up to the obligation's delay.
            let obligations = &game.rules.obligations;
            for countdowns in pos.countdowns.iter_mut() {
                for (countdown, obligation) in countdowns.iter_mut().zip(obligations) {
                    if rng.gen_bool(0.5) {
                        *countdown = rng.gen_range(0..=obligation.delay);
                    }
                }
            }
            pos.side = PlayerId::from_index(rng.gen_range(0..players));
            pair.assert_agree(&pos, &mut rng);
        }
    }
}

/// The positions of `variant` in Fairy-Stockfish's perft records
/// (tests/data/fsf_perft.txt): Chess960's among them put the partners on
/// every side of the King, next to it and far.
fn recorded_positions(variant: &str) -> Vec<&'static str> {
    let records = include_str!("data/fsf_perft.txt");
    let fields = records.lines().filter(|line| !line.starts_with('#')).map(|line| line.split('|').map(str::trim).collect::<Vec<_>>());
    fields.filter(|fields| fields.len() == 3 && fields[0] == variant).map(|fields| fields[1]).collect()
}

/// The setup and the recorded positions thinned out, with a few pieces
/// strewn over them: castlers and their partners stay unmoved where they stand
/// while the cells between them, and the attacks on the cells a castler
/// crosses, come and go. The compiled engine castles by its printed openings
/// (`Castle::openings`) from the cells the setup puts a castler on, the
/// interpreters by walking the castling line (`Castle::walk`), so this is
/// where the two would part if either drifted. Every game with castling must
/// castle in some of these positions, and be refused a castling in others.
#[test]
fn agree_on_thinned_positions() {
    for pair in pairs().iter().filter(|pair| pair.game().has_castling()) {
        let game = pair.game();
        let mut rng = StdRng::seed_from_u64(0xca57);
        let recorded = recorded_positions(pair.name).into_iter().map(|text| fen::parse(game, text).expect("a recorded position parses"));
        let starts: Vec<Position> = std::iter::once(pair.start()).chain(recorded).collect();
        let (mut castled, mut without) = (0, 0);
        for round in 0..pair.budget.placements {
            let mut pos = starts[round as usize % starts.len()].clone();
            let kept: f64 = rng.gen_range(0.05..0.7);
            let strewn: f64 = rng.gen_range(0.0..0.08);
            for cell in game.cell_ids() {
                let piece = pos.at(cell);
                // The royals stay, and so does a placed blocker, which the position
                // keeps the cell of.
                let stays = piece.is_empty() || game.pieces[piece.kind()].royal || game.blocker() == Some(piece.kind());
                if !stays && !rng.gen_bool(kept) {
                    pos.put(cell, Piece::EMPTY);
                } else if piece.is_empty() && rng.gen_bool(strewn) {
                    let kind = PieceId::from_index(rng.gen_range(0..game.pieces.len()));
                    pos.put(cell, Piece::new(kind, PlayerId::from_index(rng.gen_range(0..game.players.len()))));
                }
            }
            let moves = pair.assert_agree_both_sides(&pos, &mut rng);
            if moves.iter().any(|mv| mv.castling_partner().is_some()) {
                castled += 1;
            } else {
                without += 1;
            }
        }
        println!("{}: {} starts, {castled} positions with a legal castling, {without} without", pair.name, starts.len());
        assert!(castled > 0, "{}: no thinned position allowed a castling", pair.name);
        assert!(without > 0, "{}: every thinned position allowed a castling", pair.name);
    }
}

#[test]
fn perft_agrees_from_the_start() {
    for pair in pairs() {
        let mut pos = pair.start();
        let depth = pair.budget.perft_depth;
        for depth in 1..=depth {
            let expected = perft(&pair.interpreter, &mut pos, depth);
            let actual = perft(&*pair.compiled, &mut pos, depth);
            assert_eq!(actual, expected, "{}: perft {depth} differs", pair.name);
            assert_eq!(perft(&pair.shortcut, &mut pos, depth), expected, "{}: the interpreter's perft {depth} differs", pair.name);
        }
        // One level deeper below a few first moves.
        let mut rng = StdRng::seed_from_u64(7);
        let firsts = legal_moves(&pair.interpreter, &pos);
        for &first in firsts.choose_multiple(&mut rng, pair.budget.deep_lines) {
            let undo = pos.make(first);
            let expected = perft(&pair.interpreter, &mut pos, depth);
            let actual = perft(&*pair.compiled, &mut pos, depth);
            assert_eq!(actual, expected, "{}: perft {depth} after {first:?} differs", pair.name);
            pos.unmake(first, undo);
        }
    }
}

/// Taijitu Qi from the start: the interpreter's counts (the engines agree on
/// them, above).
#[test]
fn taijitu_qi_perft() {
    let bundled = vdl_variants::by_name("taijitu-qi").expect("taijitu-qi is bundled");
    let engine = (bundled.engine)();
    let mut pos = fen::parse(engine.game(), &engine.game().setup).unwrap();
    let counts: Vec<u64> = (1..=3).map(|depth| perft(&*engine, &mut pos, depth)).collect();
    assert_eq!(counts, [36, 1268, 48428]);
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
    let (a, b, c) = (CellId::from_index(1), CellId::from_index(2), CellId::from_index(3));
    let mut moves = vec![Move::new(c, a), Move::new(a, a), Move::new(a, b), Move::swapping(a, b)];
    moves.sort();
    assert_eq!(moves, [Move::new(a, a), Move::new(a, b), Move::swapping(a, b), Move::new(c, a)]);
}

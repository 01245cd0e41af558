//! Self-play: series of games of the computer against itself, to measure a
//! game's balance (how often the first player wins) and decisiveness (how
//! often and how games are drawn). See docs/selfplay.md.
//!
//! A series is deterministic: game `i` starts with `openings` random plies
//! drawn from its own seed ([`seed::game_seed`] of the series' seed and `i`),
//! then both sides play the search's move under the same limits. With depth or
//! node limits, the same settings give the same games on every machine, in
//! any shard, on any number of threads.

pub mod record;
pub mod seed;
pub mod summary;

use rayon::prelude::*;
use record::{End, GameRecord, Outcome};
use seed::{game_seed, SplitMix64};
use vdl_runtime::legal::{self, GameResult};
use vdl_runtime::notation::move_text;
use vdl_runtime::perft::root_moves_by_text;
use vdl_runtime::search::{eval::Evaluator, Limits, PositionKey, Searcher};
use vdl_runtime::shard::Shard;
use vdl_runtime::{Engine, Position};

/// How a series is played.
#[derive(Clone, Debug)]
pub struct Settings {
    pub games: u64,
    pub seed: u64,
    /// The search's limits for every move after the openings.
    pub limits: Limits,
    /// Random plies at the start of each game.
    pub opening_plies: u32,
    /// A game still running after this many plies is a draw ([`End::PlyLimit`]).
    pub max_plies: u32,
}

/// Plays the games of `settings` that are `shard`'s, in parallel, from
/// `start`; calls `finished` after each game (for a progress bar). The records
/// come back in the order of their index.
pub fn play_series(
    engine: &dyn Engine,
    start: &Position,
    settings: &Settings,
    shard: Shard,
    finished: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    // Measured once; each game gets its own searcher (and transposition
    // table), so that no game's moves depend on another's.
    let eval = Evaluator::new(engine);
    let indices: Vec<u64> = (0..settings.games).filter(|&i| shard.owns(i)).collect();
    indices
        .into_par_iter()
        .map(|index| {
            let mut searcher = Searcher::with_evaluator(engine, eval.clone());
            let record = play_game(engine, &mut searcher, start, settings, index);
            finished();
            record
        })
        .collect()
}

/// Plays game `index` of the series.
pub fn play_game(
    engine: &dyn Engine,
    searcher: &mut Searcher<'_, dyn Engine + '_>,
    start: &Position,
    settings: &Settings,
    index: u64,
) -> GameRecord {
    let seed = game_seed(settings.seed, index);
    let mut rng = SplitMix64::new(seed);
    let first = start.side;
    let mut pos = start.clone();
    let mut history: Vec<PositionKey> = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let (result, end) = loop {
        if let Some((result, reason)) = legal::ending(engine, &pos) {
            let outcome = match result {
                GameResult::Win(winner) if winner == first => Outcome::First,
                GameResult::Win(_) => Outcome::Second,
                GameResult::Draw => Outcome::Draw,
            };
            break (outcome, End::from(reason));
        }
        if moves.len() >= settings.max_plies as usize {
            break (Outcome::Draw, End::PlyLimit);
        }
        let mv = if moves.len() < settings.opening_plies as usize {
            random_move(engine, &pos, &mut rng)
        } else {
            searcher.search_game(&history, &pos, &settings.limits).best.expect("a position that is not over has a legal move")
        };
        moves.push(move_text(engine.game(), mv));
        history.push(PositionKey::of(&pos));
        pos.make(mv);
    };
    GameRecord { game: index, seed, plies: moves.len() as u32, moves, result, end }
}

/// A legal move drawn at random, from the moves in the order of their text
/// (which no engine's generation order changes).
fn random_move(engine: &dyn Engine, pos: &Position, rng: &mut SplitMix64) -> vdl_runtime::Move {
    let moves = root_moves_by_text(engine, pos);
    moves[rng.below(moves.len())].1
}

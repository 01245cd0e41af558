//! Perft: the number of leaf nodes of the legal move tree, the standard test of a
//! move generator.

use crate::legality::engine::Engine;
use crate::legality::legal::{legal_moves, Legality};
use crate::legality::legal_count::CountScratch;
use crate::shard::Shard;
use crate::state::position::{Move, Position};
use rayon::prelude::*;

/// Counts the leaves of the legal move tree `depth` plies deep.
pub fn perft<E: Engine + ?Sized>(engine: &E, pos: &mut Position, depth: u32) -> u64 {
    let goals = engine.game().has_goals();
    count(engine, pos, depth, goals, &mut Buffers::default())
}

/// One move list per ply and the lists of the last ply's count, kept so
/// that the tree's nodes allocate nothing.
#[derive(Default)]
struct Buffers {
    lists: Vec<Vec<Move>>,
    count: CountScratch,
}

/// [`perft`] with its lists kept in `buffers`; `goals`: has the game any
/// (asked once: through `&dyn Engine`, asking the engine for its game at
/// every node was a call each, 1 % of Turn Qi's compiled perft).
fn count<E: Engine + ?Sized>(engine: &E, pos: &mut Position, depth: u32, goals: bool, buffers: &mut Buffers) -> u64 {
    if depth == 0 {
        return 1;
    }
    // A reached goal ends the game: no move below it.
    if goals && crate::legality::goals::reached(engine, pos).is_some() {
        return 0;
    }
    if depth == 1 {
        // Bulk counting: a legal move at the last ply is one leaf.
        return engine.count_legal(pos, &mut buffers.count);
    }
    let mut moves = buffers.lists.pop().unwrap_or_else(|| Vec::with_capacity(64));
    moves.clear();
    engine.generate(pos, &mut moves);
    let legality = Legality::new(engine, pos);
    let mut nodes = 0;
    for &mv in &moves {
        if let Some(undo) = legality.make_if_legal(engine, pos, mv) {
            nodes += count(engine, pos, depth - 1, goals, buffers);
            engine.unmake(pos, mv, undo);
        }
    }
    buffers.lists.push(moves);
    nodes
}

/// The count below each legal first move (`perft divide`).
pub fn divide<E: Engine + ?Sized>(engine: &E, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut scratch = pos.clone();
    legal_moves(engine, pos)
        .into_iter()
        .map(|mv| {
            let undo = crate::legality::legal::play(engine, &mut scratch, mv);
            let n = perft(engine, &mut scratch, depth.saturating_sub(1));
            engine.unmake(&mut scratch, mv, undo);
            (mv, n)
        })
        .collect()
}

/// `divide` with each move written in the notation, sorted by move text, as the
/// command lines print it.
pub fn divide_texts<E: Engine + ?Sized>(engine: &E, pos: &Position, depth: u32) -> Vec<(String, u64)> {
    divide_share(engine, pos, depth, Shard::ALL)
}

/// The legal first moves with their text, sorted by text: the order `divide`
/// prints and [`divide_share`] deals out.
pub fn root_moves_by_text<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Vec<(String, Move)> {
    let mut moves: Vec<(String, Move)> =
        legal_moves(engine, pos).into_iter().map(|mv| (crate::text::notation::move_text(engine.game(), mv), mv)).collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves
}

/// [`divide_texts`] of the first moves that are `shard`'s: the `i`-th move in
/// the order of their text belongs to share `i mod N`. The shares' counts sum
/// to the whole perft (for `depth >= 1`).
pub fn divide_share<E: Engine + ?Sized>(engine: &E, pos: &Position, depth: u32, shard: Shard) -> Vec<(String, u64)> {
    let mut scratch = pos.clone();
    root_moves_by_text(engine, pos)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| shard.owns(i as u64))
        .map(|(_, (text, mv))| {
            let undo = crate::legality::legal::play(engine, &mut scratch, mv);
            let n = perft(engine, &mut scratch, depth.saturating_sub(1));
            engine.unmake(&mut scratch, mv, undo);
            (text, n)
        })
        .collect()
}

/// Perft with the first ply split over threads.
pub fn perft_parallel<E: Engine + ?Sized>(engine: &E, pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(engine, &mut pos.clone(), depth);
    }
    legal_moves(engine, pos)
        .par_iter()
        .map(|&mv| {
            let mut child = pos.clone();
            crate::legality::legal::play(engine, &mut child, mv);
            perft(engine, &mut child, depth - 1)
        })
        .sum()
}

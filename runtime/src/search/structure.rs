//! The structure of the game's Pawn-like pieces (of the types that only move
//! forward and are worth the unit), derived from their moves: a piece no enemy forward-only piece can stop is passed, and
//! is worth more the closer it is to promotion; a piece with a friendly one
//! ahead on its own path is doubled; a piece no friendly one could ever
//! cover from beside its path is isolated. On boards of up to
//! [`MAX_CELLS`] cells (the positions keep each piece's cells as bits
//! there); larger boards go without.

use super::distance;
use super::eval::UNIT;
use crate::ir::{CellId, PieceId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::occupancy::MAX_CELLS;
use crate::state::piece::Piece;
use crate::state::position::{forward_only, Move, Position};

/// A passed piece one move from promotion is worth this part of what the
/// promotion gains, in percent; `n` moves away, this divided by `(n + 1)² / 4`.
const PASSED_WEIGHT: i32 = 10;
const DOUBLED: i32 = 15;
const ISOLATED: i32 = 10;

/// What one forward-only piece on one cell needs to know, as sets of cells.
#[derive(Clone, Debug)]
struct Span {
    cell: CellId,
    /// Enemy forward-only pieces here stop it: its path, and the cells from
    /// which they cover its path or its cell.
    stoppers: u128,
    /// The cells ahead on its path.
    ahead: u128,
    /// Friendly forward-only pieces here could cover its file (cells off its
    /// own column from which they cover a cell of it); empty when no such
    /// cell exists, as when they capture straight ahead.
    support: u128,
    /// Its bonus when passed.
    passed: i32,
}

/// What the evaluation finds of one piece that only moves forward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnTraits {
    /// No enemy forward-only piece stands on its path or can cover its cell
    /// or a cell of its path.
    pub passed: bool,
    /// A friendly forward-only piece stands ahead on its path.
    pub doubled: bool,
    /// No friendly forward-only piece stands where it could cover a cell of
    /// its column (its path and the cells behind it); never for pieces that
    /// capture straight ahead, which no neighbour covers.
    pub isolated: bool,
}

#[derive(Clone, Debug)]
pub struct Structure {
    cells: usize,
    /// Each player's forward-only pieces.
    pawns: [Vec<Piece>; 2],
    /// Per piece byte and cell (empty for other pieces).
    spans: Vec<Vec<Span>>,
}

impl Structure {
    /// `values`: the piece types' values (for what promotion gains).
    pub fn new<E: Engine + ?Sized>(engine: &E, values: &[i32]) -> Structure {
        let game = engine.game();
        let cells = game.cell_count();
        let forward = forward_only(game);
        let players: Vec<PlayerId> = game.player_ids().take(2).collect();
        let mut pawns: [Vec<Piece>; 2] = [Vec::new(), Vec::new()];
        let mut spans: Vec<Vec<Span>> = vec![Vec::new(); 256];
        if cells <= MAX_CELLS {
            for &owner in &players {
                let pawn_like = |k: PieceId| forward.contains(Piece::new(k, owner)) && values[k.index()] == UNIT;
                for kind in game.piece_ids().filter(|&k| pawn_like(k)) {
                    pawns[owner.index()].push(Piece::new(kind, owner));
                }
            }
            let covers = |piece: Piece| coverage(engine, piece);
            let cover: Vec<Vec<Vec<u128>>> = players.iter().map(|p| pawns[p.index()].iter().map(|&pc| covers(pc)).collect()).collect();
            for &owner in &players {
                let enemy = owner.opponent();
                let enemy_cover: Vec<u128> = union_by_cell(cells, cover.get(enemy.index()));
                let own_cover: Vec<u128> = union_by_cell(cells, cover.get(owner.index()));
                for &piece in &pawns[owner.index()] {
                    spans[piece.0 as usize] = spans_of(engine, piece, values, &enemy_cover, &own_cover);
                }
            }
        }
        Structure { cells, pawns, spans }
    }

    /// Passed, doubled and isolated pieces, from `side`'s point of view.
    pub fn score(&self, pos: &Position, side: PlayerId) -> i32 {
        let mut score = 0;
        self.each_piece(pos, |owner, span, traits| {
            let value = if traits.passed { span.passed } else { 0 }
                - if traits.doubled { DOUBLED } else { 0 }
                - if traits.isolated { ISOLATED } else { 0 };
            score += if owner == side { value } else { -value };
        });
        score
    }

    /// Every forward-only piece's cell and traits, in the order of the
    /// players, the piece types and the cells.
    pub fn traits(&self, pos: &Position) -> Vec<(CellId, PawnTraits)> {
        let mut found = Vec::new();
        self.each_piece(pos, |_, span, traits| found.push((span.cell, traits)));
        found
    }

    fn each_piece(&self, pos: &Position, mut each: impl FnMut(PlayerId, &Span, PawnTraits)) {
        if self.cells > MAX_CELLS || self.pawns.iter().all(Vec::is_empty) {
            return;
        }
        let mut all = [0u128; 2];
        for (set, pieces) in all.iter_mut().zip(&self.pawns) {
            *set = pieces.iter().fold(0, |acc, &p| acc | pos.piece_cells().of(p, self.cells));
        }
        for owner in PlayerId::BOTH {
            let own = all[owner.index()];
            let enemy = all[owner.opponent().index()];
            for &piece in &self.pawns[owner.index()] {
                let spans = &self.spans[piece.0 as usize];
                let mut bits = pos.piece_cells().of(piece, self.cells);
                while bits != 0 {
                    let span = &spans[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    let traits = PawnTraits {
                        passed: span.stoppers & enemy == 0,
                        doubled: span.ahead & own != 0,
                        isolated: span.support != 0 && span.support & own == 0,
                    };
                    each(owner, span, traits);
                }
            }
        }
    }
}

/// The cells a piece covers from each cell of an empty board.
fn coverage<E: Engine + ?Sized>(engine: &E, piece: Piece) -> Vec<u128> {
    let game = engine.game();
    let mut board = Position::empty(game);
    game.cell_ids()
        .map(|cell| {
            if !super::measure::may_stand(game, piece.kind(), piece.owner(), cell) {
                return 0;
            }
            board.put(cell, piece);
            let covered =
                game.cell_ids().filter(|&c| c != cell && engine.attacked(&board, c, piece.owner())).fold(0, |acc, c| acc | bit(c));
            board.put(cell, Piece::EMPTY);
            covered
        })
        .collect()
}

/// Per cell, the cells a piece of any of `pieces`' types there covers.
fn union_by_cell(cells: usize, pieces: Option<&Vec<Vec<u128>>>) -> Vec<u128> {
    let mut union = vec![0u128; cells];
    for covered in pieces.into_iter().flatten() {
        for (u, c) in union.iter_mut().zip(covered) {
            *u |= c;
        }
    }
    union
}

fn bit(cell: CellId) -> u128 {
    1 << cell.index()
}

/// The spans of `piece` on every cell.
fn spans_of<E: Engine + ?Sized>(engine: &E, piece: Piece, values: &[i32], enemy_cover: &[u128], own_cover: &[u128]) -> Vec<Span> {
    let game = engine.game();
    let (kind, owner) = (piece.kind(), piece.owner());
    let moves = distance::moves_from_each_cell(engine, kind, owner);
    let ahead = paths(&moves);
    let way = distance::to_promotion(engine, kind, owner);
    let gain = way.promotions.iter().map(|t| values[t.index()]).max().map_or(0, |best| (best - values[kind.index()]).max(0));
    game.cell_ids()
        .map(|cell| {
            let i = cell.index();
            let path = ahead[i] | bit(cell);
            let behind = ahead.iter().enumerate().filter(|(_, a)| *a & bit(cell) != 0).fold(0, |acc, (j, _)| acc | 1u128 << j);
            let column = path | behind;
            let stoppers = ahead[i] | cells_where(enemy_cover, |c| c & path != 0);
            let support = cells_where(own_cover, |c| c & column != 0) & !column;
            let passed = match way.steps[i] {
                Some(steps) if !way.promotions.is_empty() => gain * PASSED_WEIGHT * 4 / (100 * ((steps + 1) * (steps + 1)) as i32),
                _ => 0,
            };
            Span { cell, stoppers, ahead: ahead[i], support, passed }
        })
        .collect()
}

/// The cells whose entry in `by_cell` satisfies `test`.
fn cells_where(by_cell: &[u128], test: impl Fn(u128) -> bool) -> u128 {
    by_cell.iter().enumerate().filter(|(_, &c)| test(c)).fold(0, |acc, (i, _)| acc | 1u128 << i)
}

/// Per cell, the cells reachable from it by the piece's own moves on an empty
/// board (not the cell itself): the path it walks.
fn paths(moves: &[Vec<Move>]) -> Vec<u128> {
    let mut reach: Vec<u128> = moves.iter().map(|ms| ms.iter().fold(0, |acc, mv| acc | bit(mv.to()))).collect();
    loop {
        let mut changed = false;
        for i in 0..reach.len() {
            let mut grown = reach[i];
            let mut bits = reach[i];
            while bits != 0 {
                grown |= reach[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            if grown != reach[i] {
                reach[i] = grown;
                changed = true;
            }
        }
        if !changed {
            return reach;
        }
    }
}

//! The static evaluation: material plus a small positional term, both derived
//! automatically from the game's move rules, so that every variant gets a
//! sensible evaluation without hand-written piece values.
//!
//! A piece type is worth what it can do: its value is the average number of
//! destinations it has, measured by running the engine itself on sample boards
//! (the piece alone on an empty board, and among random blockers of both sides
//! at two densities, so that sliders are not overrated and hoppers, which need a
//! screen, are not underrated). The average over cells gives the material value;
//! the average on each cell gives a piece-square table (a Soldier across the river
//! or a central Horse is worth more). Royal pieces have no material value: losing
//! them is checkmate, which the search scores.

use crate::engine::Engine;
use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::piece::Piece;
use crate::position::{Move, Position};

/// Scale of evaluation scores: one destination on average is worth this much.
pub const UNIT: i32 = 100;

/// Piece values and piece-square tables for one game.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material value per piece type (0 for royals).
    values: Vec<i32>,
    /// `square[kind][owner][cell]`: value of a piece of that type and owner on
    /// that cell, material included.
    square: Vec<Vec<Vec<i32>>>,
}

/// Blocker densities of the sample boards, in percent, and boards per density.
const DENSITIES: [(u32, u32); 3] = [(0, 1), (15, 4), (30, 4)];
/// About this many coverage tests (one `attacked` call each) per piece type and
/// player: on large boards each placement tests a sample of the cells.
const COVERAGE_BUDGET: usize = 75_000;
/// Weight of the positional term, in percent of the mobility difference.
const POSITIONAL_WEIGHT: i32 = 40;

impl Evaluator {
    /// Measures every piece type of `engine`'s game (a few milliseconds).
    pub fn new<E: Engine + ?Sized>(engine: &E) -> Evaluator {
        let game = engine.game();
        let cells = game.cell_count();
        let players = game.players.len().min(2);
        let mut values = Vec::with_capacity(game.pieces.len());
        let mut square = Vec::with_capacity(game.pieces.len());
        for (kind, piece) in game.piece_ids().zip(&game.pieces) {
            // mobility[owner][cell]: average (destinations, covered cells), or
            // None where the piece may not stand.
            let mobility: Vec<Vec<Option<(f64, f64)>>> =
                (0..players).map(|owner| cell_mobility(engine, kind, PlayerId::from_index(owner))).collect();
            let measured: Vec<(f64, f64)> = mobility.iter().flatten().flatten().copied().collect();
            let mean = |f: fn(&(f64, f64)) -> f64| {
                if measured.is_empty() {
                    0.0
                } else {
                    measured.iter().map(f).sum::<f64>() / measured.len() as f64
                }
            };
            let average = mean(|&(d, c)| (d + c) / 2.0);
            let destinations = mean(|&(d, _)| d);
            let value = if piece.royal { 0 } else { ((average * UNIT as f64).round() as i32).max(UNIT / 5) };
            values.push(value);
            // The positional term follows the destinations, which are counted
            // exactly on every board size.
            let table = mobility
                .iter()
                .map(|per_cell| {
                    per_cell
                        .iter()
                        .map(|m| match m {
                            Some((d, _)) if !piece.royal => {
                                value + ((d - destinations) * (UNIT * POSITIONAL_WEIGHT / 100) as f64).round() as i32
                            }
                            _ => value,
                        })
                        .collect()
                })
                .collect::<Vec<Vec<i32>>>();
            debug_assert!(table.iter().all(|t: &Vec<i32>| t.len() == cells));
            square.push(table);
        }
        Evaluator { values, square }
    }

    /// The material value of each piece type (royals: 0), in [`UNIT`]s per
    /// average destination.
    pub fn piece_values(&self) -> &[i32] {
        &self.values
    }

    /// The value of `piece` standing on `cell`, material included.
    #[inline]
    pub fn piece_on(&self, piece: Piece, cell: CellId) -> i32 {
        self.square[piece.kind().index()][piece.owner().index()][cell.index()]
    }

    /// The value of a piece type, for move ordering.
    #[inline]
    pub fn value(&self, kind: PieceId) -> i32 {
        self.values[kind.index()]
    }

    /// The position from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut score = 0;
        for (cell, piece) in pos.cells() {
            if piece.is_empty() {
                continue;
            }
            let v = self.piece_on(piece, cell);
            if piece.owner() == pos.side {
                score += v;
            } else {
                score -= v;
            }
        }
        score
    }
}

/// A small deterministic random generator (SplitMix64), so that the measurement
/// is the same on every run and the runtime needs no random crate.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Can a piece of this type and owner stand on `cell` (its confinement)?
fn may_stand(game: &Game, kind: PieceId, owner: PlayerId, cell: CellId) -> bool {
    game.pieces[kind].confined.is_none_or(|zone| game.in_zone(zone, owner, cell))
}

/// What one piece can do on each cell, averaged over the sample boards (`None`
/// where it may not stand): its number of destinations and the number of cells
/// it covers (could capture on); its value is the mean of the two. Counting both keeps a piece
/// that moves far but captures only in special ways (a Cannon) below one that
/// captures wherever it moves (a Chariot). The blockers all belong to the
/// opponent, so every move generated is the measured piece's own.
fn cell_mobility<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId) -> Vec<Option<(f64, f64)>> {
    let game = engine.game();
    let cells = game.cell_count();
    let enemy = owner.opponent();
    // Blockers are of non-royal types where possible, so that the sample boards
    // look like the middle of a game.
    let blocker_kinds: Vec<PieceId> = {
        let plain: Vec<PieceId> = game.piece_ids().filter(|&k| !game.pieces[k].royal).collect();
        if plain.is_empty() {
            game.piece_ids().collect()
        } else {
            plain
        }
    };
    let mut rng = SplitMix(0x5EED ^ ((kind.index() as u64) << 8) ^ owner.index() as u64);
    // Per cell: destinations, and covered cells in hundredths.
    let mut totals = vec![(0u64, 0u64); cells];
    let mut samples = 0u64;
    let mut moves: Vec<Move> = Vec::with_capacity(256);
    let boards: usize = DENSITIES.iter().map(|&(_, n)| n as usize).sum();
    let targets = (COVERAGE_BUDGET / (cells * boards).max(1)).max(8);
    for (density, boards) in DENSITIES {
        for _ in 0..boards {
            let mut base = Position::empty(game);
            base.side = owner;
            for cell in game.cell_ids() {
                if rng.below(100) < density as u64 {
                    let k = blocker_kinds[rng.below(blocker_kinds.len() as u64) as usize];
                    if may_stand(game, k, enemy, cell) {
                        base.put(cell, Piece::new(k, enemy));
                    }
                }
            }
            samples += 1;
            for (cell_id, total) in game.cell_ids().zip(totals.iter_mut()) {
                if !may_stand(game, kind, owner, cell_id) {
                    continue;
                }
                let mut pos = base.clone();
                pos.put(cell_id, Piece::new(kind, owner));
                moves.clear();
                engine.generate(&pos, &mut moves);
                // Covered cells, counted in hundredths: all of them on small
                // boards, a fixed-size sample of them on large ones.
                let covered = if targets >= cells {
                    100 * game.cell_ids().filter(|&c| c != cell_id && engine.attacked(&pos, c, owner)).count() as u64
                } else {
                    let hits = (0..targets)
                        .filter(|_| {
                            let c = CellId::from_index(rng.below(cells as u64) as usize);
                            c != cell_id && engine.attacked(&pos, c, owner)
                        })
                        .count();
                    (100 * hits * cells / targets) as u64
                };
                total.0 += moves.len() as u64;
                total.1 += covered;
            }
        }
    }
    game.cell_ids()
        .map(|cell| {
            may_stand(game, kind, owner, cell).then(|| {
                let (d, c) = totals[cell.index()];
                (d as f64 / samples as f64, c as f64 / 100.0 / samples as f64)
            })
        })
        .collect()
}

//! Measuring what a piece type can do: its destinations and the cells it
//! covers on each cell, by running the engine itself on sample boards (the
//! piece alone on an empty board, and among random blockers of the other side
//! at two densities, so that sliders are not overrated and hoppers, which need
//! a screen, are not underrated).

use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};

/// Blocker densities of the sample boards, in percent, and boards per density.
const DENSITIES: [(u32, u32); 3] = [(0, 1), (15, 4), (30, 4)];
/// About this many coverage tests (one `attacked` call each) per piece type and
/// player: on large boards each placement tests a sample of the cells.
const COVERAGE_BUDGET: usize = 75_000;

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
pub fn may_stand(game: &Game, kind: PieceId, owner: PlayerId, cell: CellId) -> bool {
    game.pieces[kind].confined.is_none_or(|zone| game.in_zone(zone, owner, cell))
}

/// What one piece can do on each cell, averaged over the sample boards (`None`
/// where it may not stand): its number of destinations and the number of cells
/// it covers (could capture on); its value is the mean of the two. Counting both keeps a piece
/// that moves far but captures only in special ways (a Cannon) below one that
/// captures wherever it moves (a Chariot). The blockers all belong to the
/// opponent, so every move generated is the measured piece's own.
pub fn cell_mobility<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId) -> Vec<Option<(f64, f64)>> {
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

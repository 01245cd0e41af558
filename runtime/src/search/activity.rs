//! What the pieces can do now: mobility (each piece's moves, counted from
//! the side's move list) and the threat to each royal (the enemy's moves
//! into the cells around it). Both sides' moves are generated, the side not
//! to move's after a pass, so this costs two move generations per
//! evaluation; the search asks for it only where the rest of the evaluation
//! is close to its window.

use super::eval::UNIT;
use crate::ir::{CellId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::position::{Move, Position};

/// A move is worth this part of what one destination of its piece type adds
/// to the type's value (the values come from mobility), in percent.
const MOBILITY_WEIGHT: i32 = 6;
/// The threat to a royal: with `n` enemy moves into the cells around it (or
/// onto it), the side loses `n² × THREAT / 8`, `n` counted up to
/// [`THREAT_CAP`]. Growing with the square, several attackers together weigh
/// more than one.
const THREAT: i32 = UNIT / 10;
const THREAT_CAP: i32 = 16;
/// Mobility is kept in these fractions of a centipawn.
const FRACTION: i32 = 16;

/// Per game: the worth of a move for each piece type, and the cells around a
/// royal on each cell.
#[derive(Clone, Debug)]
pub struct Activity {
    /// Per piece type, in `1 / FRACTION` centipawns (0 for royals).
    per_move: Vec<i32>,
    royal: Vec<bool>,
    /// `around[owner][cell]`: the cells a royal of `owner` on `cell` could
    /// step to, and the cell itself (empty for cells no royal reaches).
    around: Vec<Vec<Vec<CellId>>>,
}

/// Working memory, kept by a search so that an evaluation allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    moves: Vec<Move>,
    /// Per cell, bit `p`: a cell around player `p`'s royals.
    zone: Vec<u8>,
}

impl Activity {
    /// `values[kind]` and `destinations[kind]`: each type's value and mean
    /// number of destinations; `around[owner][cell]`, the cells around a royal
    /// there.
    pub fn new(values: &[i32], destinations: &[f64], royal: Vec<bool>, around: Vec<Vec<Vec<CellId>>>) -> Activity {
        let per_move = values
            .iter()
            .zip(destinations)
            .map(|(&value, &d)| if d > 0.0 { (value as f64 * FRACTION as f64 / d).round() as i32 } else { 0 })
            .collect();
        Activity { per_move, royal, around }
    }

    /// Mobility and royal threats, from the side to move's point of view.
    pub fn score<E: Engine + ?Sized>(&self, engine: &E, pos: &mut Position, scratch: &mut Scratch) -> i32 {
        let cells = pos.board().len();
        if scratch.zone.len() != cells {
            scratch.zone = vec![0; cells];
        }
        self.mark_zones(pos, &mut scratch.zone, true);
        let side = pos.side;
        let own = self.side_score(engine, pos, scratch);
        let pass = pos.pass_turn();
        let theirs = self.side_score(engine, pos, scratch);
        pos.take_back_pass(pass);
        self.mark_zones(pos, &mut scratch.zone, false);
        debug_assert_eq!(pos.side, side);
        own - theirs
    }

    /// Marks (or clears) the cells around each player's royals.
    fn mark_zones(&self, pos: &Position, zone: &mut [u8], on: bool) {
        for player in PlayerId::BOTH {
            let Some(around) = self.around.get(player.index()) else { continue };
            for royal in pos.royal_cells(player) {
                for &cell in around.get(royal.index()).into_iter().flatten() {
                    let bit = 1 << player.index();
                    zone[cell.index()] = if on { zone[cell.index()] | bit } else { 0 };
                }
            }
        }
    }

    /// What the side to move's moves are worth: its mobility, and the threat
    /// they make to the enemy's royals.
    fn side_score<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, scratch: &mut Scratch) -> i32 {
        scratch.moves.clear();
        engine.generate(pos, &mut scratch.moves);
        let enemy_bit = 1 << pos.side.opponent().index();
        let mut mobility = 0;
        let mut threats = 0;
        for mv in &scratch.moves {
            let Some(from) = mv.from() else { continue };
            let kind = pos.at(from).kind().index();
            mobility += self.per_move[kind];
            if !self.royal[kind] && scratch.zone[mv.to().index()] & enemy_bit != 0 {
                threats += 1;
            }
        }
        let threats = threats.min(THREAT_CAP);
        mobility * MOBILITY_WEIGHT / 100 / FRACTION + threats * threats * THREAT / 8
    }
}

//! The static evaluation: material (on the board and in hand), square tables
//! and a bonus for the side to move, all derived from the game's move rules, so
//! that every variant gets a sensible evaluation without hand-written values.
//!
//! A piece type is worth what it can do: the average of its destinations and
//! the cells it covers, measured by running the engine itself on sample boards
//! ([`super::measure`]). Values are then scaled so that the game's Pawn-like
//! unit is worth [`UNIT`] (100): the weakest piece that only moves forward, or
//! where there is none the weakest piece, so scores read as centipawns. Royal
//! pieces have no material value: losing them is checkmate, which the search
//! scores.
//!
//! A piece's square table adds to its value its mobility on that cell against
//! its average (centrality), and a bonus that grows as it comes closer to a
//! promotion (a part of what the promotion gains) or to a zone whose reaching
//! wins ([`super::distance`]).

use super::distance::{self, Way};
use super::measure::cell_mobility;
use crate::ir::{CellId, Game, Goal, PieceId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::piece::Piece;
use crate::state::position::Position;

/// The value of the game's Pawn-like unit: scores are in its hundredths.
pub const UNIT: i32 = 100;
/// The side to move's bonus: having the move is worth something, and without it
/// the score of a position alternates between even and odd depths.
pub const TEMPO: i32 = UNIT / 5;
/// Centrality: a destination more than the piece's average on this cell is
/// worth this part of one average destination's value, in percent.
const CENTRALITY_WEIGHT: f64 = 12.0;
/// One move away from promotion, a piece is worth this part of what the
/// promotion gains, in percent; `n` moves away, this divided by `(n + 1)² / 4`.
const PROMOTION_WEIGHT: f64 = 20.0;
/// Reaching a winning zone is worth this many units in the square tables (the
/// win itself is scored by the search).
const GOAL_UNITS: i32 = 8;
/// Each friendly piece on a cell next to a royal (where the royal could step
/// on an empty board) shelters it, and is worth this much more.
const SHELTER: i32 = UNIT / 10;
/// A piece in hand is worth this part of its value on the board, in percent:
/// it can be dropped where it is needed.
const HAND_WEIGHT: i32 = 110;

/// Piece values and square tables for one game.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material value per piece type (0 for royals).
    values: Vec<i32>,
    /// The value of a piece of each type in hand.
    hand: Vec<i32>,
    /// `square[kind][owner][cell]`: value of a piece of that type and owner on
    /// that cell, material included.
    square: Vec<Vec<Vec<i32>>>,
    /// `shelter[kind][owner][cell]`: for a royal type, the cells around it
    /// on that cell (empty for other types).
    shelter: Vec<Vec<Vec<Vec<CellId>>>>,
}

/// What one piece type can do, for each owner: average destinations and
/// covered cells on each cell (`None` where it may not stand).
type Mobility = Vec<Vec<Option<(f64, f64)>>>;

impl Evaluator {
    /// Measures every piece type of `engine`'s game (a few milliseconds).
    pub fn new<E: Engine + ?Sized>(engine: &E) -> Evaluator {
        let game = engine.game();
        let players: Vec<PlayerId> = (0..game.players.len().min(2)).map(PlayerId::from_index).collect();
        let mobility: Vec<Mobility> =
            game.piece_ids().map(|kind| players.iter().map(|&owner| cell_mobility(engine, kind, owner)).collect()).collect();
        let raw: Vec<f64> = mobility.iter().map(|m| mean(m, |&(d, c)| (d + c) / 2.0)).collect();
        let per_raw = UNIT as f64 / unit_raw_value(game, &raw);
        let values: Vec<i32> = game
            .piece_ids()
            .map(|kind| if game.pieces[kind].royal { 0 } else { ((raw[kind.index()] * per_raw).round() as i32).max(UNIT / 5) })
            .collect();
        let hand = values.iter().map(|v| v * HAND_WEIGHT / 100).collect();
        let square = game
            .piece_ids()
            .map(|kind| {
                let destinations = mean(&mobility[kind.index()], |&(d, _)| d);
                players
                    .iter()
                    .map(|&owner| {
                        let ways = ways_of(engine, kind, owner);
                        game.cell_ids()
                            .map(|cell| {
                                let here = mobility[kind.index()][owner.index()][cell.index()];
                                values[kind.index()]
                                    + centrality(game, kind, here, destinations, per_raw)
                                    + ways.iter().map(|(way, gain)| closeness(way, cell, gain(&values))).sum::<i32>()
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let shelter = game
            .piece_ids()
            .map(|kind| {
                let royal = game.pieces[kind].royal;
                players.iter().map(|&owner| if royal { neighbourhoods(engine, kind, owner) } else { Vec::new() }).collect()
            })
            .collect();
        Evaluator { values, hand, square, shelter }
    }

    /// The material value of each piece type (royals: 0), in hundredths of the
    /// game's Pawn-like unit.
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

    /// The position from the side to move's point of view, the move's bonus
    /// included.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut score = TEMPO;
        for (cell, piece) in pos.cells() {
            if piece.is_empty() {
                continue;
            }
            let mut v = self.piece_on(piece, cell);
            if let Some(around) = self.shelter[piece.kind().index()][piece.owner().index()].get(cell.index()) {
                let owner = piece.owner();
                v += SHELTER * around.iter().filter(|&&c| pos.at(c).is_of(owner)).count() as i32;
            }
            if piece.owner() == pos.side {
                score += v;
            } else {
                score -= v;
            }
        }
        if pos.has_hands() {
            for (kind, value) in self.hand.iter().enumerate() {
                let kind = PieceId::from_index(kind);
                score += value * (pos.in_hand(pos.side, kind) as i32 - pos.in_hand(pos.side.opponent(), kind) as i32);
            }
        }
        score
    }
}

/// The cells a royal type could step to from each cell of an empty board.
fn neighbourhoods<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId) -> Vec<Vec<CellId>> {
    distance::moves_from_each_cell(engine, kind, owner)
        .into_iter()
        .map(|moves| {
            let mut cells: Vec<CellId> = moves.iter().map(|mv| mv.to()).collect();
            cells.sort();
            cells.dedup();
            cells
        })
        .collect()
}

/// The mean of `f` over the cells where a piece type may stand.
fn mean(mobility: &Mobility, f: fn(&(f64, f64)) -> f64) -> f64 {
    let measured: Vec<(f64, f64)> = mobility.iter().flatten().flatten().copied().collect();
    if measured.is_empty() {
        0.0
    } else {
        measured.iter().map(f).sum::<f64>() / measured.len() as f64
    }
}

/// The measured value of the Pawn-like unit: the weakest non-royal piece that
/// only moves forward, or else the weakest non-royal piece that moves at all.
fn unit_raw_value(game: &Game, raw: &[f64]) -> f64 {
    let forward = crate::state::position::forward_only(game);
    let weakest = |forward_only: bool| {
        game.piece_ids()
            .filter(|&kind| !game.pieces[kind].royal && raw[kind.index()] > 0.0)
            .filter(|&kind| !forward_only || forward.contains(Piece::new(kind, PlayerId::FIRST)))
            .map(|kind| raw[kind.index()])
            .min_by(f64::total_cmp)
    };
    weakest(true).or_else(|| weakest(false)).unwrap_or(1.0)
}

/// The centrality term of a piece type on a cell where it has `here`.
fn centrality(game: &Game, kind: PieceId, here: Option<(f64, f64)>, destinations: f64, per_raw: f64) -> i32 {
    match here {
        Some((d, _)) if !game.pieces[kind].royal => ((d - destinations) * per_raw * CENTRALITY_WEIGHT / 100.0).round() as i32,
        _ => 0,
    }
}

/// What gets closer is worth: for each way of a piece type, the gain at its end
/// given the piece values.
type Gain = Box<dyn Fn(&[i32]) -> i32>;

/// The ways of a piece type (to promotion; into each zone whose reaching wins).
fn ways_of<E: Engine + ?Sized>(engine: &E, kind: PieceId, owner: PlayerId) -> Vec<(Way, Gain)> {
    let game = engine.game();
    let mut ways: Vec<(Way, Gain)> = Vec::new();
    let promotion = distance::to_promotion(engine, kind, owner);
    if !promotion.promotions.is_empty() {
        let targets = promotion.promotions.clone();
        let gain: Gain = Box::new(move |values: &[i32]| {
            let best = targets.iter().map(|t| values[t.index()]).max().unwrap_or(0);
            (best - values[kind.index()]).max(0)
        });
        ways.push((promotion, gain));
    }
    for goal in &game.rules.goals {
        if let Goal::Reach { pieces, zone, .. } = goal {
            if pieces.contains(&kind) {
                let zone = *zone;
                let way = distance::to_zone(engine, kind, owner, |cell| game.in_zone(zone, owner, cell));
                ways.push((way, Box::new(|_: &[i32]| GOAL_UNITS * UNIT)));
            }
        }
    }
    ways
}

/// The part of `gain` a piece on `cell` has earned by coming closer.
fn closeness(way: &Way, cell: CellId, gain: i32) -> i32 {
    match way.steps[cell.index()] {
        Some(steps) => {
            let weight = PROMOTION_WEIGHT / 100.0 * 4.0 / ((steps + 1) * (steps + 1)) as f64;
            (gain as f64 * weight.min(1.0)).round() as i32
        }
        None => 0,
    }
}

//! Passings: the moves that leave cells open to capture in passing (en
//! passant). A rule with `en passant by ...` opens, for one ply, the cells
//! its move passes over: for a step or slide the cells before its
//! destination, for a leap the cells of its route. Positions look a passing
//! up by the piece and its move when the move is made, so a [`crate::Move`]
//! needs no room for it.

use super::build::Ray;
use crate::ir::{CellId, Game, MoveKind, PlayerId};
use crate::piece::Piece;
use crate::piece_set::PieceSet;

/// One move that opens cells to capture in passing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Passing {
    /// The piece that moves (type and owner), and where from and to: the
    /// piece a capture in passing removes stands on `to`.
    pub piece: Piece,
    pub from: CellId,
    pub to: CellId,
    /// The cells left open.
    pub cells: Vec<CellId>,
    /// The enemy pieces that may capture in passing.
    pub by: PieceSet,
}

/// Every passing of a game, found by the moving piece and its move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Passings {
    /// Sorted by start cell, destination and piece.
    list: Vec<Passing>,
    /// `list[from_starts[cell]..from_starts[cell + 1]]` start on `cell`.
    from_starts: Vec<u32>,
    /// The pieces that have passings at all, for a fast "no" on every other
    /// move.
    movers: PieceSet,
}

/// Marks "no capture in passing is possible" in a position.
pub const NO_PASSING: u16 = u16::MAX;

impl Passings {
    /// The passings of `game`'s rules, for every player and start cell.
    pub fn of(game: &Game) -> Passings {
        let mut list = Vec::new();
        for (kind, piece) in game.piece_ids().zip(&game.pieces) {
            for (player, rules) in piece.moves.iter().enumerate() {
                let mover = Piece::new(kind, PlayerId::from_index(player));
                for rule in rules.iter().filter(|rule| !rule.en_passant.is_empty()) {
                    let by = PieceSet::of(PlayerId::from_index(player).opponent(), rule.en_passant.iter().copied());
                    for from in game.cell_ids() {
                        if rule.only_in.is_some_and(|zone| !game.in_zone(zone, PlayerId::from_index(player), from)) {
                            continue;
                        }
                        for (to, cells) in passed(game, &rule.kind, from) {
                            list.push(Passing { piece: mover, from, to, cells, by });
                        }
                    }
                }
            }
        }
        list.sort_by_key(|p| (p.from, p.to, p.piece));
        list.dedup_by_key(|p| (p.from, p.to, p.piece));
        let movers = list.iter().fold(PieceSet::EMPTY, |mut set, p| {
            set.insert(p.piece);
            set
        });
        let from_starts = (0..=game.cell_count()).map(|cell| list.partition_point(|p| p.from.index() < cell) as u32).collect();
        Passings { list, from_starts, movers }
    }

    /// The passing that `piece`'s move from `from` to `to` makes, if any.
    #[inline]
    pub fn find(&self, piece: Piece, from: CellId, to: CellId) -> Option<u16> {
        if !self.movers.contains(piece) {
            return None;
        }
        let (start, end) = (self.from_starts[from.index()] as usize, self.from_starts[from.index() + 1] as usize);
        self.list[start..end].iter().position(|p| p.to == to && p.piece == piece).map(|i| (start + i) as u16)
    }

    #[inline]
    pub fn get(&self, index: u16) -> &Passing {
        &self.list[index as usize]
    }

    /// Every passing, for readers of position strings.
    pub fn iter(&self) -> impl Iterator<Item = (u16, &Passing)> {
        self.list.iter().enumerate().map(|(i, p)| (i as u16, p))
    }
}

/// The destinations of a rule from `from` with the cells passed on the way.
fn passed(game: &Game, kind: &MoveKind, from: CellId) -> Vec<(CellId, Vec<CellId>)> {
    match kind {
        MoveKind::Ride { dir, range, .. } => {
            let line: Vec<CellId> = Ray::new(game, *dir, from, *range).collect();
            (1..line.len()).map(|i| (line[i], line[..i].to_vec())).collect()
        }
        MoveKind::Leap { target, routes } => {
            let reach = |dir: crate::ir::DirId| game.directions[dir].target[from.index()];
            let Some(to) = reach(*target) else { return Vec::new() };
            // The checker allows one route; its cells are the ones passed.
            let cells: Option<Vec<CellId>> = routes.first().map_or(Some(Vec::new()), |r| r.cells.iter().map(|&d| reach(d)).collect());
            cells.filter(|c| !c.is_empty()).map(|cells| vec![(to, cells)]).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

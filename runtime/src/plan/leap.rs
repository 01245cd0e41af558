//! Leaps (`leap`), lame or not: straight to one cell, over whatever stands
//! between, unless the leap has routes (`via`): then at least one route must
//! have every cell empty (a lame leap, as Xiang Qi's Horse).

use super::attacks::AttackDrafts;
use super::build::Start;
use super::{SidePlan, Span};
use crate::ir::{CellId, DirId, Mode, Route};
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::sink::MoveSink;

/// A leap from one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    pub to: CellId,
    /// The routes it may take, each the cells that must be empty; none when
    /// nothing can block it.
    pub routes: Span,
}

impl Leap {
    /// The leap to the cell `dir` reaches, if the piece may land there and
    /// some route is on the board.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, dir: DirId, routes: &[Route]) -> Option<Leap> {
        let to = start.target(dir).filter(|&to| start.lands(to))?;
        let routes = side.add_routes(start, to, routes)?;
        Some(Leap { to, routes })
    }

    /// Is some route open (or none needed)?
    #[inline]
    fn open(self, emitter: &Emitter, side: &SidePlan) -> bool {
        self.routes.is_empty() || side.routes(self.routes).any(|route| route.iter().all(|&c| emitter.pos.at(c).is_empty()))
    }

    pub(crate) fn walk<S: MoveSink + ?Sized>(self, emitter: &Emitter, side: &SidePlan, mode: Mode, out: &mut S) {
        if self.open(emitter, side) {
            emitter.land(self.to, true, mode, out);
        }
    }

    pub(crate) fn walk_in_passing(self, emitter: &Emitter, side: &SidePlan, land: &mut impl FnMut(CellId, bool)) {
        if self.open(emitter, side) {
            land(self.to, true);
        }
    }

    /// Attacks its destination when a route is open.
    pub(super) fn invert(self, side: &SidePlan, from: CellId, mode: Mode, attacker: Piece, drafts: &mut AttackDrafts<'_>) {
        if mode != Mode::MoveOnly {
            let routes: Vec<Vec<CellId>> = side.routes(self.routes).map(<[CellId]>::to_vec).collect();
            drafts.leap(self.to, from, None, routes, attacker);
        }
    }
}

impl SidePlan {
    /// The routes a leap from the start to `to` may use (crossing conditions
    /// decided, routes leaving the board dropped): `None` when none is left,
    /// an empty span when nothing can block the leap.
    fn add_routes(&mut self, start: &Start, to: CellId, routes: &[Route]) -> Option<Span> {
        let first = self.routes.len();
        if routes.is_empty() {
            return Some(Span::of(first..first));
        }
        let mut open_routes = Vec::new();
        for route in routes.iter().filter(|r| r.allowed(start.game, start.player, start.from, to)) {
            let cells: Option<Vec<CellId>> = route.cells.iter().map(|&d| start.target(d)).collect();
            match cells {
                Some(cells) if cells.is_empty() => return Some(Span::of(first..first)),
                Some(cells) => open_routes.push(cells),
                None => {}
            }
        }
        if open_routes.is_empty() {
            return None;
        }
        for cells in open_routes {
            let begin = self.route_cells.len();
            self.route_cells.extend(cells);
            self.routes.push(Span::of(begin..self.route_cells.len()));
        }
        Some(Span::of(first..self.routes.len()))
    }
}

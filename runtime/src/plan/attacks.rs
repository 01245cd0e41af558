//! Attacks: the plan inverted. "Could a piece of this player capture on this
//! cell?" is asked for every move of every perft node, so instead of running
//! every attacker's moves, each target cell lists where an attacker could
//! stand and what must hold between:
//!
//! * lines (rides and hops) as a trie of cells walked outwards from the
//!   target: on a ride's trie the first piece met attacks if it is of one of
//!   the types listed at that cell; on a hop's, the second (the first is the
//!   screen). On ordinary boards each trie is one chain per direction; on
//!   folded or wrapped boards, where lines from different starts may branch or
//!   merge, it is a tree, and it is still exact;
//! * leaps, as the start cells and, per start, the attacker types and the
//!   condition: one route with every cell empty, or (a capturing leap) one
//!   cell not held by the attacker's own piece.

use super::{SidePlan, Span, StepKind};
use crate::ir::{CellId, Game, Mode, PieceId, PlayerId};
use crate::piece::Piece;
use crate::piece_set::PieceSet;
use crate::position::Position;

/// Per target cell, where this player's pieces attack it from.
#[derive(Clone, Debug, Default)]
pub struct Attacks {
    /// `targets[cell]`.
    targets: Vec<TargetAttacks>,
    /// The tries' nodes; each node's children are consecutive.
    nodes: Vec<Node>,
    leaps: Vec<LeapAttack>,
    routes: Vec<Span>,
    route_cells: Vec<CellId>,
}

#[derive(Clone, Copy, Debug, Default)]
struct TargetAttacks {
    /// The first nodes of the ride trie and of the hop trie.
    rides: Span,
    hops: Span,
    leaps: Span,
}

/// A cell on the way out from a target.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub cell: CellId,
    /// The pieces that attack the target from this cell when the cells
    /// between are as the trie requires.
    pub attackers: PieceSet,
    /// The cells beyond this one.
    pub children: Span,
}

/// Attackers of one target from one cell by a leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeapAttack {
    pub from: CellId,
    pub attackers: PieceSet,
    pub needs: Needs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Needs {
    /// Some route's cells all empty (none: nothing can block it).
    Routes(Span),
    /// The cell holds none of the attacker's own pieces.
    NotOwn(CellId),
}

impl Attacks {
    /// Is `target` attacked by one of `by`'s pieces in `pos`? `accept` says
    /// whether the piece on a cell may really move to the target (an
    /// obligation can bind it); it is asked only for pieces that otherwise
    /// attack.
    #[inline]
    pub fn attacked(&self, pos: &Position, target: CellId, by: PlayerId, accept: &mut impl FnMut(Piece, CellId) -> bool) -> bool {
        let t = self.targets[target as usize];
        self.ride_line(pos, t.rides, accept) || self.hop_line(pos, t.hops, false, accept) || self.leap(pos, t.leaps, by, accept)
    }

    fn ride_line(&self, pos: &Position, nodes: Span, accept: &mut impl FnMut(Piece, CellId) -> bool) -> bool {
        for node in &self.nodes[nodes.range()] {
            let piece = pos.at(node.cell);
            if piece.is_empty() {
                if !node.children.is_empty() && self.ride_line(pos, node.children, accept) {
                    return true;
                }
            } else if node.attackers.contains(piece) && accept(piece, node.cell) {
                return true;
            }
        }
        false
    }

    fn hop_line(&self, pos: &Position, nodes: Span, screened: bool, accept: &mut impl FnMut(Piece, CellId) -> bool) -> bool {
        for node in &self.nodes[nodes.range()] {
            let piece = pos.at(node.cell);
            if piece.is_empty() || !screened {
                let screened = screened || !piece.is_empty();
                if !node.children.is_empty() && self.hop_line(pos, node.children, screened, accept) {
                    return true;
                }
            } else if node.attackers.contains(piece) && accept(piece, node.cell) {
                return true;
            }
        }
        false
    }

    fn leap(&self, pos: &Position, leaps: Span, by: PlayerId, accept: &mut impl FnMut(Piece, CellId) -> bool) -> bool {
        self.leaps[leaps.range()].iter().any(|leap| {
            let piece = pos.at(leap.from);
            leap.attackers.contains(piece)
                && match leap.needs {
                    Needs::Routes(routes) => {
                        routes.is_empty()
                            || self.routes[routes.range()]
                                .iter()
                                .any(|route| self.route_cells[route.range()].iter().all(|&c| pos.at(c).is_empty()))
                    }
                    Needs::NotOwn(cell) => !pos.at(cell).is_of(by),
                }
                && accept(piece, leap.from)
        })
    }

    /// The trie nodes of the rides (`hop: false`) or hops toward `target`,
    /// outermost last: for the legality shortcut, which needs every cell an
    /// attack may pass.
    pub fn line_nodes(&self, target: CellId, hop: bool) -> &[Node] {
        let t = self.targets[target as usize];
        let first = if hop { t.hops } else { t.rides };
        self.subtree(first)
    }

    /// The nodes of the subtrees rooted at `nodes`, which are stored together
    /// after them (breadth first per target).
    fn subtree(&self, nodes: Span) -> &[Node] {
        let mut end = nodes.end;
        let mut i = nodes.start;
        while i < end {
            end = end.max(self.nodes[i as usize].children.end);
            i += 1;
        }
        &self.nodes[nodes.start as usize..end as usize]
    }

    /// The leaps toward `target`, with the cells each needs.
    pub fn leaps(&self, target: CellId) -> impl Iterator<Item = (&LeapAttack, Vec<CellId>)> + '_ {
        self.leaps[self.targets[target as usize].leaps.range()].iter().map(|leap| {
            let cells = match leap.needs {
                Needs::Routes(routes) => {
                    self.routes[routes.range()].iter().flat_map(|r| self.route_cells[r.range()].iter().copied()).collect()
                }
                Needs::NotOwn(cell) => vec![cell],
            };
            (leap, cells)
        })
    }
}

/// A trie under construction: node 0 is the target itself.
#[derive(Default)]
struct Trie {
    nodes: Vec<(CellId, PieceSet, Vec<u32>)>,
}

impl Trie {
    fn insert(&mut self, path: impl Iterator<Item = CellId>, attacker: Piece) {
        if self.nodes.is_empty() {
            self.nodes.push((0, PieceSet::EMPTY, Vec::new()));
        }
        let mut at = 0usize;
        for cell in path {
            let found = self.nodes[at].2.iter().copied().find(|&child| self.nodes[child as usize].0 == cell);
            at = match found {
                Some(child) => child as usize,
                None => {
                    self.nodes.push((cell, PieceSet::EMPTY, Vec::new()));
                    let child = self.nodes.len() - 1;
                    self.nodes[at].2.push(child as u32);
                    child
                }
            };
        }
        self.nodes[at].1.insert(attacker);
    }

    /// Appends the trie to `out` breadth first, so that every node's children
    /// are consecutive; returns the span of the first cells.
    fn flatten(&self, out: &mut Vec<Node>) -> Span {
        let Some(root) = self.nodes.first() else { return Span::of(out.len()..out.len()) };
        let first = out.len();
        // Placeholders, then each node's children appended and linked.
        let mut queue: Vec<u32> = root.2.clone();
        out.extend(queue.iter().map(|&n| self.node(n)));
        let mut next = 0;
        while next < queue.len() {
            let index = queue[next];
            let children = &self.nodes[index as usize].2;
            let start = out.len();
            out.extend(children.iter().map(|&n| self.node(n)));
            out[first + next].children = Span::of(start..out.len());
            queue.extend(children);
            next += 1;
        }
        Span::of(first..first + root.2.len())
    }

    fn node(&self, index: u32) -> Node {
        let (cell, attackers, _) = &self.nodes[index as usize];
        Node { cell: *cell, attackers: *attackers, children: Span::default() }
    }
}

/// A leap toward a target under construction: its start, attackers, routes
/// and the cell that must not hold an attacker's own piece.
type LeapDraft = (CellId, PieceSet, Vec<Vec<CellId>>, Option<CellId>);

/// Inverts the capturing steps of `player`'s pieces.
pub(super) fn invert(plan: &SidePlan, game: &Game, player: PlayerId) -> Attacks {
    let cells = plan.cells;
    let mut rides: Vec<Trie> = (0..cells).map(|_| Trie::default()).collect();
    let mut hops: Vec<Trie> = (0..cells).map(|_| Trie::default()).collect();
    let mut leaps: Vec<Vec<LeapDraft>> = vec![Vec::new(); cells];
    for kind in 0..game.pieces.len() as PieceId {
        let attacker = Piece::new(kind, player);
        for from in 0..cells as CellId {
            for step in plan.steps(kind, from) {
                if let StepKind::Ride { cells, null_move: true } = step.kind {
                    // A null move "captures" on its own start, the target
                    // counting as an enemy there: engines agree on it, though
                    // no rule asks about a cell the attacker stands on.
                    let line = plan.line(cells);
                    rides[from as usize].insert(line.iter().rev().map(|c| c.cell).chain([from]), attacker);
                }
                if step.mode == Mode::MoveOnly {
                    continue;
                }
                match step.kind {
                    StepKind::Ride { cells, .. } => {
                        let line = plan.line(cells);
                        for (i, target) in line.iter().enumerate().filter(|(_, c)| c.may_land) {
                            let path = line[..i].iter().rev().map(|c| c.cell).chain([from]);
                            rides[target.cell as usize].insert(path, attacker);
                        }
                    }
                    StepKind::Hop { cells } => {
                        let line = plan.line(cells);
                        for (i, target) in line.iter().enumerate().skip(1).filter(|(_, c)| c.may_land) {
                            let path = line[..i].iter().rev().map(|c| c.cell).chain([from]);
                            hops[target.cell as usize].insert(path, attacker);
                        }
                    }
                    StepKind::Leap { to, routes } => {
                        let routes: Vec<Vec<CellId>> = plan.routes(routes).map(<[CellId]>::to_vec).collect();
                        add_leap(&mut leaps[to as usize], from, attacker, routes, None);
                    }
                    StepKind::CapturingLeap { to, via } => {
                        add_leap(&mut leaps[to as usize], from, attacker, Vec::new(), Some(via));
                        add_leap(&mut leaps[via as usize], from, attacker, Vec::new(), Some(to));
                    }
                    StepKind::Swap { .. } => {}
                }
            }
        }
    }
    let mut attacks = Attacks::default();
    for target in 0..cells {
        let rides = rides[target].flatten(&mut attacks.nodes);
        let hops = hops[target].flatten(&mut attacks.nodes);
        let first = attacks.leaps.len();
        for (from, attackers, routes, not_own) in &leaps[target] {
            let needs = match not_own {
                Some(cell) => Needs::NotOwn(*cell),
                None => {
                    let start = attacks.routes.len();
                    for route in routes {
                        let cells = attacks.route_cells.len();
                        attacks.route_cells.extend(route);
                        attacks.routes.push(Span::of(cells..attacks.route_cells.len()));
                    }
                    Needs::Routes(Span::of(start..attacks.routes.len()))
                }
            };
            attacks.leaps.push(LeapAttack { from: *from, attackers: *attackers, needs });
        }
        attacks.targets.push(TargetAttacks { rides, hops, leaps: Span::of(first..attacks.leaps.len()) });
    }
    attacks
}

/// Adds an attacker to the leaps toward one target, with those of the same
/// start and condition.
fn add_leap(leaps: &mut Vec<LeapDraft>, from: CellId, attacker: Piece, routes: Vec<Vec<CellId>>, not_own: Option<CellId>) {
    match leaps.iter_mut().find(|l| l.0 == from && l.2 == routes && l.3 == not_own) {
        Some(same) => same.1.insert(attacker),
        None => {
            let mut attackers = PieceSet::EMPTY;
            attackers.insert(attacker);
            leaps.push((from, attackers, routes, not_own));
        }
    }
}

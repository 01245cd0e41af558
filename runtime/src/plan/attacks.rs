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

use super::{LineCell, SidePlan, Span};
use crate::ir::{CellId, PieceId, PlayerId};
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;
use crate::state::position::Position;

/// Per target cell, where this player's pieces attack it from.
#[derive(Clone, Debug, Default)]
pub struct Attacks {
    /// `targets[cell]`.
    targets: Vec<TargetAttacks>,
    /// The tries' nodes; each node's children are consecutive.
    nodes: Vec<Node>,
    /// Per node, the pieces that attack from it or from a cell beyond it,
    /// so that a search for one attacker skips the lines it is not on.
    beyond: Vec<PieceSet>,
    leaps: Vec<LeapAttack>,
    routes: Vec<Span>,
    route_cells: Vec<CellId>,
    /// The tries of limited hops (`over not Cannon`): per trie, the types no
    /// screen may be of, and its first nodes.
    limited: Vec<(u128, Span)>,
    /// Per target, its tries in `limited`; empty in a game without limited
    /// hops (kept apart from [`TargetAttacks`], which every attack test
    /// reads, so that other games pay nothing for them).
    limited_targets: Vec<Span>,
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
        let t = self.targets[target.index()];
        self.ride_line(pos, t.rides, accept)
            || self.hop_line(pos, t.hops, false, accept)
            || self.leap(pos, t.leaps, by, accept)
            || (!self.limited_targets.is_empty() && self.limited_hops(&|cell| pos.at(cell), target, accept))
    }

    /// Does a limited hop attack `target`, with `at` the piece on each cell?
    /// Out of line, so that the attack test of other games stays as it was.
    #[cold]
    #[inline(never)]
    fn limited_hops(&self, at: &impl Fn(CellId) -> Piece, target: CellId, accept: &mut impl FnMut(Piece, CellId) -> bool) -> bool {
        self.limited[self.limited_targets[target.index()].range()]
            .iter()
            .any(|&(not_over, roots)| self.limited_hop_line(at, roots, (false, not_over), accept))
    }

    /// Is `target` attacked by a limited hop (`over not Cannon`), on a board
    /// whose piece on each cell `at` gives? Generated engines, whose attack
    /// code covers the other moves, ask this of the plan.
    pub fn attacked_by_limited_hops(&self, target: CellId, at: impl Fn(CellId) -> Piece) -> bool {
        !self.limited_targets.is_empty() && self.limited_hops(&at, target, &mut |_, _| true)
    }

    /// Does any hop toward any target have limits? Then the legality
    /// shortcut, whose watch reads the plain tries, is not used.
    pub fn has_limited_hops(&self) -> bool {
        !self.limited.is_empty()
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

    /// [`Attacks::hop_line`] on a limited hop's trie: no screen may be of
    /// the types in `not_over` (bit per type).
    fn limited_hop_line(
        &self,
        at: &impl Fn(CellId) -> Piece,
        nodes: Span,
        (screened, not_over): (bool, u128),
        accept: &mut impl FnMut(Piece, CellId) -> bool,
    ) -> bool {
        for node in &self.nodes[nodes.range()] {
            let piece = at(node.cell);
            if piece.is_empty() || !screened {
                if !piece.is_empty() && not_over >> piece.kind().index() & 1 != 0 {
                    continue;
                }
                let screened = screened || !piece.is_empty();
                if !node.children.is_empty() && self.limited_hop_line(at, node.children, (screened, not_over), accept) {
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
            leap.attackers.contains(piece) && self.needs_hold(pos, leap.needs, by) && accept(piece, leap.from)
        })
    }

    /// Does `pos` give a leap of `by`'s what it needs between?
    #[inline]
    fn needs_hold(&self, pos: &Position, needs: Needs, by: PlayerId) -> bool {
        match needs {
            Needs::Routes(routes) => {
                routes.is_empty()
                    || self.routes[routes.range()].iter().any(|route| self.route_cells[route.range()].iter().all(|&c| pos.at(c).is_empty()))
            }
            Needs::NotOwn(cell) => !pos.at(cell).is_of(by),
        }
    }

    /// Would `piece`, put on the empty cell `from`, attack `target`? Only
    /// the piece itself is asked about: `None` when putting it there could
    /// also give one of its side's hoppers a screen toward the target (the
    /// caller must then make the move to know).
    pub fn would_attack_from(&self, pos: &Position, target: CellId, from: CellId, piece: Piece) -> Option<bool> {
        let t = self.targets[target.index()];
        if !t.hops.is_empty() || self.has_limited_hops() {
            return None;
        }
        let leaps_from =
            |leap: &LeapAttack| leap.from == from && leap.attackers.contains(piece) && self.needs_hold(pos, leap.needs, piece.owner());
        Some(self.ride_reaches(pos, t.rides, from, piece) || self.leaps[t.leaps.range()].iter().any(leaps_from))
    }

    /// On a ride's trie: is `from` reached over empty cells, with `piece`
    /// among its attackers there?
    fn ride_reaches(&self, pos: &Position, nodes: Span, from: CellId, piece: Piece) -> bool {
        self.nodes[nodes.range()].iter().zip(&self.beyond[nodes.range()]).any(|(node, beyond)| {
            if !beyond.contains(piece) {
                false
            } else if node.cell == from {
                node.attackers.contains(piece)
            } else {
                pos.at(node.cell).is_empty() && self.ride_reaches(pos, node.children, from, piece)
            }
        })
    }

    /// Calls `each` with every cell that the attacks of `by` on `target`
    /// in `pos` depend on: for each attack that hits, the attacker's cell
    /// and the cells between (a ride's line, a hop's line with its screen,
    /// a leap's routes or the cell it must not find its own piece on).
    /// Changing none of them leaves `target` attacked.
    pub fn attack_cells(&self, pos: &Position, target: CellId, by: PlayerId, each: &mut impl FnMut(CellId)) {
        let t = self.targets[target.index()];
        self.line_attack_cells(pos, t.rides, 1, each);
        self.line_attack_cells(pos, t.hops, 2, each);
        for leap in &self.leaps[t.leaps.range()] {
            if leap.attackers.contains(pos.at(leap.from)) && self.needs_hold(pos, leap.needs, by) {
                each(leap.from);
                match leap.needs {
                    Needs::Routes(routes) => {
                        self.routes[routes.range()].iter().for_each(|route| self.route_cells[route.range()].iter().for_each(|&c| each(c)))
                    }
                    Needs::NotOwn(cell) => each(cell),
                }
            }
        }
    }

    /// On a line trie out from a target: calls `each` with the cells on
    /// the way to every attacker met as its `pieces`-th piece (a ride's
    /// first, a hop's second), the attacker's included. Returns whether
    /// `nodes` led to one: a cell is on the way when a node beyond it did.
    fn line_attack_cells(&self, pos: &Position, nodes: Span, pieces: usize, each: &mut impl FnMut(CellId)) -> bool {
        let mut met = false;
        for node in &self.nodes[nodes.range()] {
            let piece = pos.at(node.cell);
            let attacker_beyond = if piece.is_empty() || pieces > 1 {
                let left = if piece.is_empty() { pieces } else { pieces - 1 };
                self.line_attack_cells(pos, node.children, left, each)
            } else {
                node.attackers.contains(piece)
            };
            if attacker_beyond {
                each(node.cell);
                met = true;
            }
        }
        met
    }

    /// Are all these attacks rides, and leaps that only the attacker's own
    /// pieces can block? Then a cell is attacked only along lines that start
    /// at the attacker and end at the first piece met, or by leaps that no
    /// piece of the defender's can stop.
    pub fn only_rides_and_leaps_the_defender_cannot_block(&self) -> bool {
        !self.has_limited_hops()
            && self.targets.iter().all(|t| t.hops.is_empty())
            && self.leaps.iter().all(|leap| match leap.needs {
                Needs::Routes(routes) => routes.is_empty(),
                Needs::NotOwn(_) => true,
            })
    }

    /// Every cell from which `piece` attacks `target` in some position,
    /// whatever stands between; `None` when hops reach `target` (then a
    /// piece arriving anywhere on their lines may be the screen that makes an
    /// attack).
    pub fn origins(&self, target: CellId, piece: Piece) -> Option<Vec<CellId>> {
        let t = self.targets[target.index()];
        if !t.hops.is_empty() || self.has_limited_hops() {
            return None;
        }
        let mut origins: Vec<CellId> =
            self.leaps[t.leaps.range()].iter().filter(|leap| leap.attackers.contains(piece)).map(|leap| leap.from).collect();
        let mut nodes: Vec<Span> = vec![t.rides];
        while let Some(span) = nodes.pop() {
            for (node, beyond) in self.nodes[span.range()].iter().zip(&self.beyond[span.range()]) {
                if node.attackers.contains(piece) {
                    origins.push(node.cell);
                }
                if beyond.contains(piece) {
                    nodes.push(node.children);
                }
            }
        }
        Some(origins)
    }

    /// The first cells out from `target` on its rides' trie (`hop: false`)
    /// or its hops': for the legality shortcut, which walks them.
    pub fn line_roots(&self, target: CellId, hop: bool) -> Span {
        let t = self.targets[target.index()];
        if hop {
            t.hops
        } else {
            t.rides
        }
    }

    /// Trie nodes, as [`Attacks::line_roots`] and [`Node::children`] give them.
    #[inline]
    pub fn nodes(&self, nodes: Span) -> &[Node] {
        &self.nodes[nodes.range()]
    }

    /// The routes of a leap that needs one of them empty (none for other
    /// leaps).
    pub fn leap_routes(&self, leap: &LeapAttack) -> impl Iterator<Item = &[CellId]> + '_ {
        let routes = match leap.needs {
            Needs::Routes(routes) => routes,
            Needs::NotOwn(_) => Span::default(),
        };
        self.routes[routes.range()].iter().map(|route| &self.route_cells[route.range()])
    }

    /// The leaps toward `target`, with the cells each needs.
    pub fn leaps(&self, target: CellId) -> impl Iterator<Item = (&LeapAttack, Vec<CellId>)> + '_ {
        self.leaps_to(target).iter().map(|leap| (leap, self.needed_cells(leap).collect()))
    }

    /// The leaps toward `target`.
    #[inline]
    pub fn leaps_to(&self, target: CellId) -> &[LeapAttack] {
        &self.leaps[self.targets[target.index()].leaps.range()]
    }

    /// The cells whose pieces decide whether `leap` can be made: its routes'
    /// cells, or the cell a capturing leap must not find its own piece on.
    #[inline]
    pub fn needed_cells<'a>(&'a self, leap: &LeapAttack) -> impl Iterator<Item = CellId> + 'a {
        let (routes, not_own) = match leap.needs {
            Needs::Routes(routes) => (routes, None),
            Needs::NotOwn(cell) => (Span::default(), Some(cell)),
        };
        self.routes[routes.range()].iter().flat_map(|r| self.route_cells[r.range()].iter().copied()).chain(not_own)
    }
}

/// A trie under construction: node 0 is the target itself. Children are
/// linked lists (first child, next sibling), so that building allocates
/// nothing per node.
#[derive(Default)]
struct Trie {
    nodes: Vec<TrieNode>,
}

#[derive(Clone, Copy)]
struct TrieNode {
    cell: CellId,
    attackers: PieceSet,
    first_child: u32,
    next_sibling: u32,
    children: u32,
}

/// No node: the end of a list of children.
const NO_NODE: u32 = u32::MAX;

impl Trie {
    fn insert(&mut self, path: impl Iterator<Item = CellId>, attacker: Piece) {
        let mut attackers = PieceSet::EMPTY;
        attackers.insert(attacker);
        self.insert_all(path, attackers);
    }

    fn insert_all(&mut self, path: impl Iterator<Item = CellId>, attackers: PieceSet) {
        if self.nodes.is_empty() {
            self.nodes.push(TrieNode {
                cell: CellId::from_index(0),
                attackers: PieceSet::EMPTY,
                first_child: NO_NODE,
                next_sibling: NO_NODE,
                children: 0,
            });
        }
        let mut at = 0usize;
        for cell in path {
            let mut child = self.nodes[at].first_child;
            while child != NO_NODE && self.nodes[child as usize].cell != cell {
                child = self.nodes[child as usize].next_sibling;
            }
            if child == NO_NODE {
                child = self.nodes.len() as u32;
                let next_sibling = self.nodes[at].first_child;
                self.nodes.push(TrieNode { cell, attackers: PieceSet::EMPTY, first_child: NO_NODE, next_sibling, children: 0 });
                self.nodes[at].first_child = child;
                self.nodes[at].children += 1;
            }
            at = child as usize;
        }
        self.nodes[at].attackers = self.nodes[at].attackers.union(attackers);
    }

    /// The children of `node`, in the order they were first added.
    fn children(&self, node: u32) -> Vec<u32> {
        let mut children = Vec::with_capacity(self.nodes[node as usize].children as usize);
        let mut child = self.nodes[node as usize].first_child;
        while child != NO_NODE {
            children.push(child);
            child = self.nodes[child as usize].next_sibling;
        }
        children.reverse();
        children
    }

    /// Appends the trie to `out` breadth first, so that every node's children
    /// are consecutive; returns the span of the first cells.
    fn flatten(&self, out: &mut Vec<Node>) -> Span {
        if self.nodes.is_empty() {
            return Span::of(out.len()..out.len());
        }
        let first = out.len();
        let mut queue: Vec<u32> = self.children(0);
        let roots = queue.len();
        out.extend(queue.iter().map(|&n| self.node(n)));
        let mut next = 0;
        while next < queue.len() {
            let children = self.children(queue[next]);
            let start = out.len();
            out.extend(children.iter().map(|&n| self.node(n)));
            out[first + next].children = Span::of(start..out.len());
            queue.extend(children);
            next += 1;
        }
        Span::of(first..first + roots)
    }

    fn node(&self, index: u32) -> Node {
        let node = &self.nodes[index as usize];
        Node { cell: node.cell, attackers: node.attackers, children: Span::default() }
    }
}

/// A leap toward a target under construction: its start, the cell that must
/// not hold an attacker's own piece, and its routes.
type LeapKey = (CellId, Option<CellId>, Vec<Vec<CellId>>);

/// Attackers gathered by key (a line, or a leap's start and condition), keys
/// in the order first added so that the plan is the same every run.
#[derive(Clone)]
struct Drafts<K> {
    order: Vec<(K, PieceSet)>,
    index: std::collections::HashMap<K, usize>,
}

impl<K> Default for Drafts<K> {
    fn default() -> Self {
        Drafts { order: Vec::new(), index: std::collections::HashMap::new() }
    }
}

impl<K: std::hash::Hash + Eq + Clone> Drafts<K> {
    fn add(&mut self, key: K, attacker: Piece) {
        let at = match self.index.get(&key) {
            Some(&at) => at,
            None => {
                self.index.insert(key.clone(), self.order.len());
                self.order.push((key, PieceSet::EMPTY));
                self.order.len() - 1
            }
        };
        self.order[at].1.insert(attacker);
    }
}

/// The attacks of a side's steps as they are gathered, before they are laid
/// out per target: each construct adds its own ([`super::StepKind::invert`]).
pub(super) struct AttackDrafts<'p> {
    /// Per target, the lines toward it that end on the attacker's own
    /// start (the null moves of rides round a ring).
    rides: Vec<Trie>,
    /// Per target, the leaps toward it.
    leaps: Vec<Drafts<LeapKey>>,
    /// Lines walked by many piece types (every slider along one direction)
    /// are inserted once per start, with all their types: by start, whether
    /// the line is a hop's, and its cells.
    lines: Drafts<(CellId, bool, &'p [LineCell])>,
    /// Likewise the lines of limited hops, with the types no screen may be of.
    limited: Drafts<(CellId, u128, &'p [LineCell])>,
}

impl<'p> AttackDrafts<'p> {
    /// `attacker` on `from` attacks every cell of `line` it may land on,
    /// the cells before it empty (`hop`: beyond exactly one piece).
    pub(super) fn line(&mut self, from: CellId, hop: bool, line: &'p [LineCell], attacker: Piece) {
        self.lines.add((from, hop, line), attacker);
    }

    /// A hop of `attacker` on `from` along `line`, whose screen may be of no
    /// type in `not_over` (bit per type).
    pub(super) fn hop(&mut self, from: CellId, line: &'p [LineCell], not_over: u128, attacker: Piece) {
        if not_over == 0 {
            self.line(from, true, line, attacker);
        } else {
            self.limited.add((from, not_over, line), attacker);
        }
    }

    /// A null move "captures" on its own start, the target counting as an
    /// enemy there: engines agree on it, though no rule asks about a cell
    /// the attacker stands on.
    pub(super) fn null_move(&mut self, from: CellId, line: &[LineCell], attacker: Piece) {
        self.rides[from.index()].insert(line.iter().rev().map(|c| c.cell).chain([from]), attacker);
    }

    /// `attacker` on `from` attacks `target` when one of `routes` has every
    /// cell empty (no route: always), or, with `not_own`, when that cell
    /// holds none of the attacker's own pieces.
    pub(super) fn leap(&mut self, target: CellId, from: CellId, not_own: Option<CellId>, routes: Vec<Vec<CellId>>, attacker: Piece) {
        self.leaps[target.index()].add((from, not_own, routes), attacker);
    }
}

/// Inverts the capturing steps of `player`'s pieces.
pub(super) fn invert(plan: &SidePlan) -> Attacks {
    let cells = plan.cells;
    let mut drafts = AttackDrafts {
        rides: (0..cells).map(|_| Trie::default()).collect(),
        leaps: vec![Drafts::default(); cells],
        lines: Drafts::default(),
        limited: Drafts::default(),
    };
    for kind in PieceId::first(plan.kinds) {
        let attacker = Piece::new(kind, plan.player);
        for from in CellId::first(cells) {
            // (The steps that hold only while a piece is unmoved never
            // capture.)
            for step in plan.steps(kind, from) {
                step.kind.invert(plan, from, step.mode, attacker, &mut drafts);
            }
        }
    }
    let AttackDrafts { mut rides, leaps, mut lines, limited } = drafts;
    // Per target, a trie per set of types no screen may be of.
    let mut limited_tries: Vec<Vec<(u128, Trie)>> = (0..cells).map(|_| Vec::new()).collect();
    for ((from, not_over, line), attackers) in limited.order {
        for (i, target) in line.iter().enumerate().skip(1).filter(|(_, c)| c.may_land) {
            let tries = &mut limited_tries[target.cell.index()];
            let at = tries.iter().position(|(set, _)| *set == not_over).unwrap_or_else(|| {
                tries.push((not_over, Trie::default()));
                tries.len() - 1
            });
            tries[at].1.insert_all(line[..i].iter().rev().map(|c| c.cell).chain([from]), attackers);
        }
    }
    let mut hops: Vec<Trie> = (0..cells).map(|_| Trie::default()).collect();
    // A royal faces along its facing lines as a rider attacks along its
    // line (see `SidePlan::facing_lines`).
    for (kind, from, line) in plan.facing_lines() {
        lines.add((from, false, line), Piece::new(kind, plan.player));
    }
    for ((from, hop, line), attackers) in lines.order {
        // A hop lands beyond its screen: never on the first cell.
        let first_landing = if hop { 1 } else { 0 };
        for (i, target) in line.iter().enumerate().skip(first_landing).filter(|(_, c)| c.may_land) {
            let path = line[..i].iter().rev().map(|c| c.cell).chain([from]);
            let trie = if hop { &mut hops[target.cell.index()] } else { &mut rides[target.cell.index()] };
            trie.insert_all(path, attackers);
        }
    }
    let mut attacks = Attacks::default();
    for target in 0..cells {
        let rides = rides[target].flatten(&mut attacks.nodes);
        let hops = hops[target].flatten(&mut attacks.nodes);
        let first = attacks.leaps.len();
        for ((from, not_own, routes), attackers) in &leaps[target].order {
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
        let limited_roots: Vec<(u128, Span)> =
            limited_tries[target].iter().map(|(not_over, trie)| (*not_over, trie.flatten(&mut attacks.nodes))).collect();
        let first_limited = attacks.limited.len();
        attacks.limited.extend(limited_roots);
        attacks.limited_targets.push(Span::of(first_limited..attacks.limited.len()));
        attacks.targets.push(TargetAttacks { rides, hops, leaps: Span::of(first..attacks.leaps.len()) });
    }
    if attacks.limited.is_empty() {
        attacks.limited_targets.clear();
    }
    attacks.beyond = attacks.nodes.iter().map(|node| node.attackers).collect();
    // Children come after their parent: a backward pass sees them first.
    for i in (0..attacks.nodes.len()).rev() {
        let children = attacks.nodes[i].children.range();
        attacks.beyond[i] = attacks.beyond[children].iter().fold(attacks.beyond[i], |all, &set| all.union(set));
    }
    attacks
}

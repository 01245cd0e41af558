//! Which cells can change whether a cell is attacked.
//!
//! Most moves cannot expose their own royal: a piece moving off a line that no
//! enemy slider or hopper looks along, onto a cell no hopper uses as a screen,
//! leaves every attack on the royal as it was. [`Influence`] holds what is
//! needed to find, in a position, the cells whose change could create an
//! attack on a royal (or open a facing line to it): [`Influence::watch`]. A
//! move touching none of them needs no attack test when its side was not in
//! check (see [`crate::legal::Legality`]).
//!
//! Two parts: fixed sets per target cell, computed from the IR (every cell a
//! leap's route or a capturing leap reads), and lines (rides, hops, facing
//! lines), walked in each position from the royal, where only the first
//! pieces can matter. Both over-approximate: a cell too many only costs speed;
//! a cell too few would be a bug, which `tests/engines_agree.rs` and
//! `tests/legality_shortcut.rs` would catch, since the interpreter (the
//! reference) never uses this shortcut.

use crate::ir::{CellId, Game, Mode, MoveKind, PieceId, PlayerId};
use crate::position::{Move, Position, NOT_COUNTING};

/// Per attacking player and target cell, two sets of cells (bit sets of
/// `words` words each):
/// * `vacate`: cells whose piece leaving or being captured could let the
///   attacker reach the target (the cells a ride, a lame leap or a facing line
///   passes through);
/// * `fill`: cells whose filling could do so (a hopper's screens).
///
/// With them, as bit sets over piece types, the types a move must not bring to
/// skip its tests: royal types, and the types that the rules checked after a
/// move (limits, the drop-mate ban) are about.
///
/// Lines (rides, hops and facing lines along displacements that can be walked
/// backwards) are not in those sets: which of their cells matter depends on
/// where the pieces stand, so [`Influence::watch`] walks them in each position
/// (only the first pieces on a line can matter).
#[derive(Clone, Debug)]
pub struct Influence {
    cells: usize,
    words: usize,
    vacate: Vec<u64>,
    fill: Vec<u64>,
    /// Per attacking player, the lines walked from each target.
    lines: Vec<Vec<Line>>,
    royal: u128,
    limited: u128,
    no_drop_mate: u128,
    /// How many obligations the game has (see [`Influence::obligations_may_bind`]).
    obligations: usize,
    /// Some obligation binds at once when its countdown starts.
    binds_at_once: bool,
}

/// A line from a target: `next[cell]` is the next cell away from the target.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    next: Vec<Option<CellId>>,
    kind: LineKind,
    /// How far from the target an attacker can stand (a ride's range).
    reach: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum LineKind {
    /// A ride's line (or a facing line): the first piece blocks the rest.
    Ride,
    /// A hop's line: the first piece is a screen for the second.
    Hop,
}

/// The most words of a cell set kept per position (boards of up to 1024
/// cells get the shortcut).
pub const MAX_WORDS: usize = 16;

/// The cells that matter in one position for the royals of the side to move:
/// see [`Influence::watch`].
#[derive(Clone, Debug)]
pub struct Watch {
    vacate: [u64; MAX_WORDS],
    fill: [u64; MAX_WORDS],
}

impl Watch {
    /// Could emptying `cell` (or replacing its piece) expose a royal?
    #[inline]
    pub fn vacating_matters(&self, cell: CellId) -> bool {
        bit(&self.vacate, 0, cell)
    }

    /// Could filling the empty `cell` expose a royal?
    #[inline]
    pub fn filling_matters(&self, cell: CellId) -> bool {
        bit(&self.fill, 0, cell)
    }
}

impl Influence {
    /// The influence sets of `game`, or `None` when the game has more players
    /// than a piece can name, more types than a set holds, or more cells than
    /// a [`Watch`] holds.
    ///
    /// Obligations do not stand in the way: they bind pieces according to
    /// countdowns, and a move can change the enemy's countdowns only by starting
    /// them (when it takes the enemy's last piece that kept it free), which
    /// binds enemy pieces and so only takes attacks away.
    pub fn of(game: &Game) -> Option<Influence> {
        let cells = game.cell_count();
        let words = cells.div_ceil(64);
        if game.players.len() > 2 || game.pieces.len() > 128 || words > MAX_WORDS {
            return None;
        }
        let size = game.players.len() * cells * words;
        let kinds = |kinds: &mut dyn Iterator<Item = PieceId>| kinds.fold(0u128, |set, kind| set | 1 << kind);
        let mut influence = Influence {
            cells,
            words,
            vacate: vec![0; size],
            fill: vec![0; size],
            lines: vec![Vec::new(); game.players.len()],
            royal: kinds(&mut (0..game.pieces.len() as PieceId).filter(|&k| game.pieces[k as usize].royal)),
            limited: kinds(&mut game.rules.limits.iter().map(|limit| limit.piece)),
            no_drop_mate: kinds(&mut game.rules.no_drop_mate.iter().copied()),
            obligations: game.rules.obligations.len(),
            binds_at_once: game.rules.obligations.iter().any(|o| o.delay == 0),
        };
        for attacker in 0..game.players.len() as PlayerId {
            influence.add_moves(game, attacker);
            influence.add_facing(game, attacker);
        }
        Some(influence)
    }

    /// The cells that matter in `pos` for the `royals` of the side to move:
    /// the royals' own cells, each royal's fixed sets, and on each line from it the pieces whose
    /// leaving would open it to an enemy piece beyond (the first piece before
    /// an enemy within reach on a ride's line; the first two before an enemy on
    /// a hop's line) and the empty cells whose filling would make a screen for
    /// an enemy hopper (those before the first piece, when it is an enemy).
    pub fn watch(&self, pos: &Position, royals: &[CellId]) -> Watch {
        let mut watch = Watch { vacate: [0; MAX_WORDS], fill: [0; MAX_WORDS] };
        let enemy = pos.side ^ 1;
        for &royal in royals {
            // A royal's own move always needs the test.
            set_bit(&mut watch.vacate, 0, royal);
            let base = self.base(enemy, royal);
            for w in 0..self.words {
                watch.vacate[w] |= self.vacate[base + w];
                watch.fill[w] |= self.fill[base + w];
            }
            for line in &self.lines[enemy as usize] {
                line.watch(pos, royal, enemy, &mut watch);
            }
        }
        watch
    }

    /// Is `kind` royal?
    #[inline]
    pub fn is_royal(&self, kind: PieceId) -> bool {
        self.royal >> kind & 1 != 0
    }

    /// Are some types counted by a limit or banned from mating by a drop?
    #[inline]
    pub fn has_rules_after(&self) -> bool {
        self.limited | self.no_drop_mate != 0 || self.obligations > 0
    }

    /// Could an obligation bind the mover's pieces after `mv` in `pos`? Only
    /// when one of its countdowns runs, or one could start at 0, or the move
    /// changes a piece's type (a promotion can take away the last piece that
    /// kept the mover free). A plain move or a drop never takes away the
    /// mover's own pieces.
    #[inline]
    pub fn obligations_may_bind(&self, pos: &Position, mv: Move) -> bool {
        let obligations = self.obligations;
        if obligations == 0 {
            return false;
        }
        let mover = pos.side as usize;
        self.binds_at_once
            || mv.promotion().is_some()
            || pos.countdowns[mover * obligations..(mover + 1) * obligations].iter().any(|&c| c != NOT_COUNTING)
    }

    /// Is `kind` counted by a limit?
    #[inline]
    pub fn is_limited(&self, kind: PieceId) -> bool {
        self.limited >> kind & 1 != 0
    }

    /// May `kind` not be dropped to mate?
    #[inline]
    pub fn may_not_drop_mate(&self, kind: PieceId) -> bool {
        self.no_drop_mate >> kind & 1 != 0
    }

    #[inline]
    fn base(&self, attacker: PlayerId, target: CellId) -> usize {
        (attacker as usize * self.cells + target as usize) * self.words
    }

    fn mark_vacate(&mut self, attacker: PlayerId, target: CellId, cell: CellId) {
        let base = self.base(attacker, target);
        set_bit(&mut self.vacate, base, cell);
    }

    fn mark_fill(&mut self, attacker: PlayerId, target: CellId, cell: CellId) {
        let base = self.base(attacker, target);
        set_bit(&mut self.fill, base, cell);
    }

    /// Walks every capturing move program of `attacker` from every cell, as on
    /// an empty board, and marks what each capture depends on.
    fn add_moves(&mut self, game: &Game, attacker: PlayerId) {
        let mut kinds: Vec<&MoveKind> = Vec::new();
        for piece in &game.pieces {
            for rule in &piece.moves[attacker as usize] {
                if rule.mode != Mode::MoveOnly && !kinds.contains(&&rule.kind) {
                    kinds.push(&rule.kind);
                }
            }
        }
        // Rides and hops whose displacement can be walked backwards are lines.
        kinds.retain(|kind| {
            let line = match **kind {
                MoveKind::Ride { dir, range, .. } => backwards(game, dir).map(|next| (next, LineKind::Ride, range.unwrap_or(u32::MAX))),
                MoveKind::Hop { dir } => backwards(game, dir).map(|next| (next, LineKind::Hop, u32::MAX)),
                _ => None,
            };
            match line {
                Some((next, kind, reach)) => {
                    self.add_line(attacker, Line { next, kind, reach });
                    false
                }
                None => true,
            }
        });
        for from in 0..self.cells as CellId {
            for kind in &kinds {
                self.add_move(game, attacker, from, kind);
            }
        }
    }

    /// Adds a line, or widens the reach of the same line already there.
    fn add_line(&mut self, attacker: PlayerId, line: Line) {
        let lines = &mut self.lines[attacker as usize];
        match lines.iter_mut().find(|l| l.next == line.next && l.kind == line.kind) {
            Some(same) => same.reach = same.reach.max(line.reach),
            None => lines.push(line),
        }
    }

    fn add_move(&mut self, game: &Game, attacker: PlayerId, from: CellId, kind: &MoveKind) {
        let target_of = |dir: u16, cell: CellId| game.directions[dir as usize].target[cell as usize];
        match kind {
            MoveKind::Ride { dir, .. } => {
                // A capture on the ray needs every cell before it empty.
                let ray = ray(game, *dir, from);
                for (i, &target) in ray.iter().enumerate() {
                    for &passed in &ray[..i] {
                        self.mark_vacate(attacker, target, passed);
                    }
                }
            }
            MoveKind::Hop { dir } => {
                // A capture beyond the screen needs exactly one piece before it.
                let ray = ray(game, *dir, from);
                for (i, &target) in ray.iter().enumerate() {
                    for &passed in &ray[..i] {
                        self.mark_vacate(attacker, target, passed);
                        self.mark_fill(attacker, target, passed);
                    }
                }
            }
            MoveKind::Leap { target, routes, capturing } => {
                let Some(to) = target_of(*target, from) else { return };
                for route in routes {
                    for &step in &route.cells {
                        let Some(via) = target_of(step, from) else { continue };
                        // The destination needs the route clear.
                        self.mark_vacate(attacker, to, via);
                        if *capturing {
                            // It also attacks the cell it passes, which needs
                            // the destination free of the attacker's pieces.
                            self.mark_vacate(attacker, via, to);
                        }
                    }
                }
            }
            MoveKind::Swap { .. } => {}
        }
    }

    /// A royal faces the enemy's along a facing direction when every cell
    /// between them is empty.
    fn add_facing(&mut self, game: &Game, attacker: PlayerId) {
        for &dir in &game.rules.facing {
            let next = game.directions[dir as usize].target.clone();
            self.add_line(attacker, Line { next, kind: LineKind::Ride, reach: u32::MAX });
        }
    }
}

impl Line {
    /// Marks in `watch` what matters on this line from `royal` in `pos`.
    fn watch(&self, pos: &Position, royal: CellId, enemy: PlayerId, watch: &mut Watch) {
        // The first three pieces on the line and their distances.
        let mut found: [(CellId, u32); 3] = [(0, 0); 3];
        let mut count = 0;
        let mut cell = royal;
        let mut distance = 0;
        while count < 3 && distance < self.reach {
            let Some(next) = self.next[cell as usize] else { break };
            if next == royal {
                break;
            }
            cell = next;
            distance += 1;
            if !pos.at(cell).is_empty() {
                found[count] = (cell, distance);
                count += 1;
            }
        }
        let is_enemy = |i: usize| i < count && pos.at(found[i].0).is_of(enemy);
        match self.kind {
            LineKind::Ride => {
                if is_enemy(1) {
                    set_bit(&mut watch.vacate, 0, found[0].0);
                }
            }
            LineKind::Hop => {
                if is_enemy(2) {
                    set_bit(&mut watch.vacate, 0, found[0].0);
                    set_bit(&mut watch.vacate, 0, found[1].0);
                }
                if is_enemy(0) {
                    let mut cell = royal;
                    for _ in 1..found[0].1 {
                        cell = self.next[cell as usize].expect("the line reaches its first piece");
                        set_bit(&mut watch.fill, 0, cell);
                    }
                }
            }
        }
    }
}

/// For `dir`, the cell each cell is reached from (the displacement walked
/// backwards), or `None` when some cell is reached from two cells.
fn backwards(game: &Game, dir: u16) -> Option<Vec<Option<CellId>>> {
    let mut back = vec![None; game.cell_count()];
    for (from, to) in game.directions[dir as usize].target.iter().enumerate() {
        if let Some(to) = *to {
            if back[to as usize].replace(from as CellId).is_some() {
                return None;
            }
        }
    }
    Some(back)
}

/// The cells from `from` along `dir` to the edge, stopping before coming back
/// to `from` on a ring.
fn ray(game: &Game, dir: u16, from: CellId) -> Vec<CellId> {
    let table = &game.directions[dir as usize].target;
    let mut cells = Vec::new();
    let mut cell = from;
    while let Some(next) = table[cell as usize] {
        if next == from {
            break;
        }
        cells.push(next);
        cell = next;
    }
    cells
}

#[inline]
fn bit(set: &[u64], base: usize, cell: CellId) -> bool {
    set[base + cell as usize / 64] >> (cell % 64) & 1 != 0
}

fn set_bit(set: &mut [u64], base: usize, cell: CellId) {
    set[base + cell as usize / 64] |= 1 << (cell % 64);
}

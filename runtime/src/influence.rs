//! Which cells can change whether a cell is attacked.
//!
//! Most moves cannot expose their own royal: a piece moving off a line that no
//! enemy slider or hopper looks along, onto a cell no hopper uses as a screen,
//! leaves every attack on the royal as it was. [`Influence`] records, for each
//! target cell, the cells whose change could create an attack on it (or a
//! facing line through it), so that a move touching none of them needs no
//! attack test when its side was not in check (see [`crate::legal::Legality`]).
//!
//! The sets are over-approximations computed from the IR alone: every cell a
//! move program reads on its way to a capture. Being too large only costs
//! speed; being too small would be a bug, which `tests/engines_agree.rs` would
//! catch, since the interpreter (the reference) never uses this shortcut.

use crate::ir::{CellId, Game, Mode, MoveKind, PieceId, PlayerId};

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
#[derive(Clone, Debug)]
pub struct Influence {
    cells: usize,
    words: usize,
    vacate: Vec<u64>,
    fill: Vec<u64>,
    royal: u128,
    limited: u128,
    no_drop_mate: u128,
}

impl Influence {
    /// The influence sets of `game`, or `None` when attacks depend on more than
    /// the board (obligations bind pieces according to countdowns) or the game
    /// has more players than a piece can name.
    pub fn of(game: &Game) -> Option<Influence> {
        if !game.rules.obligations.is_empty() || game.players.len() > 2 || game.pieces.len() > 128 {
            return None;
        }
        let cells = game.cell_count();
        let words = cells.div_ceil(64);
        let size = game.players.len() * cells * words;
        let kinds = |kinds: &mut dyn Iterator<Item = PieceId>| kinds.fold(0u128, |set, kind| set | 1 << kind);
        let mut influence = Influence {
            cells,
            words,
            vacate: vec![0; size],
            fill: vec![0; size],
            royal: kinds(&mut (0..game.pieces.len() as PieceId).filter(|&k| game.pieces[k as usize].royal)),
            limited: kinds(&mut game.rules.limits.iter().map(|limit| limit.piece)),
            no_drop_mate: kinds(&mut game.rules.no_drop_mate.iter().copied()),
        };
        for attacker in 0..game.players.len() as PlayerId {
            influence.add_moves(game, attacker);
            influence.add_facing(game, attacker);
        }
        Some(influence)
    }

    /// Is `kind` royal?
    #[inline]
    pub fn is_royal(&self, kind: PieceId) -> bool {
        self.royal >> kind & 1 != 0
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

    /// Could emptying `cell` (or replacing an `attacker` piece on it) let
    /// `attacker` attack `target`, or open a facing line through `target`?
    #[inline]
    pub fn vacating_matters(&self, attacker: PlayerId, target: CellId, cell: CellId) -> bool {
        bit(&self.vacate, self.base(attacker, target), cell)
    }

    /// Could filling the empty `cell` let `attacker` attack `target`?
    #[inline]
    pub fn filling_matters(&self, attacker: PlayerId, target: CellId, cell: CellId) -> bool {
        bit(&self.fill, self.base(attacker, target), cell)
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
        for from in 0..self.cells as CellId {
            for kind in &kinds {
                self.add_move(game, attacker, from, kind);
            }
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
            for target in 0..self.cells as CellId {
                for cell in ray(game, dir, target) {
                    self.mark_vacate(attacker, target, cell);
                }
            }
        }
    }
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

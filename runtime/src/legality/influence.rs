//! Which cells can change whether a cell is attacked.
//!
//! Most moves cannot expose their own royal: a piece moving off a line that no
//! enemy slider or hopper looks along, onto a cell no hopper uses as a screen,
//! leaves every attack on the royal as it was. [`Influence`] finds, in a
//! position, the cells whose change could create an attack on a royal (an
//! open facing line to it among them): [`Influence::watch`]. A move touching none of
//! them needs no attack test when its side was not in check (see
//! [`crate::legality::legal::Legality`]).
//!
//! Everything comes from the move plan's attacks ([`crate::plan::Attacks`]),
//! walked in each position from the royal: the cells the leaps toward it
//! need, of the leaps whose start holds an enemy piece that makes them, and
//! the tries of lines out from it, where only the first pieces on a line can
//! matter. Facing lines, a rule about royals rather than a move, are among
//! the lines: a royal "attacks" along them
//! ([`crate::plan::SidePlan::facing_lines`]). Both over-approximate:
//! a cell too many only costs speed; a cell too few would be a bug, which
//! `tests/engines_agree.rs` and `tests/legality_shortcut.rs` would catch,
//! since the reference ([`crate::Interpreter::making_every_move`]) never
//! uses this shortcut.

use crate::ir::{CellId, Game, PieceId, PlayerId, MAX_PIECE_TYPES, MAX_PLAYERS};
use crate::legality::check_cells::CheckCells;
use crate::legality::pins::Pins;
use crate::legality::rules_in_bulk::RulesInBulk;
use crate::plan::{Attacks, Plan, Span};
use crate::state::cell_bits::{bit, set_bit};
use crate::state::piece::Piece;
use crate::state::position::{Move, Position, NOT_COUNTING, NO_CELL};

/// The plan's attacks, walked per position from a royal: the lines out
/// from it, and the leaps toward it whose start holds an enemy piece that
/// makes them (only those leaps' cells matter: a move cannot bring an enemy
/// piece to a start).
///
/// With them, as bit sets over piece types, the types a move must not bring to
/// skip its tests: royal types, and the types that the rules checked after a
/// move (limits, the drop-mate ban) are about.
#[derive(Clone, Debug)]
pub struct Influence {
    plan: Plan,
    royal: u128,
    limited: u128,
    no_drop_mate: u128,
    /// How many obligations the game has (see [`Influence::obligations_may_bind`]).
    obligations: usize,
    /// Some obligation binds at once when its countdown starts.
    binds_at_once: bool,
    /// Per attacking player: does a royal's plain step into an unattacked
    /// cell stay unattacked? (See [`Influence::royal_steps_judged_unmade`].)
    plain_attacks: Vec<bool>,
    /// The limits and the drop-mate ban, judged for many moves at once.
    bulk: RulesInBulk,
    /// The limited types, listed.
    limited_types: Vec<PieceId>,
    /// Per limit of the game, in order, the place of its type among
    /// `limited_types`: the bit [`Influence::unwatched_index`] sets when
    /// one of its classes is full.
    limit_places: Vec<u8>,
    /// In a game without obligations, with few limited types,
    /// [`Influence::unwatched_kinds`] depends only on the side to move, on
    /// which limited types have a class full and on whether the limits
    /// hold: worked out once for each (see [`Influence::unwatched_index`]).
    unwatched_table: Option<Vec<UnwatchedKinds>>,
}

/// See [`Influence::unwatched_kinds`]: the types, as bits by type, whose
/// moves changing no watched cell are legal.
#[derive(Clone, Copy, Debug, Default)]
pub struct UnwatchedKinds {
    /// Of plain moves (no promotion, no capture on the way): the moving type.
    pub plain: u128,
    /// Of moves that promote (and are otherwise plain): the type promoted to.
    pub promoting: u128,
    /// Of drops: the dropped type.
    pub dropped: u128,
    /// Of drops, the types a rule after a move is about (but not royal):
    /// their drops are judged in bulk by [`crate::legality::legal::Legality::drops_by_rules`].
    pub dropped_by_rules: u128,
    /// Of a royal's plain steps: the royal types whose steps are legal
    /// where the destination is not attacked (nor faced by an enemy royal)
    /// now (see [`Influence::royal_steps_judged_unmade`]), no rule after a
    /// move being about them.
    pub royal_steps: u128,
    /// Of plain moves: the types a limit counts, not royal, whose moves
    /// changing no watched cell are legal when the limits allow them
    /// ([`crate::legality::legal::Legality::limits_allow`]); the drop-mate ban is
    /// about drops only. None while an obligation applies.
    pub limited: u128,
}

/// The most limited types whose every combination of full classes gets its
/// [`UnwatchedKinds`] worked out in advance (a table of `2^n` per side).
const MAX_TABLED_LIMITED_TYPES: usize = 4;

/// The most words of a cell set kept per position: boards of up to 832
/// cells get the shortcut. Thirteen words, so that a [`Watch`], with its
/// [`Pins`], is 256 bytes: one is made at every node, and the compiler
/// clears a value of up to 256 bytes with a few stores of its own, but calls
/// `memset` for a larger one.
pub const MAX_WORDS: usize = 13;

/// The cells that matter in one position for the royals of the side to move:
/// see [`Influence::watch`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    vacate: [u64; MAX_WORDS],
    fill: [u64; MAX_WORDS],
    /// Of the cells in `vacate`, the pieces pinned along one known line.
    pins: Pins,
}

impl Watch {
    /// No cell matters.
    pub const NONE: Watch = Watch { vacate: [0; MAX_WORDS], fill: [0; MAX_WORDS], pins: Pins::NONE };

    /// Marks the royals' cells, what [`Influence::mark_watch`] marks besides
    /// the lines of rides and hops and the leaps, for an engine that walks
    /// those itself (generated code does, along its own tables, and marks
    /// what it finds with [`Watch::mark_vacating`] and
    /// [`Watch::mark_filling`]). A royal's own move always needs the test.
    /// Marked before any pin, so that none is recorded on it.
    #[inline]
    pub fn mark_royals(&mut self, royals: &[CellId]) {
        for &royal in royals {
            set_bit(&mut self.vacate, 0, royal);
        }
    }

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

    /// The cells `block * 64 ..` whose filling could expose a royal, as
    /// bits (none beyond the cells a watch holds).
    #[inline]
    pub fn filling_block(&self, block: usize) -> u64 {
        self.fill.get(block).copied().unwrap_or(0)
    }

    /// The cells `0 .. 128` whose vacating could expose a royal, as bits.
    #[inline(always)]
    pub fn low_vacating_cells(&self) -> u128 {
        u128::from(self.vacate[0]) | u128::from(self.vacate[1]) << 64
    }

    /// The cells `0 .. 128` whose vacating or filling could expose a royal,
    /// as bits: a move to none of them, from a cell whose vacating does
    /// not matter, changes nothing that matters.
    #[inline(always)]
    pub fn low_cells(&self) -> u128 {
        u128::from(self.vacate[0] | self.fill[0]) | u128::from(self.vacate[1] | self.fill[1]) << 64
    }

    /// Does the move of a piece from `from` to `to` (empty, or holding a
    /// piece it takes or, for a null move, itself) change no cell that
    /// matters: leaving a cell whose vacating does not matter, and filling
    /// an empty cell whose filling does not, or replacing a piece whose
    /// leaving would not?
    #[inline(always)]
    pub fn unchanged_by(&self, from: CellId, to: CellId, to_empty: bool) -> bool {
        !self.vacating_matters(from) && if to_empty { !self.filling_matters(to) } else { !self.vacating_matters(to) }
    }

    /// Emptying `cell` could expose a royal: the first piece on a line out
    /// from it, with an attacker next beyond, a cell a leap toward it
    /// needs, a screen, or the royal itself.
    #[inline]
    pub fn mark_vacating(&mut self, cell: CellId) {
        set_bit(&mut self.vacate, 0, cell);
        self.pins.forget(cell);
    }

    /// The piece on `cell` is the first on a ride's line out from a royal,
    /// with an attacker next beyond: `line` holds the cells from the royal
    /// (left out) to the attacker (included). Like [`Watch::mark_vacating`],
    /// and the line is kept ([`Watch::pin_line`]) unless the cell was
    /// watched already.
    #[inline]
    pub fn mark_pinned(&mut self, cell: CellId, line: u128) {
        if self.vacating_matters(cell) {
            self.pins.forget(cell);
        } else {
            set_bit(&mut self.vacate, 0, cell);
            self.pins.record(cell, line);
        }
    }

    /// The same watch without its pins' lines: the cells that matter
    /// alone. (The runtime's walk of the plan's tries records no lines;
    /// the generated walks do where they find lines as bits.)
    pub fn without_pins(&self) -> Watch {
        Watch { pins: Pins::NONE, ..self.clone() }
    }

    /// The line of the piece on `cell` (see [`Watch::mark_pinned`]) when it
    /// is watched only for being pinned along it: its plain moves onto the
    /// line, changing no other watched cell, keep the royals as safe as
    /// they were, and its plain moves off the line expose one.
    #[inline(always)]
    pub fn pin_line(&self, cell: usize) -> Option<u128> {
        self.pins.line_of(cell)
    }

    /// Filling the empty `cell` could expose a royal: it would be the
    /// screen a hopper beyond needs.
    #[inline]
    pub fn mark_filling(&mut self, cell: CellId) {
        set_bit(&mut self.fill, 0, cell);
    }
}

impl Influence {
    /// The influence sets of `game` from its `plan`, or `None` when the game
    /// has more players than a piece can name, more types than a set holds, or
    /// more cells than a [`Watch`] holds.
    ///
    /// Obligations do not stand in the way: they bind pieces according to
    /// countdowns, and a move can change the enemy's countdowns only by starting
    /// them (when it takes the enemy's last piece that kept it free), which
    /// binds enemy pieces and so only takes attacks away.
    pub fn of(game: &Game, plan: Plan) -> Option<Influence> {
        if game.players.len() > MAX_PLAYERS || game.pieces.len() > MAX_PIECE_TYPES || game.cell_count().div_ceil(64) > MAX_WORDS {
            return None;
        }
        // The watch walks the plain tries: a hop whose screens are limited
        // (`over not Cannon`) is judged by making the move.
        if game.player_ids().any(|p| plan.side(p).attacks().has_limited_hops()) {
            return None;
        }
        let kinds = |kinds: &mut dyn Iterator<Item = PieceId>| kinds.fold(0u128, |set, kind| set | 1 << kind.index());
        let bulk = RulesInBulk::of(game, &plan);
        let mut influence = Influence {
            plan,
            royal: kinds(&mut game.piece_ids().filter(|&k| game.pieces[k].royal)),
            limited: kinds(&mut game.rules.limits.iter().map(|limit| limit.piece)),
            no_drop_mate: kinds(&mut game.rules.no_drop_mate.iter().copied()),
            obligations: game.rules.obligations.len(),
            binds_at_once: game.rules.obligations.iter().any(|o| o.delay == 0),
            plain_attacks: Vec::new(),
            bulk,
            limited_types: Vec::new(),
            limit_places: Vec::new(),
            unwatched_table: None,
        };
        let plain = game.rules.obligations.is_empty();
        influence.plain_attacks =
            game.player_ids().map(|p| plain && influence.plan.side(p).attacks().only_rides_and_leaps_the_defender_cannot_block()).collect();
        influence.limited_types = game.piece_ids().filter(|&kind| influence.limited >> kind.index() & 1 != 0).collect();
        influence.limit_places = game
            .rules
            .limits
            .iter()
            .map(|limit| influence.limited_types.iter().position(|&kind| kind == limit.piece).expect("a limit's type is limited") as u8)
            .collect();
        if influence.obligations == 0 && influence.limited_types.len() <= MAX_TABLED_LIMITED_TYPES {
            let subsets = 1usize << influence.limited_types.len();
            let table = (0..game.players.len() * subsets * 2).map(|index| {
                let (side, full, limits_hold) = (index / (subsets * 2), index / 2 % subsets, index % 2 == 1);
                let full = influence
                    .limited_types
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| full >> i & 1 != 0)
                    .fold(0, |set, (_, kind)| set | 1 << kind.index());
                influence.unwatched_kinds_given(PlayerId::from_index(side), full, influence.neutral_hold(full, limits_hold), false)
            });
            influence.unwatched_table = Some(table.collect());
        }
        Some(influence)
    }

    /// The cells that matter in `pos` for the `royals` of the side to move:
    /// the royals' own cells, the cells that the leaps toward each royal
    /// from an enemy piece making them need, and on each
    /// line out from it the pieces whose leaving would open it to an enemy
    /// piece beyond (the first piece before an attacker on a ride's line; the
    /// first two before an attacker on a hop's line) and the empty cells whose
    /// filling would make a screen for an enemy hopper (those before the first
    /// piece, when it is a hopper that attacks the royal).
    pub fn watch(&self, pos: &Position, royals: &[CellId]) -> Watch {
        let mut watch = Watch::NONE;
        self.mark_watch(pos, royals, &mut watch);
        watch
    }

    /// [`Influence::watch`], marked in `watch`.
    pub fn mark_watch(&self, pos: &Position, royals: &[CellId], watch: &mut Watch) {
        self.mark_watch_except_lines(pos, royals, watch);
        let attacks = self.plan.side(pos.side.opponent()).attacks();
        for &royal in royals {
            watch_rides(attacks, pos, attacks.line_roots(royal, false), watch);
            watch_hops(attacks, pos, attacks.line_roots(royal, true), ([NO_CELL; 2], 0), watch);
        }
    }

    /// [`Influence::mark_watch`] without the lines of rides and hops.
    pub fn mark_watch_except_lines(&self, pos: &Position, royals: &[CellId], watch: &mut Watch) {
        // Asked only where no royal faces another: the answer is known.
        watch.mark_royals(royals);
        let attacks = self.plan.side(pos.side.opponent()).attacks();
        for &royal in royals {
            watch_leaps(attacks, pos, royal, watch);
        }
    }

    /// While the side to move is in check and has one royal: the types
    /// whose plain steps are legal where the destination is not attacked
    /// once the step's start is vacated ([`crate::Generator::attacked_vacating`]),
    /// as [`UnwatchedKinds::royal_steps`] (no other type). The royal types no
    /// rule after a move is about, in a game without obligations (whose
    /// attacks depend on countdowns); none there. (A line through the cell
    /// the step leaves, a facing line among them, is open once it is
    /// vacated.)
    #[inline]
    pub fn royal_steps_in_check(&self) -> UnwatchedKinds {
        let royal_steps = if self.obligations == 0 { self.royal & !self.limited } else { 0 };
        UnwatchedKinds { royal_steps, ..UnwatchedKinds::default() }
    }

    /// May a royal's plain step (no capture on the way, no promotion) be
    /// judged, while its side is not in check, by whether its destination
    /// is attacked by `enemy` now, before it moves
    /// ([`crate::legality::legal::royal_step_is_safe`])? Yes when the enemy's attacks
    /// are rides (facing lines among them), and leaps only the enemy's own
    /// pieces block, and no obligation applies. A line that reaches the
    /// destination through the royal's cell would attack that cell first,
    /// which is no check; the royal blocks no leap of the enemy's, so none
    /// opens when it leaves; no screen can open or close.
    #[inline]
    pub fn royal_steps_judged_unmade(&self, enemy: PlayerId) -> bool {
        self.plain_attacks[enemy.index()]
    }

    /// While the side to move is in check in `pos` (its royals on `royals`):
    /// the cells every attack on a royal (a facing line among them) depends
    /// on. `None` in a game with obligations, where
    /// whether a piece attacks also depends on countdowns.
    pub fn check_cells(&self, pos: &Position, royals: &[CellId]) -> Option<CheckCells> {
        let enemy = pos.side.opponent();
        let attacks = self.plan.side(enemy).attacks();
        self.check_cells_by(royals, |royal, cells| attacks.attack_cells(pos, royal, enemy, &mut |cell| cells.insert(cell)))
    }

    /// [`Influence::check_cells`], the cells the attacks on each royal
    /// depend on found by `attack_cells` (on boards of up to 128 cells, as
    /// bits): a generated engine walks its own tables
    /// ([`crate::Engine::check_cells`]).
    #[inline]
    pub fn check_cells_from_bits(&self, royals: &[CellId], attack_cells: impl Fn(CellId) -> u128) -> Option<CheckCells> {
        self.check_cells_by(royals, |royal, cells| cells.insert_low_cells(attack_cells(royal)))
    }

    /// The check's cells: each royal's, those `attacks` adds for it (the
    /// cells its attacks depend on).
    #[inline]
    fn check_cells_by(&self, royals: &[CellId], mut attacks: impl FnMut(CellId, &mut CheckCells)) -> Option<CheckCells> {
        if self.obligations > 0 {
            return None;
        }
        let mut cells = CheckCells::default();
        for &royal in royals {
            cells.insert(royal);
            attacks(royal, &mut cells);
        }
        Some(cells)
    }

    /// Is `kind` royal?
    #[inline]
    pub fn is_royal(&self, kind: PieceId) -> bool {
        self.royal >> kind.index() & 1 != 0
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
        self.obligations > 0 && (mv.promotion().is_some() || self.obligations_may_bind_without_promotion(pos))
    }

    /// [`Influence::obligations_may_bind`] for a move that promotes nothing,
    /// in a game with obligations.
    #[inline]
    fn obligations_may_bind_without_promotion(&self, pos: &Position) -> bool {
        self.binds_at_once || pos.countdowns[pos.side][..self.obligations].iter().any(|&c| c != NOT_COUNTING)
    }

    /// Could the drop `mv` in `pos` give check (to a royal of `royals`, the
    /// enemy's)? Only the dropped piece can attack anew, unless it gives a
    /// hopper of its side a screen: then it may.
    #[inline]
    pub fn drop_may_check(&self, pos: &Position, mv: Move, mut royals: impl Iterator<Item = CellId>) -> bool {
        let Move::Put { kind, to, .. } = mv else { return true };
        let piece = Piece::new(kind, pos.side);
        let attacks = self.plan.side(pos.side).attacks();
        royals.any(|royal| attacks.would_attack_from(pos, royal, to, piece) != Some(false))
    }

    /// The types whose moves are legal in `pos` when they change no watched
    /// cell, as bits by type: those that no rule after a move is about (not
    /// royal, not limited), and the limited ones no limit can stop now (none
    /// of their classes is full), while no obligation may bind (see
    /// [`Influence::obligations_may_bind`]).
    #[inline(always)]
    pub fn unwatched_kinds(&self, pos: &Position) -> UnwatchedKinds {
        match &self.unwatched_table {
            Some(table) => table[self.unwatched_index(pos)],
            None => self.unwatched_kinds_worked_out(pos),
        }
    }

    /// [`Influence::unwatched_kinds`] where no table holds the answer (with
    /// obligations, or many limited types): out of line, so that the
    /// table's path stays small enough to inline into the counter.
    #[inline(never)]
    fn unwatched_kinds_worked_out(&self, pos: &Position) -> UnwatchedKinds {
        let (full, limits_hold) = self.bulk.fill_of_side(pos, |_, kind| 1u128 << kind.index());
        // A promotion may take away a piece that kept the mover free.
        let may_bind = self.obligations > 0 && self.obligations_may_bind_without_promotion(pos);
        self.unwatched_kinds_given(pos.side, full, self.neutral_hold(full, limits_hold), may_bind)
    }

    /// Where [`Influence::unwatched_table`] holds the answer for the side to
    /// move in `pos`: by which limited types have a class full, and whether
    /// the limits on the neutral ones hold. In one pass over the limits,
    /// in words: the counter asks at every node. (Without limits, the
    /// side's entry where the limits hold.)
    #[inline]
    fn unwatched_index(&self, pos: &Position) -> usize {
        let (full, limits_hold) = self.bulk.fill_of_side(pos, |i, _| 1usize << self.limit_places[i]);
        (pos.side.index() << self.limited_types.len() | full) * 2 + usize::from(limits_hold)
    }

    /// Do the limits on the types whose moves keep their class hold, where
    /// that adds to the types moving freely: some such type is royal or has
    /// a class full (`full`)?
    fn neutral_hold(&self, full: u128, limits_hold: bool) -> bool {
        self.bulk.neutral_kinds() & (self.royal | full) != 0 && limits_hold
    }

    /// [`Influence::unwatched_kinds`] for `side` to move, given what the
    /// position says: the limited types with a full class (`full`), whether
    /// the limits on the types whose moves keep their class hold, and
    /// whether an obligation may bind after a move.
    #[inline(always)]
    fn unwatched_kinds_given(&self, side: PlayerId, full: u128, neutral_hold: bool, may_bind: bool) -> UnwatchedKinds {
        let free = !(self.royal | full);
        let moving = if neutral_hold { free | (self.bulk.neutral_kinds() & !free) } else { free };
        let by_rules = !self.royal & (self.limited | self.no_drop_mate);
        if self.obligations == 0 {
            let royal_steps = if self.royal_steps_judged_unmade(side.opponent()) { self.royal & !self.limited } else { 0 };
            return UnwatchedKinds {
                plain: moving,
                promoting: free,
                dropped: free & !self.no_drop_mate,
                dropped_by_rules: by_rules,
                royal_steps,
                limited: self.limited & !self.royal,
            };
        }
        if may_bind {
            return UnwatchedKinds::default();
        }
        UnwatchedKinds {
            plain: moving,
            promoting: 0,
            dropped: free & !self.no_drop_mate,
            dropped_by_rules: by_rules,
            royal_steps: 0,
            limited: 0,
        }
    }

    /// The limits and the drop-mate ban, for judging many moves at once.
    #[inline]
    pub fn rules_in_bulk(&self) -> &RulesInBulk {
        &self.bulk
    }

    /// Is `kind` counted by a limit?
    #[inline]
    pub fn is_limited(&self, kind: PieceId) -> bool {
        self.limited >> kind.index() & 1 != 0
    }

    /// May `kind` not be dropped to mate?
    #[inline]
    pub fn may_not_drop_mate(&self, kind: PieceId) -> bool {
        self.no_drop_mate >> kind.index() & 1 != 0
    }
}

/// Marks the cells that the leaps toward `royal` need, of the leaps whose
/// start holds a piece that makes them: a piece leaving one (or, for a
/// capturing leap, the attacker's own piece being taken from it) could open
/// the leap. A leap from a start without such a piece cannot open, as no move
/// of the royal's side brings an enemy piece there.
fn watch_leaps(attacks: &Attacks, pos: &Position, royal: CellId, watch: &mut Watch) {
    for leap in attacks.leaps_to(royal) {
        if leap.attackers.contains(pos.at(leap.from)) {
            for cell in attacks.needed_cells(leap) {
                watch.mark_vacating(cell);
            }
        }
    }
}

/// On a ride's trie: marks the first piece on each line when the next piece
/// beyond it attacks.
fn watch_rides(attacks: &Attacks, pos: &Position, nodes: Span, watch: &mut Watch) {
    for node in attacks.nodes(nodes) {
        if pos.at(node.cell).is_empty() {
            watch_rides(attacks, pos, node.children, watch);
        } else if next_piece_attacks(attacks, pos, node.children) {
            watch.mark_vacating(node.cell);
        }
    }
}

/// Is the first piece on some line of `nodes` one that attacks from there?
fn next_piece_attacks(attacks: &Attacks, pos: &Position, nodes: Span) -> bool {
    attacks.nodes(nodes).iter().any(|node| {
        let piece = pos.at(node.cell);
        if piece.is_empty() {
            next_piece_attacks(attacks, pos, node.children)
        } else {
            node.attackers.contains(piece)
        }
    })
}

/// On a hop's trie, with `pieces` the first pieces met so far on this line
/// (`count` of them): marks what could give an attacker exactly one screen.
/// The first two pieces before a third that attacks over one must not leave;
/// the empty cells before a first piece that would attack over a screen must
/// not be filled. Returns whether the cells above must not be filled (the
/// line's first piece is such a hopper and nothing stands between).
fn watch_hops(attacks: &Attacks, pos: &Position, nodes: Span, (pieces, count): ([CellId; 2], usize), watch: &mut Watch) -> bool {
    let mut fill_above = false;
    for node in attacks.nodes(nodes) {
        let piece = pos.at(node.cell);
        if piece.is_empty() {
            if watch_hops(attacks, pos, node.children, (pieces, count), watch) && count == 0 {
                set_bit(&mut watch.fill, 0, node.cell);
                fill_above = true;
            }
        } else if count < 2 {
            fill_above |= count == 0 && node.attackers.contains(piece);
            let mut met = pieces;
            met[count] = node.cell;
            watch_hops(attacks, pos, node.children, (met, count + 1), watch);
        } else if node.attackers.contains(piece) {
            for cell in pieces {
                watch.mark_vacating(cell);
            }
        }
    }
    fill_above
}

#[cfg(test)]
mod tests {
    use super::*;

    /// See [`MAX_WORDS`]: a larger watch is cleared by a call at every node.
    #[test]
    fn a_watch_is_cleared_in_256_bytes() {
        assert!(size_of::<Watch>() <= 256, "{} bytes", size_of::<Watch>());
    }
}

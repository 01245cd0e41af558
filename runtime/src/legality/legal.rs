//! Legality on top of any [`Engine`]: check (facing royals among it) and the game result.

use crate::ir::{CellId, Outcome, PieceId, PlayerId};
use crate::legality::check_cells::CheckCells;
use crate::legality::engine::Engine;
use crate::legality::goals::GoalKind;
use crate::legality::influence::{Influence, UnwatchedKinds, Watch};
use crate::legality::royals::Royals;
use crate::state::position::{Move, Position, Undo};

/// The rule that holds after every move, written once for every engine: the
/// royals of `mover` are not attacked (so no two royals face each other:
/// facing is an attack, [`crate::plan::SidePlan::facing_lines`]).
pub fn royals_safe<E: Engine + ?Sized>(engine: &E, pos: &Position, mover: PlayerId) -> bool {
    pos.royal_cells(mover).all(|royal| !engine.attacked(pos, royal, mover.opponent()))
}

/// Every legal move of the side to move, in generation order: none once a
/// goal has ended the game. Play them with [`play`], which counts checks
/// where a goal counts them.
pub fn legal_moves<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Vec<Move> {
    if crate::legality::goals::ends_game(engine, pos) {
        return Vec::new();
    }
    legal_moves_ignoring_goals(engine, pos)
}

/// Plays the legal `mv` on `pos`, returning what takes it back
/// ([`crate::Generator::unmake`]). In a game that counts checks, a move that gives
/// check takes one from the mover's [`Position::checks_left`]: whether it
/// does is known only after the move, by the engine's attack test, which
/// the position alone cannot run.
pub fn play<E: Engine + ?Sized>(engine: &E, pos: &mut Position, mv: Move) -> Undo {
    let mover = pos.side;
    let undo = engine.make(pos, mv);
    if engine.game().checks_to_win().is_some() && gives_check(engine, pos, mover) {
        pos.note_check(mover);
    }
    undo
}

/// The moves the pieces' rules and the rules after a move allow, whether or
/// not a goal has ended the game.
pub(crate) fn legal_moves_ignoring_goals<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    engine.generate(pos, &mut moves);
    let mut scratch = pos.clone();
    let legality = Legality::new(engine, pos);
    moves.retain(|&mv| legality.is_legal(engine, &mut scratch, mv));
    moves
}

/// A class of moves a rule makes compulsory while one of them is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Required {
    /// `must capture`.
    Captures,
    /// `must drop`.
    Drops,
}

impl Required {
    /// Is `mv`, a move in `pos`, of the class?
    #[inline]
    fn includes(self, pos: &Position, mv: Move) -> bool {
        match self {
            Required::Captures => pos.captures(mv),
            Required::Drops => mv.is_drop(),
        }
    }
}

/// After `mover` has moved: does a piece of `mover` attack an enemy royal?
#[inline]
pub fn gives_check<E: Engine + ?Sized>(engine: &E, pos: &Position, mover: PlayerId) -> bool {
    pos.royal_cells(mover.opponent()).any(|cell| crate::legality::explosion::royal_attacked(engine, pos, cell, mover))
}

/// See [`Legality::plain_judgement`].
pub struct PlainJudgement<'l> {
    pub watch: &'l Watch,
    /// `watch`'s cells `0 .. 128` ([`Watch::low_cells`]), read by every
    /// count of a piece's moves in one go: kept, not gathered from the
    /// watch's words at each (two loads fewer a piece, and an `or`).
    pub watched: u128,
    /// The types whose moves changing no cell of `watch` are legal.
    pub kinds: UnwatchedKinds,
    /// The side is in check: the steps of [`UnwatchedKinds::royal_steps`]
    /// are judged with their start vacated
    /// ([`Influence::royal_steps_in_check`]).
    pub in_check: bool,
}

/// Decides the legality of the pseudo-legal moves of one position. With the
/// engine's [`Influence`] and its side not in check, a move that changes no cell
/// an attack on one of its royals (a facing line among them) depends on is safe without
/// testing; when no other rule concerns it either, it is legal without being
/// made. Engines without influence sets (the reference interpreter,
/// [`crate::Interpreter::making_every_move`]) test every move.
pub struct Legality<'e> {
    /// The engine's influence sets, in check or not: the rules after a move
    /// are judged with them once its safety is known.
    influence: Option<&'e Influence>,
    /// The cells that matter for the royals in this position; `None` when
    /// every move must be tested (in check, or no influence sets).
    watch: Option<Watch>,
    /// `no check`: every move must be made to see whether it gives check.
    checks_forbidden: bool,
    /// The game counts checks: a move made by [`Legality::make_if_legal`]
    /// that gives check is counted.
    counts_checks: bool,
    /// With the side to move in check: the cells the check depends on
    /// ([`Influence::check_cells`]); a move changing none of them is
    /// illegal. Boxed: it is needed in few positions.
    check_cells: Option<Box<CheckCells>>,
    /// With the side to move in check: the types whose steps are judged
    /// with their start vacated ([`Influence::royal_steps_in_check`]).
    royal_steps_in_check: UnwatchedKinds,
    /// Is the enemy in check already (on a position set up so)? Asked, once,
    /// only of a drop that may not mate and gives no check: then it is made
    /// to see whether it mates.
    enemy_in_check: std::cell::OnceCell<bool>,
    /// `must capture` or `must drop`, and the side to move has a legal
    /// move of that class: every other move is illegal.
    required: Option<Required>,
    /// Facing allowed (`facing along AXIS allowed`), and a royal of the
    /// side to move faces an enemy royal: a pass is legal, any other move
    /// must end the facing (see `facing`).
    faced: bool,
    /// The engine's influence sets, which `influence` sets aside while the
    /// royals face.
    engine_influence: Option<&'e Influence>,
    /// Captures explode: every move is made and judged by what it blasted
    /// ([`crate::legality::explosion`]), none by the shortcut.
    explodes: bool,
    game: &'e crate::Game,
}

impl<'e> Legality<'e> {
    pub fn new<E: Engine + ?Sized>(engine: &'e E, pos: &Position) -> Legality<'e> {
        let mut legality = Legality::unprepared(engine);
        legality.prepare(engine, pos);
        legality
    }

    /// The legality of no position yet: [`Legality::prepare`] readies it
    /// for one. In two steps so that a caller that counts every node's moves
    /// builds it in place: returned ready, its watch of a few hundred bytes
    /// would be copied out at each node.
    #[inline(always)]
    pub fn unprepared<E: Engine + ?Sized>(engine: &'e E) -> Legality<'e> {
        let game = engine.game();
        let explodes = game.rules.explosion.is_some();
        Legality {
            // The shortcut knows attacks, not blasts, nor the lines a
            // blocker's placing opens and closes.
            influence: if explodes || game.blocker().is_some() { None } else { engine.influence() },
            watch: None,
            check_cells: None,
            royal_steps_in_check: UnwatchedKinds::default(),
            checks_forbidden: game.rules.checks_forbidden,
            counts_checks: game.checks_to_win().is_some(),
            enemy_in_check: std::cell::OnceCell::new(),
            required: None,
            faced: false,
            engine_influence: engine.influence(),
            explodes,
            game,
        }
    }

    /// Readies an [`Legality::unprepared`] legality for `pos`: the watched
    /// cells if the side to move is not in check, else the cells its check
    /// depends on.
    #[inline(always)]
    pub fn prepare<E: Engine + ?Sized>(&mut self, engine: &E, pos: &Position) {
        if !self.game.rules.facing_allowed.is_empty() {
            self.prepare_for_facing(pos);
        }
        self.prepare_for_royals(engine, pos);
        if self.game.rules.must_capture | self.game.rules.must_drop {
            self.prepare_required(engine, pos);
        }
    }

    /// Whether the royals face: then every move but a pass is made and
    /// tested, the shortcut set aside for this position.
    #[cold]
    #[inline(never)]
    fn prepare_for_facing(&mut self, pos: &Position) {
        self.faced = crate::legality::facing::royals_face(self.game, pos, pos.side);
        self.influence = if self.faced { None } else { self.engine_influence };
        if self.faced {
            self.watch = None;
            self.check_cells = None;
            self.royal_steps_in_check = UnwatchedKinds::default();
        }
    }

    /// The class of moves `must capture` or `must drop` requires in `pos`:
    /// the captures if one is legal, else the drops if one is legal (the
    /// moves judged as if neither rule held: a legality prepared for another
    /// position may still say one does).
    #[cold]
    fn prepare_required<E: Engine + ?Sized>(&mut self, engine: &E, pos: &Position) {
        self.required = None;
        let rules = &self.game.rules;
        let has_legal = |class: Required| {
            let mut moves = Vec::new();
            engine.generate(pos, &mut moves);
            let mut scratch = pos.clone();
            moves.into_iter().any(|mv| class.includes(pos, mv) && self.is_legal(engine, &mut scratch, mv))
        };
        self.required = if rules.must_capture && has_legal(Required::Captures) {
            Some(Required::Captures)
        } else if rules.must_drop && pos.kinds_in_hand(pos.side) != 0 && has_legal(Required::Drops) {
            Some(Required::Drops)
        } else {
            None
        };
    }

    /// [`Legality::prepare`]'s watch or check cells.
    #[inline(always)]
    fn prepare_for_royals<E: Engine + ?Sized>(&mut self, engine: &E, pos: &Position) {
        let Some(influence) = self.influence else { return };
        let mut royals = Royals::NONE;
        if royals.push_of(pos, pos.side).is_none() {
            return;
        }
        let royals = royals.as_slice();
        // The watch is marked in place: it is a few hundred bytes.
        let watch = self.watch.insert(Watch::NONE);
        if !engine.watch_if_safe(influence, pos, royals, watch) {
            self.watch = None;
            self.check_cells = engine.check_cells(influence, pos, royals).map(Box::new);
            // With two royals, the one that stays may be exposed by the
            // other's step.
            if self.check_cells.is_some() && royals.len() == 1 && !self.checks_forbidden {
                self.royal_steps_in_check = influence.royal_steps_in_check();
            }
        }
    }

    /// Is the pseudo-legal `mv` legal? `pos` is restored before returning.
    /// A move that gates is judged without its gate (see [`ungated`]): it
    /// is never judged unmade, and [`Legality::is_legal_when_made`] takes
    /// the gate off.
    #[inline(always)]
    pub fn is_legal<E: Engine + ?Sized>(&self, engine: &E, pos: &mut Position, mv: Move) -> bool {
        let quiet = self.keeps_royals_safe(pos, mv);
        if let Some(legal) = self.judged_unmade_if(engine, pos, mv, quiet) {
            return legal;
        }
        self.is_legal_when_made(engine, pos, mv)
    }

    /// Is `mv`, which [`Legality::judged_without_making`] could not judge,
    /// legal? It is made and tested; `pos` is restored before returning.
    #[inline]
    pub fn is_legal_when_made<E: Engine + ?Sized>(&self, engine: &E, pos: &mut Position, mv: Move) -> bool {
        // `must capture` and `must drop` are judged before
        // (`judged_unmade_if`): a game with either has its moves listed and
        // judged whole (`count_legal_with`).
        let mv = ungated(mv);
        let quiet = self.keeps_royals_safe(pos, mv);
        let mover = pos.side;
        let undo = engine.make(pos, mv);
        let legal = self.is_legal_made(engine, pos, mover, mv, quiet, &undo);
        engine.unmake(pos, mv, undo);
        legal
    }

    /// Is the pseudo-legal `mv` legal, judged without making it? `None`
    /// when it must be made to know.
    #[inline(always)]
    pub fn judged_without_making<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, mv: Move) -> Option<bool> {
        self.judged_unmade_if(engine, pos, mv, self.keeps_royals_safe(pos, mv))
    }

    /// [`Legality::judged_without_making`] for a swap that the generator
    /// found to leave both its cells unattacked
    /// ([`crate::state::sink::MoveSink::swap_unattacked`]). While the side's
    /// royals are safe (the watch is kept), they are safe after it: those
    /// it moves land on its two cells, the others stay, and no cell is
    /// attacked (nor faced) after it that was not before. The rules after
    /// a move are judged as for any move.
    #[inline]
    pub fn judged_unattacked_swap<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, mv: Move) -> Option<bool> {
        let safe = self.watch.is_some();
        self.judged_unmade_if(engine, pos, mv, safe || self.keeps_royals_safe(pos, mv))
    }

    /// [`Legality::judged_without_making`] for a move found to leave the
    /// side's royals safe (tested on the board after it,
    /// [`crate::state::sink::MoveSink::castle`]): the rules after a move
    /// are judged as for any move.
    #[inline]
    pub fn judged_kept_safe<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, mv: Move) -> Option<bool> {
        self.judged_unmade_if(engine, pos, mv, true)
    }

    /// [`Legality::judged_without_making`], given what
    /// [`Legality::keeps_royals_safe`] said of `mv`.
    #[inline(always)]
    fn judged_unmade_if<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, mv: Move, quiet: bool) -> Option<bool> {
        if self.faced {
            return self.judged_faced(mv);
        }
        if self.leaves_check(mv) || self.class_required(pos, mv) {
            return Some(false);
        }
        if !quiet && !self.safety_unmade(engine, pos, mv)? {
            return Some(false);
        }
        self.judged_unmade(engine, mv, pos)
    }

    /// After `mover`'s `mv`, its royals having faced before it: a pass is
    /// legal, even in check; a move that leaves them facing is not; `None`
    /// for the other moves, judged as any move. Out of line, as every rule
    /// of facing allowed: other games' judgement stays as small as it was.
    #[cold]
    #[inline(never)]
    fn judged_faced_after(&self, pos: &Position, mover: PlayerId, mv: Move) -> Option<bool> {
        if mv.is_null() {
            return Some(true);
        }
        crate::legality::facing::royals_face(self.game, pos, mover).then_some(false)
    }

    /// With the royals facing: a pass is legal, even in check; any other
    /// move must be made to see whether it ends the facing.
    #[cold]
    #[inline(never)]
    fn judged_faced(&self, mv: Move) -> Option<bool> {
        mv.is_null().then_some(true)
    }

    /// Is `mv` illegal for taking nothing while a capture is legal (`must
    /// capture`), or for not dropping while a drop is legal (`must drop`)?
    #[inline(always)]
    fn class_required(&self, pos: &Position, mv: Move) -> bool {
        self.required.is_some_and(|class| !class.includes(pos, mv))
    }

    /// Does `mv` leave its side in check, as seen without making it (it
    /// changes no cell the check depends on)?
    #[inline(always)]
    fn leaves_check(&self, mv: Move) -> bool {
        self.check_cells.as_ref().is_some_and(|cells| !cells.may_end_check(mv))
    }

    /// While the side is in check: the cells `0 .. 128` its check depends
    /// on, as bits (see [`Legality::leaves_check`]); `None` when it is not
    /// in check, or the check's cells are not known.
    #[inline(always)]
    pub(crate) fn check_low_cells(&self) -> Option<u128> {
        self.check_cells.as_ref().map(|cells| cells.low_cells())
    }

    /// Is no royal of the side to move attacked (nor faced)? Known where
    /// the watch is kept ([`Engine::watch_if_safe`] found them so); `false`
    /// where it is not known.
    #[inline(always)]
    pub(crate) fn royals_unattacked(&self) -> bool {
        self.watch.is_some()
    }

    /// The engine's influence sets, if it has them (and so the shortcut).
    #[inline(always)]
    pub(crate) fn influence(&self) -> Option<&'e Influence> {
        self.influence
    }

    /// The influence sets and the watched cells, while the shortcut
    /// applies (the side is not in check).
    #[inline(always)]
    fn shortcut(&self) -> Option<(&'e Influence, &Watch)> {
        Some((self.influence?, self.watch.as_ref()?))
    }

    /// What [`crate::legality::legal_count::LegalCount`] needs to judge a plain move
    /// or a drop on the spot: the cells that matter for the royals of the
    /// side to move, and the types whose plain moves and drops are legal
    /// when they change none of them. In check, only the royal's steps
    /// where they can be judged with its start vacated; no type when every
    /// move must be judged in full (the engine has no influence sets, or
    /// the game forbids giving check).
    /// Inlined: returned from a call, its sets were written in halves and
    /// read back whole, which stalls the processor at every node.
    #[inline(always)]
    pub fn plain_judgement(&self, pos: &Position) -> PlainJudgement<'_> {
        match self.shortcut() {
            Some((influence, watch)) if !self.checks_forbidden => {
                PlainJudgement { watch, watched: watch.low_cells(), kinds: influence.unwatched_kinds(pos), in_check: false }
            }
            _ => PlainJudgement { watch: &Watch::NONE, watched: 0, kinds: self.royal_steps_in_check, in_check: self.check_cells.is_some() },
        }
    }

    /// Of the drops of `kind` on the cells `block * 64 + i` for the bits `i`
    /// of `cells`, where filling a cell changes nothing for the royals of
    /// the side to move: those legal by the rules after a move, and those
    /// that must be judged one by one (a drop that may not mate, where it
    /// may give check), as bits. The drops the limits forbid are in
    /// neither.
    pub fn drops_by_rules<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, kind: PieceId, block: usize, cells: u64) -> (u64, u64) {
        let Some(influence) = self.influence else { return (0, cells) };
        let bulk = influence.rules_in_bulk();
        let allowed = cells & bulk.drops_allowed(pos, kind, block);
        if !influence.may_not_drop_mate(kind) {
            return (allowed, 0);
        }
        if *self.enemy_in_check.get_or_init(|| gives_check(engine, pos, pos.side)) {
            return (0, allowed);
        }
        let may_check = allowed & bulk.drops_may_check(pos, kind, block, pos.royal_cells(pos.side.opponent()));
        (allowed & !may_check, may_check)
    }

    /// Do the limits allow `mv`, bringing a `kind` they count, judged before
    /// it is made? (For a move that moves or changes no second friendly
    /// piece: see [`limits_counted_before`].)
    #[inline]
    pub fn limits_allow(&self, pos: &Position, mv: Move, kind: PieceId) -> bool {
        debug_assert!(limits_counted_before(mv));
        limits_allow(&self.game.rules.limits, pos, mv, kind)
    }

    /// Plays `mv` if it is legal, returning what takes it back; else leaves
    /// `pos` as it was.
    #[inline]
    pub fn make_if_legal<E: Engine + ?Sized>(&self, engine: &E, pos: &mut Position, mv: Move) -> Option<Undo> {
        if self.leaves_check(mv) || self.class_required(pos, mv) {
            return None;
        }
        let quiet = self.keeps_royals_safe(pos, mv);
        // A move that gates is never quiet.
        if !quiet && mv.gated().is_some() {
            return self.make_gated_if_legal(engine, pos, mv);
        }
        let mover = pos.side;
        let undo = engine.make(pos, mv);
        if self.is_legal_made(engine, pos, mover, mv, quiet, &undo) {
            if self.counts_checks && gives_check(engine, pos, mover) {
                pos.note_check(mover);
            }
            Some(undo)
        } else {
            engine.unmake(pos, mv, undo);
            None
        }
    }

    /// [`Legality::make_if_legal`] for a move that gates: judged without
    /// its gate, then played with it.
    #[cold]
    fn make_gated_if_legal<E: Engine + ?Sized>(&self, engine: &E, pos: &mut Position, mv: Move) -> Option<Undo> {
        if !self.is_legal(engine, pos, mv) {
            return None;
        }
        let mover = pos.side;
        let undo = engine.make(pos, mv);
        if self.counts_checks && gives_check(engine, pos, mover) {
            pos.note_check(mover);
        }
        Some(undo)
    }

    /// After `mover` played `mv` on `pos`, returning `undo`: was it legal?
    /// `quiet` is what [`Legality::keeps_royals_safe`] said before the move.
    #[inline]
    fn is_legal_made<E: Engine + ?Sized>(
        &self,
        engine: &E,
        pos: &mut Position,
        mover: PlayerId,
        mv: Move,
        quiet: bool,
        undo: &Undo,
    ) -> bool {
        if self.faced {
            if let Some(legal) = self.judged_faced_after(pos, mover, mv) {
                return legal;
            }
        }
        let safe = if self.explodes {
            crate::legality::explosion::royals_safe_after(engine, pos, mover, mv, undo)
        } else {
            quiet || engine.is_safe(pos, mover)
        };
        safe && other_rules_hold(engine, self.game, pos, mover, mv) && !(self.checks_forbidden && gives_check(engine, pos, mover))
    }

    /// Can `mv` (not yet made) be seen to leave every royal of the side to move
    /// unattacked and unfaced without playing it? A move that brings a royal
    /// (moving, promoting, dropping or swapping one, or promoting by proxy)
    /// always needs the test.
    #[inline(always)]
    pub fn keeps_royals_safe(&self, pos: &Position, mv: Move) -> bool {
        let Some((influence, watch)) = self.shortcut() else { return false };
        match mv {
            // A royal's move: its cell is among those whose vacating matters.
            Move::Normal { to, from, promote } => {
                !promote.is_some_and(|kind| influence.is_royal(kind)) && watch.unchanged_by(from, to, pos.at(to).is_empty())
            }
            Move::Castle { to, from, .. } => watch.unchanged_by(from, to, pos.at(to).is_empty()),
            // Made and judged without their gate ([`ungated`]).
            Move::Gated { .. } | Move::CastleGated { .. } => false,
            Move::Put { kind, to, .. } => !influence.is_royal(kind) && !watch.filling_matters(to),
            // A capture on the way may open a line behind the piece it
            // takes; a blocker's placing opens the line it leaves.
            Move::CaptureOnTheWay { .. }
            | Move::Proxy { .. }
            | Move::Swap { .. }
            | Move::Blocked { .. }
            | Move::BlockedOnTheWay { .. }
            | Move::CastleBlocked { .. } => false,
        }
    }

    /// Will the royals of the side to move be safe after `mv`, which may
    /// change a cell they depend on, judged without making it? By the
    /// royal's destination for a royal's plain step, else on a copy of the
    /// board ([`Engine::safe_after`]); `None` when the move must be made.
    /// Kept out of line: the counter's hot path reaches it only for moves
    /// that change a watched cell.
    #[inline(never)]
    fn safety_unmade<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, mv: Move) -> Option<bool> {
        self.royal_step_safety(engine, pos, mv).or_else(|| engine.safe_after(pos, mv))
    }

    /// For a royal's plain step: will the royal be safe after it, judged
    /// without making it (see [`Influence::royal_steps_judged_unmade`])?
    /// `None` for other moves, or where it cannot be judged so.
    #[inline]
    fn royal_step_safety<E: Engine + ?Sized>(&self, engine: &E, pos: &Position, mv: Move) -> Option<bool> {
        let (influence, _) = self.shortcut()?;
        let enemy = pos.side.opponent();
        let Move::Normal { to, from, promote: None } = mv else { return None };
        (from != to && influence.royal_steps_judged_unmade(enemy) && influence.is_royal(pos.at(from).kind()))
            .then(|| royal_step_is_safe(engine, pos, to))
    }

    /// Is `mv`, known to keep the royals safe, legal, judged without making
    /// it? `None` when the engine has no influence sets, or when it must be
    /// made to know: when it drops a type that may not mate and may
    /// give check, an obligation may bind, or it brings a type a limit counts
    /// in a way [`limits_allow`] cannot count beforehand (moves that promote
    /// by proxy are never quiet).
    #[inline(always)]
    fn judged_unmade<E: Engine + ?Sized>(&self, engine: &E, mv: Move, pos: &Position) -> Option<bool> {
        let influence = self.influence?;
        if self.checks_forbidden {
            return None;
        }
        if !influence.has_rules_after() {
            return Some(true);
        }
        self.judged_unmade_by_rules(engine, influence, mv, pos)
    }

    /// [`Legality::judged_unmade`] in a game with rules after a move.
    #[inline(never)]
    fn judged_unmade_by_rules<E: Engine + ?Sized>(&self, engine: &E, influence: &Influence, mv: Move, pos: &Position) -> Option<bool> {
        if influence.obligations_may_bind(pos, mv) {
            return None;
        }
        let kind = mv.arriving_kind(pos);
        // A drop that cannot give check cannot mate, unless the enemy is in
        // check already.
        if mv.is_drop()
            && influence.may_not_drop_mate(kind)
            && (influence.drop_may_check(pos, mv, pos.royal_cells(pos.side.opponent()))
                || *self.enemy_in_check.get_or_init(|| gives_check(engine, pos, pos.side)))
        {
            return None;
        }
        if !influence.is_limited(kind) {
            return Some(true);
        }
        limits_counted_before(mv).then(|| limits_allow(&self.game.rules.limits, pos, mv, kind))
    }
}

/// The move a move that gates is judged as: without its gate, as
/// Fairy-Stockfish judges it. The piece from hand enters once the move is
/// made, and shields nothing for the mover: a pinned piece may not leave
/// its line even if the piece entering its cell would close it.
#[inline(always)]
fn ungated(mv: Move) -> Move {
    mv.without_gating()
}

/// Is a royal of the side to move safe after a plain step to `to`, where
/// [`Influence::royal_steps_judged_unmade`] holds? Exactly when `to` is not
/// attacked now: where the royal itself is met first along a line (a facing
/// line among them), the line beyond is one it is not attacked along now.
/// [`Legality`] and the counter ([`crate::legality::legal_count::LegalCount`]) both
/// judge such steps by this.
#[inline(always)]
pub(crate) fn royal_step_is_safe<E: Engine + ?Sized>(engine: &E, pos: &Position, to: CellId) -> bool {
    !engine.attacked(pos, to, pos.side.opponent())
}

/// The rules besides safety after `mover` played `mv` (made on `pos`): limits,
/// proxy promotions' requirements, obligations' deadlines, the drop-mate ban.
/// `game`: the engine's, as the caller keeps it (asked of an engine behind
/// `&dyn Engine`, it is a call at every move).
#[inline]
fn other_rules_hold<E: Engine + ?Sized>(engine: &E, game: &crate::Game, pos: &mut Position, mover: PlayerId, mv: Move) -> bool {
    let rules = &game.rules;
    if rules.limits.is_empty() && rules.no_drop_mate.is_empty() && rules.proxy_promotions.is_empty() && rules.obligations.is_empty() {
        return true;
    }
    let moved = pos.at(mv.to());
    limits_hold(game, pos, mv.to())
        && mv
            .proxy_promotion()
            .is_none_or(|(cell, _)| limits_hold(game, pos, cell) && crate::plan::proxy::requirement_holds(game, pos, mover, moved, mv))
        && (rules.obligations.is_empty() || crate::plan::obligation::hold(game, pos, mover))
        && !(mv.is_drop() && is_forbidden_drop_mate(engine, pos, mv))
}

/// Can [`limits_allow`] count `mv`'s arrival before it is made? Yes unless
/// the move also moves or changes a friendly piece (a swap, castling, a
/// promotion by proxy): those are made and counted by [`limits_hold`].
#[inline]
fn limits_counted_before(mv: Move) -> bool {
    !matches!(mv, Move::Swap { .. } | Move::Castle { .. } | Move::Proxy { .. } | Move::Gated { .. } | Move::CastleGated { .. })
}

/// Before `mv` (bringing a `kind` a limit counts) is made: will it keep the
/// limits? Such a move changes the count of the arriving piece only on `to`
/// (which holds none of the mover's pieces) and on `from` (which it leaves),
/// so the count after the move is known without making it.
#[inline]
fn limits_allow(limits: &[crate::ir::Limit], pos: &Position, mv: Move, kind: PieceId) -> bool {
    let arriving = crate::Piece::new(kind, pos.side);
    limits.iter().enumerate().filter(|(_, limit)| limit.piece == kind).all(|(i, limit)| {
        let class = limit.class_of[mv.to().index()];
        let leaves = mv.from().is_some_and(|from| limit.class_of[from.index()] == class && pos.at(from) == arriving);
        pos.in_class(i, class, pos.side) - u16::from(leaves) < u16::from(limit.max)
    })
}

/// Only the types on the cells a move filled can have grown in number, and only
/// in those cells' classes: that is all that needs counting.
#[inline]
fn limits_hold(game: &crate::Game, pos: &Position, filled: CellId) -> bool {
    let arrived = pos.at(filled);
    game.rules
        .limits
        .iter()
        .enumerate()
        .filter(|(_, limit)| arrived.kind() == limit.piece)
        .all(|(i, limit)| pos.in_class(i, limit.class_of[filled.index()], arrived.owner()) <= u16::from(limit.max))
}

fn is_forbidden_drop_mate<E: Engine + ?Sized>(engine: &E, pos: &mut Position, mv: Move) -> bool {
    let Some(kind) = mv.drop_kind() else { return false };
    engine.game().rules.no_drop_mate.contains(&kind) && in_check(engine, pos) && !engine.has_legal_move(pos)
}

/// Does the side to move have a legal move (goals aside)? Its moves are
/// listed, then judged until one is legal.
pub fn has_legal_move_listed<E: Engine + ?Sized>(engine: &E, pos: &mut Position) -> bool {
    let mut moves = Vec::new();
    engine.generate(pos, &mut moves);
    let legality = Legality::new(engine, pos);
    moves.into_iter().any(|mv| legality.is_legal(engine, pos, mv))
}

/// Is the side to move in check?
pub fn in_check<E: Engine + ?Sized>(engine: &E, pos: &Position) -> bool {
    pos.royal_cells(pos.side).any(|cell| crate::legality::explosion::royal_attacked(engine, pos, cell, pos.side.opponent()))
}

/// The end of a game, seen from the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(PlayerId),
    Draw,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check: the game's `stalemate` rule decides.
    Stalemate,
    /// A goal was reached.
    Goal(GoalKind),
    /// The game would have ended drawn, and the material decided it
    /// (`draws decided by material`); a draw still when it weighs the same.
    Material,
}

impl Reason {
    /// How messages name it: "White wins by checkmate".
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Goal(GoalKind::Extinction) => "extinction",
            Reason::Goal(GoalKind::BareRoyal) => "bare royal",
            Reason::Goal(GoalKind::Reach) => "reaching the goal",
            Reason::Goal(GoalKind::Checks) => "checks",
            Reason::Goal(GoalKind::Passes) => "passes",
            Reason::Goal(GoalKind::Explosion) => "explosion",
            Reason::Material => "material count",
        }
    }
}

/// The result if the game is over, else `None`.
pub fn result<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Option<GameResult> {
    ending(engine, pos).map(|(result, _)| result)
}

/// The result and its reason if the game is over: a goal reached, or no legal
/// move for the side to move.
pub fn ending<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Option<(GameResult, Reason)> {
    let ended = ending_by_rule(engine, pos)?;
    match (ended, &engine.game().rules.material) {
        ((GameResult::Draw, _), Some(count)) => Some((crate::legality::material::decide(engine.game(), pos, count), Reason::Material)),
        _ => Some(ended),
    }
}

/// [`ending`] before a draw is decided by material.
fn ending_by_rule<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Option<(GameResult, Reason)> {
    if let Some((result, goal)) = crate::legality::goals::reached(engine, pos) {
        return Some((result, Reason::Goal(goal)));
    }
    if !legal_moves(engine, pos).is_empty() {
        return None;
    }
    let (outcome, reason) =
        if in_check(engine, pos) { (Outcome::Loss, Reason::Checkmate) } else { (engine.game().rules.stalemate, Reason::Stalemate) };
    Some((
        match outcome {
            Outcome::Loss => GameResult::Win(pos.side.opponent()),
            Outcome::Win => GameResult::Win(pos.side),
            Outcome::Draw => GameResult::Draw,
        },
        reason,
    ))
}

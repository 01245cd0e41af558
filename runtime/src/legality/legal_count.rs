//! Counting the legal moves of a position as they are generated, for perft's
//! last ply: a generated engine hands its moves to a [`LegalCount`] instead
//! of a list, and most of them are judged legal on the spot, never stored.

use crate::legality::engine::Engine;
use crate::legality::legal::{Legality, PlainJudgement};
use crate::state::cell_bits::for_each_bit;
use crate::state::occupancy::for_each_bit128;
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;
use crate::{CellId, PieceId};

/// A [`MoveSink`] counting legal moves. A plain move of a type no rule
/// after a move is about, changing no cell that matters for the side's
/// royals, is legal and counted at once; any other move is judged by
/// [`Legality::judged_without_making`], and the moves that must be made to
/// be judged are kept for [`count_legal_with`] to test afterwards, apart from
/// the moves given through [`MoveSink::moves`], which are judged afterwards
/// in full.
pub struct LegalCount<'a, E: ?Sized> {
    engine: &'a E,
    legality: &'a Legality<'a>,
    pos: &'a Position,
    judgement: PlainJudgement<'a>,
    counted: u64,
    scratch: &'a mut CountScratch,
}

/// The lists a count works in, kept from one count to the next so that
/// counting allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct CountScratch {
    /// Moves given through [`MoveSink::moves`], not judged yet.
    pub listed: Vec<Move>,
    /// Moves judged to need making.
    undecided: Vec<Move>,
}

impl<E: Engine + ?Sized> LegalCount<'_, E> {
    /// Counts `mv` if it is judged legal without making it, or keeps it to
    /// be made. Out of line: the generated loops call it only for the few
    /// moves that cannot be counted on the spot, and stay small.
    #[inline(never)]
    fn judge(&mut self, mv: Move) {
        let judged = self.legality.judged_without_making(self.engine, self.pos, mv);
        self.count_or_keep(mv, judged);
    }

    /// Counts `mv` as `judged`, or keeps it to be made where it could not be
    /// judged without making it.
    #[inline(always)]
    fn count_or_keep(&mut self, mv: Move, judged: Option<bool>) {
        match judged {
            Some(legal) => self.counted += u64::from(legal),
            None => self.scratch.undecided.push(mv),
        }
    }

    /// Counts a plain step of a royal of a type in
    /// [`crate::legality::influence::UnwatchedKinds::royal_steps`] to `to` if the
    /// royal is safe there ([`crate::legality::legal::royal_step_is_safe`]): what
    /// [`Legality`] would find, without its other tests. In check, by
    /// [`LegalCount::royal_step_vacating`].
    /// Out of line, like [`LegalCount::judge`]: the attack test is large and
    /// every piece's code reaches here.
    #[inline(never)]
    fn royal_step(&mut self, from: usize, to: usize) {
        self.royal_step_judged(from, to);
    }

    /// [`LegalCount::royal_step`] for the steps of one royal to the cells
    /// `targets`, in one call: which of its cases holds is asked once.
    #[inline(never)]
    fn royal_steps(&mut self, from: usize, targets: u128) {
        if self.judgement.in_check {
            for_each_bit128(targets, |to| self.royal_step_vacating(from, to));
        } else if self.legality.influence().is_some() {
            // Each step counted where `royal_step_is_safe` holds, all in one call.
            self.counted += u64::from(self.engine.unattacked_among(self.pos, targets, self.pos.side.opponent()));
        } else {
            for_each_bit128(targets, |to| self.judge(Move::new(CellId::from_index(from), CellId::from_index(to))));
        }
    }

    /// What [`LegalCount::royal_step`] says of one step, inline.
    #[inline(always)]
    fn royal_step_judged(&mut self, from: usize, to: usize) {
        if self.judgement.in_check {
            return self.royal_step_vacating(from, to);
        }
        // Only the influence sets' judgement names royal steps; without
        // them a step is judged as any move.
        if self.legality.influence().is_some() {
            self.royal_step_counted(to);
        } else {
            self.judge(Move::new(CellId::from_index(from), CellId::from_index(to)));
        }
    }

    /// A royal's step to `to`, its side not in check, counted where it is
    /// safe ([`crate::legality::legal::royal_step_is_safe`]).
    #[inline(always)]
    fn royal_step_counted(&mut self, to: usize) {
        self.counted += u64::from(crate::legality::legal::royal_step_is_safe(self.engine, self.pos, CellId::from_index(to)));
    }

    /// A royal's step out of check, from `from` to `to` (see
    /// [`crate::legality::influence::Influence::royal_steps_in_check`]): counted where
    /// `to` is not attacked once `from` is vacated, judged as any move
    /// where the engine cannot say so.
    #[inline(always)]
    fn royal_step_vacating(&mut self, from: usize, to: usize) {
        let (pos, from, to) = (self.pos, CellId::from_index(from), CellId::from_index(to));
        match self.engine.attacked_vacating(pos, to, pos.side.opponent(), from) {
            Some(attacked) => self.counted += u64::from(!attacked),
            None => self.judge(Move::new(from, to)),
        }
    }

    /// The plain moves of [`MoveSink::plain_to`] that were not counted in
    /// one go, judged one by one. In check, a move from a cell the check
    /// does not depend on to another such cell leaves it: those are
    /// dropped at once, as [`Legality`] would find each.
    #[inline(never)]
    fn plain_to_judged(&mut self, board: &[Piece], kind: PieceId, from: usize, mut targets: u128) {
        if let Some(cells) = self.legality.check_low_cells() {
            if cells >> from & 1 == 0 {
                targets &= cells;
            }
        }
        if let Some(line) = self.judgement.watch.pin_line(from) {
            self.pinned_to(kind, from, targets & line);
        } else if self.judgement.kinds.royal_steps >> kind.index() & 1 != 0 {
            self.royal_steps(from, targets);
        } else {
            for_each_bit128(targets, |to| self.plain(board, kind, from, to));
        }
    }

    /// The moves of [`MoveSink::plain_shifted`] to cells that matter,
    /// judged one by one.
    #[inline(never)]
    fn plain_shifted_judged(&mut self, board: &[Piece], kind: PieceId, targets: u128, offset: isize) {
        for_each_bit128(targets, |to| self.plain(board, kind, to.wrapping_sub_signed(offset), to));
    }

    /// The plain moves of a `kind` piece pinned along its line
    /// ([`crate::legality::influence::Watch::pin_line`]) to the `targets` on that
    /// line; those off it expose a royal and were dropped. A move to a cell
    /// that matters for nothing else changes no watched cell but the pinned
    /// one, and keeps it shielding the royal: it is judged as a move
    /// changing no watched cell would be.
    fn pinned_to(&mut self, kind: PieceId, from: usize, mut targets: u128) {
        let free = targets & !self.judgement.watched;
        let kinds = &self.judgement.kinds;
        if kinds.plain >> kind.index() & 1 != 0 {
            self.counted += u64::from(free.count_ones());
            targets ^= free;
        } else if kinds.limited >> kind.index() & 1 != 0 {
            for_each_bit128(free, |to| {
                let mv = Move::new(CellId::from_index(from), CellId::from_index(to));
                self.counted += u64::from(self.legality.limits_allow(self.pos, mv, kind));
            });
            targets ^= free;
        }
        for_each_bit128(targets, |to| self.judge(Move::new(CellId::from_index(from), CellId::from_index(to))));
    }

    /// [`LegalCount::judge`] for a plain move of a `kind` piece: a type in
    /// [`crate::legality::influence::UnwatchedKinds::limited`] changing no watched
    /// cell is counted if the limits allow it, which is what [`Legality`]
    /// would find, without its other tests. Out of line, like
    /// [`LegalCount::judge`].
    #[inline(never)]
    fn judge_plain(&mut self, kind: PieceId, from: usize, to: usize) {
        let mv = Move::new(CellId::from_index(from), CellId::from_index(to));
        if self.unwatched(self.pos.board(), from, to, self.judgement.kinds.limited, kind) {
            self.counted += u64::from(self.legality.limits_allow(self.pos, mv, kind));
        } else {
            self.judge(mv);
        }
    }

    /// Is the move of the piece on `from` to `to`, of a type among `kinds`
    /// (by the type it moves or promotes into), legal by the watched cells
    /// alone ([`crate::legality::influence::Watch::unchanged_by`])?
    #[inline(always)]
    fn unwatched(&self, board: &[Piece], from: usize, to: usize, kinds: u128, kind: PieceId) -> bool {
        kinds >> kind.index() & 1 != 0
            && self.judgement.watch.unchanged_by(CellId::from_index(from), CellId::from_index(to), board[to].is_empty())
    }
}

impl<E: Engine + ?Sized> MoveSink for LegalCount<'_, E> {
    #[inline(always)]
    fn plain(&mut self, board: &[Piece], kind: PieceId, from: usize, to: usize) {
        if self.unwatched(board, from, to, self.judgement.kinds.plain, kind) {
            self.counted += 1;
        } else if self.judgement.kinds.royal_steps >> kind.index() & 1 != 0 {
            self.royal_step(from, to);
        } else {
            self.judge_plain(kind, from, to);
        }
    }

    /// A type whose moves are judged by the watched cells alone, moving from
    /// a cell whose vacating does not matter, has its moves to cells that do
    /// not matter counted in one go.
    /// Only the count in one go is inline: the moves judged one by one go
    /// to [`LegalCount::plain_to_judged`], so that each piece's code in
    /// the generated loops stays small (the counting generator of a game
    /// with many types outgrew the instruction cache).
    #[inline(always)]
    fn plain_to(&mut self, board: &[Piece], kind: PieceId, from: usize, targets: u128) {
        // Many pieces have no move: those skip the watch's reads.
        if targets == 0 {
            return;
        }
        let mut judged = targets;
        if self.judgement.kinds.plain >> kind.index() & 1 != 0 && !self.judgement.watch.vacating_matters(CellId::from_index(from)) {
            let free = targets & !self.judgement.watched;
            self.counted += u64::from(free.count_ones());
            judged ^= free;
        }
        if judged != 0 {
            self.plain_to_judged(board, kind, from, judged);
        }
    }

    /// A royal's steps skip [`MoveSink::plain_to`]'s tests, none of which
    /// holds for them: a royal type is never among the types moving
    /// freely, and a royal's cell is watched (for its own move), never
    /// pinned, and among the cells of its check. Those of a type in
    /// [`crate::legality::influence::UnwatchedKinds::royal_steps`] go straight to
    /// [`LegalCount::royal_steps`].
    #[inline(always)]
    fn royal_to(&mut self, board: &[Piece], kind: PieceId, from: usize, targets: u128) {
        if targets == 0 {
            return;
        }
        if self.judgement.kinds.royal_steps >> kind.index() & 1 != 0 {
            self.royal_steps(from, targets);
        } else {
            self.plain_to_judged(board, kind, from, targets);
        }
    }

    /// The pieces of a type whose moves are judged by the watched cells
    /// alone, on cells whose vacating does not matter: their moves to
    /// cells that do not matter are counted in one go, as
    /// [`MoveSink::plain_to`] counts one piece's.
    #[inline(always)]
    fn in_bulk(&mut self, kind: PieceId, starts: u128) -> u128 {
        if self.judgement.kinds.plain >> kind.index() & 1 == 0 {
            return 0;
        }
        starts & !self.judgement.watch.low_vacating_cells()
    }

    /// Mostly no shift lands on a cell that matters: then every target is
    /// counted, with one test for all the shifts.
    #[inline(always)]
    fn plain_shifts<const N: usize>(&mut self, board: &[Piece], kind: PieceId, shifts: [(u128, isize); N]) {
        if shifts.iter().fold(0, |all, (targets, _)| all | targets) & self.judgement.watched == 0 {
            self.counted += shifts.iter().map(|(targets, _)| u64::from(targets.count_ones())).sum::<u64>();
        } else {
            for (targets, offset) in shifts {
                self.plain_shifted(board, kind, targets, offset);
            }
        }
    }

    #[inline(always)]
    fn plain_shifted(&mut self, board: &[Piece], kind: PieceId, targets: u128, offset: isize) {
        let free = targets & !self.judgement.watched;
        self.counted += u64::from(free.count_ones());
        if targets != free {
            self.plain_shifted_judged(board, kind, targets ^ free, offset);
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        // A move that only promotes is judged as a plain one, by the type it
        // brings.
        if let Move::Normal { to, from, promote } = mv {
            let board = self.pos.board();
            let (kinds, kind) = match promote {
                Some(kind) => (self.judgement.kinds.promoting, kind),
                None => (self.judgement.kinds.plain, board[from.index()].kind()),
            };
            if self.unwatched(board, from.index(), to.index(), kinds, kind) {
                self.counted += 1;
                return;
            }
        }
        self.judge(mv);
    }

    #[inline(always)]
    fn swap_unattacked(&mut self, mv: Move) {
        let judged = self.legality.judged_unattacked_swap(self.engine, self.pos, mv);
        self.count_or_keep(mv, judged);
    }

    /// A castling found safe is judged as one that keeps the royals safe;
    /// any other is listed and judged in full, as the walk's are.
    #[inline(always)]
    fn castle(&mut self, mv: Move, safe: impl FnOnce() -> Option<bool>) {
        if safe() == Some(true) {
            let judged = self.legality.judged_kept_safe(self.engine, self.pos, mv);
            self.count_or_keep(mv, judged);
        } else {
            self.scratch.listed.push(mv);
        }
    }

    /// A type whose drops are judged by the watched cells alone has the
    /// drops on cells whose filling does not matter counted in one go; one
    /// that a rule after a move is about has them judged in bulk by that
    /// rule ([`Legality::drops_by_rules`]), but for the few it must judge
    /// one by one.
    #[inline(always)]
    fn drops(&mut self, held: PieceId, kind: PieceId, base: usize, cells: u64) {
        let (block, kinds) = (base / 64, &self.judgement.kinds);
        let unwatched = cells & !self.judgement.watch.filling_block(block);
        let (legal, judged) = if kinds.dropped >> kind.index() & 1 != 0 {
            (unwatched, cells ^ unwatched)
        } else if kinds.dropped_by_rules >> kind.index() & 1 != 0 {
            let (legal, judged) = self.legality.drops_by_rules(self.engine, self.pos, kind, block, unwatched);
            (legal, judged | (cells ^ unwatched))
        } else {
            (0, cells)
        };
        self.counted += u64::from(legal.count_ones());
        for_each_bit(judged, |i| self.push(Move::drop_as(held, kind, CellId::from_index(base + i))));
    }

    /// The watch is kept only while no royal of the side is attacked.
    #[inline(always)]
    fn royals_unattacked(&self) -> bool {
        self.legality.royals_unattacked()
    }

    #[inline(always)]
    fn moves(&mut self) -> &mut Vec<Move> {
        &mut self.scratch.listed
    }
}

/// The number of legal moves of the side to move in `pos` (goals aside),
/// with `generate` giving every pseudo-legal move to a [`LegalCount`].
#[inline]
pub fn count_legal_with<E: Engine + ?Sized>(
    engine: &E,
    pos: &mut Position,
    scratch: &mut CountScratch,
    generate: impl FnOnce(&Position, &mut LegalCount<'_, E>),
) -> u64 {
    let mut legality = Legality::unprepared(engine);
    legality.prepare(engine, pos);
    if engine.game().rules.must_capture | engine.game().rules.must_drop {
        // Whether a move is legal depends on the others: each is listed
        // and judged, none counted in bulk.
        return count_listed(engine, &legality, pos, scratch);
    }
    scratch.listed.clear();
    scratch.undecided.clear();
    let mut sink = LegalCount { engine, legality: &legality, pos, judgement: legality.plain_judgement(pos), counted: 0, scratch };
    generate(pos, &mut sink);
    let counted = sink.counted;
    let made = scratch.undecided.iter().filter(|&&mv| legality.is_legal_when_made(engine, pos, mv)).count();
    let listed = scratch.listed.iter().filter(|&&mv| legality.is_legal(engine, pos, mv)).count();
    counted + (made + listed) as u64
}

/// The legal moves of the side to move, each listed and judged.
#[cold]
fn count_listed<E: Engine + ?Sized>(engine: &E, legality: &Legality, pos: &mut Position, scratch: &mut CountScratch) -> u64 {
    scratch.listed.clear();
    engine.generate(pos, &mut scratch.listed);
    scratch.listed.iter().filter(|&&mv| legality.is_legal(engine, pos, mv)).count() as u64
}

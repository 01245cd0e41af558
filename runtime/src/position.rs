//! The state of a game and the moves that change it.

use crate::cell_bits;
use crate::drops::DropCells;
use crate::ir::{ByPlayer, CellId, Game, MoveKind, PieceId, PlayerId};
use crate::move_features::{AnyGame, MoveFeatures};
use crate::occupancy::{HeldCells, MAX_CELLS};
use crate::piece::Piece;
use crate::piece_cells::PieceCells;
use crate::piece_set::PieceSet;
pub use crate::plan::en_passant::NO_PASSING;
use crate::plan::en_passant::{Passing, Passings};
use crate::tally::{ClassFill, Tally, TallyPlan};
use std::sync::Arc;

mod from_setup;
mod null_move;

pub use null_move::Pass;

/// Marks "no piece type" in [`Move::promote`], [`Move::dropped`], [`Move::proxy`].
pub const NO_PROMOTION: PieceId = PieceId::MARK;
/// Marks "no cell" in [`Move::extra`].
pub const NO_CELL: CellId = CellId::MARK;
/// The most pieces of one type a hand holds: a hand keeps each count in a
/// byte. [`Position::from_setup`] refuses a position string with more.
pub const HAND_CAP: u8 = u8::MAX;
/// A countdown that has not started (see [`crate::ir::Obligation`]).
pub const NOT_COUNTING: u8 = u8::MAX;
/// At most this many obligations per game (each player has a countdown for
/// each).
pub const MAX_OBLIGATIONS: usize = 2;

/// A move, small enough to copy freely. The notation module writes it as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: CellId,
    pub to: CellId,
    /// The type the moving piece becomes, or [`NO_PROMOTION`].
    pub promote: PieceId,
    /// A second cell: the enemy piece the move captures on its way (a capturing
    /// leap), or the friendly piece it promotes by proxy; else [`NO_CELL`].
    pub extra: CellId,
    /// For a drop, the type put on `to` from the hand (`from` is [`NO_CELL`]);
    /// otherwise [`NO_PROMOTION`].
    pub dropped: PieceId,
    /// The type the piece on `extra` becomes (a promotion by proxy), or
    /// [`NO_PROMOTION`].
    pub proxy: PieceId,
    /// The piece changes places with the friendly piece on `to`.
    pub swap: bool,
    /// Castling: where the friendly piece on `extra` (the partner) lands;
    /// else [`NO_CELL`].
    pub partner_to: CellId,
    /// The move gives check in a game that counts checks: playing it takes
    /// one from the mover's [`Position::checks_left`]. Set by the legality
    /// layer ([`crate::legal::legal_moves`]), which alone can see checks.
    pub gives_check: bool,
}

impl Move {
    #[inline]
    pub const fn new(from: CellId, to: CellId) -> Move {
        Move {
            from,
            to,
            promote: NO_PROMOTION,
            extra: NO_CELL,
            dropped: NO_PROMOTION,
            proxy: NO_PROMOTION,
            swap: false,
            partner_to: NO_CELL,
            gives_check: false,
        }
    }

    #[inline]
    pub const fn promoting(from: CellId, to: CellId, kind: PieceId) -> Move {
        Move { promote: kind, ..Move::new(from, to) }
    }

    /// Puts a piece of type `kind` from the mover's hand on `to`.
    #[inline]
    pub const fn drop(kind: PieceId, to: CellId) -> Move {
        Move { dropped: kind, ..Move::new(NO_CELL, to) }
    }

    /// The piece on `from` changes places with the friendly piece on `to`.
    #[inline]
    pub const fn swapping(from: CellId, to: CellId) -> Move {
        Move { swap: true, ..Move::new(from, to) }
    }

    /// Castling: the piece goes from `from` to `to` and the partner on
    /// `partner` to `partner_to`.
    #[inline]
    pub const fn castling(from: CellId, to: CellId, partner: CellId, partner_to: CellId) -> Move {
        Move { extra: partner, partner_to, ..Move::new(from, to) }
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        self.dropped.index() != NO_PROMOTION.index()
    }

    pub fn drop_kind(self) -> Option<PieceId> {
        self.is_drop().then_some(self.dropped)
    }

    /// The same move, also capturing the piece on `cell` on its way.
    #[inline]
    pub const fn capturing_on_the_way(self, cell: CellId) -> Move {
        Move { extra: cell, ..self }
    }

    /// The same move, marked as giving check (see [`Move::gives_check`]).
    #[inline]
    pub const fn checking(self) -> Move {
        Move { gives_check: true, ..self }
    }

    /// The same move, the piece becoming `kind`.
    #[inline]
    pub const fn with_promotion(self, kind: PieceId) -> Move {
        Move { promote: kind, ..self }
    }

    /// The same move, also turning the friendly piece on `cell` into `kind`.
    #[inline]
    pub const fn with_proxy(self, cell: CellId, kind: PieceId) -> Move {
        Move { extra: cell, proxy: kind, ..self }
    }

    pub fn promotion(self) -> Option<PieceId> {
        (self.promote != NO_PROMOTION).then_some(self.promote)
    }

    /// The cell and new type of a promotion by proxy.
    pub fn proxy_promotion(self) -> Option<(CellId, PieceId)> {
        (self.proxy != NO_PROMOTION).then_some((self.extra, self.proxy))
    }

    /// Castling: the partner's cell and where it lands.
    pub fn castling_partner(self) -> Option<(CellId, CellId)> {
        (self.partner_to != NO_CELL).then_some((self.extra, self.partner_to))
    }

    /// The cell of a piece captured on the way (or in passing).
    pub fn extra_capture(self) -> Option<CellId> {
        (self.extra != NO_CELL && self.proxy == NO_PROMOTION && self.partner_to == NO_CELL).then_some(self.extra)
    }
}

/// What [`Position::make`] needs to restore the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    pub moved: Piece,
    pub captured: Piece,
    /// The piece on [`Move::extra`] before the move.
    pub captured_extra: Piece,
    /// The countdowns before the move.
    pub countdowns: ByPlayer<[u8; MAX_OBLIGATIONS]>,
    /// The cells open to capture in passing before the move.
    pub en_passant: u16,
    /// Which of the cells the move changed (`from`, `to`, `extra`,
    /// `partner_to`, one bit each) held unmoved pieces before it.
    pub unmoved: u8,
    /// The half-move clock before the move.
    pub halfmove: u16,
    /// The checks left before the move.
    pub checks_left: ByPlayer<u8>,
}

/// The pieces of either player all of whose moves go forward (pawns): their
/// moves can never be undone, so they reset the half-move clock.
pub(crate) fn forward_only(game: &Game) -> PieceSet {
    let mut set = PieceSet::EMPTY;
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        for (player, rules) in game.player_ids().zip(piece.moves.iter()) {
            let forward = &game.players[player].forward;
            let ahead = |dir: crate::ir::DirId| game.directions[dir].vector.iter().zip(forward).map(|(a, b)| a * b).sum::<i32>() > 0;
            let all_ahead = !rules.is_empty()
                && rules.iter().all(|rule| match rule.kind {
                    MoveKind::Ride { dir, .. } | MoveKind::Hop { dir } => ahead(dir),
                    MoveKind::Leap { target, .. } | MoveKind::CapturingLeap { target, .. } => ahead(target),
                    MoveKind::Swap { .. } | MoveKind::Castle { .. } => false,
                });
            if all_ahead {
                set.insert(Piece::new(kind, player));
            }
        }
    }
    set
}

/// What every position of a game shares: how captures enter hands and which
/// pieces start countdowns.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Shared {
    kinds: usize,
    /// `captured_as` per piece type, [`NO_PROMOTION`] where captured pieces
    /// leave the game.
    to_hand: Vec<PieceId>,
    /// Per obligation, the piece types that keep their owner's countdown from
    /// starting.
    keeps_free: Vec<Vec<PieceId>>,
    delays: Vec<u8>,
    /// What the positions keep counted besides the board.
    tally: TallyPlan,
    /// Some rule depends on whether a piece has moved: the position keeps
    /// track.
    tracks_unmoved: bool,
    /// The moves that open cells to capture in passing.
    passings: Passings,
    /// The pieces whose moves reset the half-move clock (they only move
    /// forward), if the game keeps the clocks at all.
    clocks: Option<PieceSet>,
    /// Where each type may be dropped.
    drop_cells: DropCells,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// One [`Piece`] per cell; written only through [`Position::put`], `make` and
    /// `unmake`, which keep `counts` up to date.
    board: Vec<Piece>,
    /// The royals' cells and the limits' counts, kept by every change of
    /// the board as `counts` is.
    tally: Tally,
    /// How many cells hold each [`Piece`] value (index: the piece's byte; `0`
    /// counts the empty cells). Kept by every change of the board so that rules
    /// about the number of pieces (countdowns, limits) never scan it.
    counts: [u16; 256],
    /// The cells of each piece, and of the second player, below
    /// [`crate::occupancy::MAX_CELLS`], kept by every change of the board
    /// as `counts` is (only read on boards of up to that many cells).
    piece_cells: PieceCells,
    /// The player to move.
    pub side: PlayerId,
    /// FEN's half-move clock: moves since the last capture or move of a piece
    /// that only moves forward (a pawn), kept in games whose position strings
    /// carry it ([`crate::fen_state::has_fields`]).
    halfmove: u16,
    /// FEN's full-move number: 1 at the start, counted up after each move of
    /// the second player.
    fullmove: u16,
    /// Pieces in hand: `hands[player][kind]` (empty in games without
    /// hands).
    pub(crate) hands: ByPlayer<Vec<u8>>,
    /// Countdowns: `countdowns[player][obligation]`, the number of the
    /// player's own moves left before the obligation binds, or
    /// [`NOT_COUNTING`] (as are the slots past the game's obligations).
    pub countdowns: ByPlayer<[u8; MAX_OBLIGATIONS]>,
    /// The cells whose pieces have not moved since the setup, as bits (empty
    /// in games where no rule asks).
    unmoved: Vec<u64>,
    /// The passing (see [`Passings`]) of the last move, whose cells are open
    /// to capture in passing, or [`NO_PASSING`].
    en_passant: u16,
    /// In a game with a check-count goal (`goal 3 checks`), the checks each
    /// player still has to give to win, as Fairy-Stockfish counts them; both
    /// stay 0 in other games.
    pub(crate) checks_left: ByPlayer<u8>,
    shared: Arc<Shared>,
}

impl Position {
    pub fn empty(game: &Game) -> Position {
        let kinds = game.pieces.len();
        assert!(kinds <= crate::ir::MAX_PIECE_TYPES, "a piece stores its type in seven bits");
        let obligations = &game.rules.obligations;
        assert!(obligations.len() <= MAX_OBLIGATIONS, "a position keeps {MAX_OBLIGATIONS} countdowns per player");
        let tracks_unmoved = game.has_unmoved_rules();
        let passings = if game.has_en_passant() { Passings::of(game) } else { Passings::default() };
        let shared = Shared {
            kinds,
            to_hand: game.pieces.iter().map(|p| p.captured_as.unwrap_or(NO_PROMOTION)).collect(),
            keeps_free: obligations.iter().map(|o| o.unless.clone()).collect(),
            delays: obligations.iter().map(|o| o.delay).collect(),
            tally: TallyPlan::of(game),
            tracks_unmoved,
            passings,
            clocks: crate::fen_state::has_fields(game).then(|| forward_only(game)),
            drop_cells: if game.has_hands() { DropCells::of(game) } else { DropCells::default() },
        };
        let hands = ByPlayer::from_fn(|_| if game.has_hands() { vec![0; kinds] } else { Vec::new() });
        let mut counts = [0; 256];
        counts[0] = game.cell_count() as u16;
        Position {
            board: vec![Piece::EMPTY; game.cell_count()],
            tally: Tally::empty(&shared.tally),
            counts,
            piece_cells: PieceCells::empty(game.cell_count()),
            side: PlayerId::FIRST,
            hands,
            countdowns: ByPlayer::from_fn(|_| [NOT_COUNTING; MAX_OBLIGATIONS]),
            halfmove: 0,
            fullmove: 1,
            unmoved: if tracks_unmoved { vec![0; game.cell_count().div_ceil(64)] } else { Vec::new() },
            en_passant: NO_PASSING,
            checks_left: ByPlayer::from_fn(|_| game.checks_to_win().unwrap_or(0)),
            shared: Arc::new(shared),
        }
    }

    #[inline]
    pub fn at(&self, cell: CellId) -> Piece {
        self.board[cell.index()]
    }

    /// Every cell's piece, indexed by [`CellId`].
    #[inline]
    pub fn board(&self) -> &[Piece] {
        &self.board
    }

    /// Every cell with its piece (or [`Piece::EMPTY`]), in order.
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = (CellId, Piece)> + '_ {
        CellId::first(self.board.len()).zip(self.board.iter().copied())
    }

    /// Puts `piece` (or [`Piece::EMPTY`]) on `cell`, whatever stood there.
    #[inline]
    pub fn put(&mut self, cell: CellId, piece: Piece) {
        self.set(cell.index(), piece);
    }

    /// How many pieces of `player` stand on the board.
    #[inline]
    pub fn pieces_of(&self, player: PlayerId) -> u32 {
        (0..self.shared.kinds).map(|kind| u32::from(self.counts[Piece::new(PieceId::from_index(kind), player).0 as usize])).sum()
    }

    /// Does a piece of `player` of a type that is not royal stand on the
    /// board? Stops at the first type that has one.
    #[inline]
    pub fn has_non_royal_on_board(&self, player: PlayerId) -> bool {
        let plan = &self.shared.tally;
        (0..self.shared.kinds).any(|kind| {
            let piece = Piece::new(PieceId::from_index(kind), player);
            self.counts[piece.0 as usize] != 0 && !plan.is_royal(piece)
        })
    }

    /// How many royals of `player` stand on the board.
    #[inline]
    pub fn royal_count(&self, player: PlayerId) -> u32 {
        self.tally.royal_count(&self.shared.tally, player)
    }

    /// How many cells hold `piece`.
    #[inline]
    pub fn count(&self, piece: Piece) -> u16 {
        self.counts[piece.0 as usize]
    }

    #[inline(always)]
    fn set(&mut self, cell: usize, piece: Piece) {
        let old = std::mem::replace(&mut self.board[cell], piece);
        self.counts[old.0 as usize] -= 1;
        self.counts[piece.0 as usize] += 1;
        self.piece_cells.replaced(cell, old, piece);
        self.tally.replaced(&self.shared.tally, cell, old, piece);
    }

    /// On a board of up to [`MAX_CELLS`] cells, the cells that hold a
    /// piece and those of the second player, kept as the board changes
    /// (see [`HeldCells::seen_by`]).
    #[inline(always)]
    pub fn held_cells(&self) -> HeldCells {
        debug_assert!(self.board.len() <= MAX_CELLS, "a board of {} cells", self.board.len());
        self.piece_cells.held()
    }

    /// On a board of up to [`MAX_CELLS`] cells, the cells of each piece,
    /// kept as the board changes.
    #[inline(always)]
    pub fn piece_cells(&self) -> &PieceCells {
        debug_assert!(self.board.len() <= MAX_CELLS, "a board of {} cells", self.board.len());
        &self.piece_cells
    }

    /// The empty cells among `block * 64 ..= block * 64 + 63`, as bits.
    #[inline]
    pub fn empty_block(&self, block: usize) -> u64 {
        let cells = &self.board[block * 64..self.board.len().min(block * 64 + 64)];
        let all = if cells.len() == 64 { !0 } else { (1 << cells.len()) - 1 };
        let held = if self.board.len() <= MAX_CELLS { self.held_cells().block(block) } else { crate::occupancy::held_and_second(cells).0 };
        all & !held
    }

    /// Where each type may be dropped.
    #[inline]
    pub fn drop_cells(&self) -> &DropCells {
        &self.shared.drop_cells
    }

    /// How many pieces of `player`, of the type of the game's limit number
    /// `limit`, stand in its class number `class`.
    #[inline]
    pub fn in_class(&self, limit: usize, class: u16, player: PlayerId) -> u16 {
        self.tally.in_class(&self.shared.tally, limit, class, player).unwrap_or_else(|piece| self.count(piece))
    }

    /// How many classes of the game's limit number `limit` hold as many
    /// pieces of `player` as the limit allows, or more.
    #[inline]
    pub fn full_classes(&self, limit: usize, player: PlayerId) -> u16 {
        self.class_fill(limit, player).full
    }

    /// How many classes of the game's limit number `limit` hold more pieces
    /// of `player` than the limit allows (none in a position reached by
    /// moves from a setup that keeps the limits).
    #[inline]
    pub fn overfull_classes(&self, limit: usize, player: PlayerId) -> u16 {
        self.class_fill(limit, player).over
    }

    /// The full and overfull classes of a limit; for a limit of the whole
    /// board, from the piece count the position keeps.
    #[inline]
    pub(crate) fn class_fill(&self, limit: usize, player: PlayerId) -> ClassFill {
        self.tally.fill(&self.shared.tally, limit, player).unwrap_or_else(|(piece, max)| {
            let count = self.count(piece);
            ClassFill { full: u16::from(count >= max), over: u16::from(count > max) }
        })
    }

    /// The types of which `player` holds a piece in hand, as bits by type:
    /// read eight counts at a time without a branch per type, so that a
    /// drop generator visits only those.
    #[inline]
    pub fn kinds_in_hand(&self, player: PlayerId) -> u128 {
        let hand = &self.hands[player][..];
        // Eight counts at a time, as the bytes of one word.
        let (blocks, rest) = hand.as_chunks::<8>();
        let mut set = 0u128;
        for (block, counts) in blocks.iter().enumerate() {
            set |= u128::from(crate::occupancy::nonzero_bytes(u64::from_le_bytes(*counts))) << (block * 8);
        }
        match hand.last_chunk::<8>() {
            // The last eight counts, overlapping the blocks read: the bits
            // they share are the same.
            Some(last) if !rest.is_empty() => {
                set | u128::from(crate::occupancy::nonzero_bytes(u64::from_le_bytes(*last))) << (hand.len() - 8)
            }
            _ => rest.iter().enumerate().fold(set, |set, (kind, &count)| set | u128::from(count != 0) << (blocks.len() * 8 + kind)),
        }
    }

    /// [`Position::kinds_in_hand`] in a game of `KINDS` piece types, as
    /// generated code knows it: the counts are read as an array whose
    /// length the compiler knows, without the loop over words of eight.
    #[inline(always)]
    pub fn kinds_in_hand_of<const KINDS: usize>(&self, player: PlayerId) -> u128 {
        debug_assert_eq!(KINDS, self.shared.kinds);
        let Some(hand) = self.hands[player].first_chunk::<KINDS>() else { return 0 };
        // Eight counts at a time, as the bytes of one word (the last
        // padded with zeros): a loop the compiler unrolls for `KINDS`.
        let mut set = 0u128;
        for (block, counts) in hand.chunks(8).enumerate() {
            let mut word = [0u8; 8];
            word[..counts.len()].copy_from_slice(counts);
            set |= u128::from(crate::occupancy::nonzero_bytes(u64::from_le_bytes(word))) << (block * 8);
        }
        set
    }

    /// How many pieces of `kind` `player` holds in hand.
    #[inline]
    pub fn in_hand(&self, player: PlayerId, kind: PieceId) -> u8 {
        self.hands[player].get(kind.index()).copied().unwrap_or(0)
    }

    /// Does this game keep pieces in hand?
    #[inline]
    pub fn has_hands(&self) -> bool {
        !self.hands[PlayerId::FIRST].is_empty()
    }

    /// How many obligations (countdowns per player) this game has.
    #[inline]
    pub fn obligations(&self) -> usize {
        self.shared.delays.len()
    }

    /// FEN's half-move clock: moves since the last capture or move of a
    /// piece that only moves forward (a pawn), kept in games whose position
    /// strings carry it ([`crate::fen_state::has_fields`]).
    #[inline]
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }

    /// FEN's full-move number: 1 at the start, counted up after each move
    /// of the second player.
    #[inline]
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// Puts back the full-move number the position had before a move, for
    /// a history that takes back moves made where the number had stopped
    /// counting (at `u16::MAX`, where `unmake` would count down from).
    pub fn restore_fullmove(&mut self, fullmove: u16) {
        self.fullmove = fullmove.max(1);
    }

    /// In a game with a check-count goal (`goal 3 checks`), the checks each
    /// player still has to give to win, as Fairy-Stockfish counts them;
    /// both 0 in other games.
    #[inline]
    pub fn checks_left(&self) -> ByPlayer<u8> {
        self.checks_left
    }

    /// The countdown of `obligation` for `player`.
    #[inline]
    pub fn countdown(&self, player: PlayerId, obligation: usize) -> u8 {
        self.countdowns[player][obligation]
    }

    /// Has the piece on `cell` not moved since the setup? (Always `false` in
    /// games where no rule asks.)
    #[inline]
    pub fn is_unmoved(&self, cell: CellId) -> bool {
        self.unmoved.get(cell.index() >> 6).is_some_and(|bits| bits >> (cell.index() & 63) & 1 != 0)
    }

    /// Marks the piece on `cell` as unmoved or moved (for readers of position
    /// strings); ignored in games where no rule asks.
    pub(crate) fn set_unmoved(&mut self, cell: CellId, unmoved: bool) {
        if let Some(bits) = self.unmoved.get_mut(cell.index() >> 6) {
            let bit = 1u64 << (cell.index() & 63);
            if unmoved {
                *bits |= bit;
            } else {
                *bits &= !bit;
            }
        }
    }

    /// The cells of the unmoved pieces, in order.
    #[inline]
    pub fn unmoved_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        cell_bits::cells(&self.unmoved)
    }

    /// Does this game keep track of unmoved pieces?
    pub fn tracks_unmoved(&self) -> bool {
        self.shared.tracks_unmoved
    }

    /// The last move's passing, if it left cells open to capture in passing.
    #[inline]
    pub fn en_passant(&self) -> Option<&Passing> {
        (self.en_passant != NO_PASSING).then(|| self.shared.passings.get(self.en_passant))
    }

    /// The game's passings (for readers of position strings).
    pub fn passings(&self) -> &Passings {
        &self.shared.passings
    }

    /// Opens the cells of a passing to capture in passing (or none, with
    /// [`NO_PASSING`]), for readers of position strings.
    pub(crate) fn set_en_passant(&mut self, passing: u16) {
        self.en_passant = passing;
    }

    /// Adds (`+1`) or takes back (`-1`) a captured piece to/from `captor`'s hand.
    #[inline]
    fn hand_capture(&mut self, captor: PlayerId, captured: Piece, delta: i8) {
        if captured.is_empty() || self.hands[captor].is_empty() {
            return;
        }
        let kind = self.shared.to_hand[captured.kind().index()];
        if kind != NO_PROMOTION {
            let held = &mut self.hands[captor][kind.index()];
            *held = held.wrapping_add_signed(delta);
        }
    }

    /// Plays `mv` (which must be pseudo-legal) and passes the turn.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        self.make_with::<AnyGame>(mv)
    }

    /// [`Position::make`] for a game with the features `F`: the work of
    /// the others is left out (a generated engine's make, see
    /// [`crate::engine::Engine::make`]).
    #[inline]
    pub fn make_with<F: MoveFeatures>(&mut self, mv: Move) -> Undo {
        let mut undo = Undo {
            moved: Piece::EMPTY,
            captured: Piece::EMPTY,
            captured_extra: Piece::EMPTY,
            countdowns: self.countdowns,
            en_passant: self.en_passant,
            unmoved: 0,
            halfmove: self.halfmove,
            checks_left: self.checks_left,
        };
        let mover = self.side;
        if F::CHECKS && mv.gives_check {
            self.note_check(mover);
        }
        if F::UNMOVED && self.shared.tracks_unmoved {
            undo.unmoved = self.forget_unmoved(mv);
        }
        if F::PASSINGS {
            self.en_passant = NO_PASSING;
        }
        if let Some(kind) = mv.drop_kind().filter(|_| F::HANDS) {
            self.hands[mover][kind.index()] -= 1;
            self.set(mv.to.index(), Piece::new(kind, mover));
        } else {
            let moved = self.board[mv.from.index()];
            undo.moved = moved;
            // A null move (from = to) and castling capture nothing; a swap
            // moves the friend.
            let castling = F::EXTRA_CELL && mv.partner_to != NO_CELL;
            undo.captured = if mv.from == mv.to || castling { Piece::EMPTY } else { self.board[mv.to.index()] };
            if F::EXTRA_CELL && mv.extra != NO_CELL {
                undo.captured_extra = self.board[mv.extra.index()];
                self.set(mv.extra.index(), if mv.proxy == NO_PROMOTION { Piece::EMPTY } else { Piece::new(mv.proxy, mover) });
            }
            let swap = F::SWAPS && mv.swap;
            self.set(mv.from.index(), if swap { undo.captured } else { Piece::EMPTY });
            self.set(
                mv.to.index(),
                match mv.promotion() {
                    Some(kind) => Piece::new(kind, moved.owner()),
                    None => moved,
                },
            );
            if castling {
                self.set(mv.partner_to.index(), undo.captured_extra);
            } else if !swap && F::HANDS {
                self.hand_capture(mover, undo.captured, 1);
                if F::EXTRA_CELL && mv.extra_capture().is_some() {
                    self.hand_capture(mover, undo.captured_extra, 1);
                }
            }
            if F::PASSINGS {
                if let Some(passing) = self.shared.passings.find(moved, mv.from, mv.to) {
                    self.en_passant = passing;
                }
            }
        }
        if F::COUNTDOWNS && !self.shared.delays.is_empty() {
            self.advance_countdowns(mover);
        }
        if F::CLOCKS {
            if let Some(resetters) = &self.shared.clocks {
                let irreversible = !undo.captured.is_empty() || mv.extra_capture().is_some() || resetters.contains(undo.moved);
                self.halfmove = if irreversible { 0 } else { self.halfmove.saturating_add(1) };
                self.fullmove = self.fullmove.saturating_add(mover.index() as u16);
            }
        }
        self.side = self.side.opponent();
        undo
    }

    /// Would playing `mv` (a move of the side to move) leave the countdowns
    /// of `player`, another side, as they are? Only the mover's go down; another
    /// side's starts when it has run out of the pieces that keep it free,
    /// which a move that captures nothing leaves as they are, unless it has
    /// run out already without counting (a position set up so).
    #[inline]
    pub fn keeps_countdowns_of(&self, player: PlayerId, mv: Move) -> bool {
        let captures = !mv.is_drop() && !mv.swap && mv.partner_to == NO_CELL && mv.from != mv.to && !self.at(mv.to).is_empty();
        if captures || mv.extra_capture().is_some() {
            return false;
        }
        self.shared.keeps_free.iter().enumerate().all(|(obligation, keepers)| {
            self.countdown(player, obligation) != NOT_COUNTING || keepers.iter().any(|&kind| self.count(Piece::new(kind, player)) > 0)
        })
    }

    /// `player` has just given check: one check fewer left to give.
    #[inline]
    pub fn note_check(&mut self, player: PlayerId) {
        let left = &mut self.checks_left[player];
        *left = left.saturating_sub(1);
    }

    /// The cells a move changes, in the order of [`Undo::unmoved`]'s bits.
    #[inline]
    fn changed_cells(mv: Move) -> [CellId; 4] {
        [mv.from, mv.to, mv.extra, mv.partner_to]
    }

    /// Every piece a move changes has moved (or left): clears their cells'
    /// unmoved marks, returning the marks as they were.
    #[inline]
    fn forget_unmoved(&mut self, mv: Move) -> u8 {
        let mut before = 0;
        for (i, cell) in Self::changed_cells(mv).into_iter().enumerate() {
            if cell != NO_CELL && self.is_unmoved(cell) {
                before |= 1 << i;
                self.set_unmoved(cell, false);
            }
        }
        before
    }

    /// The mover's running countdowns go down by one; then any side that has
    /// just run out of the pieces that kept it free starts counting.
    fn advance_countdowns(&mut self, mover: PlayerId) {
        let obligations = self.shared.delays.len();
        for countdown in &mut self.countdowns[mover][..obligations] {
            if *countdown != NOT_COUNTING {
                *countdown = countdown.saturating_sub(1);
            }
        }
        for player in PlayerId::BOTH {
            for o in 0..obligations {
                if self.countdowns[player][o] != NOT_COUNTING {
                    continue;
                }
                let free = self.shared.keeps_free[o].iter().any(|&kind| self.count(Piece::new(kind, player)) > 0);
                if !free {
                    self.countdowns[player][o] = self.shared.delays[o];
                }
            }
        }
    }

    /// Takes back `mv`, which was played with [`Position::make`] returning `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.unmake_with::<AnyGame>(mv, undo)
    }

    /// Takes back `mv`, which was played with [`Position::make_with`] for
    /// the same features `F`, returning `undo`.
    #[inline]
    pub fn unmake_with<F: MoveFeatures>(&mut self, mv: Move, undo: Undo) {
        self.side = self.side.opponent();
        let mover = self.side;
        if F::CHECKS {
            self.checks_left = undo.checks_left;
        }
        if F::COUNTDOWNS {
            self.countdowns = undo.countdowns;
        }
        if F::PASSINGS {
            self.en_passant = undo.en_passant;
        }
        if F::CLOCKS && self.shared.clocks.is_some() {
            self.halfmove = undo.halfmove;
            self.fullmove -= mover.index() as u16;
        }
        if let Some(kind) = mv.drop_kind().filter(|_| F::HANDS) {
            self.hands[mover][kind.index()] += 1;
            self.set(mv.to.index(), Piece::EMPTY);
        } else {
            let swap = F::SWAPS && mv.swap;
            if F::EXTRA_CELL && mv.partner_to != NO_CELL {
                self.set(mv.partner_to.index(), Piece::EMPTY);
            } else if !swap && F::HANDS {
                self.hand_capture(mover, undo.captured, -1);
                if F::EXTRA_CELL && mv.extra_capture().is_some() {
                    self.hand_capture(mover, undo.captured_extra, -1);
                }
            }
            self.set(mv.to.index(), undo.captured);
            self.set(mv.from.index(), undo.moved);
            if F::EXTRA_CELL && mv.extra != NO_CELL {
                self.set(mv.extra.index(), undo.captured_extra);
            }
        }
        if F::UNMOVED && undo.unmoved != 0 {
            for (i, cell) in Self::changed_cells(mv).into_iter().enumerate() {
                if undo.unmoved >> i & 1 != 0 {
                    self.set_unmoved(cell, true);
                }
            }
        }
    }

    /// Cells holding pieces of `player` of a royal type, in order.
    #[inline]
    pub fn royal_cells(&self, player: PlayerId) -> impl Iterator<Item = CellId> + '_ {
        self.tally.royal_cells(&self.shared.tally, player)
    }
}

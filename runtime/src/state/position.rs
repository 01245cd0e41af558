//! The state of a game and the moves that change it.

use crate::ir::{ByPlayer, CellId, Game, MoveKind, PieceId, PlayerId};
use crate::state::cell_bits;
use crate::state::drop_cells::DropCells;
use crate::state::explosion::{Blasts, ExplosionLog};
use crate::state::move_features::{AnyGame, MoveFeatures};
use crate::state::occupancy::{HeldCells, MAX_CELLS};
use crate::state::passings::{Passing, PassingId, Passings};
use crate::state::piece::Piece;
use crate::state::piece_cells::PieceCells;
use crate::state::piece_set::PieceSet;
use crate::state::tally::{ClassFill, Tally, TallyPlan};
use crate::state::unmoved_loss::{LostMarks, UnmovedLosses};
use std::sync::Arc;

mod explode;
mod lose_unmoved;
mod moves;
mod null_move;

pub use null_move::Pass;

pub use moves::{BlockerCell, Move};

/// Marks "no cell" in tables of cells (a royal's list, a watch's lines).
pub(crate) const NO_CELL: CellId = CellId::MARK;
/// The most pieces of one type a hand holds: a hand keeps each count in a
/// byte. [`Position::from_setup`] refuses a position string with more.
pub const HAND_CAP: u8 = u8::MAX;
/// A countdown that has not started (see [`crate::ir::Obligation`]).
pub const NOT_COUNTING: u8 = u8::MAX;
/// At most this many obligations per game (each player has a countdown for
/// each).
pub const MAX_OBLIGATIONS: usize = 2;

/// What [`Position::make`] needs to restore the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    pub moved: Piece,
    pub captured: Piece,
    /// The piece on the move's [`Move::second_cell`] before the move.
    pub captured_extra: Piece,
    /// The countdowns before the move.
    pub countdowns: ByPlayer<[u8; MAX_OBLIGATIONS]>,
    /// The cells open to capture in passing before the move.
    pub en_passant: Option<PassingId>,
    /// Which of the cells the move changed ([`Move::changed_cells`], one
    /// bit each) held unmoved pieces before it; and
    /// [`Undo::TOOK_UNMOVED`], whether its landing took unmoved marks.
    pub unmoved: u8,
    /// The half-move clock before the move.
    pub halfmove: u16,
    /// The checks left before the move.
    pub checks_left: ByPlayer<u8>,
    /// The passes in a row before the move.
    pub passes: u8,
    /// Where the blocker stood before a move that placed it (`None`: off
    /// the board, or a move that placed none).
    pub blocker: Option<BlockerCell>,
}

impl Undo {
    /// The bit of [`Undo::unmoved`] past the changed cells' bits: the move's
    /// landing took unmoved marks (`unmoved lost when ...`), kept in the
    /// position's [`LostMarks`].
    pub const TOOK_UNMOVED: u8 = 1 << 7;
}

/// Did `mv`, made returning `undo`, capture (in a game where captures
/// explode, it exploded)? A swap's or castling's partner is friendly.
#[inline(always)]
fn explodes(mv: Move, undo: &Undo) -> bool {
    match mv {
        Move::Normal { .. } | Move::Proxy { .. } | Move::Gated { .. } | Move::Blocked { .. } => !undo.captured.is_empty(),
        Move::CaptureOnTheWay { .. } | Move::BlockedOnTheWay { .. } => !undo.captured.is_empty() || !undo.captured_extra.is_empty(),
        Move::Castle { .. } | Move::CastleGated { .. } | Move::CastleBlocked { .. } | Move::Swap { .. } | Move::Put { .. } => false,
    }
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
                    MoveKind::Ride { dir, .. } | MoveKind::Hop { dir, .. } => ahead(dir),
                    MoveKind::Pass => false,
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
    /// `captured_as` per piece type, `None` where captured pieces leave
    /// the game.
    to_hand: Vec<Option<PieceId>>,
    /// Per obligation, the piece types that keep their owner's countdown from
    /// starting.
    keeps_free: Vec<Vec<PieceId>>,
    delays: Vec<u8>,
    /// What the positions keep counted besides the board.
    tally: TallyPlan,
    /// Some rule depends on whether a piece has moved: the position keeps
    /// track.
    tracks_unmoved: bool,
    /// Some piece may pass: the position counts the passes in a row.
    tracks_passes: bool,
    /// The moves that open cells to capture in passing.
    passings: Passings,
    /// The pieces whose moves reset the half-move clock (they only move
    /// forward), if the game keeps the clocks at all.
    clocks: Option<PieceSet>,
    /// Where each type may be dropped (nowhere in a game whose hands only
    /// gate).
    drop_cells: DropCells,
    /// Where captures explode, in a game where they do.
    blasts: Option<Blasts>,
    /// Per player, the cells of its image of the gating zone as bits (empty
    /// in games without gating).
    gate_zone: ByPlayer<Vec<u64>>,
    /// How landings take unmoved marks (none in most games).
    unmoved_losses: UnmovedLosses,
    /// The blocker's type, in a game with one.
    blocker: Option<PieceId>,
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
    /// [`crate::state::occupancy::MAX_CELLS`], kept by every change of the board
    /// as `counts` is (only read on boards of up to that many cells).
    piece_cells: PieceCells,
    /// The player to move.
    pub side: PlayerId,
    /// FEN's half-move clock: moves since the last capture or move of a piece
    /// that only moves forward (a pawn), kept in games whose position strings
    /// carry it ([`crate::ir::Game::has_move_history_fields`]).
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
    /// to capture in passing, if it made one.
    en_passant: Option<PassingId>,
    /// In a game with a check-count goal (`goal 3 checks`), the checks each
    /// player still has to give to win, as Fairy-Stockfish counts them; both
    /// stay 0 in other games.
    pub(crate) checks_left: ByPlayer<u8>,
    /// How many of the last moves were passes (null moves), up to 2: what
    /// `goal passes` reads. Always 0 in games without `pass`, and after a
    /// position string (which does not say).
    passes: u8,
    /// The pieces the explosions of the moves made removed, for unmake
    /// (empty in games without explosions).
    explosions: ExplosionLog,
    /// The unmoved marks landings took, for unmake (empty in games without
    /// `unmoved lost`).
    lost_marks: LostMarks,
    /// The blocker's cell, in a game with one, once it has been placed.
    /// The blocker stands on the board as a piece of the side to move: the
    /// mover's own, it cannot be captured or landed on, and it stops every
    /// line, with no test added to any generator; placing it hands it to
    /// the next mover ([`Position::place_blocker`]).
    blocker: Option<CellId>,
    shared: Arc<Shared>,
}

impl Position {
    /// An empty board of `game`, its first player to move, keeping the
    /// game's `passings`. Made by `Position::empty`
    /// ([`crate::plan::position_tables`]), which plans them.
    pub(crate) fn with_passings(game: &Game, passings: Passings) -> Position {
        let kinds = game.pieces.len();
        assert!(kinds <= crate::ir::MAX_PIECE_TYPES, "a piece stores its type in seven bits");
        let obligations = &game.rules.obligations;
        assert!(obligations.len() <= MAX_OBLIGATIONS, "a position keeps {MAX_OBLIGATIONS} countdowns per player");
        let tracks_unmoved = game.has_unmoved_rules();
        let shared = Shared {
            kinds,
            to_hand: game.pieces.iter().map(|p| p.captured_as).collect(),
            keeps_free: obligations.iter().map(|o| o.unless.clone()).collect(),
            delays: obligations.iter().map(|o| o.delay).collect(),
            tally: TallyPlan::of(game),
            tracks_unmoved,
            tracks_passes: game.has_passes(),
            passings,
            clocks: game.has_move_history_fields().then(|| forward_only(game)),
            drop_cells: if game.has_drops() { DropCells::of(game) } else { DropCells::default() },
            gate_zone: ByPlayer::from_fn(|player| match game.rules.gating {
                Some(zone) => cell_bits::of(game.cell_ids().filter(|&cell| game.in_zone(zone, player, cell)), game.cell_count()),
                None => Vec::new(),
            }),
            // The compiler has bounded the areas (E0305).
            blasts: Blasts::of(game, usize::MAX).unwrap_or(None),
            unmoved_losses: UnmovedLosses::of(game),
            blocker: game.blocker(),
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
            en_passant: None,
            checks_left: ByPlayer::from_fn(|_| game.checks_to_win().unwrap_or(0)),
            passes: 0,
            explosions: ExplosionLog::default(),
            lost_marks: LostMarks::default(),
            blocker: None,
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
        let held =
            if self.board.len() <= MAX_CELLS { self.held_cells().block(block) } else { crate::state::occupancy::held_and_second(cells).0 };
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
            set |= u128::from(crate::state::occupancy::nonzero_bytes(u64::from_le_bytes(*counts))) << (block * 8);
        }
        match hand.last_chunk::<8>() {
            // The last eight counts, overlapping the blocks read: the bits
            // they share are the same.
            Some(last) if !rest.is_empty() => {
                set | u128::from(crate::state::occupancy::nonzero_bytes(u64::from_le_bytes(*last))) << (hand.len() - 8)
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
            set |= u128::from(crate::state::occupancy::nonzero_bytes(u64::from_le_bytes(word))) << (block * 8);
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
    /// strings carry it ([`crate::ir::Game::has_move_history_fields`]).
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

    /// Sets both clocks, as a position string gives them (the full-move
    /// number at least 1).
    pub(crate) fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
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

    /// The cells of the unmoved pieces on a board of `cells` cells (at most
    /// [`MAX_CELLS`]), as bits: generated code takes the first moves of
    /// many pieces at once by them. (None in games where no rule asks.)
    #[inline(always)]
    pub fn unmoved_bits(&self, cells: usize) -> u128 {
        let word = |block: usize| self.unmoved.get(block).map_or(0, |&bits| u128::from(bits) << (block * 64));
        if cells > 64 {
            word(0) | word(1)
        } else {
            word(0)
        }
    }

    /// The cells of the unmoved pieces, in order.
    #[inline]
    pub fn unmoved_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        cell_bits::cells(&self.unmoved)
    }

    /// The cells where a piece of `player` may still bring one from hand
    /// when it leaves (`gate from hand in ZONE`): its unmoved pieces in its
    /// image of the zone. None in games without gating, or while its hand
    /// is empty.
    #[inline]
    pub fn gates(&self, player: PlayerId) -> impl Iterator<Item = CellId> + '_ {
        let zone = &self.shared.gate_zone[player];
        // Games without gating have no zone, and ask nothing of the hands.
        let zone = if !zone.is_empty() && self.kinds_in_hand(player) != 0 { &zone[..] } else { &[] };
        cell_bits::cells_of_both(zone, &self.unmoved).filter(move |&cell| self.at(cell).is_of(player))
    }

    /// May a piece of `player` leaving `cell` bring one from hand (see
    /// [`Position::gates`], whose hand this leaves unasked)?
    #[inline]
    pub fn may_gate(&self, player: PlayerId, cell: CellId) -> bool {
        let zone = &self.shared.gate_zone[player];
        !zone.is_empty() && cell_bits::bit(zone, 0, cell) && self.is_unmoved(cell) && self.at(cell).is_of(player)
    }

    /// How many of the last moves were passes, up to 2 (`goal passes`).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Does this game keep track of unmoved pieces?
    pub fn tracks_unmoved(&self) -> bool {
        self.shared.tracks_unmoved
    }

    /// Does `mv`, a move of the side to move, take an enemy piece: on its
    /// destination, on its way or in passing? (A swap's or castling's
    /// partner is friendly.)
    #[inline]
    pub fn captures(&self, mv: Move) -> bool {
        self.at(mv.to()).is_enemy_of(self.side) || mv.extra_capture().is_some()
    }

    /// The last move's passing, if it left cells open to capture in passing.
    #[inline]
    pub fn en_passant(&self) -> Option<&Passing> {
        self.en_passant.map(|id| self.shared.passings.get(id))
    }

    /// The game's passings (for readers of position strings).
    pub fn passings(&self) -> &Passings {
        &self.shared.passings
    }

    /// Opens the cells of a passing to capture in passing, for readers of
    /// position strings.
    pub(crate) fn set_en_passant(&mut self, passing: PassingId) {
        self.en_passant = Some(passing);
    }

    /// Adds (`+1`) or takes back (`-1`) a captured piece to/from `captor`'s hand.
    #[inline]
    fn hand_capture(&mut self, captor: PlayerId, captured: Piece, delta: i8) {
        if captured.is_empty() || self.hands[captor].is_empty() {
            return;
        }
        if let Some(kind) = self.shared.to_hand[captured.kind().index()] {
            let held = &mut self.hands[captor][kind.index()];
            *held = held.wrapping_add_signed(delta);
        }
    }

    /// Plays `mv` (which must be pseudo-legal) and passes the turn. Counts
    /// no check in a game that counts them: [`crate::legality::legal::play`] does.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        self.make_with::<AnyGame>(mv)
    }

    /// [`Position::make`] for a game with the features `F`: the work of
    /// the others is left out (a generated engine's make, see
    /// [`crate::plan::generator::Generator::make`]).
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
            passes: self.passes,
            blocker: None,
        };
        let mover = self.side;
        if F::UNMOVED && self.shared.tracks_unmoved {
            undo.unmoved = self.forget_unmoved(mv);
        }
        if F::PASSINGS {
            self.en_passant = None;
        }
        // The common kinds inline; the rare ones kept out of the hot code.
        match mv {
            Move::Normal { to, from, promote } => {
                self.move_piece::<F>(mover, from, to, promote, &mut undo);
                self.explode_if::<F>(!undo.captured.is_empty(), mover, to);
            }
            Move::Put { kind, to, held } if F::HANDS => {
                self.hands[mover][held.index()] -= 1;
                self.set(to.index(), Piece::new(kind, mover));
            }
            _ => self.make_rare::<F>(mover, mv, &mut undo),
        }
        if F::UNMOVED_LOSSES && !self.shared.unmoved_losses.is_empty() {
            self.lose_unmoved(mover, mv, &mut undo);
        }
        if F::COUNTDOWNS && !self.shared.delays.is_empty() {
            self.advance_countdowns(mover);
        }
        if F::PASSES && self.shared.tracks_passes {
            self.passes = if mv.is_null() { (self.passes + 1).min(2) } else { 0 };
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

    /// [`Position::make_with`]'s work on the board for the rarer kinds of
    /// move: captures on the way, promotions by proxy, castling, swaps.
    #[inline(never)]
    fn make_rare<F: MoveFeatures>(&mut self, mover: PlayerId, mv: Move, undo: &mut Undo) {
        match mv {
            Move::Normal { to, from, promote } => {
                self.move_piece::<F>(mover, from, to, promote, undo);
                self.explode_if::<F>(!undo.captured.is_empty(), mover, to);
            }
            Move::CaptureOnTheWay { to, from, captured, promote } if F::EXTRA_CELL => {
                undo.captured_extra = self.board[captured.index()];
                self.set(captured.index(), Piece::EMPTY);
                self.move_piece::<F>(mover, from, to, promote, undo);
                if F::HANDS {
                    self.hand_capture(mover, undo.captured_extra, 1);
                }
                self.explode_if::<F>(!undo.captured.is_empty() || !undo.captured_extra.is_empty(), mover, to);
            }
            Move::Proxy { proxy_into, to, from, proxy, promote } if F::EXTRA_CELL => {
                undo.captured_extra = self.board[proxy.index()];
                self.set(proxy.index(), Piece::new(proxy_into, mover));
                self.move_piece::<F>(mover, from, to, promote, undo);
                self.explode_if::<F>(!undo.captured.is_empty(), mover, to);
            }
            Move::Castle { to, from, partner, partner_to } if F::EXTRA_CELL => self.castle::<F>(from, to, partner, partner_to, undo),
            Move::Gated { gated, to, from, promote } if F::HANDS => {
                self.move_piece::<F>(mover, from, to, promote, undo);
                self.enter_from_hand(mover, gated, from);
                self.explode_if::<F>(!undo.captured.is_empty(), mover, to);
            }
            Move::CastleGated { to, from, partner, partner_to, .. } if F::EXTRA_CELL && F::HANDS => {
                self.castle::<F>(from, to, partner, partner_to, undo);
                let (cell, kind) = mv.gated().expect("a gating move");
                self.enter_from_hand(mover, kind, cell);
            }
            Move::Swap { to, from } if F::SWAPS => {
                let moved = self.board[from.index()];
                undo.moved = moved;
                undo.captured = self.board[to.index()];
                self.set(from.index(), undo.captured);
                self.set(to.index(), moved);
                self.open_passing::<F>(moved, from, to);
            }
            Move::Put { kind, to, held } if F::HANDS => {
                self.hands[mover][held.index()] -= 1;
                self.set(to.index(), Piece::new(kind, mover));
            }
            Move::Blocked { blocker, .. } | Move::BlockedOnTheWay { blocker, .. } | Move::CastleBlocked { blocker, .. } => {
                self.make_rare::<F>(mover, mv.without_blocker(), undo);
                undo.blocker = self.place_blocker(mover, blocker.cell());
            }
            // A kind the game's features leave out: it never has such moves.
            _ => debug_assert!(false, "{mv:?}: a move of a kind the game's features leave out"),
        }
    }

    /// The blocker's cell, once placed, in a game with a blocker.
    #[inline]
    pub fn blocker(&self) -> Option<CellId> {
        self.blocker
    }

    /// `mover` places the blocker on the empty `cell`, lifting it from
    /// where it stood; it becomes a piece of the next mover (see
    /// [`Position::blocker`]). Returns where it stood.
    fn place_blocker(&mut self, mover: PlayerId, cell: CellId) -> Option<BlockerCell> {
        let kind = self.shared.blocker.expect("a blocker is placed only in a game with one");
        let before = self.blocker.replace(cell);
        if let Some(old) = before {
            self.set(old.index(), Piece::EMPTY);
        }
        self.set(cell.index(), Piece::new(kind, mover.opponent()));
        before.and_then(BlockerCell::new)
    }

    /// Takes back [`Position::place_blocker`].
    fn lift_blocker(&mut self, mover: PlayerId, before: Option<BlockerCell>) {
        let kind = self.shared.blocker.expect("a blocker is placed only in a game with one");
        if let Some(cell) = self.blocker.take() {
            self.set(cell.index(), Piece::EMPTY);
        }
        self.blocker = before.map(BlockerCell::cell);
        if let Some(old) = self.blocker {
            self.set(old.index(), Piece::new(kind, mover));
        }
    }

    /// `player` is to move next, and the blocker (which belongs to the
    /// side to move: see [`Position::blocker`]) passes to it: the way to
    /// change sides without a move in a game with a blocker.
    pub fn give_turn(&mut self, player: PlayerId) {
        self.side = player;
        if let Some(cell) = self.blocker {
            self.set_blocker(cell);
        }
    }

    /// Sets the blocker on `cell` as a piece of the side to move (a
    /// position string's blocker).
    pub(crate) fn set_blocker(&mut self, cell: CellId) {
        if let Some(kind) = self.shared.blocker {
            self.set(cell.index(), Piece::new(kind, self.side));
            self.blocker = Some(cell);
        }
    }

    /// Castling: the piece on `from` goes to `to`, its partner from
    /// `partner` to `partner_to` (either may land where the other stood).
    #[inline(always)]
    fn castle<F: MoveFeatures>(&mut self, from: CellId, to: CellId, partner: CellId, partner_to: CellId, undo: &mut Undo) {
        let moved = self.board[from.index()];
        undo.moved = moved;
        undo.captured_extra = self.board[partner.index()];
        self.set(partner.index(), Piece::EMPTY);
        self.set(from.index(), Piece::EMPTY);
        self.set(to.index(), moved);
        self.set(partner_to.index(), undo.captured_extra);
        self.open_passing::<F>(moved, from, to);
    }

    /// A `kind` from `mover`'s hand enters the empty `cell` (gating).
    #[inline]
    fn enter_from_hand(&mut self, mover: PlayerId, kind: PieceId, cell: CellId) {
        self.hands[mover][kind.index()] -= 1;
        self.set(cell.index(), Piece::new(kind, mover));
    }

    /// Takes back [`Position::enter_from_hand`].
    #[inline]
    fn back_to_hand(&mut self, mover: PlayerId, kind: PieceId, cell: CellId) {
        self.set(cell.index(), Piece::EMPTY);
        self.hands[mover][kind.index()] += 1;
    }

    /// The piece on `from` goes to `to`, becoming `promote` if given and
    /// capturing (into `mover`'s hand, where it has one) what stands there.
    #[inline(always)]
    fn move_piece<F: MoveFeatures>(&mut self, mover: PlayerId, from: CellId, to: CellId, promote: Option<PieceId>, undo: &mut Undo) {
        let moved = self.board[from.index()];
        undo.moved = moved;
        // A null move (from = to) captures nothing.
        undo.captured = if from == to { Piece::EMPTY } else { self.board[to.index()] };
        self.set(from.index(), Piece::EMPTY);
        self.set(
            to.index(),
            match promote {
                Some(kind) => Piece::new(kind, moved.owner()),
                None => moved,
            },
        );
        if F::HANDS {
            self.hand_capture(mover, undo.captured, 1);
        }
        self.open_passing::<F>(moved, from, to);
    }

    /// Opens the cells `moved` passed going from `from` to `to` to capture
    /// in passing, if its move is a passing.
    #[inline(always)]
    fn open_passing<F: MoveFeatures>(&mut self, moved: Piece, from: CellId, to: CellId) {
        if F::PASSINGS {
            if let Some(passing) = self.shared.passings.find(moved, from, to) {
                self.en_passant = Some(passing);
            }
        }
    }

    /// Would playing `mv` (a move of the side to move) leave the countdowns
    /// of `player`, another side, as they are? Only the mover's go down; another
    /// side's starts when it has run out of the pieces that keep it free,
    /// which a move that captures nothing leaves as they are, unless it has
    /// run out already without counting (a position set up so).
    #[inline]
    pub fn keeps_countdowns_of(&self, player: PlayerId, mv: Move) -> bool {
        let captures = mv.captures_on_to() && !self.at(mv.to()).is_empty();
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

    /// Every piece a move changes has moved (or left): clears their cells'
    /// unmoved marks, returning the marks as they were.
    #[inline]
    fn forget_unmoved(&mut self, mv: Move) -> u8 {
        let mut before = 0;
        for (i, cell) in mv.changed_cells().into_iter().enumerate() {
            if let Some(cell) = cell.filter(|&cell| self.is_unmoved(cell)) {
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
        if F::PASSES {
            self.passes = undo.passes;
        }
        if F::CLOCKS && self.shared.clocks.is_some() {
            self.halfmove = undo.halfmove;
            self.fullmove -= mover.index() as u16;
        }
        match mv {
            Move::Normal { to, from, .. } => {
                self.put_back_explosion_if::<F>(!undo.captured.is_empty());
                self.move_piece_back::<F>(mover, from, to, undo);
            }
            Move::Put { to, held, .. } if F::HANDS => {
                self.hands[mover][held.index()] += 1;
                self.set(to.index(), Piece::EMPTY);
            }
            _ => self.unmake_rare::<F>(mover, mv, undo),
        }
        if F::UNMOVED && undo.unmoved != 0 {
            for (i, cell) in mv.changed_cells().into_iter().enumerate() {
                if let Some(cell) = cell.filter(|_| undo.unmoved >> i & 1 != 0) {
                    self.set_unmoved(cell, true);
                }
            }
            if F::UNMOVED_LOSSES {
                self.regain_unmoved(undo);
            }
        }
    }

    /// Takes back [`Position::make_rare`].
    #[inline(never)]
    fn unmake_rare<F: MoveFeatures>(&mut self, mover: PlayerId, mv: Move, undo: Undo) {
        match mv {
            Move::Normal { to, from, .. } => {
                self.put_back_explosion_if::<F>(!undo.captured.is_empty());
                self.move_piece_back::<F>(mover, from, to, undo);
            }
            Move::CaptureOnTheWay { to, from, captured, .. } if F::EXTRA_CELL => {
                self.put_back_explosion_if::<F>(!undo.captured.is_empty() || !undo.captured_extra.is_empty());
                if F::HANDS {
                    self.hand_capture(mover, undo.captured_extra, -1);
                }
                self.move_piece_back::<F>(mover, from, to, undo);
                self.set(captured.index(), undo.captured_extra);
            }
            Move::Proxy { to, from, proxy, .. } if F::EXTRA_CELL => {
                self.put_back_explosion_if::<F>(!undo.captured.is_empty());
                self.move_piece_back::<F>(mover, from, to, undo);
                self.set(proxy.index(), undo.captured_extra);
            }
            Move::Castle { to, from, partner, partner_to } if F::EXTRA_CELL => self.castle_back(from, to, partner, partner_to, undo),
            Move::Gated { gated, to, from, .. } if F::HANDS => {
                self.put_back_explosion_if::<F>(!undo.captured.is_empty());
                self.back_to_hand(mover, gated, from);
                self.move_piece_back::<F>(mover, from, to, undo);
            }
            Move::CastleGated { to, from, partner, partner_to, .. } if F::EXTRA_CELL && F::HANDS => {
                let (cell, kind) = mv.gated().expect("a gating move");
                self.back_to_hand(mover, kind, cell);
                self.castle_back(from, to, partner, partner_to, undo);
            }
            Move::Swap { to, from } if F::SWAPS => {
                self.set(to.index(), undo.captured);
                self.set(from.index(), undo.moved);
            }
            Move::Put { to, held, .. } if F::HANDS => {
                self.hands[mover][held.index()] += 1;
                self.set(to.index(), Piece::EMPTY);
            }
            // The blocker first: it may stand where the move emptied a cell.
            Move::Blocked { .. } | Move::BlockedOnTheWay { .. } | Move::CastleBlocked { .. } => {
                self.lift_blocker(mover, undo.blocker);
                self.unmake_rare::<F>(mover, mv.without_blocker(), undo);
            }
            // A kind the game's features leave out: it never has such moves.
            _ => debug_assert!(false, "{mv:?}: a move of a kind the game's features leave out"),
        }
    }

    /// Takes back [`Position::castle`].
    #[inline(always)]
    fn castle_back(&mut self, from: CellId, to: CellId, partner: CellId, partner_to: CellId, undo: Undo) {
        self.set(partner_to.index(), Piece::EMPTY);
        self.set(to.index(), Piece::EMPTY);
        self.set(from.index(), undo.moved);
        self.set(partner.index(), undo.captured_extra);
    }

    /// Takes back [`Position::move_piece`].
    #[inline(always)]
    fn move_piece_back<F: MoveFeatures>(&mut self, mover: PlayerId, from: CellId, to: CellId, undo: Undo) {
        if F::HANDS {
            self.hand_capture(mover, undo.captured, -1);
        }
        self.set(to.index(), undo.captured);
        self.set(from.index(), undo.moved);
    }

    /// Cells holding pieces of `player` of a royal type, in order.
    #[inline]
    pub fn royal_cells(&self, player: PlayerId) -> impl Iterator<Item = CellId> + '_ {
        self.tally.royal_cells(&self.shared.tally, player)
    }
}

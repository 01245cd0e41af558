//! A move, as an enum of its kinds: each kind holds the cells and types it
//! needs and no others, so that no move can be half one kind, half another.

use super::Position;
use crate::ir::{CellId, PieceId};
use std::cmp::Ordering;
use std::num::NonZeroU8;

/// A move, small enough to copy freely (10 bytes: see the test below). The
/// notation module writes it as text.
///
/// `#[repr(u8)]` lays every kind out as the tag followed by its fields in
/// order, so `to` (and `from`, where a kind has one) sits at the same offset
/// in every kind and [`Move::to`] reads it without a branch. A kind's one
/// byte field comes first, filling the byte after the tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Move {
    /// The piece on `from` goes to `to`, capturing the enemy there if any,
    /// and becomes `promote` if given. `from == to` is a null move: the
    /// piece stays and captures nothing; with `promote`, it changes type
    /// where it stands (a promotion in place).
    Normal { to: CellId, from: CellId, promote: Option<PieceId> },
    /// A normal move that also captures the enemy piece on `captured` on its
    /// way: a capturing leap, or a capture in passing (en passant).
    CaptureOnTheWay { to: CellId, from: CellId, captured: CellId, promote: Option<PieceId> },
    /// A normal move that also turns the friendly piece on `proxy` into
    /// `proxy_into` (a promotion by proxy).
    Proxy { proxy_into: PieceId, to: CellId, from: CellId, proxy: CellId, promote: Option<PieceId> },
    /// Castling: the royal goes from `from` to `to`, its partner from
    /// `partner` to `partner_to`. Captures nothing.
    Castle { to: CellId, from: CellId, partner: CellId, partner_to: CellId },
    /// The piece on `from` changes places with the friendly piece on `to`.
    Swap { to: CellId, from: CellId },
    /// A piece of type `held` from the mover's hand is put on `to` as a
    /// `kind`: itself, or one of its drop forms (`may drop promoted`).
    /// `kind` decides `held` (it is the type `kind` goes to hand as), which
    /// the move keeps so that make and unmake need not look it up.
    Put { kind: PieceId, to: CellId, held: PieceId },
    /// A normal move that leaves a piece of type `gated` from the mover's
    /// hand on `from`, which the moving piece leaves for the first time
    /// (gating: [`crate::plan::gating`]).
    Gated { gated: PieceId, to: CellId, from: CellId, promote: Option<PieceId> },
    /// Castling that leaves a piece from the mover's hand on the royal's
    /// start or on its partner's ([`CastleGate`]).
    CastleGated { gate: CastleGate, to: CellId, from: CellId, partner: CellId, partner_to: CellId },
    /// A normal move, then the blocker placed on `blocker` (`place PIECE
    /// after every move`: [`crate::plan::blocker`]).
    Blocked { blocker: BlockerCell, to: CellId, from: CellId, promote: Option<PieceId> },
    /// A capture on the way, then the blocker placed on `blocker`.
    BlockedOnTheWay { blocker: BlockerCell, to: CellId, from: CellId, captured: CellId, promote: Option<PieceId> },
    /// Castling, then the blocker placed on `blocker`.
    CastleBlocked { blocker: BlockerCell, to: CellId, from: CellId, partner: CellId, partner_to: CellId },
}

/// The cell a blocker is placed on, in the byte after a move's tag, so
/// that castling with a blocker stays ten bytes: games with a blocker have
/// at most [`BlockerCell::MAX_CELLS`] cells (the compiler refuses more,
/// E0311). Kept as the cell's index plus one, so that an
/// `Option<BlockerCell>` (the blocker off the board) is one byte too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockerCell(NonZeroU8);

impl BlockerCell {
    /// The most cells a game with a blocker may have.
    pub const MAX_CELLS: usize = u8::MAX as usize;

    /// `cell`, if below [`BlockerCell::MAX_CELLS`].
    #[inline]
    pub fn new(cell: CellId) -> Option<BlockerCell> {
        u8::try_from(cell.index() + 1).ok().and_then(NonZeroU8::new).map(BlockerCell)
    }

    /// The cell.
    #[inline]
    pub const fn cell(self) -> CellId {
        CellId::from_index(self.0.get() as usize - 1)
    }
}

/// What castling with gating brings from the hand, and onto which of the
/// two cells the castling pieces leave: the type in the low seven bits
/// (a [`PieceId`] is below 128) and the partner's cell in the high one, so
/// that the move stays ten bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastleGate(u8);

impl CastleGate {
    const ON_PARTNER: u8 = 0x80;

    /// A `kind` from hand entering the royal's start, or (`on_partner`)
    /// the partner's.
    #[inline]
    pub const fn new(kind: PieceId, on_partner: bool) -> CastleGate {
        CastleGate(kind.index() as u8 | if on_partner { CastleGate::ON_PARTNER } else { 0 })
    }

    /// The type that enters from hand.
    #[inline]
    pub const fn kind(self) -> PieceId {
        PieceId::from_index((self.0 & !CastleGate::ON_PARTNER) as usize)
    }

    /// Does it enter the partner's start (else the royal's)?
    #[inline]
    pub const fn on_partner(self) -> bool {
        self.0 & CastleGate::ON_PARTNER != 0
    }
}

impl Move {
    /// A move from `from` to `to`, capturing what stands there.
    #[inline]
    pub const fn new(from: CellId, to: CellId) -> Move {
        Move::Normal { to, from, promote: None }
    }

    /// A move from `from` to `to`, the piece becoming `kind`.
    #[inline]
    pub const fn promoting(from: CellId, to: CellId, kind: PieceId) -> Move {
        Move::Normal { to, from, promote: Some(kind) }
    }

    /// Puts a piece of type `kind` from the mover's hand on `to`.
    #[inline]
    pub const fn drop(kind: PieceId, to: CellId) -> Move {
        Move::Put { kind, to, held: kind }
    }

    /// Puts a piece of type `held` from the mover's hand on `to` as a
    /// `kind`, one of its drop forms.
    #[inline]
    pub const fn drop_as(held: PieceId, kind: PieceId, to: CellId) -> Move {
        Move::Put { kind, to, held }
    }

    /// The piece on `from` changes places with the friendly piece on `to`.
    #[inline]
    pub const fn swapping(from: CellId, to: CellId) -> Move {
        Move::Swap { to, from }
    }

    /// Castling: the piece goes from `from` to `to` and the partner on
    /// `partner` to `partner_to`.
    #[inline]
    pub const fn castling(from: CellId, to: CellId, partner: CellId, partner_to: CellId) -> Move {
        Move::Castle { to, from, partner, partner_to }
    }

    /// The same normal move, also capturing the piece on `cell` on its way.
    /// Other kinds cannot capture on the way, and stay as they are.
    #[inline]
    pub const fn capturing_on_the_way(self, cell: CellId) -> Move {
        match self {
            Move::Normal { to, from, promote } | Move::CaptureOnTheWay { to, from, promote, .. } => {
                Move::CaptureOnTheWay { to, from, captured: cell, promote }
            }
            other => other,
        }
    }

    /// The same move, the piece becoming `kind`. Castling, swaps and drops
    /// promote nothing, and stay as they are.
    #[inline]
    pub const fn with_promotion(self, kind: PieceId) -> Move {
        let promote = Some(kind);
        match self {
            Move::Normal { to, from, .. } => Move::Normal { to, from, promote },
            Move::CaptureOnTheWay { to, from, captured, .. } => Move::CaptureOnTheWay { to, from, captured, promote },
            Move::Proxy { proxy_into, to, from, proxy, .. } => Move::Proxy { proxy_into, to, from, proxy, promote },
            Move::Gated { gated, to, from, .. } => Move::Gated { gated, to, from, promote },
            Move::Blocked { blocker, to, from, .. } => Move::Blocked { blocker, to, from, promote },
            Move::BlockedOnTheWay { blocker, to, from, captured, .. } => Move::BlockedOnTheWay { blocker, to, from, captured, promote },
            other => other,
        }
    }

    /// The same move, leaving a piece of type `kind` from the mover's hand
    /// on `cell`, a cell the move's pieces leave: a normal move's `from`, a
    /// castling's `from` or partner's cell. Other kinds, and other cells,
    /// gate nothing and stay as they are.
    #[inline]
    pub fn gating(self, kind: PieceId, cell: CellId) -> Move {
        match self {
            Move::Normal { to, from, promote } if cell == from && from != to => Move::Gated { gated: kind, to, from, promote },
            Move::Castle { to, from, partner, partner_to } if cell == from || cell == partner => {
                Move::CastleGated { gate: CastleGate::new(kind, cell == partner), to, from, partner, partner_to }
            }
            other => other,
        }
    }

    /// The cell a piece from hand enters and its type, for a move that gates.
    #[inline]
    pub const fn gated(self) -> Option<(CellId, PieceId)> {
        match self {
            Move::Gated { gated, from, .. } => Some((from, gated)),
            Move::CastleGated { gate, from, partner, .. } => Some((if gate.on_partner() { partner } else { from }, gate.kind())),
            _ => None,
        }
    }

    /// The same move, then the blocker placed on `cell` (a cell below
    /// [`BlockerCell::MAX_CELLS`]). Only a normal move, a capture on the way
    /// and castling carry a blocker (the compiler refuses a blocker beside
    /// the other kinds, E0311); the others stay as they are.
    #[inline]
    pub fn with_blocker(self, cell: CellId) -> Move {
        let Some(blocker) = BlockerCell::new(cell) else {
            return self;
        };
        match self {
            Move::Normal { to, from, promote } => Move::Blocked { blocker, to, from, promote },
            Move::CaptureOnTheWay { to, from, captured, promote } => Move::BlockedOnTheWay { blocker, to, from, captured, promote },
            Move::Castle { to, from, partner, partner_to } => Move::CastleBlocked { blocker, to, from, partner, partner_to },
            other => other,
        }
    }

    /// The cell the blocker is placed on after the move.
    #[inline]
    pub const fn blocker(self) -> Option<CellId> {
        match self {
            Move::Blocked { blocker, .. } | Move::BlockedOnTheWay { blocker, .. } | Move::CastleBlocked { blocker, .. } => {
                Some(blocker.cell())
            }
            _ => None,
        }
    }

    /// The same move without the blocker's placing: the piece's move alone.
    #[inline]
    pub const fn without_blocker(self) -> Move {
        match self {
            Move::Blocked { to, from, promote, .. } => Move::Normal { to, from, promote },
            Move::BlockedOnTheWay { to, from, captured, promote, .. } => Move::CaptureOnTheWay { to, from, captured, promote },
            Move::CastleBlocked { to, from, partner, partner_to, .. } => Move::Castle { to, from, partner, partner_to },
            other => other,
        }
    }

    /// The same move without its gating.
    #[inline]
    pub const fn without_gating(self) -> Move {
        match self {
            Move::Gated { to, from, promote, .. } => Move::Normal { to, from, promote },
            Move::CastleGated { to, from, partner, partner_to, .. } => Move::Castle { to, from, partner, partner_to },
            other => other,
        }
    }

    /// The same normal move, also turning the friendly piece on `cell` into
    /// `kind`. Other kinds cannot promote by proxy, and stay as they are.
    #[inline]
    pub const fn with_proxy(self, cell: CellId, kind: PieceId) -> Move {
        match self {
            Move::Normal { to, from, promote } | Move::Proxy { to, from, promote, .. } => {
                Move::Proxy { proxy_into: kind, to, from, proxy: cell, promote }
            }
            other => other,
        }
    }

    /// The cell the move lands on (a drop's, a castling royal's).
    #[inline(always)]
    pub const fn to(self) -> CellId {
        match self {
            Move::Normal { to, .. }
            | Move::CaptureOnTheWay { to, .. }
            | Move::Proxy { to, .. }
            | Move::Castle { to, .. }
            | Move::Swap { to, .. }
            | Move::Put { to, .. }
            | Move::Gated { to, .. }
            | Move::CastleGated { to, .. }
            | Move::Blocked { to, .. }
            | Move::BlockedOnTheWay { to, .. }
            | Move::CastleBlocked { to, .. } => to,
        }
    }

    /// The cell the moving piece leaves; none for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<CellId> {
        match self {
            Move::Normal { from, .. }
            | Move::CaptureOnTheWay { from, .. }
            | Move::Proxy { from, .. }
            | Move::Castle { from, .. }
            | Move::Swap { from, .. }
            | Move::Gated { from, .. }
            | Move::CastleGated { from, .. }
            | Move::Blocked { from, .. }
            | Move::BlockedOnTheWay { from, .. }
            | Move::CastleBlocked { from, .. } => Some(from),
            Move::Put { .. } => None,
        }
    }

    /// Is the move a drop from the hand?
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Put { .. })
    }

    /// The type a drop puts on the board.
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceId> {
        match self {
            Move::Put { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// The type a drop takes from the hand (its [`Move::drop_kind`], unless
    /// the piece is dropped as one of its drop forms).
    #[inline]
    pub const fn held_kind(self) -> Option<PieceId> {
        match self {
            Move::Put { held, .. } => Some(held),
            _ => None,
        }
    }

    /// Does the piece change places with a friendly one?
    #[inline]
    pub const fn is_swap(self) -> bool {
        matches!(self, Move::Swap { .. })
    }

    /// Is the move castling?
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self, Move::Castle { .. } | Move::CastleGated { .. } | Move::CastleBlocked { .. })
    }

    /// Does the piece stay where it is, unchanged (a null move)? One that
    /// changes type there is a promotion in place.
    #[inline]
    pub fn is_null(self) -> bool {
        matches!(self, Move::Normal { to, from, promote: None } if from == to)
    }

    /// A plain move: from one cell to another, capturing at most the piece
    /// it lands on, promoting and changing nothing else.
    #[inline]
    pub fn is_plain(self) -> bool {
        matches!(self, Move::Normal { to, from, promote: None } if from != to)
    }

    /// Is whatever stands on `to` captured: a move that lands on another
    /// cell, not a swap, castling or drop? (An empty `to` captures nothing.)
    #[inline]
    pub fn captures_on_to(self) -> bool {
        match self {
            Move::Normal { to, from, .. }
            | Move::CaptureOnTheWay { to, from, .. }
            | Move::Proxy { to, from, .. }
            | Move::Gated { to, from, .. }
            | Move::Blocked { to, from, .. }
            | Move::BlockedOnTheWay { to, from, .. } => from != to,
            Move::Castle { .. } | Move::Swap { .. } | Move::Put { .. } | Move::CastleGated { .. } | Move::CastleBlocked { .. } => false,
        }
    }

    /// The type the moving piece becomes.
    #[inline]
    pub const fn promotion(self) -> Option<PieceId> {
        match self {
            Move::Normal { promote, .. }
            | Move::CaptureOnTheWay { promote, .. }
            | Move::Proxy { promote, .. }
            | Move::Gated { promote, .. }
            | Move::Blocked { promote, .. }
            | Move::BlockedOnTheWay { promote, .. } => promote,
            Move::Castle { .. } | Move::Swap { .. } | Move::Put { .. } | Move::CastleGated { .. } | Move::CastleBlocked { .. } => None,
        }
    }

    /// The cell and new type of a promotion by proxy.
    #[inline]
    pub const fn proxy_promotion(self) -> Option<(CellId, PieceId)> {
        match self {
            Move::Proxy { proxy, proxy_into, .. } => Some((proxy, proxy_into)),
            _ => None,
        }
    }

    /// Castling: the partner's cell and where it lands.
    #[inline]
    pub const fn castling_partner(self) -> Option<(CellId, CellId)> {
        match self {
            Move::Castle { partner, partner_to, .. }
            | Move::CastleGated { partner, partner_to, .. }
            | Move::CastleBlocked { partner, partner_to, .. } => Some((partner, partner_to)),
            _ => None,
        }
    }

    /// The cell of a piece captured on the way (or in passing).
    #[inline]
    pub const fn extra_capture(self) -> Option<CellId> {
        match self {
            Move::CaptureOnTheWay { captured, .. } | Move::BlockedOnTheWay { captured, .. } => Some(captured),
            _ => None,
        }
    }

    /// The second cell the move changes besides `from` and `to`: the piece
    /// captured on the way, promoted by proxy, or the castling partner's.
    #[inline]
    pub const fn second_cell(self) -> Option<CellId> {
        match self {
            Move::CaptureOnTheWay { captured: cell, .. }
            | Move::Proxy { proxy: cell, .. }
            | Move::Castle { partner: cell, .. }
            | Move::CastleGated { partner: cell, .. }
            | Move::BlockedOnTheWay { captured: cell, .. }
            | Move::CastleBlocked { partner: cell, .. } => Some(cell),
            Move::Normal { .. } | Move::Swap { .. } | Move::Put { .. } | Move::Gated { .. } | Move::Blocked { .. } => None,
        }
    }

    /// Every cell the move's piece or pieces change: `from`, `to`,
    /// [`Move::second_cell`] and the castling partner's landing cell, in
    /// that order (a piece gated in enters one of them; the blocker's cells
    /// are not among them: see [`Move::blocker`]).
    #[inline(always)]
    pub const fn changed_cells(self) -> [Option<CellId>; 4] {
        // The common kind first, by one test rather than a jump table.
        if let Move::Normal { to, from, .. } = self {
            return [Some(from), Some(to), None, None];
        }
        match self {
            Move::Normal { to, from, .. } | Move::Swap { to, from } | Move::Gated { to, from, .. } | Move::Blocked { to, from, .. } => {
                [Some(from), Some(to), None, None]
            }
            Move::CaptureOnTheWay { to, from, captured: cell, .. }
            | Move::Proxy { to, from, proxy: cell, .. }
            | Move::BlockedOnTheWay { to, from, captured: cell, .. } => [Some(from), Some(to), Some(cell), None],
            Move::Castle { to, from, partner, partner_to }
            | Move::CastleGated { to, from, partner, partner_to, .. }
            | Move::CastleBlocked { to, from, partner, partner_to, .. } => [Some(from), Some(to), Some(partner), Some(partner_to)],
            Move::Put { to, .. } => [None, Some(to), None, None],
        }
    }

    /// The type of the piece that stands on `to` after the move, played
    /// in `pos`.
    #[inline]
    pub fn arriving_kind(self, pos: &Position) -> PieceId {
        match self {
            Move::Normal { from, promote, .. }
            | Move::CaptureOnTheWay { from, promote, .. }
            | Move::Proxy { from, promote, .. }
            | Move::Gated { from, promote, .. }
            | Move::Blocked { from, promote, .. }
            | Move::BlockedOnTheWay { from, promote, .. } => promote.unwrap_or(pos.at(from).kind()),
            Move::Castle { from, .. } | Move::Swap { from, .. } | Move::CastleGated { from, .. } | Move::CastleBlocked { from, .. } => {
                pos.at(from).kind()
            }
            Move::Put { kind, .. } => kind,
        }
    }

    /// The order moves are listed in: by `from` (drops last), `to`, then
    /// what else they do.
    fn order_key(self) -> OrderKey {
        let none = u32::MAX;
        let cell = |c: Option<CellId>| c.map_or(none, |c| c.index() as u32);
        let kind = |k: Option<PieceId>| k.map_or(u16::MAX, |k| k.index() as u16);
        (
            cell(self.from()),
            self.to(),
            kind(self.promotion()),
            cell(self.second_cell()),
            kind(self.drop_kind()),
            kind(self.proxy_promotion().map(|(_, k)| k)),
            self.is_swap(),
            cell(self.castling_partner().map(|(_, to)| to)),
            // What enters the board after the piece's move: from hand, or
            // the blocker.
            {
                let (gate, gated) = self.gated().map_or((none, u16::MAX), |(cell, gated)| (cell.index() as u32, gated.index() as u16));
                (gate, gated, cell(self.blocker()))
            },
        )
    }
}

/// [`Move::order_key`]: `from`, `to`, the promotion, the second cell, the
/// drop's type, the proxy's type, swap or not, the castling partner's
/// landing cell, then what enters after the piece's move (the gated cell and
/// type, the blocker's cell); `u32::MAX` and `u16::MAX` where there is none.
type OrderKey = (u32, CellId, u16, u32, u16, u16, bool, u32, (u32, u16, u32));

impl Ord for Move {
    fn cmp(&self, other: &Move) -> Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(i: usize) -> CellId {
        CellId::from_index(i)
    }

    #[test]
    fn a_move_fits_in_ten_bytes() {
        // The struct with sentinel fields it replaced took 14 bytes.
        assert_eq!(size_of::<Move>(), 10);
    }

    #[test]
    fn kinds_answer_for_themselves() {
        let (a, b, c, d) = (cell(0), cell(1), cell(2), cell(3));
        let knight = PieceId::from_index(1);
        let plain = Move::new(a, b);
        assert!(plain.is_plain() && plain.captures_on_to() && plain.from() == Some(a) && plain.to() == b);
        assert!(Move::new(a, a).is_null() && !Move::new(a, a).captures_on_to());
        let on_the_way = plain.with_promotion(knight).capturing_on_the_way(c);
        assert_eq!((on_the_way.extra_capture(), on_the_way.promotion()), (Some(c), Some(knight)));
        let proxy = plain.with_proxy(c, knight);
        assert_eq!((proxy.proxy_promotion(), proxy.extra_capture(), proxy.second_cell()), (Some((c, knight)), None, Some(c)));
        let castle = Move::castling(a, b, c, d);
        assert!(castle.is_castle() && !castle.captures_on_to() && castle.extra_capture().is_none());
        assert_eq!(castle.changed_cells(), [Some(a), Some(b), Some(c), Some(d)]);
        assert_eq!(castle.with_promotion(knight), castle, "castling promotes nothing");
        let drop = Move::drop(knight, d);
        assert!(drop.is_drop() && drop.from().is_none() && drop.to() == d && !drop.captures_on_to());
        assert_eq!((drop.drop_kind(), drop.held_kind()), (Some(knight), Some(knight)));
        let pawn = PieceId::from_index(0);
        let promoted_drop = Move::drop_as(pawn, knight, d);
        assert_eq!((promoted_drop.drop_kind(), promoted_drop.held_kind(), promoted_drop.to()), (Some(knight), Some(pawn), d));
        assert!(Move::swapping(a, b).is_swap() && !Move::swapping(a, b).captures_on_to());
        let gated = plain.with_promotion(knight).gating(knight, a);
        assert_eq!((gated.gated(), gated.promotion(), gated.from(), gated.to()), (Some((a, knight)), Some(knight), Some(a), b));
        assert_eq!(gated.without_gating(), plain.with_promotion(knight));
        assert_eq!(plain.gating(knight, b), plain, "a piece enters only the cell the move leaves");
        let on_partner = castle.gating(knight, c);
        assert_eq!((on_partner.gated(), on_partner.castling_partner()), (Some((c, knight)), Some((c, d))));
        assert_eq!(castle.gating(knight, a).gated(), Some((a, knight)));
        assert!(on_partner.is_castle() && !on_partner.captures_on_to() && on_partner.without_gating() == castle);
        assert_eq!(drop.gating(knight, d), drop, "a drop leaves no cell");
        let blocked = plain.with_promotion(knight).with_blocker(d);
        assert_eq!((blocked.blocker(), blocked.promotion(), blocked.from(), blocked.to()), (Some(d), Some(knight), Some(a), b));
        assert!(blocked.captures_on_to() && !blocked.is_plain() && blocked.without_blocker() == plain.with_promotion(knight));
        let castle_blocked = castle.with_blocker(a);
        assert_eq!((castle_blocked.blocker(), castle_blocked.changed_cells()), (Some(a), castle.changed_cells()));
        assert!(castle_blocked.is_castle() && castle_blocked.without_blocker() == castle);
        let passing = plain.capturing_on_the_way(c).with_blocker(c);
        assert_eq!((passing.extra_capture(), passing.blocker()), (Some(c), Some(c)));
        assert_eq!(drop.with_blocker(a), drop, "a drop carries no blocker");
        assert_eq!(plain.with_blocker(cell(BlockerCell::MAX_CELLS)), plain, "a blocker's cell fits in a byte");
    }

    #[test]
    fn moves_sort_by_from_then_to_drops_last() {
        let (a, b, c) = (cell(0), cell(1), cell(2));
        let mut moves = vec![Move::drop(PieceId::from_index(0), a), Move::new(c, a), Move::swapping(a, b), Move::new(a, b)];
        moves.sort();
        assert_eq!(moves, [Move::new(a, b), Move::swapping(a, b), Move::new(c, a), Move::drop(PieceId::from_index(0), a)]);
    }
}

//! The cells of a board by who holds them, as bits, for boards of up to
//! [`MAX_CELLS`] cells: a generated move generator finds a stepper's moves
//! as one set of destinations (its steps' cells less its own pieces') and
//! hands them over together ([`crate::state::sink::MoveSink::plain_to`]), so that
//! a counter counts them with one instruction.

use crate::ir::PlayerId;
use crate::state::cell_bits::for_each_bit;
use crate::state::piece::Piece;

/// The most cells a board may have for its cells to be kept as bits.
pub const MAX_CELLS: usize = 128;

/// Which cells of a board are empty, hold a piece of one player, or of the
/// other, as bits by cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupancy {
    pub own: u128,
    pub enemy: u128,
    pub empty: u128,
}

const LOW: u64 = 0x0101_0101_0101_0101;
const SEVEN_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Gathers bit 0 of each byte into the top byte, byte k's into bit 56 + k.
const GATHER: u64 = 0x0102_0408_1020_4080;

impl Occupancy {
    /// The cells of `board` (at most [`MAX_CELLS`]) as `player` sees them.
    #[inline(always)]
    pub fn of(board: &[Piece], player: PlayerId) -> Occupancy {
        debug_assert!(board.len() <= MAX_CELLS, "a board of {} cells", board.len());
        let (low, high) = board.split_at(board.len().min(64));
        let ((held_low, second_low), (held_high, second_high)) = (held_and_second(low), held_and_second(high));
        HeldCells::from_words([held_low, held_high], [second_low, second_high]).seen_by(player, board.len())
    }
}

/// The cells a player's pieces stand on, as a generated attack test reads
/// them (on boards of up to [`MAX_CELLS`] cells, as bits, or more): to
/// skip the leaps and lines that attack a target from none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackerCells {
    /// Every piece's cell.
    pub held: u128,
    /// The cells of the pieces of the types that attack along some line
    /// from beyond its first cell (riders, hoppers): a line's cells past
    /// the first need a piece of one of those to attack from.
    pub riders: u128,
}

/// The cells of a board of up to [`MAX_CELLS`] cells that hold a piece,
/// and those that hold one of the second player, as bits: what a
/// [`crate::Position`] reads from the cells of each piece it keeps
/// ([`crate::state::piece_cells::PieceCells::held`]), so that move generators
/// read them instead of the board. Two words each, so that keeping them
/// costs word operations, not 128-bit shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeldCells {
    held: [u64; 2],
    second: [u64; 2],
}

impl HeldCells {
    /// From the cells that hold a piece and those of the second player, as
    /// two words each (bits beyond the board are never read).
    #[inline(always)]
    pub(crate) fn from_words(held: [u64; 2], second: [u64; 2]) -> HeldCells {
        HeldCells { held, second }
    }

    /// The cells `block * 64 ..` (`block` 0 or 1) that hold a piece.
    #[inline(always)]
    pub(crate) fn block(self, block: usize) -> u64 {
        self.held[block]
    }

    /// The cells of a board of `cells` cells that hold a piece.
    #[inline(always)]
    pub fn occupied(self, cells: usize) -> u128 {
        on_board(self.held, cells)
    }

    /// The cells of a board of `cells` cells as `player` sees them.
    #[inline(always)]
    pub fn seen_by(self, player: PlayerId, cells: usize) -> Occupancy {
        let (held, second) = (self.occupied(cells), on_board(self.second, cells));
        let first = held & !second;
        let (own, enemy) = if player.is_first() { (first, second) } else { (second, first) };
        Occupancy { own, enemy, empty: on_board([!0; 2], cells) & !held }
    }
}

/// The cells of `words` (two words of a set) on a board of `cells` cells,
/// as one set. No bit beyond the board is ever set; masking says so to the
/// compiler, which then drops the second word's work on boards of up to 64
/// cells, where `cells` is a constant.
#[inline(always)]
pub(crate) fn on_board([low, high]: [u64; 2], cells: usize) -> u128 {
    let all = if cells >= 128 { !0 } else { (1u128 << cells) - 1 };
    (u128::from(low) | u128::from(high) << 64) & all
}

/// For up to 64 `cells`, as bits: which hold a piece, and which hold one of
/// the second player. Eight cells at a time, as the bytes of one word (see
/// [`held_and_owner`]).
#[inline(always)]
pub(crate) fn held_and_second(cells: &[Piece]) -> (u64, u64) {
    debug_assert!(cells.len() <= 64);
    let (mut held, mut second) = (0, 0);
    let (blocks, rest) = cells.as_chunks::<8>();
    for (block, pieces) in blocks.iter().enumerate() {
        let (h, o) = held_and_owner(u64::from_le_bytes(pieces.map(|piece| piece.0)));
        held |= h << (block * 8);
        second |= o << (block * 8);
    }
    let base = blocks.len() * 8;
    for (i, piece) in rest.iter().enumerate() {
        held |= u64::from(!piece.is_empty()) << (base + i);
        second |= u64::from(piece.is_of(PlayerId::SECOND)) << (base + i);
    }
    (held, second)
}

/// For the eight cells whose pieces are the bytes of `word`: which hold a
/// piece, and which hold one of the second player (`Piece`'s low bit), each
/// as eight bits.
#[inline(always)]
pub(crate) fn held_and_owner(word: u64) -> (u64, u64) {
    let held = nonzero_bytes_low(word);
    let owner = word & LOW & held;
    (held.wrapping_mul(GATHER) >> 56, owner.wrapping_mul(GATHER) >> 56)
}

/// Which of the eight bytes of `word` are not zero, as eight bits.
#[inline(always)]
pub(crate) fn nonzero_bytes(word: u64) -> u64 {
    nonzero_bytes_low(word).wrapping_mul(GATHER) >> 56
}

/// Bit 0 of each byte of the result: is that byte of `word` not zero?
#[inline(always)]
fn nonzero_bytes_low(word: u64) -> u64 {
    ((((word & SEVEN_BITS) + SEVEN_BITS) | word) >> 7) & LOW
}

/// Calls `each` with the index of every set bit of `bits`, lowest first.
#[inline(always)]
pub fn for_each_bit128(bits: u128, mut each: impl FnMut(usize)) {
    for_each_bit(bits as u64, &mut each);
    for_each_bit((bits >> 64) as u64, |i| each(64 + i));
}

/// [`for_each_bit128`] in one loop, so that `each` is called from one
/// place: for a large closure (a move generator's code for one piece),
/// which is kept out of line when called from two, so that every cell
/// costs a call. A small one is better served by the two tighter loops of
/// [`for_each_bit128`]. The loop runs on the two words as one: a loop per
/// word ends twice, a branch the processor mostly guesses wrong where a
/// type has a piece or two (Turn Qi: 14 % fewer mispredicted branches,
/// for 2 % more instructions). On boards of up to 64 cells,
/// [`for_each_bit64_inline`] does with one word.
#[inline(always)]
pub fn for_each_bit128_inline(mut bits: u128, mut each: impl FnMut(usize)) {
    while bits != 0 {
        each(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// [`for_each_bit128_inline`] for the cells of a board of up to 64 cells.
#[inline(always)]
pub fn for_each_bit64_inline(mut bits: u64, mut each: impl FnMut(usize)) {
    while bits != 0 {
        each(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// The most cells a board may have for its rides to be found as sets
/// ([`reach_rising`], [`reach_falling`]): the lines and the occupied cells
/// fit one word. With two, the arithmetic cost more than the walk along the
/// line it saves (Capablanca's 80 cells: 8 % slower, chess's 64: 10 %
/// faster), but for a piece whose rides may repeat a destination (round a
/// ring both ways), whose walk must list its moves to give each once: its
/// rides are sets on boards of up to [`MAX_CELLS`] cells
/// ([`reach_rising_wide`], [`reach_falling_wide`]).
pub const MAX_RIDE_CELLS: usize = 64;

/// The cells a ride reaches along `line`, a line whose cells' numbers
/// rise from its start, when `blockers` are the occupied cells: the line up
/// to and including its first occupied cell, the lowest bit they share.
/// (With none, `met - 1` wraps to every bit: the whole line.) On boards of
/// up to [`MAX_RIDE_CELLS`] cells, read from the low word of the sets as
/// the generated tables and [`Occupancy`] hold them.
#[inline(always)]
pub fn reach_rising(line: u128, blockers: u128) -> u128 {
    let (line, blockers) = (line as u64, blockers as u64);
    let met = line & blockers;
    u128::from(line & (met ^ met.wrapping_sub(1)))
}

/// [`reach_rising`] for a line whose cells' numbers fall from its start:
/// its first occupied cell is the highest bit the line and `blockers`
/// share, and it reaches the cells from there up.
#[inline(always)]
pub fn reach_falling(line: u128, blockers: u128) -> u128 {
    let (line, blockers) = (line as u64, blockers as u64);
    // Cell 0 counts as met: the line's cells all lie below its start, so
    // where nothing on it is met the line is reached down to cell 0 (on
    // it or not), and the shift below never passes the word's width.
    let met = line & blockers | 1;
    // The bits below the highest of `met`.
    let below = (u64::MAX >> 1) >> met.leading_zeros();
    u128::from(line & !below)
}

/// [`reach_rising`] on boards of up to [`MAX_CELLS`] cells, both words.
#[inline(always)]
pub fn reach_rising_wide(line: u128, blockers: u128) -> u128 {
    let met = line & blockers;
    line & (met ^ met.wrapping_sub(1))
}

/// [`reach_falling`] on boards of up to [`MAX_CELLS`] cells, both words:
/// the line from the highest cell it shares with `blockers` up. The mask of
/// the cells at and above that cell is looked up by the count of the zeros
/// above it ([`AT_OR_ABOVE_HIGHEST`]), without a branch: worked out with a
/// check for an empty `met` (a shift of two words by 128 is undefined), as
/// it was, the check was guessed wrong at a sixth of the rides round Turn
/// Qi's rings, a tenth of its mispredicted branches (valgrind's branch
/// simulation), for the same instructions.
#[inline(always)]
pub fn reach_falling_wide(line: u128, blockers: u128) -> u128 {
    let met = line & blockers;
    line & AT_OR_ABOVE_HIGHEST[met.leading_zeros() as usize]
}

/// `AT_OR_ABOVE_HIGHEST[zeros]`: the bits at and above the highest set bit
/// of a word with `zeros` leading zeros; every bit for the empty word (128).
static AT_OR_ABOVE_HIGHEST: [u128; 129] = {
    let mut masks = [u128::MAX; 129];
    let mut zeros = 0;
    while zeros < 128 {
        masks[zeros] = u128::MAX << (127 - zeros);
        zeros += 1;
    }
    masks
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::PieceId;

    #[test]
    fn the_bytes_not_zero_are_found_as_bits() {
        // Bytes, lowest first: 1, 0, 0, 255, 0, 1, 0, 128.
        assert_eq!(nonzero_bytes(0x8000_0100_FF00_0001), 0b1010_1001);
        assert_eq!(nonzero_bytes(0), 0);
        assert_eq!(nonzero_bytes(u64::MAX), 0xff);
    }

    #[test]
    fn every_cell_is_sorted_by_who_holds_it_on_boards_of_any_length() {
        for len in [1, 7, 8, 9, 25, 64, 81, 90, 127, 128] {
            let board: Vec<Piece> = (0..len)
                .map(|i| {
                    [
                        Piece::EMPTY,
                        Piece::new(PieceId::from_index(i % 5), PlayerId::FIRST),
                        Piece::new(PieceId::from_index(3), PlayerId::SECOND),
                    ][i % 3]
                })
                .collect();
            for player in PlayerId::BOTH {
                let occupancy = Occupancy::of(&board, player);
                for (cell, piece) in board.iter().enumerate() {
                    let bit = |set: u128| set >> cell & 1 != 0;
                    assert_eq!(bit(occupancy.empty), piece.is_empty(), "{len} cells, cell {cell}");
                    assert_eq!(bit(occupancy.own), piece.is_of(player), "{len} cells, cell {cell}");
                    assert_eq!(bit(occupancy.enemy), piece.is_enemy_of(player), "{len} cells, cell {cell}");
                }
                assert_eq!(occupancy.own | occupancy.enemy | occupancy.empty, if len == 128 { !0 } else { (1u128 << len) - 1 });
            }
        }
    }

    /// The cells a walk along `cells` (in order from the start) reaches
    /// before and at its first occupied cell.
    fn walked(cells: &[usize], blockers: u128) -> u128 {
        let mut reached = 0;
        for &cell in cells {
            reached |= 1 << cell;
            if blockers >> cell & 1 != 0 {
                break;
            }
        }
        reached
    }

    type Reach = fn(u128, u128) -> u128;

    /// Checks that `rising` and `falling` reach, along each of `lines` and
    /// for every subset of its cells occupied (with `off_line` occupied
    /// too), what a walk along it reaches.
    fn reaches_as_walked(lines: &[&[usize]], off_line: u128, rising: Reach, falling: Reach) {
        for line in lines {
            let bits = line.iter().fold(0u128, |bits, &cell| bits | 1 << cell);
            let reach = if line.windows(2).all(|pair| pair[0] < pair[1]) { rising } else { falling };
            for subset in 0..1u32 << line.len() {
                let blockers = line.iter().enumerate().filter(|(i, _)| subset >> i & 1 != 0).fold(off_line, |b, (_, &c)| b | 1 << c);
                assert_eq!(reach(bits, blockers), walked(line, blockers), "line {line:?}, blockers {blockers:#x}");
            }
        }
    }

    #[test]
    fn a_ride_reaches_what_a_walk_along_its_line_reaches() {
        // Falling lines that end on cell 0 and short of it: a falling ride
        // counts cell 0 as met.
        let lines: [&[usize]; 5] = [&[3, 10, 17, 24, 40, 62, 63], &[5], &[63, 50, 32, 31, 8, 0], &[60, 45, 30, 15], &[]];
        reaches_as_walked(&lines, 1 << 1 | 1 << 61, reach_rising, reach_falling);
        reaches_as_walked(&lines, 1 | 1 << 61, reach_rising, reach_falling);
    }

    #[test]
    fn a_ride_on_two_words_reaches_what_a_walk_along_its_line_reaches() {
        let lines: [&[usize]; 4] = [&[3, 40, 63, 64, 100, 127], &[70], &[127, 90, 64, 63, 8, 0], &[]];
        reaches_as_walked(&lines, 1 << 1 | 1 << 99, reach_rising_wide, reach_falling_wide);
    }

    #[test]
    fn bits_are_visited_lowest_first_across_both_halves() {
        let mut seen = Vec::new();
        for_each_bit128(1 | 1 << 63 | 1 << 64 | 1 << 127, |i| seen.push(i));
        assert_eq!(seen, [0, 63, 64, 127]);
    }
}

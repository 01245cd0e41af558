//! Sets of cells as bits, 64 cells to a word (`words[base + cell / 64]`),
//! as the watched cells, the check cells, the unmoved pieces, the royals'
//! cells and the drop cells keep them.

use crate::ir::CellId;

/// Is `cell` in the set that starts at `words[base]`?
#[inline]
pub(crate) fn bit(words: &[u64], base: usize, cell: CellId) -> bool {
    words[base + cell.index() / 64] >> (cell.index() % 64) & 1 != 0
}

/// Puts `cell` in the set that starts at `words[base]`.
#[inline]
pub(crate) fn set_bit(words: &mut [u64], base: usize, cell: CellId) {
    words[base + cell.index() / 64] |= 1 << (cell.index() % 64);
}

/// Calls `each` with the index of every set bit of `bits`, lowest first.
#[inline(always)]
pub(crate) fn for_each_bit(mut bits: u64, mut each: impl FnMut(usize)) {
    while bits != 0 {
        each(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// The cells of the set `words`, in order.
#[inline]
pub(crate) fn cells(words: &[u64]) -> impl Iterator<Item = CellId> + '_ {
    cells_of_words(words.iter().copied())
}

/// The cells in both sets `a` and `b`, in order.
#[inline]
pub(crate) fn cells_of_both<'a>(a: &'a [u64], b: &'a [u64]) -> impl Iterator<Item = CellId> + 'a {
    cells_of_words(a.iter().zip(b).map(|(a, b)| a & b))
}

/// The cells of a set given word by word.
#[inline]
fn cells_of_words(words: impl Iterator<Item = u64>) -> impl Iterator<Item = CellId> {
    words.enumerate().flat_map(|(word, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                CellId::from_index(word * 64 + bit as usize)
            })
        })
    })
}

/// The set of `cells` on a board of `count` cells.
pub(crate) fn of(cells: impl Iterator<Item = CellId>, count: usize) -> Vec<u64> {
    let mut words = vec![0; count.div_ceil(64)];
    cells.for_each(|cell| set_bit(&mut words, 0, cell));
    words
}

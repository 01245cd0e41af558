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
    words.iter().enumerate().flat_map(|(word, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                CellId::from_index(word * 64 + bit as usize)
            })
        })
    })
}

//! The transposition table: what the search learned about positions it met,
//! kept by key, so that a position reached again (by another order of moves,
//! or in the next iteration) costs a look-up, and its best move is tried first.

use crate::state::position::Move;

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    #[default]
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// The full key (0: empty slot; see [`Table::slot_key`]).
    key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The search that wrote it: older entries give way first.
    generation: u8,
}

/// A fixed-size table of entries, one per slot, indexed by the low bits of
/// the key. The slots are allocated by the first search, so that choosing
/// another size first costs nothing.
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Entry>,
    slots: usize,
    generation: u8,
}

impl Table {
    /// The table's size when none is asked for.
    pub const DEFAULT_MEGABYTES: usize = 16;

    /// A table of about `megabytes` (a power of two entries; 0: one entry,
    /// hardly a table).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / size_of::<Entry>();
        let slots = if wanted <= 1 || wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        Table { entries: Vec::new(), slots: slots.max(1), generation: 0 }
    }

    /// Starts a new search: entries of earlier searches are kept but give way.
    pub fn new_search(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); self.slots];
        }
        self.generation = self.generation.wrapping_add(1);
    }

    /// Stored keys are never 0, which marks an empty slot.
    fn slot_key(key: u64) -> u64 {
        key | 1
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry of `key`, if the table holds it ([`Table::new_search`] first).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[self.index(key)];
        (entry.key == Table::slot_key(key)).then_some(entry)
    }

    /// Stores what a search of `depth` found, unless the slot holds a deeper
    /// result of this search for another position.
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: u32, bound: Bound) {
        let generation = self.generation;
        let index = self.index(key);
        let slot = &mut self.entries[index];
        let key = Table::slot_key(key);
        let depth = depth.min(u8::MAX as u32) as u8;
        if slot.key != key && slot.generation == generation && slot.depth > depth {
            return;
        }
        // A result without a move keeps the move the slot knew for the position.
        let best = best.or(if slot.key == key { slot.best } else { None });
        *slot = Entry { key, best, score, depth, bound, generation };
    }

    /// How full the table is with this search's entries, in permille (UCI's
    /// `hashfull`), from a sample of the first thousand slots.
    pub fn hashfull(&self) -> u32 {
        if self.entries.is_empty() {
            return 0;
        }
        let sample = &self.entries[..self.entries.len().min(1000)];
        let used = sample.iter().filter(|e| e.key != 0 && e.generation == self.generation).count();
        (used * 1000 / sample.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::CellId;

    #[test]
    fn stores_and_finds_by_key() {
        let mut table = Table::new(1);
        table.new_search();
        let mv = Move::new(CellId::from_index(1), CellId::from_index(2));
        assert!(table.probe(42).is_none());
        table.store(42, Some(mv), 17, 3, Bound::Lower);
        let entry = table.probe(42).expect("stored");
        assert_eq!((entry.best, entry.score, entry.depth, entry.bound), (Some(mv), 17, 3, Bound::Lower));
        // Another key on the same slot, shallower, in the same search: kept out.
        let other = 42 + table.entries.len() as u64;
        table.store(other, None, 5, 1, Bound::Exact);
        assert!(table.probe(other).is_none());
        assert!(table.probe(42).is_some());
        // In a later search it takes the slot.
        table.new_search();
        table.store(other, None, 5, 1, Bound::Exact);
        assert!(table.probe(other).is_some());
    }

    #[test]
    fn hashfull_counts_this_search() {
        let mut table = Table::new(1);
        assert_eq!(table.hashfull(), 0);
        table.new_search();
        for key in 0..500u64 {
            table.store(key << 1, None, 0, 1, Bound::Exact);
        }
        assert!(table.hashfull() > 0);
        table.new_search();
        assert_eq!(table.hashfull(), 0);
    }
}

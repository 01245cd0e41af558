//! What moves still made changed beyond their cells, for unmake to put back:
//! one frame per such move, most recent last (the pieces an explosion
//! removed, the unmoved marks a landing took). It is history, not part of
//! the position: two positions that differ only in it are equal.

#[derive(Clone, Debug)]
pub struct FrameLog<T> {
    items: Vec<T>,
    /// Where each frame starts in `items`.
    frames: Vec<u32>,
}

impl<T> FrameLog<T> {
    /// Opens the frame of a move.
    #[inline]
    pub(crate) fn open(&mut self) {
        self.frames.push(self.items.len() as u32);
    }

    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// The items of the latest frame, which it closes, the last pushed
    /// first.
    #[inline]
    pub(crate) fn close(&mut self) -> impl Iterator<Item = T> + '_ {
        let start = self.frames.pop().expect("a frame to take back") as usize;
        self.items.drain(start..).rev()
    }

    /// The items of the latest frame.
    #[inline]
    pub(crate) fn latest(&self) -> &[T] {
        let start = self.frames.last().map_or(self.items.len(), |&start| start as usize);
        &self.items[start..]
    }
}

impl<T> Default for FrameLog<T> {
    fn default() -> FrameLog<T> {
        FrameLog { items: Vec::new(), frames: Vec::new() }
    }
}

impl<T> PartialEq for FrameLog<T> {
    fn eq(&self, _: &FrameLog<T>) -> bool {
        true
    }
}

impl<T> Eq for FrameLog<T> {}

impl<T> std::hash::Hash for FrameLog<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

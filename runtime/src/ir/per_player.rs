//! Values kept per player: [`PerPlayer`], as many as the IR's game declares,
//! and [`ByPlayer`], the two of a position's state.

use super::PlayerId;
use serde::{Deserialize, Serialize};

/// One value for each player, in player order: indexed by [`PlayerId`], and a
/// slice for everything else. Written in the IR as a list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerPlayer<T>(pub Vec<T>);

impl<T> PerPlayer<T> {
    /// The value of each of `players` players, from `f`.
    pub fn from_fn(players: usize, f: impl FnMut(usize) -> T) -> PerPlayer<T> {
        PerPlayer((0..players).map(f).collect())
    }
}

impl<T> std::ops::Deref for PerPlayer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> std::ops::DerefMut for PerPlayer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<T> std::ops::Index<PlayerId> for PerPlayer<T> {
    type Output = T;

    #[inline]
    fn index(&self, player: PlayerId) -> &T {
        &self.0[player.index()]
    }
}

impl<T> From<Vec<T>> for PerPlayer<T> {
    fn from(values: Vec<T>) -> PerPlayer<T> {
        PerPlayer(values)
    }
}

impl<T> FromIterator<T> for PerPlayer<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> PerPlayer<T> {
        PerPlayer(values.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a PerPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// One value for each of the two players, indexed by [`PlayerId`]: the state
/// a position keeps per player (hands, countdowns, checks left) and what the
/// runtime resolves per player (the move plan's sides).
///
/// The runtime's games have exactly two players (the compiler refuses any
/// other number, and a [`crate::Piece`] keeps its owner in one bit): this is
/// the one place that says so. Each player's opponent is the other
/// ([`PlayerId::opponent`]), and a fixed pair, unlike a list, needs neither
/// a length nor a second allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T>([T; 2]);

impl<T> ByPlayer<T> {
    /// The first player's value and the second's.
    #[inline]
    pub const fn new(first: T, second: T) -> ByPlayer<T> {
        ByPlayer([first, second])
    }

    /// The value of each player, from `f`.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(PlayerId) -> T) -> ByPlayer<T> {
        ByPlayer(PlayerId::BOTH.map(&mut f))
    }

    /// Both values, the first player's first.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// Both values, the first player's first, to change.
    #[inline]
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Each player with its value, in order.
    #[inline]
    pub fn each(&self) -> impl Iterator<Item = (PlayerId, &T)> {
        PlayerId::BOTH.into_iter().zip(&self.0)
    }

    /// Each player's value, changed by `f`.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }
}

impl<T> std::ops::Index<PlayerId> for ByPlayer<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, player: PlayerId) -> &T {
        // A player's index is 0 or 1: the mask changes nothing, and spares
        // the bounds check.
        &self.0[player.index() & 1]
    }
}

impl<T> std::ops::IndexMut<PlayerId> for ByPlayer<T> {
    #[inline(always)]
    fn index_mut(&mut self, player: PlayerId) -> &mut T {
        &mut self.0[player.index() & 1]
    }
}

impl<'a, T> IntoIterator for &'a ByPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

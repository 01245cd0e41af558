//! Which routes of a leap a move may use. A route's condition on crossing a
//! zone's boundary depends only on the start and the destination, which a leap
//! fixes together, so it is decided here, per move, at generation time.

use vdl_runtime::ir::{CellId, DirId, Game, PlayerId, Route};

/// The routes a leap from one cell to another may use.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Usable {
    /// Nothing can block it: the leap has no routes, or an allowed one with no
    /// cell.
    Always,
    /// The cells of the allowed routes; at least one must be open. None at
    /// all: the leap is impossible.
    Routes(Vec<Vec<DirId>>),
}

/// The routes of a leap of `player` from `from` to `to`.
pub fn usable(game: &Game, player: PlayerId, routes: &[Route], from: usize, to: usize) -> Usable {
    if routes.is_empty() {
        return Usable::Always;
    }
    let allowed: Vec<&Route> = routes.iter().filter(|r| r.allowed(game, player, CellId(from as u16), CellId(to as u16))).collect();
    if allowed.iter().any(|r| r.cells.is_empty()) {
        return Usable::Always;
    }
    Usable::Routes(allowed.into_iter().map(|r| r.cells.clone()).collect())
}

impl Usable {
    /// The route cells to test, none when nothing can block the leap.
    pub fn routes(&self) -> &[Vec<DirId>] {
        match self {
            Usable::Always => &[],
            Usable::Routes(routes) => routes,
        }
    }
}

/// Groups `items` by `key`, groups in the order their first item comes. The
/// key is cloned once per group, not per item (routes are vectors).
pub fn group_by<T, K: PartialEq + Clone>(items: impl IntoIterator<Item = T>, key: impl Fn(&T) -> &K) -> Vec<(K, Vec<T>)> {
    let mut groups: Vec<(K, Vec<T>)> = Vec::new();
    for item in items {
        match groups.iter_mut().find(|(g, _)| g == key(&item)) {
            Some((_, list)) => list.push(item),
            None => groups.push((key(&item).clone(), vec![item])),
        }
    }
    groups
}

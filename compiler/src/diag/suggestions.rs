//! "Did you mean ...?" within a budget. Each suggestion compares the unknown
//! name with every candidate, so a file with very many unknown names among
//! very many declared ones would spend minutes on them; past the budget the
//! errors come without a suggestion.

use crate::diag::diagnostic::did_you_mean;
use std::cell::Cell;

/// The most name comparisons one table of names spends on suggestions.
const COMPARISONS: usize = 500_000;

pub struct Suggestions {
    left: Cell<usize>,
}

impl Default for Suggestions {
    fn default() -> Suggestions {
        Suggestions { left: Cell::new(COMPARISONS) }
    }
}

impl Suggestions {
    /// The closest of `count` candidates, if the budget allows comparing them all.
    pub fn did_you_mean<'a>(&self, name: &str, count: usize, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
        let left = self.left.get().checked_sub(count)?;
        self.left.set(left);
        did_you_mean(name, candidates)
    }
}

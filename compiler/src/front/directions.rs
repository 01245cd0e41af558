//! Direction sets: vectors, their symmetric closures (`(1,2)*`), unions and
//! filters, all written from the first player's side.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::suggestions::Suggestions;
use crate::front::board::{unknown_axis, BoardModel};
use crate::front::pieces::written;
use crate::front::players::Players;
use std::collections::HashMap;
use vdl_dsl::ast::{self, DirCond, DirExpr};

pub type Vector = Vec<i32>;

/// A symmetry of the grid: permute the components, then flip some signs.
#[derive(Clone, Debug)]
pub struct Symmetry {
    perm: Vec<usize>,
    signs: Vec<i32>,
}

impl Symmetry {
    pub fn apply(&self, v: &[i32]) -> Vector {
        self.perm.iter().zip(&self.signs).map(|(&i, &s)| s * v[i]).collect()
    }
}

/// The most distinct images a `vector*` may have: each becomes a direction
/// table, so a vector on a board of many axes is stopped before it costs
/// memory without bound.
pub const MAX_IMAGES: usize = 1024;
/// The most axes a leap with `via` routes may have: its routes turn with every
/// symmetry of the grid, `axes! * 2^axes` of them (46,080 for 6 axes).
pub const MAX_ROUTE_AXES: usize = 6;

/// Every permutation-and-sign symmetry of `dimensions` axes (at most
/// [`MAX_ROUTE_AXES`]: their number grows as `dimensions! * 2^dimensions`).
pub fn symmetries(dimensions: usize) -> Vec<Symmetry> {
    let mut perms: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..dimensions {
        let mut longer = Vec::new();
        for p in &perms {
            for i in (0..dimensions).filter(|i| !p.contains(i)) {
                let mut next = p.clone();
                next.push(i);
                longer.push(next);
            }
        }
        perms = longer;
    }
    let mut out = Vec::new();
    for perm in perms {
        for mask in 0..(1u32 << dimensions) {
            let signs = (0..dimensions).map(|i| if mask >> i & 1 == 1 { -1 } else { 1 }).collect();
            out.push(Symmetry { perm: perm.clone(), signs });
        }
    }
    out
}

/// How many distinct vectors `(v)*` stands for: the arrangements of its
/// components' sizes times a sign for each nonzero one (saturating).
pub fn image_count(v: &[i32]) -> usize {
    let mut sizes: Vec<u32> = v.iter().map(|c| c.unsigned_abs()).collect();
    sizes.sort_unstable();
    let mut count: u128 = 1;
    let mut placed: u128 = 0;
    for group in sizes.chunk_by(|a, b| a == b) {
        // Choose the places of this group among those placed so far and it.
        let (n, k) = (placed + group.len() as u128, group.len() as u128);
        for i in 1..=k {
            count = count * (n - k + i) / i;
            if count > u128::from(u64::MAX) {
                return usize::MAX;
            }
        }
        placed = n;
    }
    let nonzero = v.iter().filter(|&&c| c != 0).count() as u32;
    let signs = 1u128.checked_shl(nonzero).filter(|&s| s <= u128::from(u64::MAX)).unwrap_or(u128::MAX);
    usize::try_from(count.saturating_mul(signs)).unwrap_or(usize::MAX)
}

/// The distinct images of `v` under every symmetry, in the order the
/// symmetries list them (permutations in lexical order, then sign masks),
/// without going through the symmetries themselves: arrangements of the
/// components are made directly, each from the first permutation that gives
/// it, then signed. The caller bounds the count with [`image_count`].
pub fn images(v: &[i32]) -> Vec<Vector> {
    let mut out = Vec::new();
    let mut used = vec![false; v.len()];
    let mut arrangement = Vec::with_capacity(v.len());
    arrange(v, &mut used, &mut arrangement, &mut out);
    out
}

fn arrange(v: &[i32], used: &mut [bool], arrangement: &mut Vector, out: &mut Vec<Vector>) {
    if arrangement.len() == v.len() {
        let nonzero: Vec<usize> = (0..v.len()).filter(|&i| arrangement[i] != 0).collect();
        for mask in 0..1usize << nonzero.len() {
            let mut image = arrangement.clone();
            for (bit, &i) in nonzero.iter().enumerate() {
                if mask >> bit & 1 == 1 {
                    image[i] = -image[i];
                }
            }
            out.push(image);
        }
        return;
    }
    // Each size once, through its first unused component.
    let mut tried: Vec<u32> = Vec::new();
    for j in 0..v.len() {
        if used[j] || tried.contains(&v[j].unsigned_abs()) {
            continue;
        }
        tried.push(v[j].unsigned_abs());
        used[j] = true;
        arrangement.push(v[j]);
        arrange(v, used, arrangement, out);
        arrangement.pop();
        used[j] = false;
    }
}

pub struct DirectionEval<'a> {
    /// The file's text, to quote in suggestions.
    pub source: &'a str,
    pub board: &'a BoardModel,
    pub players: &'a Players,
    /// Declared sets by name; `None` for a declaration that had an error, so
    /// that its uses are not reported again.
    pub declared: HashMap<String, Option<Vec<Vector>>>,
    /// For unknown set names.
    pub suggestions: Suggestions,
}

/// A test on vectors, built from a `where` condition.
pub type VectorTest<'a> = Box<dyn Fn(&Vector) -> bool + 'a>;

impl DirectionEval<'_> {
    /// Checks a literal vector's dimension and that it moves.
    pub fn vector(&self, v: &ast::Vector, diags: &mut Vec<Diagnostic>) -> Option<Vector> {
        let dims = self.board.dimensions();
        if v.components.len() != dims {
            let axes: Vec<&str> = self.board.axis_names().collect();
            diags.push(
                Diagnostic::error(
                    Code::WrongDimension,
                    v.span,
                    format!("this vector has {} components but the board has {dims} axes", v.components.len()),
                )
                .with_help(format!("write one component per axis, in the order {}", axes.join(", "))),
            );
            return None;
        }
        if v.components.iter().all(|c| c.value == 0) {
            diags.push(Diagnostic::error(Code::ZeroVector, v.span, "a direction of all zeros goes nowhere"));
            return None;
        }
        let limit = 1 << 15;
        if let Some(c) = v.components.iter().find(|c| c.value.unsigned_abs() > limit) {
            diags.push(Diagnostic::error(Code::WrongDimension, c.span, format!("components are limited to ±{limit}")));
            return None;
        }
        Some(v.components.iter().map(|c| c.value as i32).collect())
    }

    /// The set of vectors `expr` denotes, without duplicates, in a stable order.
    pub fn eval(&self, expr: &DirExpr, diags: &mut Vec<Diagnostic>) -> Option<Vec<Vector>> {
        let set = match expr {
            DirExpr::Vector(v) => vec![self.vector(v, diags)?],
            DirExpr::All { vector, span } => {
                let base = self.vector(vector, diags)?;
                let count = image_count(&base);
                if count > MAX_IMAGES {
                    let shown = if count == usize::MAX { "too many".to_string() } else { count.to_string() };
                    diags.push(
                        Diagnostic::error(
                            Code::TooMuchWork,
                            *span,
                            format!("`*` makes {shown} directions of this vector, more than {MAX_IMAGES}"),
                        )
                        .with_label("every order of the components, with every sign")
                        .with_help("list the directions the piece needs, or combine fewer axes"),
                    );
                    return None;
                }
                images(&base)
            }
            DirExpr::Ref(name) => match self.declared.get(&name.text) {
                Some(Some(set)) => set.clone(),
                Some(None) => return None,
                None => {
                    diags.push(
                        Diagnostic::error(Code::UnknownName, name.span, format!("unknown direction set `{}`", name.text))
                            .with_label("not a direction declared before this point")
                            .with_help_opt(
                                (self.suggestions)
                                    .did_you_mean(&name.text, self.declared.len(), self.declared.keys().map(String::as_str))
                                    .or_else(|| Some(format!("declare it first: `direction {} = (0,1)*`", name.text))),
                            ),
                    );
                    return None;
                }
            },
            DirExpr::Union { terms, .. } => self.eval_terms(terms, diags)?.concat(),
            DirExpr::Filter { inner, conditions, span } => {
                // `a | b where c` filters the whole union; its terms are kept
                // apart to tell which lose vectors. Parentheses, `(a | b) where c`,
                // make the union start after the filter does.
                let (terms, sets) = match &**inner {
                    DirExpr::Union { terms, span: union } if union.start == span.start => (&terms[..], self.eval_terms(terms, diags)?),
                    other => (std::slice::from_ref(other), vec![self.eval(other, diags)?]),
                };
                let tests = conditions.iter().map(|c| self.condition(c, diags)).collect::<Option<Vec<_>>>()?;
                let passes = |v: &Vector| tests.iter().all(|t| t(v));
                if let [earlier @ .., last] = terms {
                    for (term, set) in earlier.iter().zip(&sets) {
                        self.warn_dropped(term, set, last, *span, &passes, diags);
                    }
                }
                sets.concat().into_iter().filter(passes).collect()
            }
        };
        let mut seen = std::collections::HashSet::with_capacity(set.len());
        Some(set.into_iter().filter(|v| seen.insert(v.clone())).collect())
    }

    /// The sets of the terms of a union, each evaluated once.
    fn eval_terms(&self, terms: &[DirExpr], diags: &mut Vec<Diagnostic>) -> Option<Vec<Vec<Vector>>> {
        let parts: Vec<Option<Vec<Vector>>> = terms.iter().map(|t| self.eval(t, diags)).collect();
        parts.into_iter().collect()
    }

    /// Warns when the `where` of `filter` drops vectors of `term`, a set
    /// before the `last` term of the union it ends: `diag | orth where forward`
    /// loses the backward diagonals, which is rarely what was meant.
    fn warn_dropped(
        &self,
        term: &DirExpr,
        set: &[Vector],
        last: &DirExpr,
        filter: ast::Span,
        passes: &dyn Fn(&Vector) -> bool,
        diags: &mut Vec<Diagnostic>,
    ) {
        let dropped: Vec<String> = set.iter().filter(|v| !passes(v)).map(|v| written(v)).collect();
        if dropped.is_empty() {
            return;
        }
        let text = |from: usize, to: usize| self.source.get(from..to).unwrap_or("").trim();
        let (union_start, last_start, last_end) = (filter.start, last.span().start, last.span().end);
        let (before, last_text, condition) = (text(union_start, last_start), text(last_start, last_end), text(last_end, filter.end));
        let shown: Vec<&str> = dropped.iter().take(6).map(String::as_str).collect();
        let more = if dropped.len() > shown.len() { format!(" and {} more", dropped.len() - shown.len()) } else { String::new() };
        diags.push(
            Diagnostic::warning(
                Code::WhereFiltersUnion,
                term.span(),
                format!(
                    "`{condition}` filters the whole union, so it drops {}{more} of `{}`",
                    shown.join(", "),
                    text(term.span().start, term.span().end)
                ),
            )
            .with_label("some vectors of this set are dropped")
            .with_help(format!(
                "to filter only `{last_text}` write `{before} ({last_text} {condition})`; to filter every set, `({}) {condition}`",
                text(union_start, last_end)
            )),
        );
    }

    /// Turns a condition into a test on vectors.
    /// `not not ...` is counted in a loop, so that a long chain does not use
    /// the stack.
    pub fn condition(&self, cond: &DirCond, diags: &mut Vec<Diagnostic>) -> Option<VectorTest<'_>> {
        let mut negated = false;
        let mut cond = cond;
        while let DirCond::Not { inner, .. } = cond {
            negated = !negated;
            cond = inner;
        }
        let test = self.plain_condition(cond, diags)?;
        Some(if negated { Box::new(move |v| !test(v)) } else { test })
    }

    /// A condition that is not a `not`.
    fn plain_condition(&self, cond: &DirCond, diags: &mut Vec<Diagnostic>) -> Option<VectorTest<'_>> {
        let players = self.players;
        Some(match cond {
            DirCond::Forward(_) => Box::new(move |v| players.forward_component(v) > 0),
            DirCond::Backward(_) => Box::new(move |v| players.forward_component(v) < 0),
            DirCond::Sideways(_) => Box::new(move |v| players.forward_component(v) == 0),
            DirCond::Not { .. } => self.condition(cond, diags)?,
            DirCond::Compare { axis, op, value, .. } => {
                let Some(index) = self.board.axis_index(&axis.text) else {
                    diags.push(unknown_axis(axis, self.board.axis_names()));
                    return None;
                };
                let (op, value) = (*op, value.value);
                Box::new(move |v| op.holds(i64::from(v[index]), value))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The images as the symmetries list them, first occurrences kept.
    fn through_symmetries(v: &[i32]) -> Vec<Vector> {
        let mut out: Vec<Vector> = Vec::new();
        for image in symmetries(v.len()).iter().map(|g| g.apply(v)) {
            if !out.contains(&image) {
                out.push(image);
            }
        }
        out
    }

    #[test]
    fn images_are_the_symmetries_images_in_the_same_order() {
        for v in [vec![0, 1], vec![1, 1], vec![1, 2], vec![2, -1], vec![0, 0, 1], vec![1, 2, 0], vec![1, -1, 2], vec![3, 0, 3, -1]] {
            let expected = through_symmetries(&v);
            assert_eq!(images(&v), expected, "{v:?}");
            assert_eq!(image_count(&v), expected.len(), "{v:?}");
        }
    }

    #[test]
    fn image_counts_grow_with_axes_and_saturate() {
        let one_of = |axes: usize| {
            let mut v = vec![0; axes];
            v[0] = 1;
            v
        };
        assert_eq!(image_count(&one_of(8)), 16, "one nonzero component: 8 places, 2 signs");
        assert_eq!(images(&one_of(8)).len(), 16);
        assert_eq!(image_count(&(1..=9).collect::<Vec<i32>>()), 362_880 * 512);
        assert_eq!(image_count(&(1..=40).collect::<Vec<i32>>()), usize::MAX);
        assert_eq!(image_count(&one_of(5000)), 10_000);
    }
}

//! Direction sets: vectors, their symmetric closures (`(1,2)*`), unions and
//! filters, all written from the first player's side.

use crate::board::{unknown_axis, BoardModel};
use crate::codes::Code;
use crate::diagnostic::{did_you_mean, Diagnostic};
use crate::players::Players;
use std::collections::HashMap;
use vdl_dsl::ast::{self, CompareOp, DirCond, DirExpr};

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

/// Every permutation-and-sign symmetry of `dimensions` axes.
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

pub struct DirectionEval<'a> {
    pub board: &'a BoardModel,
    pub players: &'a Players,
    /// Declared sets by name; `None` for a declaration that had an error, so
    /// that its uses are not reported again.
    pub declared: HashMap<String, Option<Vec<Vector>>>,
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
        if let Some(c) = v.components.iter().find(|c| c.value.abs() > limit) {
            diags.push(Diagnostic::error(Code::WrongDimension, c.span, format!("components are limited to ±{limit}")));
            return None;
        }
        Some(v.components.iter().map(|c| c.value as i32).collect())
    }

    /// The set of vectors `expr` denotes, without duplicates, in a stable order.
    pub fn eval(&self, expr: &DirExpr, diags: &mut Vec<Diagnostic>) -> Option<Vec<Vector>> {
        let set = match expr {
            DirExpr::Vector(v) => vec![self.vector(v, diags)?],
            DirExpr::All { vector, .. } => {
                let base = self.vector(vector, diags)?;
                symmetries(base.len()).iter().map(|g| g.apply(&base)).collect()
            }
            DirExpr::Ref(name) => match self.declared.get(&name.text) {
                Some(Some(set)) => set.clone(),
                Some(None) => return None,
                None => {
                    diags.push(
                        Diagnostic::error(Code::UnknownName, name.span, format!("unknown direction set `{}`", name.text))
                            .with_label("not a direction declared before this point")
                            .with_help_opt(
                                did_you_mean(&name.text, self.declared.keys().map(String::as_str))
                                    .or_else(|| Some(format!("declare it first: `direction {} = (0,1)*`", name.text))),
                            ),
                    );
                    return None;
                }
            },
            DirExpr::Union { terms, .. } => {
                let parts: Vec<Option<Vec<Vector>>> = terms.iter().map(|t| self.eval(t, diags)).collect();
                parts.into_iter().collect::<Option<Vec<_>>>()?.concat()
            }
            DirExpr::Filter { inner, conditions, .. } => {
                let set = self.eval(inner, diags)?;
                let tests = conditions.iter().map(|c| self.condition(c, diags)).collect::<Option<Vec<_>>>()?;
                set.into_iter().filter(|v| tests.iter().all(|t| t(v))).collect()
            }
        };
        let mut unique: Vec<Vector> = Vec::with_capacity(set.len());
        for v in set {
            if !unique.contains(&v) {
                unique.push(v);
            }
        }
        Some(unique)
    }

    /// Turns a condition into a test on vectors.
    pub fn condition(&self, cond: &DirCond, diags: &mut Vec<Diagnostic>) -> Option<VectorTest<'_>> {
        let players = self.players;
        Some(match cond {
            DirCond::Forward(_) => Box::new(move |v| players.forward_component(v) > 0),
            DirCond::Backward(_) => Box::new(move |v| players.forward_component(v) < 0),
            DirCond::Sideways(_) => Box::new(move |v| players.forward_component(v) == 0),
            DirCond::Not { inner, .. } => {
                let inner = self.condition(inner, diags)?;
                Box::new(move |v| !inner(v))
            }
            DirCond::Compare { axis, op, value, .. } => {
                let Some(index) = self.board.axis_index(&axis.text) else {
                    diags.push(unknown_axis(axis, self.board.axis_names()));
                    return None;
                };
                let (op, value) = (*op, value.value);
                Box::new(move |v| {
                    let c = i64::from(v[index]);
                    match op {
                        CompareOp::Eq => c == value,
                        CompareOp::Ne => c != value,
                        CompareOp::Lt => c < value,
                        CompareOp::Le => c <= value,
                        CompareOp::Gt => c > value,
                        CompareOp::Ge => c >= value,
                    }
                })
            }
        })
    }
}

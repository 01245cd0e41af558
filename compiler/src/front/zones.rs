//! Zones: sets of cells, one per player. A zone is written as the first player
//! sees it (boxes, cell lists, other zones, unions, ...) and each other player
//! gets its image under that player's view.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::suggestions::Suggestions;
use crate::front::board::{unknown_axis, BoardModel};
use crate::front::players::Players;
use std::collections::HashMap;
use vdl_dsl::ast::{self, Span, ZoneExpr, ZoneOp};
use vdl_runtime::ir::{self, ZoneId};

/// `cells[player][cell]`.
pub type ZoneCells = Vec<Vec<bool>>;

pub struct DeclaredZone {
    pub cells: ZoneCells,
}

/// The most zones a file may declare or imply: the finishing step adds up to
/// two per piece type (where promotion is forced, where a piece may not be
/// dropped), and every id must fit a [`ZoneId`].
pub const MAX_ZONES: usize = ZoneId::MAX as usize - 2 * ir::MAX_PIECE_TYPES;

/// The zones of the IR, declared and anonymous, each stored once.
#[derive(Default)]
pub struct ZoneTable {
    /// Declared zones by name; `None` for a zone whose declaration had an error,
    /// so that its uses are not reported again.
    pub declared: HashMap<String, Option<DeclaredZone>>,
    pub ir: Vec<ir::Zone>,
    /// The id of each distinct set of cells in `ir`.
    ids: HashMap<ZoneCells, ZoneId>,
    /// For unknown zone and cell names.
    suggestions: Suggestions,
}

impl ZoneTable {
    /// The IR zone with these cells, added under `name` if new; `None` after
    /// reporting at `span` that the game has as many zones as ids can number.
    pub fn intern(&mut self, name: &str, cells: ZoneCells, span: Span, diags: &mut Vec<Diagnostic>) -> Option<ZoneId> {
        if let Some(&id) = self.ids.get(&cells) {
            return Some(id);
        }
        let Some(id) = ZoneId::new(self.ir.len()).filter(|id| id.index() < MAX_ZONES) else {
            diags.push(Diagnostic::error(Code::TooMuchWork, span, format!("a game may have at most {MAX_ZONES} different zones")));
            return None;
        };
        self.ids.insert(cells.clone(), id);
        self.ir.push(ir::Zone { name: name.to_string(), cells: cells.into() });
        Some(id)
    }
}

pub struct ZoneEval<'a> {
    pub board: &'a BoardModel,
    pub players: &'a Players,
    pub zones: &'a ZoneTable,
}

impl ZoneEval<'_> {
    /// The cells of `expr` for every player; `None` after reporting an error.
    /// A chain `a | b | c ...` nests to the left: it is walked in a loop, so
    /// that its length does not use the stack (parentheses, which do, are
    /// limited by the parser).
    pub fn eval(&self, expr: &ZoneExpr, diags: &mut Vec<Diagnostic>) -> Option<ZoneCells> {
        let mut chain = Vec::new();
        let mut first = expr;
        while let ZoneExpr::Binary { op, lhs, rhs, .. } = first {
            chain.push((*op, &**rhs));
            first = lhs;
        }
        let mut cells = self.term(first, diags);
        for (op, rhs) in chain.into_iter().rev() {
            let rhs = self.term(rhs, diags);
            cells = cells.zip(rhs).map(|(lhs, rhs)| combine(op, lhs, &rhs));
        }
        cells
    }

    /// One operand of a chain; `not not ...` is counted, not recursed into.
    fn term(&self, expr: &ZoneExpr, diags: &mut Vec<Diagnostic>) -> Option<ZoneCells> {
        let mut negated = false;
        let mut term = expr;
        while let ZoneExpr::Not { inner, .. } = term {
            negated = !negated;
            term = inner;
        }
        let players = self.players.list.len();
        let cells = match term {
            ZoneExpr::Box { ranges, .. } => self.frame_set(self.eval_box(ranges, diags)?),
            ZoneExpr::Cells { cells, .. } => {
                let mut set = vec![false; self.board.cells.len()];
                let mut ok = true;
                for cell in cells {
                    match self.board.cell_by_name(&cell.text) {
                        Some(id) => set[id.index()] = true,
                        None => {
                            ok = false;
                            diags.push(
                                Diagnostic::error(Code::OutsideBoard, cell.span, format!("there is no cell `{}` on the board", cell.text))
                                    .with_help_opt(self.zones.suggestions.did_you_mean(
                                        &cell.text,
                                        self.board.cells.len(),
                                        self.board.cells.iter().map(|c| c.name.as_str()),
                                    )),
                            );
                        }
                    }
                }
                ok.then_some(())?;
                self.frame_set(set)
            }
            ZoneExpr::Ref(name) => self.lookup(name, diags)?.cells.clone(),
            ZoneExpr::Enemy { zone, .. } => {
                let own = &self.lookup(zone, diags)?.cells;
                (0..players).map(|p| own[(p + 1) % players].clone()).collect()
            }
            ZoneExpr::Sum(sum) => self.frame_set(self.eval_sum(&sum.terms, sum.op, &sum.value, diags)?),
            ZoneExpr::Binary { .. } | ZoneExpr::Not { .. } => self.eval(term, diags)?,
        };
        Some(if negated { cells.into_iter().map(|set| set.into_iter().map(|b| !b).collect()).collect() } else { cells })
    }

    fn lookup<'z>(&'z self, name: &ast::Ident, diags: &mut Vec<Diagnostic>) -> Option<&'z DeclaredZone> {
        let found = self.zones.declared.get(&name.text);
        if let Some(poisoned_or_found) = found {
            return poisoned_or_found.as_ref();
        }
        {
            diags.push(
                Diagnostic::error(Code::UnknownName, name.span, format!("unknown zone `{}`", name.text))
                    .with_label("not a zone declared before this point")
                    .with_help_opt(
                        (self.zones.suggestions)
                            .did_you_mean(&name.text, self.zones.declared.len(), self.zones.declared.keys().map(String::as_str))
                            .or_else(|| Some(format!("declare it first: `zone {} = ...`", name.text))),
                    ),
            );
        }
        None
    }

    /// A box as the first player sees it: cells whose label on each named axis is
    /// in its range.
    fn eval_box(&self, ranges: &[ast::AxisRange], diags: &mut Vec<Diagnostic>) -> Option<Vec<bool>> {
        let mut bounds = Vec::new();
        let mut ok = true;
        for range in ranges {
            let Some(part) = self.board.part(&range.axis.text) else {
                diags.push(unknown_axis(&range.axis, self.board.part_names()));
                ok = false;
                continue;
            };
            let first = self.board.label_index(part, &range.first, diags);
            let last = match &range.last {
                Some(last) => self.board.label_index(part, last, diags),
                None => first,
            };
            match (first, last) {
                (Some(a), Some(b)) if a <= b => bounds.push((part, a, b)),
                (Some(_), Some(_)) => {
                    ok = false;
                    diags.push(
                        Diagnostic::error(Code::OutsideBoard, range.span, "this range is empty: its first label comes after its last")
                            .with_help("write the labels in the order the axis declares them"),
                    );
                }
                _ => ok = false,
            }
        }
        ok.then_some(())?;
        Some(
            (0..self.board.cells.len())
                .map(|cell| bounds.iter().all(|&(part, a, b)| (a..=b).contains(&self.board.part_index(part, cell))))
                .collect(),
        )
    }

    /// `x + y + z == 0` as the first player sees it: the cells whose labels, read
    /// as numbers, add up as the comparison says.
    fn eval_sum(&self, terms: &[ast::SumTerm], op: ast::CompareOp, value: &ast::Int, diags: &mut Vec<Diagnostic>) -> Option<Vec<bool>> {
        let mut parts = Vec::new();
        for term in terms {
            let Some(part) = self.board.part(&term.axis.text) else {
                diags.push(unknown_axis(&term.axis, self.board.part_names()));
                continue;
            };
            let labels = self.board.part_labels(part);
            match labels.iter().map(|l| l.parse::<i64>()).collect::<Result<Vec<i64>, _>>() {
                Ok(values) => parts.push((part, values, if term.negative { -1 } else { 1 })),
                Err(_) => {
                    let word = labels.iter().find(|l| l.parse::<i64>().is_err()).map_or("", String::as_str);
                    diags.push(
                        Diagnostic::error(Code::NotNumbers, term.axis.span, format!("the labels of `{}` are not numbers", term.axis.text))
                            .with_label(format!("`{word}` is one of its labels"))
                            .with_help(format!(
                                "a coordinate condition adds labels as numbers; give `{}` numeric labels (`-5..5`) and name cells with a fold",
                                term.axis.text
                            )),
                    );
                }
            }
        }
        (parts.len() == terms.len()).then_some(())?;
        Some(
            (0..self.board.cells.len())
                .map(|cell| {
                    let sum: i64 = parts.iter().map(|(part, values, sign)| sign * values[self.board.part_index(*part, cell)]).sum();
                    op.holds(sum, value.value)
                })
                .collect(),
        )
    }

    /// Every player's image of a set written from the first player's side.
    fn frame_set(&self, set: Vec<bool>) -> ZoneCells {
        (0..self.players.list.len())
            .map(|p| {
                let mut image = vec![false; set.len()];
                for (cell, _) in set.iter().enumerate().filter(|(_, &inside)| inside) {
                    let coords = self.players.map_coords(self.board, p, &self.board.cells[cell].coords);
                    if let Some(target) = self.board.cell_at(&coords) {
                        image[target.index()] = true;
                    }
                }
                image
            })
            .collect()
    }
}

fn combine(op: ZoneOp, lhs: ZoneCells, rhs: &ZoneCells) -> ZoneCells {
    let combine = |a: bool, b: bool| match op {
        ZoneOp::Union => a || b,
        ZoneOp::Intersection => a && b,
        ZoneOp::Difference => a && !b,
    };
    lhs.into_iter().zip(rhs).map(|(l, r)| l.into_iter().zip(r).map(|(a, &b)| combine(a, b)).collect()).collect()
}

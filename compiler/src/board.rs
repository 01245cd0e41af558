//! The board: axes and their labels, the cells of the grid, cell names, and
//! displacement arithmetic (including wrapped axes).

use crate::codes;
use crate::diagnostic::Diagnostic;
use std::collections::HashMap;
use vdl_dsl::ast::{self, Ident, Labels, Span};
use vdl_runtime::ir::{self, CellId};

pub struct AxisModel {
    pub name: String,
    pub labels: Vec<String>,
    pub wrap: bool,
    pub span: Span,
}

pub struct BoardModel {
    pub axes: Vec<AxisModel>,
    pub cells: Vec<ir::Cell>,
    names: HashMap<String, CellId>,
}

impl BoardModel {
    pub fn dimensions(&self) -> usize {
        self.axes.len()
    }

    pub fn axis_index(&self, name: &str) -> Option<usize> {
        self.axes.iter().position(|a| a.name == name)
    }

    pub fn axis_names(&self) -> impl Iterator<Item = &str> {
        self.axes.iter().map(|a| a.name.as_str())
    }

    pub fn cell_by_name(&self, name: &str) -> Option<CellId> {
        self.names.get(name).copied()
    }

    /// The cell at `coords`, wrapping on wrapped axes; `None` off the board.
    pub fn cell_at(&self, coords: &[i32]) -> Option<CellId> {
        let mut index = 0usize;
        let mut stride = 1usize;
        for (axis, &c) in self.axes.iter().zip(coords) {
            let size = axis.labels.len() as i32;
            let c = if axis.wrap { c.rem_euclid(size) } else { c };
            if !(0..size).contains(&c) {
                return None;
            }
            index += c as usize * stride;
            stride *= size as usize;
        }
        Some(index as CellId)
    }

    /// The cell `vector` away from `cell`.
    pub fn offset(&self, cell: CellId, vector: &[i32]) -> Option<CellId> {
        let coords: Vec<i32> = self.cells[cell as usize].coords.iter().zip(vector).map(|(c, d)| c + d).collect();
        self.cell_at(&coords)
    }

    /// Looks up a label of an axis, reporting unknown ones.
    pub fn label_index(&self, axis: usize, label: &Ident, diags: &mut Vec<Diagnostic>) -> Option<usize> {
        let model = &self.axes[axis];
        let found = model.labels.iter().position(|l| *l == label.text);
        if found.is_none() {
            diags.push(
                Diagnostic::error(
                    codes::OUTSIDE_BOARD,
                    label.span,
                    format!("`{}` is not a label of axis `{}`", label.text, model.name),
                )
                .with_label("outside the board")
                .with_note(model.span, format!("axis `{}` has labels {}", model.name, describe_labels(&model.labels))),
            );
        }
        found
    }

    pub fn ir_axes(&self) -> Vec<ir::Axis> {
        self.axes
            .iter()
            .map(|a| ir::Axis { name: a.name.clone(), size: a.labels.len() as u32, wrap: a.wrap })
            .collect()
    }
}

fn describe_labels(labels: &[String]) -> String {
    match labels {
        [] => "none".into(),
        [one] => format!("`{one}` only"),
        [first, .., last] => format!("`{first}` to `{last}`"),
    }
}

/// Builds the board, or reports why it cannot be built.
pub fn lower(board: &ast::Board, diags: &mut Vec<Diagnostic>) -> Option<BoardModel> {
    let before = diags.len();
    let mut axes: Vec<AxisModel> = Vec::new();
    for decl in &board.axes {
        if let Some(earlier) = axes.iter().find(|a| a.name == decl.name.text) {
            diags.push(
                Diagnostic::error(codes::DUPLICATE_NAME, decl.name.span, format!("axis `{}` is declared twice", decl.name.text))
                    .with_label("second declaration")
                    .with_note(earlier.span, "first declared here"),
            );
            continue;
        }
        if let Some(labels) = axis_labels(&decl.labels, diags) {
            axes.push(AxisModel { name: decl.name.text.clone(), labels, wrap: decl.wrap, span: decl.span });
        }
    }
    if board.axes.is_empty() {
        diags.push(
            Diagnostic::error(codes::MISSING_ITEM, board.span, "the board has no axes")
                .with_help("declare one axis per dimension, such as `axis file = a..h` and `axis rank = 1..8`"),
        );
    }
    if diags.len() > before {
        return None;
    }
    let naming = naming_axes(board, &axes, diags)?;
    let cell_count: usize = axes.iter().map(|a| a.labels.len()).product();
    if cell_count > usize::from(u16::MAX) {
        diags.push(Diagnostic::error(
            codes::BAD_BOARD,
            board.span,
            format!("the board has {cell_count} cells; at most {} are supported", u16::MAX),
        ));
        return None;
    }
    let mut cells = Vec::with_capacity(cell_count);
    let mut names = HashMap::new();
    for index in 0..cell_count {
        let mut rest = index;
        let coords: Vec<i32> = axes
            .iter()
            .map(|a| {
                let c = rest % a.labels.len();
                rest /= a.labels.len();
                c as i32
            })
            .collect();
        let name: String = naming.iter().map(|&axis| axes[axis].labels[coords[axis] as usize].as_str()).collect();
        if names.insert(name.clone(), index as CellId).is_some() {
            let span = board.names.first().map_or(board.span, |n| n.span);
            diags.push(
                Diagnostic::error(codes::BAD_BOARD, span, format!("two cells are both named `{name}`"))
                    .with_help("cell names join the axis labels; make the labels of adjacent axes distinguishable (letters for one, numbers for the other)"),
            );
            return None;
        }
        cells.push(ir::Cell { name, coords });
    }
    Some(BoardModel { axes, cells, names })
}

/// The axes whose labels, in order, make a cell's name.
fn naming_axes(board: &ast::Board, axes: &[AxisModel], diags: &mut Vec<Diagnostic>) -> Option<Vec<usize>> {
    let decl = match board.names.as_slice() {
        [] => return Some((0..axes.len()).collect()),
        [decl] => decl,
        [first, second, ..] => {
            diags.push(
                Diagnostic::error(codes::DUPLICATE_NAME, second.span, "the board declares cell names twice")
                    .with_note(first.span, "first declared here"),
            );
            return None;
        }
    };
    let mut order = Vec::new();
    for ident in &decl.axes {
        match axes.iter().position(|a| a.name == ident.text) {
            Some(i) if order.contains(&i) => diags.push(Diagnostic::error(
                codes::BAD_BOARD,
                ident.span,
                format!("axis `{}` appears twice in the cell name", ident.text),
            )),
            Some(i) => order.push(i),
            None => diags.push(unknown_axis(ident, axes.iter().map(|a| a.name.as_str()))),
        }
    }
    let missing: Vec<&str> = (0..axes.len()).filter(|i| !order.contains(i)).map(|i| axes[i].name.as_str()).collect();
    if !missing.is_empty() {
        diags.push(
            Diagnostic::error(codes::BAD_BOARD, decl.span, "cell names must include every axis")
                .with_label(format!("missing {}", missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "))),
        );
    }
    (order.len() == axes.len()).then_some(order)
}

pub fn unknown_axis<'a>(ident: &Ident, axes: impl IntoIterator<Item = &'a str>) -> Diagnostic {
    let axes: Vec<&str> = axes.into_iter().collect();
    Diagnostic::error(codes::UNKNOWN_NAME, ident.span, format!("unknown axis `{}`", ident.text))
        .with_label("not an axis of the board")
        .with_help_opt(crate::diagnostic::did_you_mean(&ident.text, axes.iter().copied()).or_else(|| {
            Some(format!("the board's axes are {}", axes.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ")))
        }))
}

/// Expands `a..i`, `1..10` or `[x y z]` into the list of labels.
fn axis_labels(labels: &Labels, diags: &mut Vec<Diagnostic>) -> Option<Vec<String>> {
    let list = match labels {
        Labels::List { labels, span } => {
            if labels.is_empty() {
                diags.push(Diagnostic::error(codes::BAD_BOARD, *span, "an axis needs at least one label"));
                return None;
            }
            labels.iter().map(|l| l.text.clone()).collect::<Vec<_>>()
        }
        Labels::Range { first, last, span } => range_labels(first, last, *span, diags)?,
    };
    for (i, label) in list.iter().enumerate() {
        if list[..i].contains(label) {
            diags.push(Diagnostic::error(codes::BAD_BOARD, labels.span(), format!("label `{label}` appears twice on this axis")));
            return None;
        }
    }
    Some(list)
}

fn range_labels(first: &Ident, last: &Ident, span: Span, diags: &mut Vec<Diagnostic>) -> Option<Vec<String>> {
    if let (Ok(a), Ok(b)) = (first.text.parse::<u32>(), last.text.parse::<u32>()) {
        if a <= b && b - a < 4096 {
            return Some((a..=b).map(|n| n.to_string()).collect());
        }
    }
    let single = |s: &str| {
        let mut chars = s.chars();
        chars.next().filter(|c| c.is_ascii_alphabetic() && chars.next().is_none())
    };
    if let (Some(a), Some(b)) = (single(&first.text), single(&last.text)) {
        if a <= b && a.is_ascii_lowercase() == b.is_ascii_lowercase() {
            return Some((a..=b).map(String::from).collect());
        }
    }
    diags.push(
        Diagnostic::error(codes::BAD_BOARD, span, format!("`{}..{}` is not a range of labels", first.text, last.text))
            .with_help("a range goes upward between two numbers (`1..10`) or two letters of the same case (`a..i`); list other labels in brackets: `[top middle bottom]`"),
    );
    None
}

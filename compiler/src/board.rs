//! The board: axes and their labels, the cells of the grid, cell names, and
//! displacement arithmetic (including wrapped axes).

use crate::codes::Code;
use crate::diagnostic::Diagnostic;
use std::collections::HashMap;
use vdl_dsl::ast::{self, Ident, Labels, Span};
use vdl_runtime::ir::{self, CellId, MAX_CELLS};

pub struct AxisModel {
    pub name: String,
    pub labels: Vec<String>,
    pub wrap: bool,
    pub span: Span,
}

/// A naming axis laid over several geometric axes (`fold file = a..i along x, level snake`).
pub struct FoldModel {
    pub name: String,
    pub labels: Vec<String>,
    pub span: Span,
    /// The label index of every cell.
    of_cell: Vec<usize>,
}

/// One part of a cell's name: a geometric axis or a fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamePart {
    Axis(usize),
    Fold(usize),
}

pub struct BoardModel {
    pub axes: Vec<AxisModel>,
    pub folds: Vec<FoldModel>,
    /// The parts a cell's name is made of, in order.
    pub naming: Vec<NamePart>,
    pub cells: Vec<ir::Cell>,
    names: HashMap<String, CellId>,
    axis_ids: HashMap<String, usize>,
}

impl BoardModel {
    pub fn dimensions(&self) -> usize {
        self.axes.len()
    }

    pub fn axis_index(&self, name: &str) -> Option<usize> {
        self.axis_ids.get(name).copied()
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

    /// The axis or fold called `name`.
    pub fn part(&self, name: &str) -> Option<NamePart> {
        self.axis_index(name).map(NamePart::Axis).or_else(|| self.folds.iter().position(|f| f.name == name).map(NamePart::Fold))
    }

    /// Names of every axis and fold, for suggestions.
    pub fn part_names(&self) -> impl Iterator<Item = &str> {
        self.axis_names().chain(self.folds.iter().map(|f| f.name.as_str()))
    }

    fn part_info(&self, part: NamePart) -> (&str, &[String], Span) {
        match part {
            NamePart::Axis(a) => (&self.axes[a].name, &self.axes[a].labels, self.axes[a].span),
            NamePart::Fold(f) => (&self.folds[f].name, &self.folds[f].labels, self.folds[f].span),
        }
    }

    pub fn part_name(&self, part: NamePart) -> &str {
        self.part_info(part).0
    }

    /// The label of `cell` on an axis or fold.
    pub fn part_label(&self, part: NamePart, cell: usize) -> &str {
        &self.part_info(part).1[self.part_index(part, cell)]
    }

    pub fn part_size(&self, part: NamePart) -> usize {
        self.part_info(part).1.len()
    }

    /// The label index of `cell` on an axis or fold.
    pub fn part_index(&self, part: NamePart, cell: usize) -> usize {
        match part {
            NamePart::Axis(a) => self.cells[cell].coords[a] as usize,
            NamePart::Fold(f) => self.folds[f].of_cell[cell],
        }
    }

    /// Looks up a label of an axis or fold, reporting unknown ones.
    pub fn label_index(&self, part: NamePart, label: &Ident, diags: &mut Vec<Diagnostic>) -> Option<usize> {
        let (name, labels, span) = self.part_info(part);
        let found = labels.iter().position(|l| *l == label.text);
        if found.is_none() {
            diags.push(
                Diagnostic::error(Code::OutsideBoard, label.span, format!("`{}` is not a label of axis `{name}`", label.text))
                    .with_label("outside the board")
                    .with_note(span, format!("axis `{name}` has labels {}", describe_labels(labels))),
            );
        }
        found
    }

    pub fn ir_axes(&self) -> Vec<ir::Axis> {
        self.axes
            .iter()
            .map(|a| ir::Axis { name: a.name.clone(), size: a.labels.len() as u32, labels: a.labels.clone(), wrap: a.wrap })
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
    let mut axis_ids: HashMap<String, usize> = HashMap::new();
    for decl in &board.axes {
        if let Some(&earlier) = axis_ids.get(&decl.name.text) {
            diags.push(
                Diagnostic::error(Code::DuplicateName, decl.name.span, format!("axis `{}` is declared twice", decl.name.text))
                    .with_label("second declaration")
                    .with_note(axes[earlier].span, "first declared here"),
            );
            continue;
        }
        if let Some(labels) = axis_labels(&decl.labels, diags) {
            axis_ids.insert(decl.name.text.clone(), axes.len());
            axes.push(AxisModel { name: decl.name.text.clone(), labels, wrap: decl.wrap, span: decl.span });
        }
    }
    if board.axes.is_empty() {
        diags.push(
            Diagnostic::error(Code::MissingItem, board.span, "the board has no axes")
                .with_help("declare one axis per dimension, such as `axis file = a..h` and `axis rank = 1..8`"),
        );
    }
    if diags.len() > before {
        return None;
    }
    let cell_count = axes.iter().try_fold(1usize, |n, a| n.checked_mul(a.labels.len())).unwrap_or(usize::MAX);
    if cell_count > MAX_CELLS {
        diags.push(Diagnostic::error(Code::BadBoard, board.span, format!("the board has more than {MAX_CELLS} cells, the most supported")));
        return None;
    }
    let coords_of = |index: usize| -> Vec<i32> {
        let mut rest = index;
        axes.iter()
            .map(|a| {
                let c = rest % a.labels.len();
                rest /= a.labels.len();
                c as i32
            })
            .collect()
    };
    let all_coords: Vec<Vec<i32>> = (0..cell_count).map(coords_of).collect();
    let folds = board.folds.iter().map(|f| lower_fold(f, &axes, &all_coords, diags)).collect::<Vec<_>>();
    let folds: Vec<FoldModel> = folds.into_iter().collect::<Option<_>>()?;
    let naming = naming_parts(board, &axes, &folds, diags)?;
    let mut cells = Vec::with_capacity(cell_count);
    let mut names = HashMap::new();
    for (index, coords) in all_coords.into_iter().enumerate() {
        let name: String = naming
            .iter()
            .map(|&part| match part {
                NamePart::Axis(a) => axes[a].labels[coords[a] as usize].as_str(),
                NamePart::Fold(f) => folds[f].labels[folds[f].of_cell[index]].as_str(),
            })
            .collect();
        if names.insert(name.clone(), index as CellId).is_some() {
            let span = board.names.first().map_or(board.span, |n| n.span);
            diags.push(
                Diagnostic::error(Code::BadBoard, span, format!("two cells are both named `{name}`"))
                    .with_help("cell names join the axis labels; make the labels of adjacent axes distinguishable (letters for one, numbers for the other)"),
            );
            return None;
        }
        cells.push(ir::Cell { name, coords });
    }
    Some(BoardModel { axes, folds, naming, cells, names, axis_ids })
}

/// Lays a fold's labels over its axes: along the first axis, then the next, and
/// with `snake` every other run backwards.
fn lower_fold(decl: &ast::FoldDecl, axes: &[AxisModel], all_coords: &[Vec<i32>], diags: &mut Vec<Diagnostic>) -> Option<FoldModel> {
    let labels = axis_labels(&decl.labels, diags)?;
    let mut along = Vec::new();
    for ident in &decl.along {
        match axes.iter().position(|a| a.name == ident.text) {
            Some(i) if along.contains(&i) => {
                diags.push(Diagnostic::error(Code::BadBoard, ident.span, format!("axis `{}` appears twice in the fold", ident.text)));
                return None;
            }
            Some(i) => along.push(i),
            None => {
                diags.push(unknown_axis(ident, axes.iter().map(|a| a.name.as_str())));
                return None;
            }
        }
    }
    let sizes: Vec<usize> = along.iter().map(|&a| axes[a].labels.len()).collect();
    let needed: usize = sizes.iter().product();
    if labels.len() != needed {
        diags.push(
            Diagnostic::error(
                Code::BadBoard,
                decl.labels.span(),
                format!("the fold has {} labels but its axes hold {needed} positions", labels.len()),
            )
            .with_help(format!("give one label per position: {}", sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" x "))),
        );
        return None;
    }
    let of_cell = all_coords
        .iter()
        .map(|coords| {
            // Mixed-radix position along the fold, first axis fastest.
            let mut index = 0;
            let mut stride = 1;
            for (k, &axis) in along.iter().enumerate() {
                let mut c = coords[axis] as usize;
                let outer: usize = along[k + 1..].iter().map(|&a| coords[a] as usize).sum();
                if decl.snake && k + 1 < along.len() && outer % 2 == 1 {
                    c = sizes[k] - 1 - c;
                }
                index += c * stride;
                stride *= sizes[k];
            }
            index
        })
        .collect();
    Some(FoldModel { name: decl.name.text.clone(), labels, span: decl.span, of_cell })
}

/// The axes and folds whose labels, in order, make a cell's name. Every axis must
/// be named, directly or through exactly one fold.
fn naming_parts(board: &ast::Board, axes: &[AxisModel], folds: &[FoldModel], diags: &mut Vec<Diagnostic>) -> Option<Vec<NamePart>> {
    let decl = match board.names.as_slice() {
        [] if folds.is_empty() => return Some((0..axes.len()).map(NamePart::Axis).collect()),
        [] => {
            diags.push(
                Diagnostic::error(Code::BadBoard, board.span, "a board with a fold needs a `name` statement")
                    .with_help("say how cells are named, such as `name file rank`"),
            );
            return None;
        }
        [decl] => decl,
        [first, second, ..] => {
            diags.push(
                Diagnostic::error(Code::DuplicateName, second.span, "the board declares cell names twice")
                    .with_note(first.span, "first declared here"),
            );
            return None;
        }
    };
    let mut parts = Vec::new();
    for ident in &decl.axes {
        let part = axes
            .iter()
            .position(|a| a.name == ident.text)
            .map(NamePart::Axis)
            .or_else(|| folds.iter().position(|f| f.name == ident.text).map(NamePart::Fold));
        match part {
            Some(p) if parts.contains(&p) => {
                diags.push(Diagnostic::error(Code::BadBoard, ident.span, format!("`{}` appears twice in the cell name", ident.text)))
            }
            Some(p) => parts.push(p),
            None => diags.push(unknown_axis(ident, axes.iter().map(|a| a.name.as_str()).chain(folds.iter().map(|f| f.name.as_str())))),
        }
    }
    let mut covered = vec![0; axes.len()];
    for part in &parts {
        match *part {
            NamePart::Axis(a) => covered[a] += 1,
            NamePart::Fold(f) => {
                for (a, axis) in axes.iter().enumerate() {
                    if board.folds[f].along.iter().any(|i| i.text == axis.name) {
                        covered[a] += 1;
                    }
                }
            }
        }
    }
    let missing: Vec<&str> = (0..axes.len()).filter(|&a| covered[a] == 0).map(|a| axes[a].name.as_str()).collect();
    let twice: Vec<&str> = (0..axes.len()).filter(|&a| covered[a] > 1).map(|a| axes[a].name.as_str()).collect();
    if !missing.is_empty() {
        diags.push(
            Diagnostic::error(Code::BadBoard, decl.span, "cell names must include every axis")
                .with_label(format!("missing {}", missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "))),
        );
    }
    if !twice.is_empty() {
        diags.push(Diagnostic::error(Code::BadBoard, decl.span, "cell names must include each axis once").with_label(format!(
            "{} named twice (directly and by a fold)",
            twice.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ")
        )));
    }
    (missing.is_empty() && twice.is_empty() && parts.len() == decl.axes.len()).then_some(parts)
}

/// The most axis names an unknown axis is compared with and listed against:
/// a board of thousands of one-label axes would make every such error long and
/// slow.
const AXES_SUGGESTED: usize = 64;

pub fn unknown_axis<'a>(ident: &Ident, axes: impl IntoIterator<Item = &'a str>) -> Diagnostic {
    let axes: Vec<&str> = axes.into_iter().take(AXES_SUGGESTED + 1).collect();
    let help = if axes.len() > AXES_SUGGESTED {
        None
    } else {
        crate::diagnostic::did_you_mean(&ident.text, axes.iter().copied())
            .or_else(|| Some(format!("the board's axes are {}", axes.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", "))))
    };
    Diagnostic::error(Code::UnknownName, ident.span, format!("unknown axis `{}`", ident.text))
        .with_label("not an axis of the board")
        .with_help_opt(help)
}

/// Expands `a..i`, `1..10` or `[x y z]` into the list of labels.
fn axis_labels(labels: &Labels, diags: &mut Vec<Diagnostic>) -> Option<Vec<String>> {
    let list = match labels {
        Labels::List { labels, span } => {
            if labels.is_empty() {
                diags.push(Diagnostic::error(Code::BadBoard, *span, "an axis needs at least one label"));
                return None;
            }
            labels.iter().map(|l| l.text.clone()).collect::<Vec<_>>()
        }
        Labels::Range { first, last, span } => range_labels(first, last, *span, diags)?,
    };
    let mut seen = std::collections::HashSet::with_capacity(list.len());
    if let Some(label) = list.iter().find(|label| !seen.insert(label.as_str())) {
        diags.push(Diagnostic::error(Code::BadBoard, labels.span(), format!("label `{label}` appears twice on this axis")));
        return None;
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
        Diagnostic::error(Code::BadBoard, span, format!("`{}..{}` is not a range of labels", first.text, last.text))
            .with_help("a range goes upward between two numbers (`1..10`) or two letters of the same case (`a..i`); list other labels in brackets: `[top middle bottom]`"),
    );
    None
}

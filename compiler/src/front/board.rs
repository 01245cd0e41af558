//! The board: axes and their labels, the cells of the grid, cell names, and
//! displacement arithmetic (including wrapped axes).

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use std::collections::HashMap;
use vdl_dsl::ast::{self, Ident, Labels, Span};
use vdl_runtime::ir::{self, CellId, MAX_CELLS};

pub struct AxisModel {
    pub name: String,
    pub labels: Vec<String>,
    pub wrap: bool,
    pub span: Span,
}

/// A naming axis laid over geometric axes (`fold file = a..i along x, level
/// snake`) or along the lines of cells in one direction (`fold rank = 1..11
/// along (0,1,-1)`).
pub struct FoldModel {
    pub name: String,
    pub labels: Vec<String>,
    pub span: Span,
    /// The label index of every place of the box; `None` where the fold gives
    /// no label (a place that is not a cell, for a fold along lines).
    of_place: Vec<Option<usize>>,
    /// The geometric axes the fold is laid along; empty for a fold along lines.
    pub axes: Vec<usize>,
    /// For a fold along lines: their direction.
    pub line: Option<Vec<i32>>,
}

/// One part of a cell's name: a geometric axis or a fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamePart {
    Axis(usize),
    Fold(usize),
}

/// What a place of the board's box is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Cell(CellId),
    /// Left out by `without`: not a cell, but position strings write it (`*`).
    Wall,
    /// Left out by `cells`: not on the board at all.
    Outside,
}

pub struct BoardModel {
    pub axes: Vec<AxisModel>,
    pub folds: Vec<FoldModel>,
    /// The parts a cell's name is made of, in order.
    pub naming: Vec<NamePart>,
    /// The cells that exist, numbered densely in box order.
    pub cells: Vec<ir::Cell>,
    /// Every place of the box (first axis fastest).
    pub places: Vec<Place>,
    /// The place of each cell.
    place_of: Vec<usize>,
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

    /// The place of the box at `coords`, wrapping on wrapped axes; `None` off the box.
    pub fn place_at(&self, coords: &[i32]) -> Option<usize> {
        place_index(&self.axes, coords)
    }

    /// The cell at `coords`, wrapping on wrapped axes; `None` off the board
    /// or on a place that is not a cell.
    pub fn cell_at(&self, coords: &[i32]) -> Option<CellId> {
        match self.places[self.place_at(coords)?] {
            Place::Cell(id) => Some(id),
            Place::Wall | Place::Outside => None,
        }
    }

    /// The coordinates of a place of the box.
    pub fn place_coords(&self, place: usize) -> Vec<i32> {
        coords_of(&self.axes, place)
    }

    /// A cell by its labels on the geometric axes, for messages made before
    /// cells have names: `x -5, y 0, z 5`.
    pub fn describe_cell(&self, cell: CellId) -> String {
        let coords = &self.cells[cell.index()].coords;
        self.axes.iter().zip(coords).map(|(a, &c)| format!("{} {}", a.name, a.labels[c as usize])).collect::<Vec<_>>().join(", ")
    }

    /// Whether some places of the box are not cells.
    pub fn is_shaped(&self) -> bool {
        self.cells.len() != self.places.len()
    }

    /// The cell `vector` away from `cell`.
    pub fn offset(&self, cell: CellId, vector: &[i32]) -> Option<CellId> {
        let coords: Vec<i32> = self.cells[cell.index()].coords.iter().zip(vector).map(|(c, d)| c + d).collect();
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

    pub fn part_labels(&self, part: NamePart) -> &[String] {
        self.part_info(part).1
    }

    pub fn part_size(&self, part: NamePart) -> usize {
        self.part_info(part).1.len()
    }

    /// The label index of `cell` on an axis or fold.
    pub fn part_index(&self, part: NamePart, cell: usize) -> usize {
        self.place_part_index(part, self.place_of[cell]).expect("every cell has a label on every part")
    }

    /// The label index of a place of the box on an axis or fold, if it has one.
    pub fn place_part_index(&self, part: NamePart, place: usize) -> Option<usize> {
        match part {
            NamePart::Axis(a) => Some(self.place_coords(place)[a] as usize),
            NamePart::Fold(f) => self.folds[f].of_place[place],
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
    let place_count = axes.iter().try_fold(1usize, |n, a| n.checked_mul(a.labels.len())).unwrap_or(usize::MAX);
    if place_count > MAX_CELLS {
        diags.push(Diagnostic::error(Code::BadBoard, board.span, format!("the board has more than {MAX_CELLS} cells, the most supported")));
        return None;
    }
    let every_place = CellId::first(place_count).map(Place::Cell).collect();
    let has_lines = board.folds.iter().any(|f| matches!(f.along, ast::FoldAlong::Lines(_)));
    let full = build(board, axes, axis_ids, every_place, Stage::Box, diags)?;
    if board.shapes.is_empty() && !has_lines {
        return Some(full);
    }
    let places = crate::front::shape::places(board, &full, diags)?;
    build(board, full.axes, full.axis_ids, places, Stage::Shaped, diags)
}

/// Which board [`build`] makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The whole box, against which `cells` and `without` are read; when the
    /// board has a shape, its names may clash here (the first one wins) and
    /// folds along lines give no label past their last one.
    Box,
    /// The board itself.
    Shaped,
}

/// The board whose box places are `places` (cells numbered anew, in order).
fn build(
    board: &ast::Board,
    axes: Vec<AxisModel>,
    axis_ids: HashMap<String, usize>,
    mut places: Vec<Place>,
    stage: Stage,
    diags: &mut Vec<Diagnostic>,
) -> Option<BoardModel> {
    let mut cells = Vec::new();
    let mut place_of = Vec::new();
    for (index, place) in places.iter_mut().enumerate() {
        if let Place::Cell(id) = place {
            *id = CellId::from_index(cells.len());
            cells.push(ir::Cell { name: String::new(), coords: coords_of(&axes, index) });
            place_of.push(index);
        }
    }
    let mut model = BoardModel { axes, folds: Vec::new(), naming: Vec::new(), cells, places, place_of, names: HashMap::new(), axis_ids };
    let has_lines = board.folds.iter().any(|f| matches!(f.along, ast::FoldAlong::Lines(_)));
    let lenient = stage == Stage::Box && (!board.shapes.is_empty() || has_lines);
    for decl in &board.folds {
        let fold = lower_fold(decl, &model, stage, diags)?;
        model.folds.push(fold);
    }
    model.naming = naming_parts(board, &model.axes, &model.folds, diags)?;
    for cell in 0..model.cells.len() {
        let place = model.place_of[cell];
        let parts: Option<Vec<&str>> =
            model.naming.iter().map(|&part| model.place_part_index(part, place).map(|i| model.part_labels(part)[i].as_str())).collect();
        let name = parts.map(|p| p.concat()).unwrap_or_default();
        if model.names.contains_key(&name) && !lenient {
            let span = board.names.first().map_or(board.span, |n| n.span);
            diags.push(
                Diagnostic::error(Code::BadBoard, span, format!("two cells are both named `{name}`"))
                    .with_help("cell names join the axis labels; make the labels of adjacent axes distinguishable (letters for one, numbers for the other)"),
            );
            return None;
        }
        model.names.entry(name.clone()).or_insert(CellId::from_index(cell));
        model.cells[cell].name = name;
    }
    Some(model)
}

/// The place of the box at `coords` (first axis fastest), wrapping on wrapped axes.
fn place_index(axes: &[AxisModel], coords: &[i32]) -> Option<usize> {
    let mut index = 0usize;
    let mut stride = 1usize;
    for (axis, &c) in axes.iter().zip(coords) {
        let size = axis.labels.len() as i32;
        let c = if axis.wrap { c.rem_euclid(size) } else { c };
        if !(0..size).contains(&c) {
            return None;
        }
        index += c as usize * stride;
        stride *= size as usize;
    }
    Some(index)
}

fn coords_of(axes: &[AxisModel], place: usize) -> Vec<i32> {
    let mut rest = place;
    axes.iter()
        .map(|a| {
            let c = rest % a.labels.len();
            rest /= a.labels.len();
            c as i32
        })
        .collect()
}

fn lower_fold(decl: &ast::FoldDecl, board: &BoardModel, stage: Stage, diags: &mut Vec<Diagnostic>) -> Option<FoldModel> {
    match &decl.along {
        ast::FoldAlong::Axes(along) => fold_over_axes(decl, along, board, diags),
        ast::FoldAlong::Lines(vector) => fold_along_lines(decl, vector, board, stage, diags),
    }
}

/// Lays a fold's labels over its axes: along the first axis, then the next, and
/// with `snake` every other run backwards.
fn fold_over_axes(decl: &ast::FoldDecl, idents: &[Ident], board: &BoardModel, diags: &mut Vec<Diagnostic>) -> Option<FoldModel> {
    let axes = &board.axes;
    let labels = axis_labels(&decl.labels, diags)?;
    let mut along = Vec::new();
    for ident in idents {
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
    let of_place = (0..board.places.len())
        .map(|place| {
            let coords = board.place_coords(place);
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
            Some(index)
        })
        .collect();
    Some(FoldModel { name: decl.name.text.clone(), labels, span: decl.span, of_place, axes: along, line: None })
}

/// Counts each cell's place along its line of cells in the fold's direction:
/// the first cell of a line (no cell one step back) gets the first label.
fn fold_along_lines(
    decl: &ast::FoldDecl,
    vector: &ast::Vector,
    board: &BoardModel,
    stage: Stage,
    diags: &mut Vec<Diagnostic>,
) -> Option<FoldModel> {
    let labels = axis_labels(&decl.labels, diags)?;
    if vector.components.len() != board.dimensions() {
        diags.push(
            Diagnostic::error(
                Code::WrongDimension,
                vector.span,
                format!("this vector has {} components but the board has {} axes", vector.components.len(), board.dimensions()),
            )
            .with_help(format!("write one component per axis: {}", board.axis_names().collect::<Vec<_>>().join(", "))),
        );
        return None;
    }
    let step: Vec<i32> = vector.components.iter().map(|c| c.value.clamp(-65536, 65536) as i32).collect();
    if step.iter().all(|&c| c == 0) {
        diags.push(Diagnostic::error(Code::ZeroVector, vector.span, "a fold along the zero vector has no lines"));
        return None;
    }
    let back: Vec<i32> = step.iter().map(|c| -c).collect();
    let Some(along) = line_positions(board, &back) else {
        diags.push(
            Diagnostic::error(Code::BadBoard, vector.span, "the lines along this vector are rings, so they have no first cell")
                .with_help("fold along a direction whose lines end"),
        );
        return None;
    };
    let mut of_place = vec![None; board.places.len()];
    for (cell, &(index, first)) in along.iter().enumerate() {
        if index >= labels.len() && stage == Stage::Shaped {
            diags.push(
                Diagnostic::error(
                    Code::BadBoard,
                    decl.labels.span(),
                    format!(
                        "a line of cells along this fold, from {}, is longer than its {} labels",
                        board.describe_cell(first),
                        labels.len()
                    ),
                )
                .with_help("give the fold as many labels as its longest line has cells"),
            );
            return None;
        }
        of_place[board.place_of[cell]] = (index < labels.len()).then_some(index);
    }
    Some(FoldModel { name: decl.name.text.clone(), labels, span: decl.span, of_place, axes: Vec::new(), line: Some(step) })
}

/// Each cell's place along its line of cells (0 for the first, the cell with
/// no cell a step `back`) and that first cell; `None` when the lines are rings.
/// Each cell is walked once: a walk back stops at a cell already placed.
fn line_positions(board: &BoardModel, back: &[i32]) -> Option<Vec<(usize, CellId)>> {
    let count = board.cells.len();
    let mut placed: Vec<Option<(usize, CellId)>> = vec![None; count];
    let mut path = Vec::new();
    for cell in 0..count {
        path.clear();
        let mut at = CellId::from_index(cell);
        let before = loop {
            if let Some(known) = placed[at.index()] {
                break Some(known);
            }
            path.push(at);
            if path.len() > count {
                return None;
            }
            match board.offset(at, back) {
                Some(previous) => at = previous,
                None => break None,
            }
        };
        let (mut index, first) = match before {
            Some((index, first)) => (index + 1, first),
            None => (0, *path.last().expect("the walk placed a cell")),
        };
        for &walked in path.iter().rev() {
            placed[walked.index()] = Some((index, first));
            index += 1;
        }
    }
    placed.into_iter().collect()
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
                for &a in &folds[f].axes {
                    covered[a] += 1;
                }
            }
        }
    }
    // A fold along lines names the cells of a line apart: which axes it
    // covers depends on the shape, so only the names' uniqueness is checked.
    let counts_lines = parts.iter().any(|&p| matches!(p, NamePart::Fold(f) if folds[f].line.is_some()));
    let missing: Vec<&str> = (0..axes.len()).filter(|&a| covered[a] == 0 && !counts_lines).map(|a| axes[a].name.as_str()).collect();
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
        crate::diag::diagnostic::did_you_mean(&ident.text, axes.iter().copied())
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

/// The most labels a range (`1..10`) may expand to: far more than any board's
/// axis, and few enough that expanding costs nothing.
const MAX_RANGE_LABELS: u64 = 4096;

fn range_labels(first: &Ident, last: &Ident, span: Span, diags: &mut Vec<Diagnostic>) -> Option<Vec<String>> {
    if let (Ok(a), Ok(b)) = (first.text.parse::<i64>(), last.text.parse::<i64>()) {
        // The parser keeps numbers within `MAX_NUMBER`, but the count is
        // taken in `i128` so that no pair of `i64` ends can overflow it.
        let count = i128::from(b) - i128::from(a) + 1;
        if count > i128::from(MAX_RANGE_LABELS) {
            diags.push(
                Diagnostic::error(Code::BadBoard, span, format!("the range `{}..{}` has {count} labels", first.text, last.text))
                    .with_label(format!("more than the {MAX_RANGE_LABELS} a range may have"))
                    .with_help(format!("no board needs an axis this long: a board has at most {MAX_CELLS} cells")),
            );
            return None;
        }
        if count > 0 {
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
            .with_help("a range goes upward between two numbers (`1..10`, `-5..5`) or two letters of the same case (`a..i`); list other labels in brackets: `[top middle bottom]`"),
    );
    None
}

//! Players and their views. Zones, directions and "forward" are written from the
//! first player's side; every other player sees them through its view, a list of
//! mirrorings and shifts of axes.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::board::{unknown_axis, BoardModel, NamePart};
use vdl_dsl::ast::{self, Span};
use vdl_runtime::ir;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Mirror(usize),
    Shift(usize, i32),
}

pub struct PlayerModel {
    pub name: String,
    pub letter: char,
    view: Vec<Step>,
}

pub struct Players {
    pub list: Vec<PlayerModel>,
    /// The first player's forward direction as a vector.
    pub forward: Vec<i32>,
    /// The axis or fold `forward` names (position strings' rows run across
    /// it) and its sign (+1 / -1).
    pub forward_part: NamePart,
    pub forward_sign: i32,
}

impl Players {
    /// The first player alone, with the forward direction along the first
    /// axis: zones read before the players are declared (the board's shape)
    /// are the first player's.
    pub fn first_only() -> Players {
        Players {
            list: vec![PlayerModel { name: String::new(), letter: '?', view: Vec::new() }],
            forward: Vec::new(),
            forward_part: NamePart::Axis(0),
            forward_sign: 1,
        }
    }

    /// Where the first player's `coords` lie for `player`.
    pub fn map_coords(&self, board: &BoardModel, player: usize, coords: &[i32]) -> Vec<i32> {
        let mut out = coords.to_vec();
        for step in &self.list[player].view {
            match *step {
                Step::Mirror(axis) => out[axis] = board.axes[axis].labels.len() as i32 - 1 - out[axis],
                Step::Shift(axis, by) => out[axis] = (out[axis] + by).rem_euclid(board.axes[axis].labels.len() as i32),
            }
        }
        out
    }

    /// How `player` moves when the first player would move by `vector`.
    pub fn map_vector(&self, player: usize, vector: &[i32]) -> Vec<i32> {
        let mut out = vector.to_vec();
        for step in &self.list[player].view {
            if let Step::Mirror(axis) = *step {
                out[axis] = -out[axis];
            }
        }
        out
    }

    /// How far a vector written from the first player's side goes forward:
    /// its component along the forward direction (times that direction's length).
    pub fn forward_component(&self, vector: &[i32]) -> i32 {
        vector.iter().zip(&self.forward).map(|(v, f)| v * f).sum()
    }

    pub fn ir_players(&self) -> Vec<ir::Player> {
        (0..self.list.len())
            .map(|p| ir::Player {
                name: self.list[p].name.clone(),
                forward: self.map_vector(p, &self.forward),
                letter: self.list[p].letter,
            })
            .collect()
    }
}

pub fn lower(
    players: &[&ast::Player],
    forward: &[&ast::Forward],
    board: &BoardModel,
    file_start: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Players> {
    let before = diags.len();
    let forward = match forward {
        [] => {
            diags.push(
                Diagnostic::error(Code::MissingItem, file_start, "the file does not say which way is forward")
                    .with_help("add `forward +rank` (the first player's forward direction: a sign and an axis)"),
            );
            None
        }
        [one, rest @ ..] => {
            for extra in rest {
                diags.push(
                    Diagnostic::error(Code::DuplicateItem, extra.span, "`forward` is declared twice")
                        .with_note(one.span, "first declared here"),
                );
            }
            forward_direction(one, board, diags)
        }
    };
    if players.len() != 2 {
        let span = players.get(2).map_or(file_start, |p| p.span);
        diags.push(
            Diagnostic::error(Code::BadPlayers, span, format!("a game needs exactly two players; this file declares {}", players.len()))
                .with_help("declare `player White` and then `player Black = mirror rank` (the second player's view of the board)"),
        );
    }
    let mut list: Vec<PlayerModel> = Vec::new();
    for (index, player) in players.iter().enumerate() {
        if let Some(earlier) = players[..index].iter().find(|p| p.name.text == player.name.text) {
            diags.push(
                Diagnostic::error(Code::DuplicateName, player.name.span, format!("player `{}` is declared twice", player.name.text))
                    .with_note(earlier.span, "first declared here"),
            );
        }
        if index == 0 {
            if let Some(first) = player.view.first() {
                diags.push(
                    Diagnostic::error(Code::BadPlayers, transform_span(first), "the first player cannot have a view")
                        .with_label("everything is written from the first player's side")
                        .with_help("remove the view here and give the other player the opposite one"),
                );
            }
        }
        let view = player.view.iter().filter_map(|t| view_step(t, board, diags)).collect();
        let letter = side_letter(player, diags);
        if let Some(other) = list.iter().find(|p| p.letter == letter) {
            let span = player.letter.as_ref().map_or(player.name.span, |text| text.span);
            diags.push(
                Diagnostic::error(
                    Code::BadPlayers,
                    span,
                    format!(
                        "players `{}` and `{}` both write `{letter}` in position strings for the side to move",
                        other.name, player.name.text
                    ),
                )
                .with_help(format!("give one of them a letter of its own: `player {} \"x\"`", player.name.text)),
            );
        }
        list.push(PlayerModel { name: player.name.text.clone(), letter, view });
    }
    let (forward, forward_part, forward_sign) = forward?;
    (diags.len() == before).then_some(Players { list, forward, forward_part, forward_sign })
}

/// `forward +rank`: an axis, or a fold along lines (forward is then the
/// lines' direction), with its sign.
fn forward_direction(decl: &ast::Forward, board: &BoardModel, diags: &mut Vec<Diagnostic>) -> Option<(Vec<i32>, NamePart, i32)> {
    let sign = if decl.negative { -1 } else { 1 };
    let Some(part) = board.part(&decl.axis.text) else {
        diags.push(unknown_axis(&decl.axis, board.axis_names()));
        return None;
    };
    let vector = match part {
        NamePart::Axis(axis) => (0..board.dimensions()).map(|a| if a == axis { sign } else { 0 }).collect(),
        NamePart::Fold(f) => match &board.folds[f].line {
            Some(line) => line.iter().map(|c| c * sign).collect(),
            None => {
                diags.push(
                    Diagnostic::error(
                        Code::BadPlayers,
                        decl.axis.span,
                        format!("`{}` is a fold over axes, which has no direction", decl.axis.text),
                    )
                    .with_help("say forward along a geometric axis, or along a fold of lines (`fold rank = 1..11 along (0,1,-1)`)"),
                );
                return None;
            }
        },
    };
    Some((vector, part, sign))
}
fn transform_span(t: &ast::Transform) -> Span {
    match t {
        ast::Transform::Mirror { span, .. } | ast::Transform::Shift { span, .. } => *span,
    }
}

fn view_step(t: &ast::Transform, board: &BoardModel, diags: &mut Vec<Diagnostic>) -> Option<Step> {
    let (ast::Transform::Mirror { axis, .. } | ast::Transform::Shift { axis, .. }) = t;
    let Some(index) = board.axis_index(&axis.text) else {
        diags.push(unknown_axis(axis, board.axis_names()));
        return None;
    };
    match t {
        ast::Transform::Mirror { .. } => Some(Step::Mirror(index)),
        ast::Transform::Shift { by, span, .. } => {
            if !board.axes[index].wrap {
                diags.push(
                    Diagnostic::error(Code::BadPlayers, *span, format!("axis `{}` does not wrap, so it cannot be shifted", axis.text))
                        .with_help("a shift turns a ring; use `mirror` for an axis with two ends"),
                );
                return None;
            }
            Some(Step::Shift(index, by.value.clamp(-65536, 65536) as i32))
        }
    }
}

/// The letter position strings write for `player` as the side to move: the
/// one it gives (`player Red "w"`), else its name's first; in lower case.
fn side_letter(player: &ast::Player, diags: &mut Vec<Diagnostic>) -> char {
    let Some(text) = &player.letter else {
        return player.name.text.chars().next().unwrap_or('?').to_ascii_lowercase();
    };
    let mut chars = text.value.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) if letter.is_ascii_alphabetic() => letter.to_ascii_lowercase(),
        _ => {
            diags.push(
                Diagnostic::error(Code::BadPlayers, text.span, format!("`{}` is not one letter", text.value))
                    .with_label("position strings write one letter from a to z for the side to move")
                    .with_help("write one letter, such as `player Red \"w\"`"),
            );
            '?'
        }
    }
}

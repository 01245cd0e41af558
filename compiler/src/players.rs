//! Players and their views. Zones, directions and "forward" are written from the
//! first player's side; every other player sees them through its view, a list of
//! mirrorings and shifts of axes.

use crate::board::{unknown_axis, BoardModel};
use crate::codes::Code;
use crate::diagnostic::Diagnostic;
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
    /// The first player's forward axis and sign (+1 / -1).
    pub forward_axis: usize,
    pub forward_sign: i32,
}

impl Players {
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

    /// The forward component of a vector written from the first player's side.
    pub fn forward_component(&self, vector: &[i32]) -> i32 {
        vector[self.forward_axis] * self.forward_sign
    }

    pub fn ir_players(&self, dimensions: usize) -> Vec<ir::Player> {
        let mut forward = vec![0; dimensions];
        forward[self.forward_axis] = self.forward_sign;
        (0..self.list.len())
            .map(|p| ir::Player { name: self.list[p].name.clone(), forward: self.map_vector(p, &forward), letter: self.list[p].letter })
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
            match board.axis_index(&one.axis.text) {
                Some(axis) => Some((axis, if one.negative { -1 } else { 1 })),
                None => {
                    diags.push(unknown_axis(&one.axis, board.axis_names()));
                    None
                }
            }
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
        let letter = player.name.text.chars().next().unwrap_or('?').to_ascii_lowercase();
        if let Some(other) = list.iter().find(|p| p.letter == letter) {
            diags.push(Diagnostic::error(
                Code::BadPlayers,
                player.name.span,
                format!(
                    "players `{}` and `{}` start with the same letter, which position strings use for the side to move",
                    other.name, player.name.text
                ),
            ));
        }
        list.push(PlayerModel { name: player.name.text.clone(), letter, view });
    }
    let (forward_axis, forward_sign) = forward?;
    (diags.len() == before).then_some(Players { list, forward_axis, forward_sign })
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

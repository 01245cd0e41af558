//! `draws decided by material PIECE N, ... [with POINTS for PLAYER]` (part of
//! the check phase): each type's weight and each player's bonus, in tenths
//! of a point, as [`ir::MaterialCount`].

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::pieces::PieceLowering;
use vdl_dsl::ast::{self, Span};
use vdl_runtime::ir;

/// The most a type may weigh, and the most points a player may be given:
/// counts stay far from overflow however many pieces a board holds.
const MAX_POINTS: i64 = 1000;

impl PieceLowering<'_> {
    /// The count of a `draws decided by material` statement, or `None` after
    /// reporting: a weight or bonus out of range or with more than one
    /// decimal (E0314), a type weighed twice (E0314), unknown names (E0101).
    pub fn material(&mut self, decl: &ast::MaterialDecl, diags: &mut Vec<Diagnostic>) -> Option<ir::MaterialCount> {
        let mut weights = vec![0u32; self.sets.all().len()];
        let mut weighed: Vec<Option<Span>> = vec![None; weights.len()];
        let mut ok = true;
        for (name, weight) in &decl.weights {
            let set = ast::PieceSet { items: vec![(ast::SetOp::Union, name.clone())], span: name.span };
            let tenths = in_range(weight.value.checked_mul(10), &weight.value.to_string(), weight.span, diags);
            let Some((kinds, tenths)) = self.sets.resolve(&set, diags).zip(tenths) else {
                ok = false;
                continue;
            };
            for kind in kinds {
                if let Some(earlier) = weighed[kind.index()].replace(name.span) {
                    ok = false;
                    diags.push(
                        Diagnostic::error(Code::BadMaterial, name.span, format!("`{}` weighs a piece type weighed before", name.text))
                            .with_note(earlier, "weighed here first")
                            .with_help("give each piece type one weight"),
                    );
                }
                weights[kind.index()] = tenths;
            }
        }
        let mut bonus = ir::PerPlayer::from_fn(self.players.list.len(), |_| 0);
        if let Some(given) = &decl.bonus {
            let tenths = tenths(&given.points, diags);
            let player = self.players_named(std::slice::from_ref(&given.player), diags).and_then(|named| named.iter().position(|&n| n));
            match tenths.zip(player) {
                Some((tenths, player)) => bonus.0[player] = tenths,
                None => ok = false,
            }
        }
        ok.then_some(ir::MaterialCount { weights, bonus })
    }
}

/// Points as written (`1.5`, `2`), in tenths, or `None` after reporting.
fn tenths(points: &ast::Ident, diags: &mut Vec<Diagnostic>) -> Option<u32> {
    let (whole, fraction) = points.text.split_once('.').unwrap_or((&points.text, "0"));
    if fraction.len() > 1 {
        diags.push(
            Diagnostic::error(Code::BadMaterial, points.span, format!("`{}` has more than one digit after the point", points.text))
                .with_help("points are counted in tenths: write `1.5`, `0.5` or `2`"),
        );
        return None;
    }
    let value = whole.parse::<i64>().ok().and_then(|w| w.checked_mul(10)).and_then(|w| w.checked_add(fraction.parse::<i64>().ok()?));
    in_range(value, &points.text, points.span, diags)
}

/// `tenths` if within 0 to [`MAX_POINTS`] points, else `None` after
/// reporting the points as `written`.
fn in_range(tenths: Option<i64>, written: &str, span: Span, diags: &mut Vec<Diagnostic>) -> Option<u32> {
    match tenths {
        Some(t) if (0..=MAX_POINTS * 10).contains(&t) => Some(t as u32),
        _ => {
            diags.push(
                Diagnostic::error(Code::BadMaterial, span, format!("a weight or a bonus is from 0 to {MAX_POINTS} points, not {written}"))
                    .with_help("weigh the pieces in small whole numbers (a Rook 13, a Pawn 2)"),
            );
            None
        }
    }
}

//! Piece sets: lists of pieces and groups (`Rook, Bishop`, `longrange &
//! orthogonal`) resolved to piece types. Groups are declared with `group` and
//! may use groups declared before them.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::suggestions::Suggestions;
use std::collections::HashMap;
use vdl_dsl::ast::{self, SetOp};
use vdl_runtime::ir::PieceId;

#[derive(Default)]
pub struct PieceSets {
    pub pieces: HashMap<String, PieceId>,
    /// `None` for a group whose declaration had an error.
    groups: HashMap<String, Option<Vec<PieceId>>>,
    /// For unknown piece and group names.
    suggestions: Suggestions,
}

impl PieceSets {
    pub fn new(pieces: HashMap<String, PieceId>) -> PieceSets {
        PieceSets { pieces, groups: HashMap::new(), suggestions: Suggestions::default() }
    }

    /// Resolves and records `group NAME = ...`.
    pub fn declare(&mut self, decl: &ast::GroupDecl, diags: &mut Vec<Diagnostic>) {
        if self.pieces.contains_key(&decl.name.text) {
            diags.push(
                Diagnostic::error(Code::DuplicateName, decl.name.span, format!("`{}` is already the name of a piece", decl.name.text))
                    .with_help("give the group another name"),
            );
            return;
        }
        let members = self.resolve(&decl.members, diags);
        if self.groups.insert(decl.name.text.clone(), members).is_some() {
            diags.push(Diagnostic::error(Code::DuplicateName, decl.name.span, format!("group `{}` is declared twice", decl.name.text)));
        }
    }

    /// The piece types of a set, in a stable order, or `None` after reporting.
    /// Every piece type, in order.
    pub fn all(&self) -> Vec<PieceId> {
        let mut all: Vec<PieceId> = self.pieces.values().copied().collect();
        all.sort();
        all
    }

    pub fn resolve(&self, set: &ast::PieceSet, diags: &mut Vec<Diagnostic>) -> Option<Vec<PieceId>> {
        let mut result: Vec<PieceId> = Vec::new();
        let mut ok = true;
        for (op, name) in &set.items {
            let members = if let Some(&id) = self.pieces.get(&name.text) {
                vec![id]
            } else if let Some(group) = self.groups.get(&name.text) {
                match group {
                    Some(members) => members.clone(),
                    None => {
                        ok = false;
                        continue;
                    }
                }
            } else {
                ok = false;
                diags.push(
                    Diagnostic::error(Code::UnknownName, name.span, format!("unknown piece or group `{}`", name.text))
                        .with_label("not a piece or a group declared before this point")
                        .with_help_opt(self.suggestions.did_you_mean(
                            &name.text,
                            self.pieces.len() + self.groups.len(),
                            self.pieces.keys().chain(self.groups.keys()).map(String::as_str),
                        )),
                );
                continue;
            };
            match op {
                SetOp::Union => {
                    for id in members {
                        if !result.contains(&id) {
                            result.push(id);
                        }
                    }
                }
                SetOp::Intersection => result.retain(|id| members.contains(id)),
            }
        }
        ok.then_some(result)
    }
}

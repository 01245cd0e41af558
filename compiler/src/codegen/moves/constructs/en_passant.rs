//! En passant: captures in passing, walked by the runtime from the plan for
//! every engine (the cells a move passed are the position's); the generated
//! code only calls it.

use crate::codegen::spec::EngineSpec;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{Game, MoveRule};

/// The call giving the captures in passing of the side to move, if the
/// game has any, under the test that the last move left a cell open: most
/// left none, and the call (with the plan it reads) cost more than the
/// test.
pub(crate) fn code(spec: &EngineSpec) -> Option<TokenStream> {
    spec.captures_in_passing.then(|| {
        quote! {
            if pos.en_passant().is_some() {
                vdl_runtime::gen::gated::captures_in_passing(&Rules, plan(), pos, out.moves());
            }
        }
    })
}

/// The clause of a rule whose moves leave the cells they pass open to
/// capture in passing, in words (empty for the others).
pub(crate) fn describe(game: &Game, rule: &MoveRule) -> String {
    if rule.en_passant.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = rule.en_passant.iter().map(|&k| game.pieces[k].name.as_str()).collect();
    format!(", leaving the cells it passes open to capture in passing by {}", names.join(" or "))
}

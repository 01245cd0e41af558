//! Promotion in place: moves of their own, walked by the runtime from the
//! plan for every engine (their conditions read the whole position); the
//! generated code only calls it.

use crate::codegen::spec::EngineSpec;
use proc_macro2::TokenStream;
use quote::quote;

/// The call giving the promotions in place of the side to move, if the
/// game has any.
pub(crate) fn code(spec: &EngineSpec) -> Option<TokenStream> {
    spec.in_place_promotions.then(|| quote!(vdl_runtime::gen::in_place::generate(&Rules, plan(), pos, out.moves());))
}

//! The vdl compiler: source text -> AST (from `vdl-dsl`) -> checked IR -> Rust.

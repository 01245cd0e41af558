//! The variants an engine protocol offers: each one a name (Fairy-Stockfish's
//! where it has one: `xiangqi`, `shogi`, `minishogi` are the file stems of the
//! bundled files; any other file is offered under its stem) and an engine.

use crate::session::SharedEngine;
use std::sync::{Arc, OnceLock};
use vdl_runtime::search::eval::Evaluator;

/// One offered variant.
pub struct Variant {
    pub name: String,
    pub engine: SharedEngine,
    /// Measured on first use (it depends only on the game).
    eval: OnceLock<Evaluator>,
}

impl Variant {
    pub fn new(name: impl Into<String>, engine: SharedEngine) -> Variant {
        Variant { name: name.into(), engine, eval: OnceLock::new() }
    }

    pub fn evaluator(&self) -> &Evaluator {
        self.eval.get_or_init(|| Evaluator::new(&*self.engine))
    }
}

/// The offered variants, in the order given, and the one selected at start.
pub struct Variants {
    list: Vec<Arc<Variant>>,
    default: usize,
}

impl Variants {
    /// `default_name` picks the variant a session starts with (when offered);
    /// otherwise the first. Names must be unique and the list not empty.
    pub fn new(list: Vec<Variant>, default_name: Option<&str>) -> Result<Variants, String> {
        if list.is_empty() {
            return Err("no variant to offer".to_string());
        }
        for (i, variant) in list.iter().enumerate() {
            if list[..i].iter().any(|other| other.name == variant.name) {
                return Err(format!("two variants are named `{}`; the protocols tell variants apart by file stem", variant.name));
            }
        }
        let default = default_name.and_then(|name| list.iter().position(|v| v.name == name)).unwrap_or(0);
        Ok(Variants { list: list.into_iter().map(Arc::new).collect(), default })
    }

    pub fn all(&self) -> &[Arc<Variant>] {
        &self.list
    }

    pub fn default_variant(&self) -> Arc<Variant> {
        self.list[self.default].clone()
    }

    pub fn by_name(&self, name: &str) -> Option<Arc<Variant>> {
        self.list.iter().find(|v| v.name == name).cloned()
    }

    pub fn names(&self) -> Vec<&str> {
        self.list.iter().map(|v| v.name.as_str()).collect()
    }
}

//! The bundled variants: every `*.vdl` file of this crate, compiled at build
//! time to a native move generator (one module per file, named after it), with
//! its source kept for display and for recognising an unchanged copy.

use vdl_runtime::Engine;

/// One bundled variant.
#[derive(Clone, Copy)]
pub struct Bundled {
    /// The file stem, such as `"xiangqi"`.
    pub name: &'static str,
    /// The file name, such as `"xiangqi.vdl"`.
    pub file_name: &'static str,
    /// The file's text.
    pub source: &'static str,
    /// A new instance of its compiled engine.
    pub engine: fn() -> Box<dyn Engine>,
}

impl std::fmt::Debug for Bundled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bundled").field("name", &self.name).field("file_name", &self.file_name).finish_non_exhaustive()
    }
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Every bundled variant, sorted by file name.
pub fn all() -> &'static [Bundled] {
    BUNDLED
}

/// The bundled variant whose file stem is `name`.
pub fn by_name(name: &str) -> Option<&'static Bundled> {
    BUNDLED.iter().find(|b| b.name == name)
}

/// The bundled variant whose file has exactly this text, so that its compiled
/// engine can be used; an edited copy is not matched.
pub fn by_source(source: &str) -> Option<&'static Bundled> {
    BUNDLED.iter().find(|b| b.source == source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_find_each_bundled_variant() {
        for bundled in all() {
            assert_eq!(by_name(bundled.name).map(|b| b.file_name), Some(bundled.file_name));
            assert_eq!(by_source(bundled.source).map(|b| b.name), Some(bundled.name));
            let edited = format!("{}\n// edited\n", bundled.source);
            assert!(by_source(&edited).is_none(), "an edited copy of {} must not match", bundled.name);
            let engine = (bundled.engine)();
            assert!(!engine.game().board.cells.is_empty());
        }
        assert!(by_name("no such variant").is_none());
    }

    #[test]
    fn names_are_sorted_file_stems() {
        let names: Vec<&str> = all().iter().map(|b| b.name).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        for bundled in all() {
            assert_eq!(bundled.file_name, format!("{}.vdl", bundled.name));
        }
    }

    #[test]
    fn xiangqi_is_bundled() {
        let xiangqi = by_name("xiangqi").expect("xiangqi.vdl is bundled");
        assert_eq!((xiangqi.engine)().game().cell_count(), 90);
    }
}

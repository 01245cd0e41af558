//! Every word the grammar uses is reserved: none can be parsed as a name, so a
//! statement can never swallow the next statement's first word. The words are
//! listed once, in dsl/src/words.rs; the grammar's `keyword` rule is written
//! from that list (`UPDATE_GRAMMAR=1 cargo test -p vdl-dsl --test keywords`).

use std::collections::BTreeSet;
use std::path::Path;

const RULE_START: &str = "keyword = @{\n";
const RULE_END: &str = "    ) ~ !(ASCII_ALPHANUMERIC | \"_\")\n}";

fn grammar_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/vdl.pest")
}

/// The grammar with its `keyword` rule cut out, and where the rule was.
fn split_grammar(grammar: &str) -> (usize, usize) {
    let start = grammar.find(RULE_START).expect("the keyword rule");
    let end = start + grammar[start..].find(RULE_END).expect("its end") + RULE_END.len();
    (start, end)
}

/// The `keyword` rule for the words, longest first, wrapped at 80 columns.
fn keyword_rule(words: &[&str]) -> String {
    let mut lines = vec![String::from("    (")];
    for (i, word) in words.iter().enumerate() {
        let item = if i == 0 { format!(" \"{word}\"") } else { format!(" | \"{word}\"") };
        if lines.last().unwrap().len() + item.len() > 80 {
            lines.push(String::from(" "));
        }
        lines.last_mut().unwrap().push_str(&item);
    }
    format!("{RULE_START}{}\n{RULE_END}", lines.join("\n"))
}

#[test]
fn the_keyword_rule_lists_exactly_the_reserved_words() {
    let grammar = std::fs::read_to_string(grammar_path()).unwrap();
    let (start, end) = split_grammar(&grammar);
    let wanted = keyword_rule(&vdl_dsl::reserved());
    if std::env::var_os("UPDATE_GRAMMAR").is_some() {
        std::fs::write(grammar_path(), format!("{}{wanted}{}", &grammar[..start], &grammar[end..])).unwrap();
        return;
    }
    assert_eq!(&grammar[start..end], wanted, "run UPDATE_GRAMMAR=1 cargo test -p vdl-dsl --test keywords");
}

#[test]
fn the_grammar_uses_every_reserved_word_and_no_other() {
    let grammar = std::fs::read_to_string(grammar_path()).unwrap();
    let (start, end) = split_grammar(&grammar);
    let outside = format!("{}{}", &grammar[..start], &grammar[end..]);
    let used: BTreeSet<&str> = outside
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .flat_map(|line| line.split('"').skip(1).step_by(2))
        .filter(|literal| literal.len() > 1 && literal.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    let reserved: BTreeSet<&str> = vdl_dsl::reserved().into_iter().collect();
    assert_eq!(used.difference(&reserved).collect::<Vec<_>>(), Vec::<&&str>::new(), "words of the grammar missing from dsl/src/words.rs");
    assert_eq!(reserved.difference(&used).collect::<Vec<_>>(), Vec::<&&str>::new(), "words of dsl/src/words.rs the grammar never uses");
}

#[test]
fn a_keyword_cannot_name_a_zone() {
    let source = "zone into = rank 1\n";
    let error = vdl_dsl::parse(source).unwrap_err();
    assert!(error.help.unwrap_or_default().contains("reserved"));
}

#[test]
fn every_reserved_word_is_refused_as_a_name() {
    for word in vdl_dsl::reserved() {
        let source = format!("zone {word} = rank 1\n");
        assert!(vdl_dsl::parse(&source).is_err(), "`{word}` was accepted as a zone's name");
    }
}

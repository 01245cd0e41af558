//! Every word the grammar uses is reserved: none can be parsed as a name, so a
//! statement can never swallow the next statement's first word.

#[test]
fn every_grammar_word_is_a_keyword() {
    let grammar = include_str!("../src/vdl.pest");
    let rule_start = grammar.find("keyword = @{").expect("the keyword rule");
    let rule_end = rule_start + grammar[rule_start..].find("\n}").expect("its end");
    let outside = format!("{}{}", &grammar[..rule_start], &grammar[rule_end..]);
    let mut missing = Vec::new();
    for literal in outside.split('"').skip(1).step_by(2) {
        let is_word = literal.len() > 1 && literal.chars().all(|c| c.is_ascii_lowercase());
        if is_word && !grammar[rule_start..rule_end].contains(&format!("\"{literal}\"")) {
            missing.push(literal);
        }
    }
    assert!(missing.is_empty(), "not reserved: {missing:?}; run python3 scripts/keywords.py dsl/src/vdl.pest");
}

#[test]
fn a_keyword_cannot_name_a_zone() {
    let source = "zone into = rank 1\n";
    let error = vdl_dsl::parse(source).unwrap_err();
    assert!(error.help.unwrap_or_default().contains("reserved"));
}

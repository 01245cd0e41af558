//! Rules of a piece whose code is the same but for the tables it reads (a
//! ride's direction, a step's destinations and promotion outcomes) share one
//! loop over their tables when there are many of them: the 20 rides of Ladies
//! and Generals' Governor are one ride in a `for table in [&DIR_1_1_0, ...]`
//! loop. On 3D boards, with up to 26 directions, unrolled rules were most of
//! the module, of the time spent formatting it and of rustc's time.
//!
//! A few rules stay unrolled, the loop costing more there than it saves.
//! Perft, averaged over five random orders of the binary's functions (the
//! order alone moves Xiang Qi's speed by up to 10 %): a loop over four rides
//! cost Xiang Qi 5 %, over six Switchback Xiang Qi 5 %; loops over nine or
//! more (3D pieces) cost Ladies and Generals and Switchback Xiang Qi nothing
//! measurable.

use proc_macro2::{Group, Ident, TokenStream, TokenTree};
use quote::{format_ident, quote};

/// The fewest rules alike that share a loop: more than the eight directions of
/// a square board.
const FEWEST_IN_LOOP: usize = 9;

/// The code of one rule.
pub enum RuleCode {
    /// Code with nothing to share.
    Plain(TokenStream),
    /// Code that reads each table by the name paired with it (`table`,
    /// `next`, `outcome`...), so that rules alike can share it.
    Shared { tables: Vec<(&'static str, Ident)>, code: TokenStream },
}

/// The name by which shared code reads a table.
pub fn name(role: &str) -> Ident {
    format_ident!("{}", role)
}

/// The statements of `rules`, in order, each in a block; enough consecutive
/// rules with the same code become one loop over their tables.
pub fn merge(rules: Vec<RuleCode>) -> Vec<TokenStream> {
    // Shared code with its text, to compare (once per rule: the text is long).
    let rules: Vec<(RuleCode, String)> = rules
        .into_iter()
        .map(|rule| {
            let text = match &rule {
                RuleCode::Plain(_) => String::new(),
                RuleCode::Shared { code, .. } => code.to_string(),
            };
            (rule, text)
        })
        .collect();
    let mut out = Vec::new();
    let mut rules = rules.into_iter().peekable();
    while let Some((rule, text)) = rules.next() {
        let (tables, code) = match rule {
            RuleCode::Plain(code) => {
                out.push(quote!({ #code }));
                continue;
            }
            RuleCode::Shared { tables, code } => (tables, code),
        };
        let roles: Vec<&str> = tables.iter().map(|(role, _)| *role).collect();
        let mut group = vec![tables];
        while let Some((RuleCode::Shared { tables, .. }, next)) = rules.peek() {
            if tables.iter().map(|(role, _)| *role).ne(roles.iter().copied()) || *next != text {
                break;
            }
            group.push(tables.clone());
            rules.next();
        }
        if group.len() < FEWEST_IN_LOOP {
            for tables in &group {
                let code = bind(&code, tables);
                out.push(quote!({ #code }));
            }
            continue;
        }
        let names: Vec<Ident> = roles.iter().map(|role| name(role)).collect();
        out.push(match names.as_slice() {
            [table] => {
                let tables = group.iter().map(|t| &t[0].1);
                quote!(for #table in [#(&#tables),*] { #code })
            }
            _ => {
                let tuples = group.iter().map(|t| {
                    let t = t.iter().map(|(_, table)| table);
                    quote!((#(&#t),*))
                });
                quote!(for (#(#names),*) in [#(#tuples),*] { #code })
            }
        });
    }
    out
}

/// `code` reading `tables` where it reads them by name.
pub fn bind(code: &TokenStream, tables: &[(&'static str, Ident)]) -> TokenStream {
    code.clone()
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) => match tables.iter().find(|(role, _)| ident == role) {
                Some((_, table)) => TokenTree::Ident(table.clone()),
                None => TokenTree::Ident(ident),
            },
            TokenTree::Group(group) => {
                let mut bound = Group::new(group.delimiter(), bind(&group.stream(), tables));
                bound.set_span(group.span());
                TokenTree::Group(bound)
            }
            tree => tree,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ride(table: &str) -> RuleCode {
        RuleCode::Shared { tables: vec![("table", format_ident!("{}", table))], code: quote!(let next = table[from];) }
    }

    #[test]
    fn many_rules_alike_share_a_loop_and_few_stay_unrolled() {
        let many: Vec<RuleCode> = (0..FEWEST_IN_LOOP).map(|i| ride(&format!("DIR_{i}"))).collect();
        let merged = merge(many);
        assert_eq!(merged.len(), 1);
        assert!(merged[0].to_string().starts_with("for table in [& DIR_0 , & DIR_1"));
        let few = merge(vec![ride("DIR_A"), RuleCode::Plain(quote!(f();)), ride("DIR_B"), ride("DIR_C")]);
        let few: Vec<String> = few.iter().map(|code| code.to_string()).collect();
        assert_eq!(few, ["{ let next = DIR_A [from] ; }", "{ f () ; }", "{ let next = DIR_B [from] ; }", "{ let next = DIR_C [from] ; }"]);
    }
}

//! A list of short texts (the moves of a game in SAN) that grows and shrinks
//! at its end, kept as one string and the offsets where each text ends: a few
//! bytes a move rather than a `String` each (24 bytes and an allocation), so
//! that a game's memory stays within the server's bounds.

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTexts {
    joined: String,
    /// `ends[i]`: the byte offset in `joined` where text `i` ends.
    ends: Vec<u32>,
}

impl MoveTexts {
    pub fn push(&mut self, text: &str) {
        self.joined.push_str(text);
        let end = u32::try_from(self.joined.len()).expect("a game's move texts fit in 4 GB");
        self.ends.push(end);
    }

    /// Removes the last text.
    pub fn pop(&mut self) {
        if self.ends.pop().is_some() {
            self.joined.truncate(self.ends.last().map_or(0, |&end| end as usize));
        }
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn last(&self) -> Option<&str> {
        self.iter().next_back()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &str> + '_ {
        (0..self.ends.len()).map(|i| self.text(i))
    }

    fn text(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.joined[start..self.ends[i] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_come_back_as_pushed_and_pop_from_the_end() {
        let mut texts = MoveTexts::default();
        assert_eq!(texts.last(), None);
        for text in ["e4", "e5", "Nf3", "", "O-O"] {
            texts.push(text);
        }
        assert_eq!(texts.iter().collect::<Vec<_>>(), ["e4", "e5", "Nf3", "", "O-O"]);
        texts.pop();
        texts.pop();
        assert_eq!((texts.len(), texts.last()), (3, Some("Nf3")));
        texts.push("Bc4");
        assert_eq!(texts.iter().collect::<Vec<_>>(), ["e4", "e5", "Nf3", "Bc4"]);
        while !texts.is_empty() {
            texts.pop();
        }
        texts.pop();
        assert_eq!(texts, MoveTexts::default());
    }
}

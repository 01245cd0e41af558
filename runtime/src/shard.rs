//! One of N deterministic shares of a piece of work: `K/N` on the command
//! line, K counted from 0 (as a Kubernetes Indexed Job's and a Slurm job
//! array's indices are). Item `i` of the work belongs to share `i mod N`, so
//! the shares are disjoint, together cover everything, and are as even as
//! they can be whatever the work's length.

use std::fmt;
use std::str::FromStr;

/// Share `index` of `count`; always `index < count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// The whole work as one share.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Share `index` of `count`, or `None` unless `index < count`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index < count).then_some(Shard { index, count })
    }

    pub fn index(self) -> u32 {
        self.index
    }

    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether item `item` of the work (counted from 0) is this share's.
    pub fn owns(self, item: u64) -> bool {
        item % u64::from(self.count) == u64::from(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let expected = || format!("expected K/N with 0 <= K < N (K counted from 0, e.g. 0/4), found \"{text}\"");
        let (index, count) = text.split_once('/').ok_or_else(expected)?;
        let index: u32 = index.trim().parse().map_err(|_| expected())?;
        let count: u32 = count.trim().parse().map_err(|_| expected())?;
        if count == 0 {
            return Err(format!("the number of shares must be at least 1, found \"{text}\""));
        }
        Shard::new(index, count)
            .ok_or_else(|| format!("share {index} does not exist: the shares of {count} are 0 to {}, found \"{text}\"", count - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!("1/3".parse::<Shard>(), Ok(Shard { index: 1, count: 3 }));
        for bad in ["0/0", "3/2", "2/2", "a/b", "1", "-1/2", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shares_cover_every_item_once() {
        let shards: Vec<Shard> = (0..3).map(|k| Shard::new(k, 3).unwrap()).collect();
        for item in 0..10 {
            assert_eq!(shards.iter().filter(|s| s.owns(item)).count(), 1);
        }
        assert!(shards[1].owns(4) && shards[0].owns(9));
    }
}

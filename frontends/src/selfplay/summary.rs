//! The summary of a series of games: how often each outcome happened with a
//! 95 % Wilson score interval for each, the mean length and how the games
//! ended. It depends only on the set of records, so the shards of a series,
//! merged, give the summary of the whole series.

use super::record::{End, GameRecord, Outcome};
use std::collections::BTreeMap;
use std::fmt;

/// The normal quantile of a two-sided 95 % interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of a proportion: `successes` of `trials`, at the
/// normal quantile `z`, as `(low, high)`:
///
/// ```text
///   (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n),   p = successes / n
/// ```
///
/// Unlike the normal approximation `p ± z·sqrt(p(1-p)/n)`, it stays within
/// [0, 1] and is not empty at 0 or n successes. `None` for no trials.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> Option<(f64, f64)> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let center = p + z2 / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z2 / n;
    Some((((center - spread) / denominator).max(0.0), ((center + spread) / denominator).min(1.0)))
}

/// What a series of games came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub games: u64,
    pub first_wins: u64,
    pub draws: u64,
    pub second_wins: u64,
    pub total_plies: u64,
    pub ends: BTreeMap<End, u64>,
}

impl Summary {
    pub fn of(records: &[GameRecord]) -> Summary {
        let mut summary = Summary::default();
        for record in records {
            summary.games += 1;
            match record.result {
                Outcome::First => summary.first_wins += 1,
                Outcome::Draw => summary.draws += 1,
                Outcome::Second => summary.second_wins += 1,
            }
            summary.total_plies += u64::from(record.plies);
            *summary.ends.entry(record.end).or_default() += 1;
        }
        summary
    }

    pub fn mean_plies(&self) -> Option<f64> {
        (self.games > 0).then(|| self.total_plies as f64 / self.games as f64)
    }

    /// The first player's score: wins count 1, draws ½.
    pub fn first_score(&self) -> Option<f64> {
        (self.games > 0).then(|| (self.first_wins as f64 + self.draws as f64 / 2.0) / self.games as f64)
    }
}

fn percent(x: f64) -> String {
    format!("{:.1} %", 100.0 * x)
}

/// The summary table the command prints.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "games: {}", self.games)?;
        if self.games == 0 {
            return Ok(());
        }
        writeln!(f, "{:<14}{:>7}{:>9}   95 % interval (Wilson)", "outcome", "games", "share")?;
        for (name, count) in [("first wins", self.first_wins), ("draws", self.draws), ("second wins", self.second_wins)] {
            let share = count as f64 / self.games as f64;
            let (low, high) = wilson_interval(count, self.games, Z_95).unwrap_or((0.0, 1.0));
            writeln!(f, "{name:<14}{count:>7}{:>9}   {} to {}", percent(share), percent(low), percent(high))?;
        }
        if let Some(score) = self.first_score() {
            writeln!(f, "first player's score (wins + draws/2): {}", percent(score))?;
        }
        let decisive = self.first_wins + self.second_wins;
        if let Some((low, high)) = wilson_interval(self.first_wins, decisive, Z_95) {
            let share = self.first_wins as f64 / decisive as f64;
            writeln!(f, "first player's share of the decisive games: {}   {} to {}", percent(share), percent(low), percent(high))?;
        }
        if let Some(mean) = self.mean_plies() {
            writeln!(f, "mean length: {mean:.1} plies")?;
        }
        writeln!(f, "ended by:")?;
        for (end, count) in &self.ends {
            writeln!(f, "  {:<12}{count:>7}", end.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    /// Worked by hand from the formula above (z = 1.96, z² = 3.8415):
    /// 5 of 10: centre (0.5 + 0.19207) / 1.38415 = 0.5, spread
    /// 1.96 · sqrt(0.025 + 0.0096037) = 0.36460, / 1.38415 = 0.26341,
    /// so 0.23659 to 0.76341; 0 of 10: 0 to z²/(n + z²) = 3.8415/13.8415 = 0.27753.
    #[test]
    fn wilson_by_hand() {
        let (low, high) = wilson_interval(5, 10, Z_95).unwrap();
        assert!(close(low, 0.23659) && close(high, 0.76341), "{low} {high}");
        let (low, high) = wilson_interval(0, 10, Z_95).unwrap();
        assert!(close(low, 0.0) && close(high, 0.27753), "{low} {high}");
        assert_eq!(wilson_interval(0, 0, Z_95), None);
    }

    /// 5 first wins, 2 draws, 3 second wins of 10 games: the first wins'
    /// interval is the 5-of-10 one worked above, 23.7 % to 76.3 %.
    #[test]
    fn the_table_shows_each_outcome_with_its_interval() {
        let results = [[Outcome::First; 5].as_slice(), &[Outcome::Draw; 2], &[Outcome::Second; 3]].concat();
        let records: Vec<GameRecord> = results
            .into_iter()
            .enumerate()
            .map(|(game, result)| GameRecord { game: game as u64, seed: 0, moves: vec![], result, end: End::Checkmate, plies: 0 })
            .collect();
        let summary = Summary::of(&records);
        assert_eq!((summary.first_wins, summary.draws, summary.second_wins), (5, 2, 3));
        assert_eq!(summary.first_score(), Some(0.6));
        let table = summary.to_string();
        assert!(table.contains("first wins          5   50.0 %   23.7 % to 76.3 %"), "{table}");
        assert!(table.contains("checkmate        10"), "{table}");
    }
}

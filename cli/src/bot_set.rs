//! The distinct bots of a run: each canonical spec once with its
//! configuration, and the notice printed when one of them cheats.

use beachcomber::spec::split_top_level;
use beachcomber_bots::BotConfig;

/// Bot specs separated by top-level commas, each parsed: its canonical
/// spec (defaults filled in, spaces removed: what every output holds, so a
/// spec copied from one reproduces the bot exactly) and configuration, in
/// order. Errors name no option: the caller says where the text came from.
pub fn parse_specs(text: &str) -> Result<Vec<(String, BotConfig)>, String> {
    split_top_level(text)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|part| {
            let config = BotConfig::parse(part).map_err(|e| e.to_string())?;
            Ok((config.to_string(), config))
        })
        .collect()
}

/// The canonical spec of `text` when it is one bot spec, else `text`
/// trimmed (left for the caller to refuse).
pub fn canonical_or_text(text: &str) -> String {
    BotConfig::parse(text)
        .map(|c| c.to_string())
        .unwrap_or_else(|_| text.trim().to_string())
}

/// Each distinct bot of a run with its configuration, in order of first
/// appearance.
#[derive(Clone, Debug, Default)]
pub struct BotSet(Vec<(String, BotConfig)>);

impl BotSet {
    /// Add a bot by its canonical spec, unless it is there already.
    pub fn add(&mut self, name: &str, config: &BotConfig) {
        if !self.0.iter().any(|(n, _)| n == name) {
            self.0.push((name.to_string(), config.clone()));
        }
    }

    /// Add every bot of `other` not there already.
    pub fn extend(&mut self, other: &BotSet) {
        for (name, config) in &other.0 {
            self.add(name, config);
        }
    }

    /// The bots as `(canonical spec, configuration)`.
    pub fn as_slice(&self) -> &[(String, BotConfig)] {
        &self.0
    }

    /// The configuration of the bot `name` (a canonical spec).
    pub fn get(&self, name: &str) -> Option<&BotConfig> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, c)| c)
    }

    /// The configurations.
    pub fn configs(&self) -> impl Iterator<Item = &BotConfig> {
        self.0.iter().map(|(_, c)| c)
    }

    /// Unless `quiet`, say on standard error that a bot sees hidden
    /// information (`oracle`), if one does.
    pub fn note_cheating(&self, quiet: bool) {
        if !quiet && self.configs().any(BotConfig::is_cheating) {
            eprintln!(
                "note: `oracle` sees hidden information (cheats): an upper bound, not a fair opponent"
            );
        }
    }
}

//! What the commands share on the terminal: help texts (`--game`,
//! `--players`, `--bots`), the wording of a player count, and
//! [`write_line`] behind the `out!` macro.

/// `--game` help: every game of the registry with its player counts and
/// options (generated, so a new game shows up by itself).
pub fn game_help() -> String {
    let mut text = String::from("Game spec: NAME or NAME(key=value,...). The games:");
    for g in beachcomber::games::GAMES {
        text.push_str(&format!("\n  {g}"));
    }
    text
}

/// `--players` help: the player counts of every game.
pub fn players_help() -> String {
    format!("Number of players: {}", beachcomber::games::games_help())
}

/// `--bots` help: every bot with its canonical default spec.
pub fn bots_help() -> String {
    let mut text = String::from(
        "Bot spec for each seat, separated by top-level commas \
         (`ismcts(iterations=2000,c=0.7),greedy`), or one spec for every seat. \
         The bots, with their defaults (docs/bots.md):",
    );
    for name in beachcomber_bots::BOT_NAMES {
        if let Ok(config) = beachcomber_bots::BotConfig::parse(name) {
            let note = if config.is_cheating() {
                "  (cheats: sees hidden information)"
            } else {
                ""
            };
            text.push_str(&format!("\n  {config}{note}"));
        }
    }
    text.push_str(
        "\nrollout=random|greedy|policy (policy: the game's own heuristic; expert also takes auto, its default: policy in Seaside, random elsewhere); reward=auto|win|margin (auto: win, or margin in solo games); oracle also takes sees=all|hands (all, its default: the true state, future draws included; hands: the other seats' private information, not the future).",
    );
    text
}

pub use beachcomber_store::speed::players_text;

/// Write one line to standard output; a closed pipe ends the program with
/// success, any other write error with a one-line error.
pub fn write_line(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_fmt(args)
        .and_then(|()| stdout.write_all(b"\n"))
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

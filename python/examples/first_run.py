import beachcomber

# 2,000 two-player Seaside games, greedy against random, every deal played
# in both seat orders: the summary table `beachcomber tournament` writes.
t = beachcomber.tournament("seaside(removed=35)", 2, "greedy,random", games=2000, seed=1)
print(t.summary[["kind", "seat", "bot", "win_rate", "win_low95", "win_high95"]].to_string(index=False))

# One game of Shell Dash, move by move, the expert bot choosing for both seats.
expert = beachcomber.bot("expert")
state = beachcomber.game("shell-dash", 2).new_initial_state(seed=7)
while not state.is_terminal():
    state.apply_action(expert.act(state))
print("win shares", state.returns(), "Shells", state.scores())

"""Who may act: the account, passwords, sessions, tokens, sign-in limits, network reach."""

"""pokerroom: an online poker room with full house rules and Ultimate Texas Hold'em."""

__version__ = "0.1.0"

"""The pure core: cards, evaluation, the rules of one hand, the table, Ultimate Texas Hold'em.

Nothing here does I/O, reads the clock or uses the global random generator: decks and time
come in as arguments (DESIGN.md section 1).
"""

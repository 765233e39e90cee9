"""Mixed games at one table (R-MIX-1..5) with the real engine: the rotation, the stakes of
each game, and the button and blind debts frozen during stud rounds."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tablekit import deck  # type: ignore[import-not-found]

from pokerroom.core import rules
from pokerroom.core.errors import InvalidConfigError, RuleViolationError
from pokerroom.core.table import GameChanged, HandDealt, Table, TableConfig, TableStakes, engine
from pokerroom.core.table.config import GAMES
from pokerroom.core.table.mixed import EIGHT_GAME, HORSE, TRIPLE_DRAW, RotationState
from pokerroom.core.table.room import RoomConfigError, parse_room

STAKES = TableStakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4, ante=1, bring_in=1)
HORSE_TABLE = TableConfig(name="h", game="holdem", betting="limit", stakes=STAKES, seats=6,
                          first_button=0, mix="horse", rotate_every=2)  # fmt: skip


def mixed_table(names: str = "ann bob cat dan", every: int = 2) -> Table:
    t = Table(replace(HORSE_TABLE, rotate_every=every))
    for seat, name in enumerate(names.split()):
        t.sit_down(name, seat, 100)
    return t


def passive(t: Table) -> None:
    """Everyone checks, folds, or brings in (stud's forced bet) until the hand ends."""
    hand = t.hand
    while hand is not None and not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        account = t.account_at(seat)
        assert account is not None
        legal = hand.legal_actions()
        action: rules.Action
        if legal.check:
            action = rules.Check(seat=seat)
        elif legal.bring_in is not None:
            action = rules.BringIn(seat=seat)
        else:
            action = rules.Fold(seat=seat)
        t.act(account, action)


def play(t: Table, n: int = 1, seed: int = 1) -> list[tuple[str, HandDealt]]:
    """Deal and play n hands; the game each was dealt as, and its HandDealt."""
    out = []
    for k in range(n):
        events = t.start_hand(k, deck(seed + k))
        dealt = next(e for e in events if isinstance(e, HandDealt))
        hand = t.hand or t.last_hand
        assert hand is not None
        out.append((hand.view_for(None).config.game.value, dealt))
        passive(t)
        assert t.hand is None
    return out


def test_R_MIX_1_horse_rotates_in_order_and_wraps() -> None:
    """R-MIX-1: two hands each of hold'em, Omaha hi-lo, razz, stud, stud hi-lo, then hold'em again."""
    t = mixed_table(every=2)
    games = [g for g, _ in play(t, 12)]
    assert games == ["holdem", "holdem", "omaha-hilo", "omaha-hilo", "razz", "razz",
                     "stud", "stud", "stud-hilo", "stud-hilo", "holdem", "holdem"]  # fmt: skip
    assert [e.game for e in t.log if isinstance(e, GameChanged)] == [
        "omaha-hilo", "razz", "stud", "stud-hilo", "holdem", "omaha-hilo"]  # fmt: skip


def test_R_MIX_1_a_running_hand_ends_as_the_game_it_was_dealt() -> None:
    """R-MIX-1: the round ends while a hand runs; the switch waits for its end."""
    t = mixed_table(every=1)
    t.start_hand(0, deck(1))
    assert t.config.game == "holdem" and t.hand is not None
    assert t.rotation_info() is not None and t.rotation_info()["hands_left"] == 0  # type: ignore[index]
    t.act(str(t.account_at(t.hand.to_act)), rules.Call(seat=t.hand.to_act))  # type: ignore[arg-type]
    assert t.config.game == "holdem"  # the round is over but the hand is not
    passive(t)
    assert t.config.game == "omaha-hilo"
    assert (t.last_hand is not None
            and t.last_hand.view_for(None).config.game is rules.Game.HOLDEM)  # fmt: skip


def test_R_MIX_1_eight_game_needs_triple_draw() -> None:
    """R-MIX-1: 8-game's order; refused by name while 2-7 triple draw is not dealt here."""
    games = [g for g, _ in EIGHT_GAME.games]
    assert games[0] == TRIPLE_DRAW and games[6:] == ["holdem", "omaha"]
    assert [b for _, b in EIGHT_GAME.games][6:] == ["no-limit", "pot-limit"]
    if TRIPLE_DRAW in GAMES:
        cfg = replace(HORSE_TABLE, mix="8-game", game="holdem", betting="limit")
        assert cfg.for_game(0).game == TRIPLE_DRAW
    else:  # refused by name until the draw games are dealt here
        with pytest.raises(InvalidConfigError, match=f"8-Game needs {TRIPLE_DRAW}"):
            replace(HORSE_TABLE, mix="8-game")


def test_R_MIX_2_orbit_is_the_players_dealt_into_the_rounds_first_hand() -> None:
    """R-MIX-2: three dealt make a three-hand round; a fourth player joining does not lengthen it."""
    t = mixed_table("ann bob cat", every=0)
    first = play(t, 1)
    assert first[0][0] == "holdem"
    assert t.rotation == RotationState(index=0, hands=1, length=3)
    t.sit_down("dan", 3, 100, wait_for_big_blind=False)  # joins during the round
    games = [g for g, _ in play(t, 2, seed=5)]
    assert games == ["holdem", "holdem"]  # still three hands: the length was fixed
    assert t.config.game == "omaha-hilo"
    games = [g for g, _ in play(t, 5, seed=9)]
    # dan (in play, dealt the last hold'em hand) makes the Omaha round four hands
    assert games == ["omaha-hilo"] * 4 + ["razz"]


def test_R_MIX_2_rotate_every_n_hands() -> None:
    """R-MIX-2: `rotate_every = 3`: three hands of each game."""
    t = mixed_table("ann bob cat", every=3)
    assert [g for g, _ in play(t, 4)] == ["holdem"] * 3 + ["omaha-hilo"]


def test_R_MIX_3_each_game_takes_its_own_forced_bets_and_bets() -> None:
    """R-MIX-3: blinds in the flop games, ante and bring-in in stud, the same limit bets."""
    t = mixed_table("ann bob cat", every=1)
    stud_like = {"razz", "stud", "stud-hilo"}
    for k in range(5):
        t.start_hand(k, deck(k + 1))
        hand = t.hand
        assert hand is not None
        cfg = hand.view_for(None).config
        game = cfg.game.value
        posts = {kind for _, kinds in t.plan.posts for kind in kinds}  # type: ignore[union-attr]
        assert cfg.betting is rules.Betting.LIMIT
        assert (cfg.stakes.small_bet, cfg.stakes.big_bet) == (2, 4)
        if game in stud_like:
            assert posts == {"ante"} and cfg.stakes.bring_in == 1 and cfg.stakes.ante == 1
            assert cfg.stakes.small_blind == cfg.stakes.big_blind == 0
        else:
            assert posts == {"small_blind", "big_blind"} and cfg.stakes.ante == 0
            assert (cfg.stakes.small_blind, cfg.stakes.big_blind) == (1, 2)
        passive(t)


def test_R_MIX_3_buy_in_and_stakes_every_game_needs() -> None:
    """R-MIX-3: a HORSE buy-in is R-BUYIN-1's; stakes missing for one of its games refuse the table."""
    t = Table(HORSE_TABLE)
    with pytest.raises(RuleViolationError) as info:
        t.sit_down("ann", 0, 39)  # 10 big bets of 4
    assert info.value.rule_id == "R-BUYIN-1"
    t.sit_down("ann", 0, 10**6)  # limit: no maximum
    with pytest.raises(InvalidConfigError, match="HORSE's razz limit: stud needs"):
        replace(HORSE_TABLE, stakes=replace(STAKES, bring_in=0))
    with pytest.raises(InvalidConfigError, match="at most 8 seats"):
        replace(HORSE_TABLE, seats=9)
    assert HORSE_TABLE.game_key[0] == "horse"  # R-BUYIN-3: one game whatever is dealt


def test_R_MIX_4_the_button_freezes_during_stud_and_resumes_as_if_it_had_not_been_played() -> None:
    """R-MIX-4: the stud dealer stays put; hold'em resumes from the last blind hand."""
    t = mixed_table(every=2)  # hold'em 2, Omaha hi-lo 2, razz 2, stud 2, stud hi-lo 2
    hands = play(t, 11)
    buttons = [d.button for _, d in hands]
    assert buttons[:4] == [0, 1, 2, 3]
    assert buttons[4:10] == [0] * 6  # frozen where the next blind hand's button would be
    game, first_back = hands[10]
    assert game == "holdem"
    assert (first_back.button, first_back.small_blind, first_back.big_blind) == (0, 1, 2)
    assert first_back.dealt_in == (1, 2, 3, 0)


def test_R_MIX_4_stud_round_counts_no_sit_out_orbits() -> None:
    """R-MIX-4: the frozen button passes nobody, so a player sitting out is not stood up by it."""
    t = Table(replace(HORSE_TABLE, rotate_every=4, sit_out_orbits=1))
    for seat, name in enumerate("ann bob cat dan".split()):
        t.sit_down(name, seat, 100)
    play(t, 8)  # hold'em and Omaha hi-lo
    t.sit_out("ann")  # seat 0, right where the frozen button would pass
    play(t, 8, seed=20)  # razz and stud: the frozen button passes nobody
    assert t.config.game == "stud-hilo"
    assert next(p for p in t.players() if p.account == "ann").sitting_out
    assert t.previous_hand is not None and t.previous_hand.button == 3


def test_R_MIX_5_blind_debts_freeze_during_stud() -> None:
    """R-MIX-5: a missed small blind is still owed after six stud hands."""
    t = mixed_table(every=2)
    play(t, 2)  # hold'em: buttons 0, 1
    t.sit_out("dan")  # hand 3 (button 2): dan, seat 3, is passed by the small blind
    play(t, 2, seed=3)  # Omaha hi-lo: buttons 2, 0
    dan = t.player("dan")
    owed = (dan.owes_small_blind, dan.owes_big_blind)
    assert owed == (True, False)
    t.sit_in("dan")
    t.wait_for_big_blind("dan")
    stud = play(t, 6, seed=5)  # razz, stud, stud hi-lo: dan is dealt in with the ante
    assert all(3 in d.dealt_in and d.big_blind is None for _, d in stud)
    dan = t.player("dan")
    assert (dan.owes_small_blind, dan.owes_big_blind) == owed  # stud settled nothing
    assert t.config.game == "holdem"
    back = play(t, 1, seed=30)[0][1]
    # hold'em resumes from the last blind hand (button 0): button 1, blinds 2 and 3; the big
    # blind reaches dan, who takes it there and owes nothing more (R-BLIND-9 c)
    assert (back.button, back.small_blind, back.big_blind) == (1, 2, 3)
    assert dict(back.posts)[3] == ("big_blind",)
    dan = t.player("dan")
    assert not dan.owes_small_blind and not dan.owes_big_blind


def test_R_MIX_5_a_player_sitting_out_in_stud_misses_no_blind() -> None:
    """R-MIX-5: sitting out through a stud round costs no blind."""
    t = mixed_table(every=2)
    play(t, 4)  # hold'em, Omaha hi-lo
    t.sit_out("cat")
    play(t, 6, seed=7)  # the stud round
    cat = t.player("cat")
    assert not cat.owes_small_blind and not cat.owes_big_blind


def test_R_MIX_5_a_newcomer_in_a_stud_round_plays_stud_then_is_new_for_the_blinds() -> None:
    """R-MIX-5: dealt stud at once (ante), new for the blind games."""
    t = mixed_table("ann bob cat", every=2)
    play(t, 4)  # hold'em, Omaha hi-lo
    t.sit_down("eve", 4, 100)  # waits for the big blind (the default)
    razz = play(t, 1, seed=11)[0][1]
    assert 4 in razz.dealt_in and dict(razz.posts)[4] == ("ante",)
    assert t.player("eve").new
    play(t, 5, seed=12)
    assert t.config.game == "holdem"
    back = play(t, 1, seed=40)[0][1]
    if back.big_blind != 4:
        assert 4 not in back.dealt_in  # new and waiting for the big blind


def test_R_MIX_1_restore_keeps_the_rotation() -> None:
    """R-MIX-1: a restored table deals the game it was at; a rotation outside the mix is refused."""
    t = mixed_table(every=2)
    play(t, 5)
    state, previous, records = t.rotation, t.previous_hand, t.seat_records()
    u = Table(replace(HORSE_TABLE, rotate_every=2))
    u.restore(records, previous, state)
    assert u.config.game == "razz" and u.rotation == state
    with pytest.raises(RuleViolationError):
        Table(HORSE_TABLE).restore(records, previous, RotationState(index=len(HORSE.games)))


def test_R_MIX_3_a_hand_config_per_game() -> None:
    """R-MIX-3: the engine gets each game with its own betting structure."""
    cfg = replace(HORSE_TABLE, rotate_every=2)
    for i, (game, betting) in enumerate(HORSE.games):
        hc = engine.hand_config(cfg.for_game(i))
        assert (hc.game.value, hc.betting.value) == (game, betting)


ROOM = """
[room]
name = "r"
[[table]]
name = "Horsehead"
game = "horse"
seats = 8
rotate = {rotate}
stakes = {{ small_blind = 100, big_blind = 200, small_bet = 200, big_bet = 400, ante = 25, bring_in = 50 }}
"""


def test_R_MIX_2_room_file_mixed_table() -> None:
    """R-MIX-2: `rotate` in the room file: "orbit" or a number of hands; refusals name the key."""
    cfg = parse_room(ROOM.format(rotate='"orbit"')).table("Horsehead")
    assert (cfg.mix, cfg.rotate_every, cfg.game, cfg.betting) == ("horse", 0, "holdem", "limit")
    assert parse_room(ROOM.format(rotate=8)).table("Horsehead").rotate_every == 8
    with pytest.raises(RoomConfigError, match="rotate"):
        parse_room(ROOM.format(rotate=0))
    with pytest.raises(RoomConfigError, match="betting: each game of horse"):
        parse_room(ROOM.format(rotate=8).replace('seats = 8', 'seats = 8\nbetting = "limit"'))
    single = ROOM.format(rotate=8).replace('game = "horse"', 'game = "holdem"\nbetting = "limit"')
    with pytest.raises(RoomConfigError, match="only a mixed table"):
        parse_room(single)


def test_R_MIX_1_eight_game_deals_its_eight_games_in_order() -> None:
    """R-MIX-1, R-MIX-3: 8-game, one hand each: the draw game and the no-limit and pot-limit
    games post the blinds, the stud games the antes (runs once 2-7 triple draw is dealt)."""
    if TRIPLE_DRAW not in GAMES:
        pytest.skip(f"{TRIPLE_DRAW} is not dealt here yet: 8-game is refused by name")
    t = Table(replace(HORSE_TABLE, mix="8-game", rotate_every=1))
    for seat, name in enumerate("ann bob cat".split()):
        t.sit_down(name, seat, 100)
    dealt = []
    for k in range(9):
        t.start_hand(k, deck(k + 1))
        hand = t.hand
        assert hand is not None
        cfg = hand.view_for(None).config
        dealt.append((cfg.game.value, cfg.betting.value))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            t.act(str(t.account_at(seat)), engine.timeout_action(hand, seat)[1])
    assert dealt == [*EIGHT_GAME.games, EIGHT_GAME.games[0]]

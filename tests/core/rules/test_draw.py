"""Draw games (RULES.md section 10): deuce-to-seven single and triple draw, badugi.

Draws as actions (R-DRAW-1, R-DRAW-2), the stub and its reshuffle (R-DRAW-3, R-DRAW-4), what
others see of a draw (R-DRAW-5), and the two evaluators (R-DRAW-6, R-BADUGI-1, -2).
"""

from __future__ import annotations

import random

import pytest
from rules_helpers import codes, deal, play

from pokerroom.core.deck import shuffled_deck
from pokerroom.core.errors import IllegalActionError
from pokerroom.core.evaluation.draw_lows import (
    badugi_rank,
    describe_badugi,
    describe_deuce_seven,
    deuce_seven_rank,
)
from pokerroom.core.rules import (
    OBSERVER,
    Betting,
    Call,
    CardsDrawn,
    Check,
    Draw,
    Game,
    HandConfig,
    Stakes,
    Street,
    StreetStarted,
    StubReshuffled,
    replay,
    start_hand,
)
from pokerroom.core.rules.hand import Hand

TRIPLE = Game.DEUCE_SEVEN_TRIPLE
SINGLE = Game.DEUCE_SEVEN_SINGLE


def draw(hand: Hand, seat: int, cards: str = "") -> None:
    hand.apply(Draw(seat=seat, discard=codes(cards)))


def held(hand: Hand, seat: int) -> tuple[int, ...]:
    return tuple(hand.cards[hand.pos_of[seat]])


def test_R_DRAW_1_triple_draw_streets_bets_and_order() -> None:
    # Three players, button 0: 1 small blind, 2 big blind, 0 first before the draw.
    hand = deal([100, 100, 100], game=TRIPLE, betting=Betting.LIMIT)
    assert hand.street is Street.PREDRAW and hand.to_act == 0
    assert hand.legal_actions().raise_to == (4, 4)  # small bet before the draw
    play(hand, "0 call, 1 call, 2 check")
    # The first draw: from the button's left (1, 2, then the button 0), nothing else legal.
    assert hand.street is Street.FIRST_DRAW and hand.to_act == 1
    legal = hand.legal_actions()
    assert (legal.draw, legal.check, legal.call, legal.bet, legal.fold) == ((0, 5), False, None, None, False)
    for seat in (1, 2, 0):
        assert hand.to_act == seat
        draw(hand, seat)
    assert hand.to_act == 1 and hand.legal_actions().bet == (2, 2)  # small bet after draw 1
    play(hand, "1 check, 2 check, 0 check")
    assert hand.street is Street.SECOND_DRAW
    for seat in (1, 2, 0):
        draw(hand, seat)
    assert hand.legal_actions().bet == (4, 4)  # big bets after the second and third draws
    play(hand, "1 check, 2 check, 0 check")
    for seat in (1, 2, 0):
        draw(hand, seat)
    assert hand.street is Street.THIRD_DRAW and hand.legal_actions().bet == (4, 4)
    play(hand, "1 check, 2 check, 0 check")
    assert hand.is_over


def test_R_DRAW_1_single_draw_has_one_draw_then_the_showdown() -> None:
    hand = deal([100, 100], game=SINGLE)
    play(hand, "0 call, 1 check")
    assert hand.street is Street.FIRST_DRAW and hand.to_act == 1  # heads-up: the big blind first
    draw(hand, 1)
    draw(hand, 0)
    play(hand, "1 check, 0 check")
    assert hand.is_over and len(hand.result.shown) >= 1


def test_R_DRAW_1_all_in_players_draw_too_and_no_betting_without_two_bettors() -> None:
    hand = deal([3, 100], game=SINGLE)
    play(hand, "0 allin, 1 call")
    # Seat 0 is all-in: both still draw, then the hand goes to the showdown.
    assert hand.street is Street.FIRST_DRAW
    draw(hand, 1)
    assert hand.to_act == 0 and hand.legal_actions().draw == (0, 5)
    draw(hand, 0)
    assert hand.is_over


def test_R_DRAW_2_discards_are_the_players_own_and_refusals_change_nothing() -> None:
    hand = deal([100, 100], game=SINGLE, cards={0: "Kc Kd 7h 4s 2c", 1: "9c 8d 6h 5s 3c"},
                board="Qs Jh Th")
    play(hand, "0 call, 1 check")
    assert hand.to_act == 1
    before = repr([getattr(hand, n) for n in Hand.__slots__])
    for bad, rule in ((Draw(seat=1, discard=codes("Kc")), "R-DRAW-2"),
                      (Draw(seat=1, discard=codes("9c 9c")), "R-DRAW-2"),
                      (Check(seat=1), "R-DRAW-2"),
                      (Draw(seat=0, discard=()), "R-BET-10")):
        with pytest.raises(IllegalActionError) as info:
            hand.apply(bad)
        assert info.value.rule_id == rule
    assert repr([getattr(hand, n) for n in Hand.__slots__]) == before
    draw(hand, 1, "9c")  # the new card takes the discarded card's place
    assert held(hand, 1) == codes("Qs 8d 6h 5s 3c")
    draw(hand, 0, "Kc Kd")
    assert held(hand, 0) == codes("Jh Th 7h 4s 2c")


def test_R_DRAW_2_a_draw_outside_the_draw_is_refused() -> None:
    hand = deal([100, 100], game=SINGLE)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(Draw(seat=0, discard=()))
    assert info.value.rule_id == "R-DRAW-1"


def test_R_DRAW_3_the_stub_serves_the_draws_in_order() -> None:
    hand = deal([100, 100, 100], game=TRIPLE, betting=Betting.LIMIT,
                cards={0: "Kc Kd Kh Ks Qc", 1: "2c 3d 4h 5s 7c", 2: "Ac Ad Ah As Qd"},
                board="2d 3h 4s 5c 7d 8h 9s")
    play(hand, "0 call, 1 call, 2 check")
    draw(hand, 1)  # stands pat: takes nothing
    draw(hand, 2, "Ac Ad")
    draw(hand, 0, "Kc Kd Kh")
    assert held(hand, 2) == codes("2d 3h Ah As Qd")
    assert held(hand, 0) == codes("4s 5c 7d Ks Qc")


def _triple_with_folds() -> Hand:
    """Six players, triple draw, each discarding everything at each draw: the stub (22
    cards) runs out in the second draw."""
    config = HandConfig(game=TRIPLE, betting=Betting.LIMIT,
                        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4))
    return deal([100] * 6, game=TRIPLE, betting=Betting.LIMIT, stakes=config.stakes)


def test_R_DRAW_4_the_discards_and_the_muck_are_reshuffled_when_the_stub_runs_short() -> None:
    hand = _triple_with_folds()
    play(hand, "3 fold, 4 call, 5 call, 0 call, 1 call, 2 check")
    folded_cards = set(held(hand, 3))
    seen_before: set[int] = set()
    for seat in (1, 2, 4, 5, 0):
        seen_before |= set(held(hand, seat))
        draw_all = " ".join(str(c) for c in parse_cards_of(hand, seat))
        draw(hand, seat, draw_all)
    # 5 x 5 = 25 cards asked, 22 in the stub: the last player (0) drew after a reshuffle.
    events = hand.events
    shuffled = [e for e in events if isinstance(e, StubReshuffled)]
    assert len(shuffled) == 1
    own_discards = {c for e in events if isinstance(e, CardsDrawn) and e.seat == 0 for c in e.discarded}
    # Reshuffled: 4 players' 20 discards and the 5 folded cards; seat 0's own discards not.
    assert shuffled[0].cards == 25
    zero = set(held(hand, 0))
    assert not zero & own_discards
    assert zero <= (seen_before - own_discards) | folded_cards | set(hand.deck[30:])
    # Every live hand is still five distinct cards no one else holds.
    live = [c for j in range(hand.n) if not hand.folded[j] for c in hand.cards[j]]
    assert len(live) == len(set(live)) == 25
    # A record replays to the same reshuffle (the order comes from the deck).
    assert replay(hand.record).events == hand.events


def parse_cards_of(hand: Hand, seat: int) -> list[str]:
    from pokerroom.core.cards import format_cards

    return format_cards(held(hand, seat)).split()


def test_R_DRAW_4_the_reshuffle_order_depends_on_the_whole_deck() -> None:
    # Same discards, a different order of cards nobody has seen yet: a different new stub.
    outcomes = set()
    for seed in range(4):
        config = HandConfig(game=SINGLE, stakes=Stakes(small_blind=1, big_blind=2))
        from rules_helpers import blind_seats

        seats = blind_seats([100] * 7, 0, 1, 2)
        deck = list(shuffled_deck(random.Random(seed)))
        hand = start_hand(config, seats, button=0, deck=deck)
        while hand.street is Street.PREDRAW:
            legal = hand.legal_actions()
            hand.apply(Check(seat=legal.seat) if legal.check else Call(seat=legal.seat))
        while hand.legal_actions().draw is not None:
            seat = hand.to_act
            assert seat is not None
            draw(hand, seat, " ".join(parse_cards_of(hand, seat)))
        outcomes.add(held(hand, 0))
    assert len(outcomes) == 4


def test_R_DRAW_5_others_see_only_how_many_cards_were_drawn() -> None:
    hand = deal([100, 100, 100], game=TRIPLE, betting=Betting.LIMIT)
    play(hand, "0 call, 1 call, 2 check")
    mine = held(hand, 1)
    hand.apply(Draw(seat=1, discard=mine[:2]))
    for viewer in (OBSERVER, 0, 2):
        drawn = [e for e in hand.events_for(viewer) if isinstance(e, CardsDrawn)]
        assert drawn == [CardsDrawn(1, (), (), 2)]
        seat_view = next(s for s in hand.view_for(viewer).seats if s.seat == 1)
        assert seat_view.cards == (None,) * 5
    own = [e for e in hand.events_for(1) if isinstance(e, CardsDrawn)]
    assert own[0].discarded == mine[:2] and len(own[0].drawn) == 2
    assert next(s for s in hand.view_for(1).seats if s.seat == 1).cards == held(hand, 1)
    assert any(isinstance(e, StreetStarted) and e.street is Street.FIRST_DRAW for e in hand.events_for(0))


@pytest.mark.parametrize(("better", "worse"), [
    ("7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),   # the nut low beats 7-6
    ("8c 5d 4h 3s 2c", "As 5d 4h 3s 2c"),   # A-5-4-3-2 is ace high, not a wheel
    ("Ks Qd Jh Tc 8s", "6c 5d 4h 3s 2c"),   # a straight counts against the hand
    ("Ks Qd Jh Tc 8s", "7c 5c 4c 3c 2c"),   # so does a flush
    ("Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c"),   # any unpaired hand beats a pair
    ("2c 2d 3h 4s 5c", "2c 2d 3h 3s 5c"),   # a pair beats two pair
])  # fmt: skip
def test_R_DRAW_6_deuce_to_seven_ranking(better: str, worse: str) -> None:
    assert deuce_seven_rank(codes(better)) > deuce_seven_rank(codes(worse))


def test_R_DRAW_6_words_and_ties() -> None:
    assert describe_deuce_seven(codes("7c 5d 4h 3s 2c")) == "7-5-4-3-2"
    assert describe_deuce_seven(codes("As 5d 4h 3s 2c")) == "A-5-4-3-2"
    assert describe_deuce_seven(codes("7c 5c 4c 3c 2c")).startswith("Flush")
    assert deuce_seven_rank(codes("7c 5d 4h 3s 2c")) == deuce_seven_rank(codes("7d 5c 4s 3h 2d"))


def test_R_DRAW_6_the_lowest_hand_wins_the_showdown() -> None:
    hand = deal([100, 100], game=SINGLE, cards={0: "7c 5d 4h 3s 2c", 1: "8c 6d 4c 3d 2d"})
    play(hand, "0 call, 1 check")
    draw(hand, 1)
    draw(hand, 0)
    play(hand, "1 bet 10, 0 call")
    assert hand.result.stack(0) == 112 and hand.result.stack(1) == 88


@pytest.mark.parametrize(("better", "worse"), [
    ("Kc Qd Jh Ts", "Ac 2d 3h 3s"),   # any badugi beats any three-card hand
    ("Ac 2d 3h 4c", "Ac 2c 3c 4c"),   # three cards beat one
    ("8c 5d 3h 2s", "8c 6d 2h As"),   # 8-5-3-2 beats 8-6-2-A: compare from the top
    ("4c 3d 2h As", "5c 3d 2h As"),   # the wheel of badugi, A-2-3-4, is the best
    ("Ac 2c 3d 4h", "Kc Ks Qd Jh"),   # 4-3-A (three cards) beats K-Q-J
])  # fmt: skip
def test_R_BADUGI_1_more_cards_beat_fewer(better: str, worse: str) -> None:
    assert badugi_rank(codes(better)) > badugi_rank(codes(worse))


def test_R_BADUGI_2_suits_never_decide_and_equal_hands_split() -> None:
    assert badugi_rank(codes("8c 5d 3h 2s")) == badugi_rank(codes("8s 5h 3d 2c"))
    assert describe_badugi(codes("8c 5d 3h 2s")) == "Badugi 8-5-3-2"
    assert describe_badugi(codes("Ac 2c 3d 4h")) == "3-card 4-3-A"
    hand = deal([100, 100], game=Game.BADUGI, betting=Betting.LIMIT,
                cards={0: "8c 5d 3h 2s", 1: "8s 5h 3d 2c"})
    play(hand, "0 call, 1 check")
    for _ in range(3):
        draw(hand, 1)
        draw(hand, 0)
        play(hand, "1 check, 0 check")
    assert hand.result.stack(0) == hand.result.stack(1) == 100


def test_R_BADUGI_1_badugi_ranks_as_pokerkit_ranks_it() -> None:
    from pokerkit import BadugiHand

    from pokerroom.core.cards import format_cards

    rng = random.Random(14)
    for _ in range(400):
        a, b = rng.sample(range(52), 4), rng.sample(range(52), 4)
        ours = (badugi_rank(a) > badugi_rank(b)) - (badugi_rank(a) < badugi_rank(b))

        def pk(cards: list[int]) -> BadugiHand:
            return BadugiHand.from_game(format_cards(cards).replace(" ", ""))

        theirs = (pk(a) > pk(b)) - (pk(a) < pk(b))
        assert ours == theirs, (format_cards(a), format_cards(b))


def test_R_DRAW_6_deuce_to_seven_ranks_as_pokerkit_ranks_it() -> None:
    from pokerkit import StandardLowHand

    from pokerroom.core.cards import format_cards

    rng = random.Random(27)
    for _ in range(400):
        a, b = rng.sample(range(52), 5), rng.sample(range(52), 5)
        ours = (deuce_seven_rank(a) > deuce_seven_rank(b)) - (deuce_seven_rank(a) < deuce_seven_rank(b))

        def pk(cards: list[int]) -> StandardLowHand:
            return StandardLowHand.from_game(format_cards(cards).replace(" ", ""))

        theirs = (pk(a) > pk(b)) - (pk(a) < pk(b))
        assert ours == theirs, (format_cards(a), format_cards(b))


def test_R_DRAW_1_the_engine_benchmark_plays_whole_triple_draw_and_badugi_hands() -> None:
    """`pokerroom bench engine --game 2-7-triple-draw` (and badugi): every hand ends; each
    of the three draws is a decision of every player still in."""
    from pokerroom.cli.bench import play_engine

    for game in (TRIPLE, Game.BADUGI):
        hands, decisions = play_engine(40, 3, game)
        assert hands == 40 and decisions > 40 * 3  # the blinds' round and draws at the least


def test_R_DRAW_4_a_recorded_hand_replays_its_own_reshuffle_order() -> None:
    """A hand recorded elsewhere (a PHH file) names the cards its reshuffle dealt: `redeal`
    puts them first in the new stub, and the record replays to the same cards."""
    hand = _triple_with_folds()
    play(hand, "3 fold, 4 call, 5 call, 0 call, 1 call, 2 check")
    pool_before = set(held(hand, 3))
    for seat in (1, 2, 4, 5):
        draw(hand, seat, " ".join(parse_cards_of(hand, seat)))
    pool = sorted(pool_before | {c for e in hand.events if isinstance(e, CardsDrawn) for c in e.discarded})
    wanted = tuple(pool[-3:])  # three of the reserve, chosen here instead of by the deck
    config, seats, button, deck = hand.config, hand.setups, hand.button, hand.deck
    again = start_hand(config, seats, button=button, deck=deck, redeal=wanted)
    for action in hand.actions:
        again.apply(action)
    draw(again, 0, " ".join(parse_cards_of(again, 0)))
    got = [e for e in again.events if isinstance(e, CardsDrawn) and e.seat == 0][0].drawn
    assert got == (*deck[50:52], *wanted)  # the stub's last two, then the recorded three
    assert replay(again.record).events == again.events and again.record.redeal == wanted

"""PokerStars text export: the format reference's worked example byte for byte, PokerKit's
PokerStars parser (an independent parser from PyPI) replaying our files to our stacks, and a
round-trip reader written from the format reference for every game."""

from __future__ import annotations

import datetime
import random
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from tests.differential.harness import our_seats, random_spec
from tests.history.pokerstars_reader import parse_file, parse_hand

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.rules import (
    Bet,
    Betting,
    BringIn,
    Call,
    CardsDrawn,
    Check,
    Complete,
    Draw,
    Fold,
    Game,
    HandConfig,
    MuckCards,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    Stakes,
    arrange_deck,
    start_hand,
)
from pokerroom.history.pokerstars import (
    BOM,
    ExportError,
    HandContext,
    export_hand,
    export_hands,
    format_amount,
    format_eastern,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
NOON = datetime.datetime(2026, 1, 15, 17, 0, 0, tzinfo=datetime.UTC)


def _reference_hand():  # type: ignore[no-untyped-def]
    """The hand of the format reference's section 3.5, played through our engine (cents)."""
    c = lambda text: to_codes(parse_cards(text))  # noqa: E731
    cards = {0: c("Ah Kh"), 1: c("8h 8d"), 2: c("2c 3d"), 3: c("4d 5c"), 4: c("Qc Jd")}
    deck = arrange_deck(Game.HOLDEM, range(5), 1, cards, c("Kd 8s 4c 7h 2s"))
    config = HandConfig(stakes=Stakes(small_blind=25, big_blind=50),
                        rake_percent=Fraction(9, 2), rake_cap=125)
    seats = [
        SeatSetup(seat=0, stack=5000), SeatSetup(seat=1, stack=1240),
        SeatSetup(seat=2, stack=6115, posts=(Post(kind=PostKind.SMALL_BLIND, amount=25),)),
        SeatSetup(seat=3, stack=5000, posts=(Post(kind=PostKind.BIG_BLIND, amount=50),)),
        SeatSetup(seat=4, stack=4830, posts=(Post(kind=PostKind.SMALL_BLIND_DEAD, amount=25),
                                             Post(kind=PostKind.BIG_BLIND, amount=50))),
    ]
    hand = start_hand(config, seats, button=1, deck=deck)
    for action in (RaiseTo(seat=4, amount=150), RaiseTo(seat=0, amount=450), Call(seat=1),
                   Fold(seat=2), Fold(seat=3), Call(seat=4), Check(seat=4),
                   Bet(seat=0, amount=900), Call(seat=1), Call(seat=4), Check(seat=4),
                   Bet(seat=0, amount=2000), Fold(seat=4)):
        hand.apply(action)
    context = HandContext(
        table_name="Aludra II", max_seats=6,
        names={0: "Alice", 1: "Bob", 2: "Carol", 3: "Dave", 4: "Erin"},
        hand_id=250123456789, started_at=datetime.datetime(2024, 3, 9, 20, 14, 5, tzinfo=datetime.UTC),
        sitting_out=("Frank",), local_time_zone="Europe/Paris",
    )
    return hand, context


def test_R_BLIND_5_reference_example_is_reproduced_byte_for_byte() -> None:
    """R-BLIND-5 / R-POT-1 / R-RAKE-1: dead + live blinds, a side pot, rake: the reference's hand."""
    hand, context = _reference_hand()
    expected = (DATA / "reference_example.txt").read_text(encoding="utf-8").rstrip("\n")
    assert export_hand(hand, context, viewer=0) == expected
    assert export_hand(hand.record, context, viewer=0) == expected  # from the record, replayed


def test_hidden_cards_appear_only_in_the_file_of_their_owner() -> None:
    hand, context = _reference_hand()
    alice = export_hand(hand, context, viewer=0)
    carol = export_hand(hand, context, viewer=2)
    observer = export_hand(hand, context, viewer=None)
    assert "Dealt to Alice [Ah Kh]" in alice and "Dealt to" not in observer
    assert "Dealt to Carol [2c 3d]" in carol and "Ah Kh]\n" not in carol.split("*** FLOP")[0]
    for text in (alice, carol, observer):
        assert "Qc" not in text.replace("Board", "")  # Erin folded: never shown
        assert "Jd" not in text
        assert "[8h 8d]" in text  # Bob showed at the showdown


def exportable_spec(rng: random.Random):  # type: ignore[no-untyped-def]
    """A random hand of a game PokerStars' format has (short-deck has none: drawn again)."""
    spec = random_spec(rng)
    while spec.game.variant.pokerstars_name is None:
        spec = random_spec(rng)
    return spec


def _play_random(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    spec = exportable_spec(rng)
    config = HandConfig(game=spec.game, betting=spec.betting, stakes=spec.stakes)
    hand = start_hand(config, our_seats(spec), button=spec.n - 1, deck=spec.deck)
    while not hand.is_over:
        legal = hand.legal_actions()
        seat, r = legal.seat, rng.random()
        if legal.draw is not None:  # draw games (R-DRAW-2): a random part of the hand
            held = hand.cards[hand.pos_of[seat]]
            hand.apply(Draw(seat=seat, discard=tuple(rng.sample(held, rng.randint(*legal.draw)))))
        elif legal.bring_in is not None and r < 0.5:
            hand.apply(BringIn(seat=seat))
        elif legal.complete and r < 0.7:
            hand.apply(Complete(seat=seat, amount=rng.randint(*legal.complete)))
        elif legal.raise_to and r < 0.25:
            hand.apply(RaiseTo(seat=seat, amount=rng.randint(*legal.raise_to)))
        elif legal.bet and r < 0.3:
            hand.apply(Bet(seat=seat, amount=rng.randint(*legal.bet)))
        elif legal.call is not None and legal.fold and r < 0.4:
            hand.apply(Fold(seat=seat))
        elif legal.check:
            hand.apply(Check(seat=seat))
        elif legal.call is not None:
            hand.apply(Call(seat=seat))
        elif legal.complete:
            hand.apply(Complete(seat=seat, amount=legal.complete[0]))
        elif legal.bring_in is not None:  # a bring-in without a completion (R-BET-4, R-BET-9)
            hand.apply(BringIn(seat=seat))
        else:
            hand.apply(MuckCards(seat=seat))
    return hand, spec


def _context(n: int, hand_id: int, currency: str = "USD") -> HandContext:
    names = {i: f"Player {i + 1}" if i % 3 else f"p{i}: (x)" for i in range(n)}
    return HandContext(table_name="Sirius", max_seats=9, names=names, hand_id=hand_id,
                       started_at=NOON, currency=currency,
                       chip_value=Decimal("0.01") if currency else Decimal(1))


@pytest.mark.parametrize("seed", range(120))
def test_round_trip_through_a_reader_written_from_the_format(seed: int) -> None:
    """Pots add up (R-POT-3), stacks follow from the lines, hidden cards stay hidden."""
    hand, spec = _play_random(seed)
    context = _context(spec.n, 5000 + seed, currency=("USD", "EUR", "")[seed % 3])
    unit = context.chip_value
    viewer = seed % spec.n
    parsed = parse_hand(export_hand(hand, context, viewer=viewer))
    assert parsed.hand_id == 5000 + seed and parsed.table == "Sirius"
    assert set(parsed.seats) == set(context.names.values())
    result = hand.result
    # Pots add up: every chip collected plus the rake is the total pot.
    assert sum(parsed.collected.values()) + parsed.rake == parsed.total_pot
    if parsed.pot_parts:
        assert sum(parsed.pot_parts) + parsed.rake == parsed.total_pot
    assert parsed.rake == result.rake * unit
    # Stacks: start - put in + collected = the engine's final stack, for every player.
    for seat, name in context.names.items():
        final = parsed.stacks[name] - parsed.put_in[name] + parsed.collected[name]
        assert final == result.stack(seat) * unit, (name, export_hand(hand, context, viewer=viewer))
    # Hidden cards: only the viewer's own down cards are dealt in the viewer's file.
    for name, cards in parsed.dealt.items():
        seat = next(s for s, n in context.names.items() if n == name)
        if seat != viewer:
            assert spec.game.is_stud, f"{name}'s hole cards in {context.names[viewer]}'s file"
            up = {str(c) for c in parse_cards(" ".join(cards))}
            own = hand.view_for(None).seats[seat]
            visible = {str(parse_cards(_card(c))[0]) for c, u in zip(own.cards, own.up, strict=True)
                       if u and c is not None}
            assert up <= visible
    for name in parsed.shown:
        seat = next(s for s, n in context.names.items() if n == name)
        assert seat in result.shown
    # Draw games (R-DRAW-5): every draw is read, its cards only for the file's owner.
    drawn = [e for e in hand.events if isinstance(e, CardsDrawn)]
    assert [(context.names[e.seat], e.count) for e in drawn] == [(n, k) for _, n, k in parsed.draws]
    for name, cards in parsed.discarded.items():
        assert name == context.names[viewer], f"{name}'s discards in {context.names[viewer]}'s file"
        own = [_card(c) for e in drawn if e.seat == viewer for c in e.discarded]
        assert cards == own


def _card(code: int) -> str:
    from pokerroom.core.cards import Card

    return str(Card.from_code(code))


def test_observer_file_has_no_hole_cards_and_mucked_cards_only_for_players_dealt_in() -> None:
    for seed in range(60):
        hand, spec = _play_random(seed)
        context = _context(spec.n, seed)
        if not hand.result.mucked:
            continue
        observer = parse_hand(export_hand(hand, context, viewer=None))
        assert not observer.mucked_cards
        if not spec.game.is_stud:
            assert not observer.dealt
        player = parse_hand(export_hand(hand, context, viewer=hand.result.mucked[0]))
        assert player.mucked_cards  # R-SD-2: visible in the history to players dealt in
        return
    pytest.fail("no hand with a mucked hand among the seeds")


def test_pokerkits_pokerstars_parser_replays_our_files_to_our_stacks() -> None:
    """An independent parser from PyPI: PokerKit 0.7.7 reads our no-limit hold'em files (it
    supports only that game, without antes or dead blinds) and replays them in its engine."""
    from pokerkit import HandHistory

    checked = 0
    for seed in range(400):
        rng = random.Random(seed)
        spec = random_spec(rng, Game.HOLDEM, __import__("pokerroom.core.rules", fromlist=["Betting"]).Betting.NO_LIMIT)
        if spec.stakes.ante or spec.straddle:
            continue
        hand, _ = _replay_spec(spec, rng)
        if any(len(pot.winners) > 1 for pot in hand.result.pots):
            # PokerKit splits pots its own way (all odd chips to one winner; with decimal
            # amounts it even splits a cent): compared in tests/differential instead.
            continue
        context = _context(spec.n, 9000 + seed, currency="USD" if seed % 2 else "")
        text = export_hand(hand, context, viewer=seed % spec.n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            histories = list(HandHistory.from_pokerstars(text, error_status=True))
            assert len(histories) == 1
            state = list(histories[0])[-1]
        history = histories[0]
        assert history.hand == 9000 + seed and history.table == "Sirius"
        # PokerKit orders players from the button's left, which is our seat order here.
        ours = [hand.result.stack(i) * context.chip_value for i in range(spec.n)]
        assert [Decimal(v) for v in state.stacks] == ours, text
        checked += 1
    assert checked > 150


def _replay_spec(spec, rng):  # type: ignore[no-untyped-def]
    config = HandConfig(game=spec.game, betting=spec.betting, stakes=spec.stakes)
    hand = start_hand(config, our_seats(spec), button=spec.n - 1, deck=spec.deck)
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.raise_to and r < 0.25:
            hand.apply(RaiseTo(seat=legal.seat, amount=rng.randint(*legal.raise_to)))
        elif legal.bet and r < 0.3:
            hand.apply(Bet(seat=legal.seat, amount=rng.randint(*legal.bet)))
        elif legal.call is not None and r < 0.45:
            hand.apply(Fold(seat=legal.seat))
        elif legal.check:
            hand.apply(Check(seat=legal.seat))
        elif legal.call is not None:
            hand.apply(Call(seat=legal.seat))
        else:
            hand.apply(MuckCards(seat=legal.seat))
    return hand, spec


def test_session_file_has_a_bom_and_two_blank_lines_between_hands() -> None:
    hands = [(_play_random(seed)[0], _context(_play_random(seed)[1].n, seed)) for seed in (1, 2, 3)]
    text = export_hands(hands, viewer=0)
    assert text.startswith(BOM)
    assert text.count("\n\n\nPokerStars Hand #") == 2
    assert [h.hand_id for h in parse_file(text)] == [1, 2, 3]
    assert not export_hands(hands, viewer=0, bom=False).startswith(BOM)


def test_amounts_use_the_currency_and_two_decimals_only_when_needed() -> None:
    usd = _context(2, 1)
    assert format_amount(5000, usd) == "$50"
    assert format_amount(1240, usd) == "$12.40"
    assert format_amount(5, usd) == "$0.05"
    eur = _context(2, 1, currency="EUR")
    assert format_amount(537, eur) == "€5.37"
    chips = _context(2, 1, currency="")
    assert format_amount(1250, chips) == "1250"


def test_times_are_eastern_with_unpadded_hours() -> None:
    winter = datetime.datetime(2024, 1, 5, 5, 7, 9, tzinfo=datetime.UTC)
    summer = datetime.datetime(2024, 7, 5, 5, 7, 9, tzinfo=datetime.UTC)
    assert format_eastern(winter) == "2024/01/05 0:07:09 ET"  # EST, UTC-5
    assert format_eastern(summer) == "2024/07/05 1:07:09 ET"  # EDT, UTC-4
    assert format_eastern(winter, "Europe/Paris") == "2024/01/05 6:07:09 CET [2024/01/05 0:07:09 ET]"


@pytest.mark.parametrize("names", [
    {0: "Al\nice", 1: "Bob", 2: "C", 3: "D", 4: "E"},
    {0: "Bob", 1: "Bob", 2: "C", 3: "D", 4: "E"},
    {0: "", 1: "Bob", 2: "C", 3: "D", 4: "E"},
    {1: "Bob", 2: "C", 3: "D", 4: "E"},
])
def test_names_that_would_break_a_parser_are_refused(names: dict[int, str]) -> None:
    hand, context = _reference_hand()
    bad = HandContext(table_name="T", max_seats=6, names=names, hand_id=1, started_at=NOON)
    with pytest.raises(ExportError):
        export_hand(hand, bad, viewer=0)


@pytest.mark.parametrize(("cards", "words"), [
    ("Kd Kh 7c 4s 2d", "a pair of Kings"),
    ("Kd Kh Qc Qs 2d", "two pair, Kings and Queens"),
    ("8d 8h 8c 4s 2d", "three of a kind, Eights"),
    ("9d Th Jc Qs Kd", "a straight, Nine to King"),
    ("Ad 2h 3c 4s 5d", "a straight, Ace to Five"),
    ("Ah 9h 7h 4h 2h", "a flush, Ace high"),
    ("Kd Kh Kc 8s 8d", "a full house, Kings full of Eights"),
    ("Ad Jh 7c 4s 2d", "high card Ace"),
    ("Ad Ah Ac As 2d", "four of a kind, Aces"),
    ("9h Th Jh Qh Kh", "a straight flush, Nine to King"),
    ("Th Jh Qh Kh Ah", "a Royal Flush"),
])
def test_R_RANK_1_hand_descriptions_use_pokerstars_words(cards: str, words: str) -> None:
    """R-RANK-1: each category in the words real PokerStars files use (reference 3.3)."""
    from pokerroom.history.pokerstars_words import describe_shown

    assert describe_shown(Game.HOLDEM, to_codes(parse_cards(cards)), ()) == words


def test_R_RANK_5_hi_lo_description_names_both_halves() -> None:
    """R-RANK-5: a qualifying low is named after the high hand; none, and only HI is named."""
    from pokerroom.history.pokerstars_words import describe_shown

    board = to_codes(parse_cards("2c 4d 5h Kd Ks"))
    assert describe_shown(Game.OMAHA_HILO, to_codes(parse_cards("Ah 3s 9c 9d")), board) == \
        "HI: a straight, Ace to Five; LO: 5,4,3,2,A"
    assert describe_shown(Game.OMAHA_HILO, to_codes(parse_cards("Qh Qs 9c 9d")), board) == \
        "HI: two pair, Kings and Queens"  # Omaha: two hole cards, three of the board


# A triple-draw hand as PokerStars writes it (the line shapes of its own files, as public
# parsers' test suites quote them: "*** DEALING HANDS ***", "*** FIRST DRAW ***", "discards 2
# cards [Qs 9c]" for the file's owner and "discards 2 cards" for the others, "stands pat",
# "Dealt to X [kept] [new]", "(Lo: 7,6,4,3,2)", "folded before the Draw").
TRIPLE_DRAW_EXPECTED = """\
PokerStars Hand #77:  Triple Draw 2-7 Lowball Limit (€0.02/€0.04 EUR) - 2026/01/15 12:00:00 ET
Table 'Mira' 6-max Seat #1 is the button
Seat 1: ann (€1 in chips)
Seat 2: bob (€1 in chips)
Seat 3: cat (€1 in chips)
bob: posts small blind €0.01
cat: posts big blind €0.02
*** DEALING HANDS ***
Dealt to ann [7c 5d 4h Kc Ks]
ann: raises €0.02 to €0.04
bob: calls €0.03
cat: calls €0.02
*** FIRST DRAW ***
bob: stands pat
cat: discards 3 cards
ann: discards 2 cards [Kc Ks]
Dealt to ann [7c 5d 4h] [Jc Jd]
bob: checks
cat: checks
ann: checks
*** SECOND DRAW ***
bob: stands pat
cat: discards 2 cards
ann: discards 2 cards [Jc Jd]
Dealt to ann [7c 5d 4h] [Td Th]
bob: bets €0.04
cat: folds
ann: calls €0.04
*** THIRD DRAW ***
bob: stands pat
ann: discards 2 cards [Td Th]
Dealt to ann [7c 5d 4h] [9c 2h]
bob: checks
ann: checks
*** SHOW DOWN ***
bob: shows [8c 6d 4c 3d 2d] (Lo: 8,6,4,3,2)
ann: mucks hand
bob collected €0.20 from pot
*** SUMMARY ***
Total pot €0.20 | Rake €0
Seat 1: ann (button) mucked [7c 5d 4h 9c 2h]
Seat 2: bob (small blind) showed [8c 6d 4c 3d 2d] and won (€0.20) with Lo: 8,6,4,3,2
Seat 3: cat (big blind) folded after the 2nd Draw"""


def test_R_DRAW_5_a_triple_draw_hand_in_pokerstars_words_with_only_the_owners_draws() -> None:
    def c(text: str) -> tuple[int, ...]:
        return to_codes(parse_cards(text))

    config = HandConfig(game=Game.DEUCE_SEVEN_TRIPLE, betting=Betting.LIMIT,
                        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4))
    seats = [SeatSetup(seat=0, stack=100), SeatSetup(seat=1, stack=100, posts=(
        Post(kind=PostKind.SMALL_BLIND, amount=1),)), SeatSetup(seat=2, stack=100, posts=(
            Post(kind=PostKind.BIG_BLIND, amount=2),))]
    deck = arrange_deck(Game.DEUCE_SEVEN_TRIPLE, range(3), 0,
                        {0: c("7c 5d 4h Kc Ks"), 1: c("8c 6d 4c 3d 2d"), 2: c("As Ad Ah Qc Qd")},
                        c("3s 2c 9h Jc Jd Js Tc Td Th 9c"))
    hand = start_hand(config, seats, button=0, deck=deck)
    for action in (RaiseTo(seat=0, amount=4), Call(seat=1), Call(seat=2),
                   Draw(seat=1), Draw(seat=2, discard=c("As Ad Ah")), Draw(seat=0, discard=c("Kc Ks")),
                   Check(seat=1), Check(seat=2), Check(seat=0),
                   Draw(seat=1), Draw(seat=2, discard=c("Qc Qd")), Draw(seat=0, discard=c("Jc Jd")),
                   Bet(seat=1, amount=4), Fold(seat=2), Call(seat=0),
                   Draw(seat=1), Draw(seat=0, discard=c("Td Th")), Check(seat=1), Check(seat=0)):
        hand.apply(action)
    context = HandContext(table_name="Mira", max_seats=6, names={0: "ann", 1: "bob", 2: "cat"},
                          hand_id=77, started_at=NOON, currency="EUR", chip_value=Decimal("0.01"))
    text = export_hand(hand, context, viewer=0)
    assert text == TRIPLE_DRAW_EXPECTED
    parsed = parse_hand(text)
    assert parsed.discarded == {"ann": ["Kc", "Ks", "Jc", "Jd", "Td", "Th"]}
    # Bob's file: his own pat hand, none of ann's or cat's discards.
    bob = export_hand(hand, context, viewer=1)
    assert "Dealt to bob [8c 6d 4c 3d 2d]" in bob and "[Kc Ks]" not in bob and "[As" not in bob
    assert "ann: discards 2 cards\n" in bob


def test_R_DRAW_6_single_draw_and_badugi_words() -> None:
    from pokerroom.history.pokerstars_words import describe_shown

    def c(text: str) -> tuple[int, ...]:
        return to_codes(parse_cards(text))

    assert describe_shown(Game.DEUCE_SEVEN_SINGLE, c("7d 2h 4c 3s 6s"), ()) == "Lo: 7,6,4,3,2"
    assert describe_shown(Game.DEUCE_SEVEN_SINGLE, c("7d 7h 4c 3s 2s"), ()) == "a pair of Sevens"
    assert describe_shown(Game.DEUCE_SEVEN_SINGLE, c("As 5h 4c 3s 2s"), ()) == "Lo: A,5,4,3,2"
    assert describe_shown(Game.BADUGI, c("3s 6d 2h 8c"), ()) == "Badugi: 8,6,3,2"
    assert describe_shown(Game.BADUGI, c("Ac 2c 3d 4h"), ()) == "3-card: 4,3,A"

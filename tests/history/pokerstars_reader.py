"""A small PokerStars hand-history reader, written from the format reference (section 3.3 of
docs' pokerstars-hand-history reference), not from our exporter: the round-trip check. Draw games: the lines of PokerStars' own
triple-draw, single-draw and badugi files as parsers' public test suites quote them
(test_pokerstars_export.py, test_R_DRAW_5_...): `*** DEALING HANDS ***`, `*** FIRST DRAW ***`
.., `discards N cards [..]` (the cards only in the file's owner's lines), `stands pat`,
`Dealt to X [kept] [new]`; single draw has no header before its draw.

It reads a file (BOM, hands separated by blank lines) into `ParsedHand`s: header, seats,
posts, the action lines with what each player put in, board, shows, collected amounts and
the summary. Amounts are read exactly (Decimal). It raises ValueError on any line it does
not know, so an exporter drifting from the grammar fails the tests.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

AMOUNT = r"[$€£]?([0-9]+(?:\.[0-9]+)?)"

HEADER = re.compile(
    r"^PokerStars (?:Hand|Game) #(?P<id>\d+):  (?P<game>.+?) (?P<limit>No Limit|Pot Limit|Limit) "
    r"\((?P<low>[$€£]?[0-9.]+)/(?P<high>[$€£]?[0-9.]+)(?: (?P<currency>[A-Z]{3}))?\) - "
    r"(?P<date>.+)$")
TABLE = re.compile(r"^Table '(?P<name>.*)' (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?$")
SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({AMOUNT} in chips\)$")
STREET = re.compile(r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY|3rd STREET|"
                    r"4th STREET|5th STREET|6th STREET|COMMUNITY CARD|DEALING HANDS|FIRST DRAW|"
                    r"SECOND DRAW|THIRD DRAW) \*\*\*(?: (?P<cards>.*))?$")
DEALT = re.compile(r"^Dealt to (?P<name>.+?) (?:\[(?P<old>[^\]]*)\] )?\[(?P<cards>[^\]]*)\]$")
UNCALLED = re.compile(rf"^Uncalled bet \({AMOUNT}\) returned to (?P<name>.+)$")
COLLECTED = re.compile(rf"^(?P<name>.+) collected {AMOUNT} from (?P<pot>pot|main pot|side pot(?:-\d+)?)$")
TOTAL = re.compile(rf"^Total pot {AMOUNT}(?P<parts>.*) \| Rake {AMOUNT}$")
PART = re.compile(rf"(Main pot|Side pot(?:-\d+)?) {AMOUNT}\.")
BOARD = re.compile(r"^Board \[(?P<cards>[^\]]*)\]$")
SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.+)$")
SITS_OUT = re.compile(r"^(?P<name>.+): sits out$")


@dataclass
class ParsedHand:
    hand_id: int
    game: str
    limit: str
    currency: str | None
    table: str
    max_seats: int
    button: int | None
    seats: dict[str, int] = field(default_factory=dict)  # name -> printed seat number
    stacks: dict[str, Decimal] = field(default_factory=dict)
    put_in: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    collected: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    dealt: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    shown: dict[str, list[str]] = field(default_factory=dict)
    mucked_cards: dict[str, list[str]] = field(default_factory=dict)
    discarded: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))  # draw games
    draws: list[tuple[str, str, int]] = field(default_factory=list)  # (street, name, cards drawn)
    actions: list[tuple[str, str, str]] = field(default_factory=list)  # (street, name, verb)
    board: list[str] = field(default_factory=list)
    total_pot: Decimal = Decimal(0)
    pot_parts: list[Decimal] = field(default_factory=list)
    rake: Decimal = Decimal(0)
    summary: dict[int, str] = field(default_factory=dict)
    sitting_out: list[str] = field(default_factory=list)


def _dec(text: str) -> Decimal:
    return Decimal(text)


def split_hands(text: str) -> list[str]:
    if text.startswith("\ufeff"):
        text = text[1:]
    blocks = [b.strip("\n") for b in re.split(r"\n\n\n+", text.strip("\n"))]
    return [b for b in blocks if b]


def parse_hand(text: str) -> ParsedHand:
    lines = text.split("\n")
    m = HEADER.match(lines[0])
    if not m:
        raise ValueError(f"bad header: {lines[0]!r}")
    t = TABLE.match(lines[1])
    if not t:
        raise ValueError(f"bad table line: {lines[1]!r}")
    hand = ParsedHand(hand_id=int(m["id"]), game=m["game"], limit=m["limit"],
                      currency=m["currency"], table=t["name"], max_seats=int(t["max"]),
                      button=int(t["button"]) if t["button"] else None)
    low, high_stake = (_dec(m[k].lstrip("$€£")) for k in ("low", "high"))
    big_blind = low if m["limit"] == "Limit" else high_stake
    i = 2
    while i < len(lines) and (s := SEAT.match(lines[i])):
        hand.seats[s["name"]] = int(s["seat"])
        hand.stacks[s["name"]] = _dec(s[3])
        i += 1
    names = sorted(hand.seats, key=len, reverse=True)  # longest first: names may contain ': '

    def who(line: str) -> tuple[str, str]:
        for name in names:
            if line.startswith(name + ": "):
                return name, line[len(name) + 2:]
        raise ValueError(f"no seated player starts {line!r}")

    street = "PREFLOP"
    street_bet: dict[str, Decimal] = defaultdict(Decimal)
    high = Decimal(0)
    for line in lines[i:]:
        if (st := STREET.match(line)):
            name = st["street"]
            if name in ("FLOP", "TURN", "RIVER", "COMMUNITY CARD"):
                cards = re.findall(r"\[([^\]]*)\]", st["cards"] or "")
                if cards:  # stud's seventh street is also "RIVER", without cards
                    hand.board = (" ".join(cards).split() if name == "FLOP"
                                  else hand.board + cards[-1].split())
            if name in ("FLOP", "TURN", "RIVER", "4th STREET", "5th STREET", "6th STREET",
                        "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"):
                street_bet.clear()
                high = Decimal(0)
            if name not in ("HOLE CARDS", "3rd STREET", "SHOW DOWN", "SUMMARY", "COMMUNITY CARD",
                            "DEALING HANDS"):
                street = name
            if name == "SUMMARY":
                street = "SUMMARY"
            continue
        if street == "SUMMARY":
            if (tp := TOTAL.match(line)):
                hand.total_pot = _dec(tp[1])
                hand.pot_parts = [_dec(p[2]) for p in PART.finditer(tp["parts"])]
                hand.rake = _dec(tp[3])
            elif (b := BOARD.match(line)):
                hand.board_summary = b["cards"].split()  # type: ignore[attr-defined]
            elif (ss := SUMMARY_SEAT.match(line)):
                hand.summary[int(ss["seat"])] = ss["rest"]
                if (mk := re.search(r"mucked \[([^\]]*)\]", ss["rest"])):
                    owner = next(n for n, s in hand.seats.items() if s == int(ss["seat"]))
                    hand.mucked_cards[owner] = mk[1].split()
            else:
                raise ValueError(f"unknown summary line {line!r}")
            continue
        if (d := DEALT.match(line)):
            hand.dealt[d["name"]].extend(d["cards"].split())
            continue
        if (u := UNCALLED.match(line)):
            hand.put_in[u["name"]] -= _dec(u[1])
            continue
        if (c := COLLECTED.match(line)):
            hand.collected[c["name"]] += _dec(c[2])
            continue
        if (so := SITS_OUT.match(line)) and so["name"] not in hand.seats:
            hand.sitting_out.append(so["name"])
            continue
        name, rest = who(line)
        allin = rest.endswith(" and is all-in")
        if allin:
            rest = rest[: -len(" and is all-in")]
        if (p := re.fullmatch(rf"posts (small blind|big blind|the ante|small & big blinds|straddle|dead blind) {AMOUNT}", rest)):
            amount = _dec(p[2])
            hand.put_in[name] += amount
            if p[1] in ("small blind", "big blind", "straddle"):
                street_bet[name] += amount
            elif p[1] == "small & big blinds":
                # The small blind part is dead, the big blind part live (reference 3.3).
                street_bet[name] += min(amount, big_blind)
            high = max(high, street_bet[name])
            continue
        dr = re.fullmatch(r"discards (\d+) cards?(?: \[([^\]]*)\])?", rest)
        if dr or rest == "stands pat":
            # Single draw has no header before its one draw: the first draw line opens it.
            if street == "PREFLOP":
                street = "DRAW"
                street_bet.clear()
                high = Decimal(0)
        if rest == "stands pat":
            hand.draws.append((street, name, 0))
            continue
        if dr:
            hand.draws.append((street, name, int(dr[1])))
            if dr[2]:
                if len(dr[2].split()) != int(dr[1]):
                    raise ValueError(f"{line!r}: the count and the cards differ")
                hand.discarded[name].extend(dr[2].split())
            continue
        if rest in ("folds", "checks", "mucks hand", "doesn't show hand"):
            hand.actions.append((street, name, rest.split()[0]))
            continue
        if (sh := re.fullmatch(r"shows \[([^\]]*)\](?: \((.*)\))?", rest)):
            hand.shown[name] = sh[1].split()
            continue
        if (a := re.fullmatch(rf"calls {AMOUNT}", rest)):
            amount = _dec(a[1])
            hand.put_in[name] += amount
            street_bet[name] += amount
            hand.actions.append((street, name, "calls"))
            continue
        if (a := re.fullmatch(rf"(bets|brings in for|completes it to) {AMOUNT}", rest)):
            to = _dec(a[2])
            hand.put_in[name] += to - street_bet[name]
            street_bet[name] = to
            high = max(high, to)
            hand.actions.append((street, name, a[1].split()[0]))
            continue
        if (a := re.fullmatch(rf"raises {AMOUNT} to {AMOUNT}", rest)):
            increment, to = _dec(a[1]), _dec(a[2])
            if to - increment != high:
                raise ValueError(f"{line!r}: the increment is not measured from the high bet {high}")
            hand.put_in[name] += to - street_bet[name]
            street_bet[name] = to
            high = to
            hand.actions.append((street, name, "raises"))
            continue
        raise ValueError(f"unknown line {line!r}")
    return hand


def parse_file(text: str) -> list[ParsedHand]:
    return [parse_hand(block) for block in split_hands(text)]

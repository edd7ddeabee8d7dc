"""Adversarial range texts for benchmarks/bench_ranges.py (issue 15 items 1-2).

``CASES_4`` are 4-card ranges of at most 1,000 characters, ``CASES_6`` 6-card
ranges of at most 100 characters, each built to defeat one shortcut of the
expander (repeats, many distinct selective parts, many distinct broad parts,
filters, weights, nesting, variables, percentages). ``ISSUE`` are the
reproducers of the issue, whatever their length.
"""

from __future__ import annotations

import itertools
import random

RANKS = "AKQJT98765432"
SUITS = "shdc"
CARDS = [r + s for r in RANKS for s in SUITS]


def _join(parts: list[str], limit: int, sep: str = ",") -> str:
    out = ""
    for p in parts:
        if len(out) + len(sep) + len(p) > limit:
            break
        out = p if not out else out + sep + p
    return out


def _exact_hands(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.sample(CARDS, 4)) for _ in range(n)]


def _random_text(seed: int, limit: int, percent: bool = True) -> str:
    rng = random.Random(seed)
    atoms = ["AA", "KK", "A2", "A3**", "xxyy", "RROO", "$ds", "$np", "AxKx", "[A-T][A-T]", "T9+", "KQJT-9876",
             "As**", "RxOx", "A2**ds", "JJ!JJJ", "xyz"] + (["15%", "5%-20%"] if percent else [])
    parts = []
    while True:
        part = rng.choice(atoms) + "".join(rng.choice([":", "!"]) + rng.choice(atoms) for _ in range(rng.randrange(3)))
        if rng.random() < 0.2:
            part = "(" + part + "," + rng.choice(atoms) + ")"
        parts.append(part)
        text = _join(parts, limit)
        if len(text) < len(",".join(parts)):
            return text


PAIRS = [a + b for a, b in itertools.combinations_with_replacement(RANKS, 2)]
_SUIT_PAIRS = list(itertools.permutations(SUITS, 2))
CASES_4: dict[str, str] = {
    "same part x333": _join(["AA"] * 400, 1000),
    "exact hands x111": _join(_exact_hands(200, 1), 1000),
    "rank pairs x91": _join(PAIRS, 1000),
    "rank triples x200": _join(["".join(t) for t in itertools.combinations(RANKS, 3)], 1000),
    "card pairs x200": _join([a + b for a, b in itertools.combinations(CARDS, 2)][::7], 1000),
    "suited pairs x200": _join([a + "x" + b + "x" for a, b in itertools.combinations(RANKS, 2)] * 3, 1000),
    "percent bands x200": _join([f"{a}%-{min(100, a + 1 + a % 7)}%" for a in range(100)] * 2, 1000),
    "drop cards x200": "*" + "".join(f"!{c}{d}" for c, d in itertools.combinations(CARDS, 2))[:997],
    "keep filters x200": "*" + "".join(f":{p}**" for p in PAIRS * 3)[:997],
    "rank sets x100": _join([f"[{a}-{b}][{c}{d}]" for a, b, c, d in itertools.permutations("AKQJT98", 4)], 1000),
    "rank variables x100": _join(["RROO", "RRON", "RONM", "RsOs", "RxOxNy", "RRx", "ARRx", "RONMx"] * 30, 1000),
    "weighted x200": _join([f"{p}@{1 + i % 100}" for i, p in enumerate(PAIRS * 3)], 1000),
    "nested 32 deep": ("(" * 32 + "AA,KK" + ")!QQ" * 32)[:1000],
    "mixed random 1": _random_text(1, 1000),
    "mixed random 2": _random_text(2, 1000),
    # Many distinct parts that no shortcut lists or reads by class: rank
    # variables with suits, each a pass over the universe.
    "rank vars with suits x140": _join([f"R{a}O{b}{c}" for a, b in itertools.permutations(SUITS, 2)
                                        for c in RANKS], 1000),
    "rank vars, suit vars x52": _join([f"RxO{c}x" for c in RANKS] + [f"RxOy{c}" for c in RANKS]
                                      + [f"RRx{c}" for c in RANKS] + [f"RxRy{c}" for c in RANKS], 1000),
    "pairs filtered x52": _join([f"{a}{a}:R{s}O{s}" for a in RANKS for s in SUITS], 1000),
    "star filtered x12": ("*" + "".join(f":R{a}O{b}" for a, b in itertools.permutations(SUITS, 2)) * 10)[:1000],
    "distinct weights x16": _join([f"R{s}O{t}@{i + 1}" for i, (s, t) in enumerate(itertools.product(SUITS, SUITS))]
                                  * 5, 1000),
    "nested filters x12": _join([f"(*!R{a}O{b},AA)" for a, b in itertools.permutations(SUITS, 2)] * 5, 1000),
    # Rank variables beside one or two named ranks (each part its own
    # pattern, neither read by class nor cheap to list), in filters whose
    # left side holds most hands, in weighted groups, under percentages.
    "star less rank vars x110": _join([f"*!R{a}O{b}{c}" for c in RANKS for a, b in _SUIT_PAIRS], 1000),
    "broad sets filtered x90": _join([f"[A-{c}][A-{c}]:R{a}O{b}" for c in "QJT98765432" for a, b in _SUIT_PAIRS],
                                     1000),
    "percent bands filtered x60": _join([f"{a}%-{a + 30}%:R{s}O{t}" for a in range(1, 60, 3) for s, t in _SUIT_PAIRS],
                                        1000),
    "weighted groups x50": _join([f"(R{a}O{b}{c},AA)@{1 + i % 100}"
                                  for i, (c, (a, b)) in enumerate(itertools.product(RANKS, _SUIT_PAIRS))], 1000),
    "broad rank vars x130": _join([f"RxOy{c}" for c in RANKS] + [f"RxOx{c}" for c in RANKS] + [f"RO{c}" for c in RANKS]
                                  + [f"R{c}O{d}" for c, d in itertools.combinations(RANKS, 2)], 1000),
    "keep chains x66": _join([f"*:RxOy{c}:RxOy{d}" for c, d in itertools.combinations(RANKS, 2)], 1000),
    "pair filters, mixed classes x80": _join([f"{p}:RxOx!R{a}O{a}" for p in PAIRS for a in SUITS], 1000),
}

CASES_6: dict[str, str] = {
    "40 stars": ",".join(["*"] * 40)[:100],
    "xyxyxy": "xyxyxy",
    "xxyyzz": "xxyyzz",
    "RONMLK": "RONMLK",
    "RxOxNyMy": "RxOxNyMy",
    "RsOhNdMcLK": "RsOhNdMcLK",
    "13 ranks": ",".join(RANKS),
    "33 cards": _join(CARDS, 100),
    "suited pairs x20": _join([a + "x" + b + "x" for a, b in itertools.combinations(RANKS, 2)], 100),
    "drop 33 cards": ("*" + "".join("!" + c for c in CARDS))[:100],
    "suit shapes x10": _join(["xyxyxy", "xxyyzz", "xxxyyy", "xyzxyz", "wxyzwx", "xxyyzw", "xxxxyy", "xyzwxy"] * 2, 100),
    "mixed random": _random_text(3, 100, percent=False),
    "rank vars with suits x12": _join([f"R{a}O{b}" for a, b in itertools.permutations(SUITS, 2)], 100),
    "rank vars, suit vars x5": "RxOxNyMy,RxOyNz,RRxOx,RxOxNxMy,RxRyOxOy",
    "star filtered x12": "*" + "".join(f"!R{a}O{b}N" for a, b in itertools.permutations(SUITS, 2))[:99],
    # Rank and suit variables beside a named rank: each part a pattern
    # tested hand by hand (once per class of hands under renaming the other ranks).
    "keep chain RxOy+rank x13": "*:" + ":".join(f"RxOy{c}" for c in RANKS)[:97],
    "drop chain RxOy+rank x13": "*!" + "!".join(f"RxOy{c}" for c in RANKS)[:97],
    "union RxOy+rank x13": ",".join(f"RxOy{c}" for c in RANKS)[:100],
    "union RxOyNz+rank x13": ",".join(f"RxOyNz{c}" for c in RANKS)[:100],
    "pairs kept RxOy x11": ",".join(f"{c}{c}:RxOy" for c in RANKS)[:100],
}

ISSUE: dict[str, tuple[str, int]] = {
    "AA + ',AA' x2000 (4)": ("AA" + ",AA" * 2000, 4),
    "40 '*' (6)": (",".join(["*"] * 40), 6),
    "(AA,...x200) (5)": ("(" + ",".join(["AA"] * 200) + ")", 5),
    "xyxyxy (6)": ("xyxyxy", 6),
    "xxyyzz (6)": ("xxyyzz", 6),
    "AA + ':AA' x5000 (4)": ("AA" + ":AA" * 5000, 4),
    "10 MB of text (4)": ("AA," * 3_500_000, 4),
}

"""Lines of names with no seat, and show lines that cannot be read, in the
text readers (issue 38's contract, issue 40's F6): an action, a post, a show
or a payout of a name that is not seated is a text contradicting itself and
an error of the hand naming the line, never a line skipped; a show line of a
seated player that cannot be read is an error of the hand too. The texts are
the project's own, written from the formats' facts."""

from __future__ import annotations

import pytest

from omaha8_fast.histories import HandHistoryError, parse
from omaha8_fast.histories._text_common import player_line_problem

from test_histories_sites_888 import PRACTICE
from test_histories_sites_wpn import CLASSIC, RAKED


def _error(text: str) -> HandHistoryError:
    with pytest.raises(HandHistoryError) as caught:
        parse(text)
    return caught.value


@pytest.mark.parametrize("line", ["carl raises $2 to $4", "carl folds", "carl checks", "carl calls $1",
                                  "carl bets $3", "carl: raises $2 to $4", "carl: folds"])
def test_an_action_of_a_name_with_no_seat_is_a_problem(line: str) -> None:
    assert player_line_problem(line, ["bob"]) == "'carl' is not seated at the table"


@pytest.mark.parametrize("line", ['bob said, "carl raises too much"', "carl foldsies", "Dealer: bob (folds)",
                                  "bob has timed out"])
def test_chat_and_noise_are_not_player_lines(line: str) -> None:
    assert player_line_problem(line, ["bob"]) is None


def test_wpn_an_action_of_an_unseated_name_is_an_error_of_the_hand() -> None:
    assert parse(RAKED)  # the text as written reads
    text = RAKED.replace("jon folds\n", "jon folds\nzed calls $4.00\n")
    error = _error(text)
    assert "'zed' is not seated" in str(error) and error.line == RAKED.split("\n").index("jon folds") + 2


def test_wpn_classic_an_action_or_a_payout_of_an_unseated_name_is_an_error() -> None:
    assert parse(CLASSIC)
    acted = CLASSIC.replace("Player quin folds\n", "Player quin folds\nPlayer zed raises (30)\n")
    assert "'zed' is not seated" in str(_error(acted))
    summary = [line for line in CLASSIC.split("\n") if "Collects: " in line][0]
    paid = CLASSIC.replace(summary, summary + "\n" + summary.replace("olga", "zed"))
    assert "'zed' is not seated" in str(_error(paid))


@pytest.mark.parametrize("extra", ["zed calls [20]", "zed folds", "zed collected [ 80.50 ]",
                                   "zed shows [ Ah, 3c, Qd, Qs ]"])
def test_888_a_line_of_an_unseated_name_is_an_error_of_the_hand(extra: str) -> None:
    assert parse(PRACTICE)
    text = PRACTICE.replace("wes folds\n", f"wes folds\n{extra}\n")
    error = _error(text)
    assert "'zed' is not seated" in str(error)
    assert error.line == PRACTICE.split("\n").index("wes folds") + 2


def test_888_a_seated_verb_in_another_case_is_an_error_of_the_hand() -> None:
    text = PRACTICE.replace("yan collected [ 80.50 ]", "yan Collected [ 80.50 ]")
    assert "a line of 'yan'" in str(_error(text))


@pytest.mark.parametrize("site, line", [("pkr", "zed raises to 110"), ("pkr", "zed folds"),
                                        ("ongame", "zed calls $2"), ("ongame", "zed checks")])
def test_pkr_and_ongame_an_action_of_an_unseated_name_is_an_error(site: str, line: str) -> None:
    from test_histories_rooms import text_of
    text = text_of(site)
    assert parse(text)
    first = text.index("\nbob folds\n") + 1
    error = _error(text[:first] + line + "\n" + text[first:])
    assert "'zed' is not seated" in str(error) and error.line == text[:first].count("\n") + 1


def test_pkr_chat_of_a_name_with_no_seat_is_noise() -> None:
    from test_histories_rooms import text_of
    text = text_of("pkr")
    first = text.index("\nbob folds\n") + 1
    assert len(parse(text[:first] + "zed: raises are cheap\n" + text[first:])) == len(parse(text))


_WORDS = ("folds", "checks", "calls", "bets", "raises", "collects", "shows", "posts", "fold", "check", "call", "bet",
          "raise", "wins")


def _unseated_variants(site: str) -> list[tuple[int, str]]:
    """Each kind of player line of the room's test text (one per verb), its player's name replaced by one with
    no seat, with the line number it takes when put in before the original line."""
    from test_histories_rooms import text_of
    text = text_of(site)
    names = sorted({s.name for h in parse(text) for s in h.seats}, key=len, reverse=True)
    out, done = [], set()
    for k, line in enumerate(text.split("\n")):
        verb = next((v for v in _WORDS if v in line.lower()), None)
        name = next((n for n in names if n in line), None)
        if verb is None or verb in done or name is None or line.startswith(("Seat", "Dealt", "***")):
            continue
        done.add(verb)
        out.append((k + 1, line.replace(name, "zzqx", 1)))
    return out


@pytest.mark.parametrize("site", ["absolute", "cake", "entraction", "kingsclub", "pkr", "ongame", "boss",
                                  "microgaming", "merge"])
def test_every_room_a_player_line_of_a_name_with_no_seat_is_an_error(site: str) -> None:
    from test_histories_rooms import text_of
    text = text_of(site)
    lines = text.split("\n")
    variants = _unseated_variants(site)
    assert variants or site in ("boss", "microgaming", "merge")  # (these write XML records, not verb lines)
    for number, line in variants:
        with pytest.raises(HandHistoryError) as caught:
            parse("\n".join(lines[:number - 1] + [line] + lines[number - 1:]))
        assert caught.value.line == number, (site, line)

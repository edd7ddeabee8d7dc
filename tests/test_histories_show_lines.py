"""A show line of a seated player that cannot be read is an error of the hand
(issue 40's F6) on Bovada, 888 and Full Tilt: never skipped, so that the
audit never pays the pot to the other hand and the replay never deals the
player random cards. The texts are the project's own (the sites' test texts
of tests/test_histories_sites_*.py), one line changed."""

from __future__ import annotations

import pytest

from omaha8_fast.histories import HandHistoryError, parse

from test_histories_sites_888 import PRACTICE
from test_histories_sites_bovada import TOURNAMENT
from test_histories_sites_fulltilt import OLD


def _broken(text: str, line: str, instead: str) -> HandHistoryError:
    assert line in text.split("\n") and parse(text)  # the line is there, and the text as written reads
    with pytest.raises(HandHistoryError) as caught:
        parse(text.replace(line, instead))
    assert caught.value.line == text.split("\n").index(line) + 1  # the error names the line
    return caught.value


@pytest.mark.parametrize("instead", ["cal\tshows [Js Jd 9c 8c]", "cal Shows [Js Jd 9c 8c]", "cal shows[Js Jd 9c 8c]",
                                     "cal shows Js Jd 9c 8c]", "cal shows (Js Jd 9c 8c) [two pair]",
                                     "cal MUCKS [Js Jd 9c 8c]"])
def test_fulltilt_a_show_line_not_read_is_an_error(instead: str) -> None:
    _broken(OLD, "cal shows [Js Jd 9c 8c]", instead)


def test_fulltilt_a_shown_hand_s_name_repeated_and_chat_stay_noise() -> None:
    text = OLD.replace("cal shows [Js Jd 9c 8c]\n", "cal shows [Js Jd 9c 8c]\ncal shows two pair, Jacks and Tens\n"
                       "bea: nice hand\nzed: raises are cheap\n")
    [hand] = parse(text)
    assert [s.player for s in hand.shown] == ["abe", "cal"]


@pytest.mark.parametrize("instead", ["UTG : Showdown[2c Td 2d Ks Kh] (Two pair)", "UTG : Shows  [2c Td 2d Ks Kh]",
                                     "UTG: Showdown [2c Td 2d Ks Kh] (Two pair)",
                                     "UTG\tShowdown [2c Td 2d Ks Kh] (Two pair)",
                                     "UTG : Mucks[2c Td 2d Ks Kh]"])
def test_bovada_a_show_line_not_read_is_an_error(instead: str) -> None:
    _broken(TOURNAMENT, "UTG : Showdown [2c Td 2d Ks Kh] (Two pair)", instead)


@pytest.mark.parametrize("instead", ["xia\tshows [ Ah, 3c, Qd, Qs ]", "xia Shows [ Ah, 3c, Qd, Qs ]",
                                     "xia shows[ Ah, 3c, Qd, Qs ]", "xia\xa0shows [ Ah, 3c, Qd, Qs ]",
                                     "xia shows [ Ah, 3c, Qd, Qs"])
def test_888_a_show_line_not_read_is_an_error(instead: str) -> None:
    _broken(PRACTICE, "xia shows [ Ah, 3c, Qd, Qs ]", instead)

"""Hand-written PokerStars texts the tracker tests share, with what each
player put in and got, worked out by hand (tests/test_tracker*.py)."""

from __future__ import annotations

__all__ = ["H1", "H2", "H3", "H4", "H5", "ALL_CASH", "TEXT"]

# Pot limit, 3-handed: alice opens, bob 3-bets, carol folds; bob wins the high, alice the low.
H1 = """PokerStars Hand #9001:  Omaha Hi/Lo Pot Limit ($0.50/$1 USD) - 2024/03/05 12:00:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: alice ($100 in chips)
Seat 2: bob ($100 in chips)
Seat 3: carol ($100 in chips)
bob: posts small blind $0.50
carol: posts big blind $1
*** HOLE CARDS ***
alice: raises $2 to $3
bob: raises $6 to $9
carol: folds
alice: calls $6
*** FLOP *** [Ah 2c 7d]
bob: bets $10
alice: calls $10
*** TURN *** [Ah 2c 7d] [Kc]
bob: checks
alice: checks
*** RIVER *** [Ah 2c 7d Kc] [9s]
bob: checks
alice: checks
*** SHOW DOWN ***
bob: shows [Ad Ks 8h 8c] (HI: two pair, Aces and Kings)
alice: shows [3h 4h Qd Qs] (HI: a pair of Queens; LO: 7,4,3,2,A)
bob collected $19.50 from pot
alice collected $19.50 from pot
*** SUMMARY ***
Total pot $39 | Rake $0
Board [Ah 2c 7d Kc 9s]
Seat 1: alice (button) showed [3h 4h Qd Qs] and won ($19.50) with HI: a pair of Queens; LO: 7,4,3,2,A
Seat 2: bob (small blind) showed [Ad Ks 8h 8c] and won ($19.50) with HI: two pair, Aces and Kings
Seat 3: carol (big blind) folded before Flop
"""

# Bob folds the button, carol completes, alice raises the flop and carol folds (an uncalled $4).
H2 = """PokerStars Hand #9002:  Omaha Hi/Lo Pot Limit ($0.50/$1 USD) - 2024/03/05 12:01:00 ET
Table 'Test' 6-max Seat #2 is the button
Seat 1: alice ($100.50 in chips)
Seat 2: bob ($100.50 in chips)
Seat 3: carol ($99 in chips)
carol: posts small blind $0.50
alice: posts big blind $1
*** HOLE CARDS ***
bob: folds
carol: calls $0.50
alice: checks
*** FLOP *** [8s 8d 3c]
carol: bets $2
alice: raises $4 to $6
carol: folds
Uncalled bet ($4) returned to alice
alice collected $6 from pot
*** SUMMARY ***
Total pot $6 | Rake $0
Board [8s 8d 3c]
Seat 1: alice (big blind) collected ($6)
Seat 2: bob (button) folded before Flop (didn't bet)
Seat 3: carol (small blind) folded on the Flop
"""

# A tournament: all-in on the turn, heads-up. xena's trip kings win every high; yuri's A-3-4
# makes a low on 21 of the 40 rivers (A, 3, 4: three each; 5, 6, 8: four each).
H3 = """PokerStars Hand #9003: Tournament #555, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2024/04/02 09:00:00 ET
Table '555 1' 9-max Seat #1 is the button
Seat 1: xena (1000 in chips)
Seat 2: yuri (1000 in chips)
xena: posts small blind 10
yuri: posts big blind 20
*** HOLE CARDS ***
xena: calls 10
yuri: checks
*** FLOP *** [Kh Kd 7c]
yuri: checks
xena: checks
*** TURN *** [Kh Kd 7c] [2s]
yuri: bets 40
xena: raises 940 to 980 and is all-in
yuri: calls 940 and is all-in
*** RIVER *** [Kh Kd 7c 2s] [5h]
*** SHOW DOWN ***
yuri: shows [As 3c 4d 9h] (HI: a pair of Kings; LO: 7,5,3,2,A)
xena: shows [Ks Qs Jh Th] (HI: three of a kind, Kings)
xena collected 1000 from pot
yuri collected 1000 from pot
*** SUMMARY ***
Total pot 2000 | Rake 0
Board [Kh Kd 7c 2s 5h]
Seat 1: xena (button) (small blind) showed [Ks Qs Jh Th] and won (1000) with HI: three of a kind, Kings
Seat 2: yuri (big blind) showed [As 3c 4d 9h] and won (1000) with HI: a pair of Kings; LO: 7,5,3,2,A
"""

# Limit, 3-handed, rake $0.90: dave's aces take the high half ($8.55), erin and alice tie the low
# with 6-4-3-2-A and are quartered ($4.28 to erin, left of the button, and $4.27).
H4 = """PokerStars Hand #9004:  Omaha Hi/Lo Limit ($2/$4 USD) - 2024/04/03 21:00:00 ET
Table 'Quarter' 6-max Seat #3 is the button
Seat 1: alice ($50 in chips)
Seat 3: dave ($50 in chips)
Seat 5: erin ($50 in chips)
erin: posts small blind $1
alice: posts big blind $2
*** HOLE CARDS ***
dave: calls $2
erin: calls $1
alice: checks
*** FLOP *** [As 2h 6c]
erin: checks
alice: checks
dave: checks
*** TURN *** [As 2h 6c] [Jd]
erin: checks
alice: bets $4
dave: calls $4
erin: calls $4
*** RIVER *** [As 2h 6c Jd] [Qh]
erin: checks
alice: checks
dave: checks
*** SHOW DOWN ***
erin: shows [3d 4d Kc Kh] (HI: a pair of Kings; LO: 6,4,3,2,A)
alice: shows [3c 4s Td 9s] (HI: high card Ace; LO: 6,4,3,2,A)
dave: shows [Ac Ad 7h 8h] (HI: three of a kind, Aces)
dave collected $8.55 from pot
erin collected $4.28 from pot
alice collected $4.27 from pot
*** SUMMARY ***
Total pot $18 | Rake $0.90
Board [As 2h 6c Jd Qh]
Seat 1: alice (big blind) showed [3c 4s Td 9s] and won ($4.27) with HI: high card Ace; LO: 6,4,3,2,A
Seat 3: dave (button) showed [Ac Ad 7h 8h] and won ($8.55) with HI: three of a kind, Aces
Seat 5: erin (small blind) showed [3d 4d Kc Kh] and won ($4.28) with HI: a pair of Kings; LO: 6,4,3,2,A
"""

# Heads-up: bob's wheel scoops alice's trip kings (and her 8-7 low).
H5 = """PokerStars Hand #9005:  Omaha Hi/Lo Pot Limit ($0.50/$1 USD) - 2024/04/03 21:05:00 ET
Table 'Test' 6-max Seat #2 is the button
Seat 1: alice ($100 in chips)
Seat 2: bob ($100 in chips)
bob: posts small blind $0.50
alice: posts big blind $1
*** HOLE CARDS ***
bob: raises $2 to $3
alice: calls $2
*** FLOP *** [2d 5c Kh]
alice: checks
bob: bets $6
alice: calls $6
*** TURN *** [2d 5c Kh] [9c]
alice: checks
bob: checks
*** RIVER *** [2d 5c Kh 9c] [4s]
alice: checks
bob: checks
*** SHOW DOWN ***
bob: shows [Ah 3h 3s Qd] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
alice: shows [Kd Ks 7h 8h] (HI: three of a kind, Kings; LO: 8,7,5,4,2)
bob collected $18 from pot
*** SUMMARY ***
Total pot $18 | Rake $0
Board [2d 5c Kh 9c 4s]
Seat 1: alice (big blind) showed [Kd Ks 7h 8h] and lost with HI: three of a kind, Kings; LO: 8,7,5,4,2
Seat 2: bob (button) (small blind) showed [Ah 3h 3s Qd] and won ($18) with HI: a straight, Ace to Five; LO: 5,4,3,2,A
"""

ALL_CASH = (H1, H2, H4, H5)
TEXT = "\n\n\n".join((H1, H2, H3, H4, H5)) + "\n"

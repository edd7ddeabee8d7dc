/* hh_scan.c -- the PokerStars reader's fast scanner (see o8_hh_scan in omaha8.h).
 *
 * It reads the lines of one hand after its header and table line, the way
 * omaha8_fast/histories/_pokerstars.py reads them, but only the common, exactly
 * written shapes: printable ASCII, cards written "Ah", amounts "$12.50" or
 * "1500". Any other line, any limit passed and anything the Python reader
 * would call an error makes it return 0, and Python reads the hand itself.
 * All the state is on the stack; every read is bounded by `length`, every
 * write by `out_size`.
 */
#include "omaha8.h"

#include <string.h>

#define HH_SEATS 10
#define HH_POSTS 16
#define HH_ACTIONS 256
#define HH_SHOWN 12
#define HH_COLLECTED 24
#define HH_RETURNED 4
#define HH_BREAKDOWN 10
#define HH_MAX_AMOUNT 1000000000000000LL /* _hh_model._MAX_AMOUNT */

enum { SEC_HEADER, SEC_HOLE, SEC_FLOP, SEC_TURN, SEC_RIVER, SEC_SHOWDOWN };

typedef struct {
    const char *p; /* the line */
    size_t n;      /* its length */
} span;

typedef struct {
    int64_t number, name_at, name_end, stack, out;
} hh_seat;

typedef struct {
    int64_t seat, line, out, desc_at, desc_end, n;
    int64_t cards[O8_MAX_HOLE];
} hh_shown;

typedef struct {
    const char *text;
    int cents;
    int hole_size;
    int section;
    int64_t street; /* 0 preflop .. 3 river */
    int n_seats, n_posts, n_actions, n_shown, n_collected, n_returned, n_breakdown, n_holes;
    hh_seat seats[HH_SEATS];
    int64_t bets[HH_SEATS];
    int64_t posts[HH_POSTS][4];     /* seat, kind (0 small, 1 big), amount, line */
    int64_t actions[HH_ACTIONS][7]; /* street, seat, verb, amount, added, all-in, line */
    hh_shown shown[HH_SHOWN];
    int64_t collected[HH_COLLECTED][5]; /* seat, amount, pot start, pot end, line */
    int64_t returned[HH_RETURNED][2];   /* seat, amount */
    int64_t breakdown[HH_BREAKDOWN];
    int64_t hole_order[HH_SEATS];       /* seats in the order their cards became known */
    int64_t holes[HH_SEATS][1 + O8_MAX_HOLE];
    int64_t board[O8_MAX_BOARD];
    int board_len;
    int64_t hero, total, rake;
} hh_state;

/* Where `pat` (m bytes) first occurs in s[from..n), or -1. */
static long find(const char *s, size_t n, const char *pat, size_t m, size_t from) {
    if (m == 0 || n < m) return -1;
    for (size_t i = from; i + m <= n; i++) {
        if (s[i] == pat[0] && memcmp(s + i, pat, m) == 0) return (long)i;
    }
    return -1;
}

/* Where `pat` last occurs wholly inside s[0..end), or -1. */
static long rfind(const char *s, size_t end, const char *pat, size_t m) {
    if (m == 0 || end < m) return -1;
    for (size_t i = end - m + 1; i-- > 0;) {
        if (s[i] == pat[0] && memcmp(s + i, pat, m) == 0) return (long)i;
    }
    return -1;
}

static int starts(span t, const char *pat, size_t m) { return t.n >= m && memcmp(t.p, pat, m) == 0; }
static int ends(const char *s, size_t n, const char *pat, size_t m) { return n >= m && memcmp(s + n - m, pat, m) == 0; }
static int equals(span t, const char *pat, size_t m) { return t.n == m && memcmp(t.p, pat, m) == 0; }

#define LIT(s) s, sizeof(s) - 1

/* An amount written "$12.50", "12", "1500" as parse_amount reads it; -1 for
 * any other spelling (the Python reader decides what it is). */
static int64_t amount(const char *s, size_t n, int cents) {
    size_t i = 0;
    if (n > 0 && s[0] == '$') i = 1;
    size_t digits = 0;
    int64_t whole = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        if (++digits > 15) return -1;
        whole = whole * 10 + (s[i] - '0');
        i++;
    }
    if (digits == 0) return -1;
    int64_t value;
    if (i == n) {
        value = cents ? whole * 100 : whole;
    } else {
        if (!cents || s[i] != '.' || n - i < 2 || n - i > 3) return -1;
        int64_t frac = 0;
        for (size_t k = i + 1; k < n; k++) {
            if (s[k] < '0' || s[k] > '9') return -1;
            frac = frac * 10 + (s[k] - '0');
        }
        if (n - i == 2) frac *= 10;
        value = whole * 100 + frac;
    }
    return value > HH_MAX_AMOUNT ? -1 : value;
}

static int card(const char *s) {
    static const char ranks[] = "23456789TJQKA";
    static const char suits[] = "cdhs";
    const char *r = memchr(ranks, s[0], 13);
    const char *u = memchr(suits, s[1], 4);
    if (s[0] == 0 || s[1] == 0 || r == NULL || u == NULL) return -1;
    return (int)(r - ranks) * 4 + (int)(u - suits);
}

/* The cards "Ah 2d Ks" (groups joined by "] [" when `groups`), at most
 * `max` of them, into cards[]; their count, or -1. */
static int cards_of(const char *s, size_t n, int groups, int64_t *cards, int max) {
    int count = 0;
    size_t i = 0;
    if (n == 0) return -1;
    for (;;) {
        if (n - i < 2 || count >= max) return -1;
        int c = card(s + i);
        if (c < 0) return -1;
        cards[count++] = c;
        i += 2;
        if (i == n) return count;
        if (s[i] == ' ') {
            i += 1;
        } else if (groups && n - i >= 3 && memcmp(s + i, "] [", 3) == 0) {
            i += 3;
        } else {
            return -1;
        }
    }
}

/* The seat of the player called s[0..n) (among the seats so far), or -1. */
static int seat_named(const hh_state *st, const char *s, size_t n) {
    for (int k = 0; k < st->n_seats; k++) {
        const hh_seat *seat = &st->seats[k];
        if ((size_t)(seat->name_end - seat->name_at) == n && memcmp(st->text + seat->name_at, s, n) == 0) return k;
    }
    return -1;
}

static void set_holes(hh_state *st, int seat, const int64_t *cards, int n, int replace) {
    int64_t *h = st->holes[seat];
    if (h[0] == 0) {
        st->hole_order[st->n_holes++] = seat;
    } else if (!replace) {
        return;
    }
    h[0] = n;
    memcpy(h + 1, cards, (size_t)n * sizeof(int64_t));
}

static long offset(const hh_state *st, const char *p) { return (long)(p - st->text); }

/* "Seat N: NAME (STACK in chips)..." in the header. */
static int seat_line(hh_state *st, span t) {
    long colon = find(t.p, t.n, LIT(": "), 5);
    if (colon < 0 || colon == 5 || colon > 14 || st->section != SEC_HEADER || st->n_seats >= HH_SEATS) return 0;
    int64_t number = 0;
    for (long i = 5; i < colon; i++) {
        if (t.p[i] < '0' || t.p[i] > '9') return 0;
        number = number * 10 + (t.p[i] - '0');
    }
    const char *rest = t.p + colon + 2;
    size_t n = t.n - (size_t)colon - 2;
    long at = rfind(rest, n, LIT(" in chips"));
    if (at < 0) return 0;
    long open = rfind(rest, (size_t)at, LIT(" ("));
    if (open < 0) return 0;
    int64_t stack = amount(rest + open + 2, (size_t)(at - open - 2), st->cents);
    if (stack < 0 || seat_named(st, rest, (size_t)open) >= 0) return 0;
    const char *tail = rest + at;
    size_t tail_n = n - (size_t)at;
    hh_seat *seat = &st->seats[st->n_seats++];
    seat->number = number;
    seat->name_at = offset(st, rest);
    seat->name_end = seat->name_at + open;
    seat->stack = stack;
    seat->out = find(tail, tail_n, LIT("sitting out"), 0) >= 0 || find(tail, tail_n, LIT("out of hand"), 0) >= 0;
    return 1;
}

/* "*** FLOP *** [..]" and the like (the exact section lines are read before). */
static int street_line(hh_state *st, span t) {
    long end = find(t.p, t.n, LIT(" *** ["), 4);
    if (end < 0 || t.p[t.n - 1] != ']') return 0;
    span name = {t.p + 4, (size_t)end - 4};
    int street, want;
    if (equals(name, LIT("FLOP"))) {
        street = 1, want = 3;
    } else if (equals(name, LIT("TURN"))) {
        street = 2, want = 4;
    } else if (equals(name, LIT("RIVER"))) {
        street = 3, want = 5;
    } else {
        return 0;
    }
    int64_t cards[O8_MAX_BOARD];
    size_t at = (size_t)end + 6;
    if (t.n - 1 < at || cards_of(t.p + at, t.n - 1 - at, 1, cards, O8_MAX_BOARD) != want) return 0;
    memcpy(st->board, cards, sizeof cards);
    st->board_len = want;
    st->street = street;
    st->section = SEC_FLOP + street - 1;
    memset(st->bets, 0, sizeof st->bets);
    return 1;
}

/* A line without ": ": the hero's cards, an uncalled bet, a collection. */
static int plain_line(hh_state *st, span t, int64_t line) {
    if (starts(t, LIT("Dealt to "))) {
        long at = find(t.p, t.n, LIT(" ["), 9);
        if (at < 0) return 1;
        int64_t cards[O8_MAX_HOLE];
        size_t from = (size_t)at + 2;
        if (t.p[t.n - 1] != ']' || t.n - 1 < from) return 0;
        int n = cards_of(t.p + from, t.n - 1 - from, 0, cards, O8_MAX_HOLE);
        if (n < 0) return 0;
        int seat = seat_named(st, t.p + 9, (size_t)at - 9);
        if (seat >= 0) {
            set_holes(st, seat, cards, n, 1);
            if (st->hero < 0) st->hero = seat;
        }
        return 1;
    }
    if (starts(t, LIT("Uncalled bet ("))) {
        long close = find(t.p, t.n, LIT(") returned to "), 14);
        if (close < 0 || st->n_returned >= HH_RETURNED) return 0;
        int seat = seat_named(st, t.p + close + 14, t.n - (size_t)close - 14);
        int64_t value = amount(t.p + 14, (size_t)close - 14, st->cents);
        if (seat < 0 || value < 0) return 0;
        st->returned[st->n_returned][0] = seat;
        st->returned[st->n_returned++][1] = value;
        return 1;
    }
    long at = find(t.p, t.n, LIT(" collected "), 0);
    if (at > 0) {
        size_t from = (size_t)at + 11;
        long sep = find(t.p, t.n, LIT(" from "), from);
        if (sep < 0 || st->n_collected >= HH_COLLECTED) return 0;
        int seat = seat_named(st, t.p, (size_t)at);
        int64_t value = amount(t.p + from, (size_t)sep - from, st->cents);
        if (seat < 0 || value < 0) return 0;
        int64_t *c = st->collected[st->n_collected++];
        c[0] = seat, c[1] = value, c[2] = offset(st, t.p) + sep + 6, c[3] = offset(st, t.p) + (long)t.n, c[4] = line;
        return 1;
    }
    return equals(t, LIT("No low hand qualified"));
}

static int add_action(hh_state *st, int seat, int64_t verb, int64_t value, int64_t added, int all_in, int64_t line) {
    if (st->n_actions >= HH_ACTIONS) return 0;
    int64_t *a = st->actions[st->n_actions++];
    a[0] = st->street, a[1] = seat, a[2] = verb, a[3] = value, a[4] = added, a[5] = all_in, a[6] = line;
    return 1;
}

/* "NAME: shows [cards] (description)". */
static int shows(hh_state *st, int seat, const char *verb, size_t n, int64_t line) {
    long end = find(verb, n, LIT("]"), 0);
    if (end < 0 || st->n_shown >= HH_SHOWN) return 0;
    hh_shown *s = &st->shown[st->n_shown];
    int count = cards_of(verb + 7, (size_t)end - 7, 0, s->cards, O8_MAX_HOLE);
    if (count < 0) return 0;
    size_t d = (size_t)end + 1, e = n;
    while (d < e && verb[d] == ' ') d++;
    if (e - d >= 2 && verb[d] == '(' && verb[e - 1] == ')') d++, e--;
    s->seat = seat, s->line = line, s->n = count;
    s->out = st->section == SEC_SHOWDOWN ? 5 : st->board_len;
    s->desc_at = d < e ? offset(st, verb) + (long)d : -1;
    s->desc_end = d < e ? offset(st, verb) + (long)e : -1;
    st->n_shown++;
    if (count == st->hole_size) set_holes(st, seat, s->cards, count, 1);
    return 1;
}

/* "NAME: verb" (a line with ": "). */
static int named_line(hh_state *st, span t, long colon, int64_t line) {
    int seat = seat_named(st, t.p, (size_t)colon);
    if (seat < 0) return 0;
    const char *verb = t.p + colon + 2;
    size_t n = t.n - (size_t)colon - 2;
    if (n >= 7 && memcmp(verb, "shows [", 7) == 0) return shows(st, seat, verb, n, line);
    long space = find(verb, n, LIT(" "), 0);
    size_t word = space < 0 ? n : (size_t)space;
    const char *rest = space < 0 ? verb + n : verb + space + 1;
    size_t rest_n = space < 0 ? 0 : n - (size_t)space - 1;
    if (word == 5 && memcmp(verb, "folds", 5) == 0 && space < 0) return add_action(st, seat, 0, 0, 0, 0, line);
    if (word == 6 && memcmp(verb, "checks", 6) == 0) return add_action(st, seat, 1, 0, 0, 0, line);
    int calls = word == 5 && memcmp(verb, "calls", 5) == 0;
    int bets = word == 4 && memcmp(verb, "bets", 4) == 0;
    int raises = word == 6 && memcmp(verb, "raises", 6) == 0;
    if (calls || bets || raises) {
        int all_in = ends(rest, rest_n, LIT(" and is all-in"));
        if (all_in) {
            rest_n -= 14;
        } else if (find(rest, rest_n, LIT(" and has reached the "), 0) >= 0) {
            return 0;
        }
        if (raises) {
            long to = find(rest, rest_n, LIT(" to "), 0);
            if (to < 0 || amount(rest, (size_t)to, st->cents) < 0) return 0;
            int64_t value = amount(rest + to + 4, rest_n - (size_t)to - 4, st->cents);
            if (value < 0 || value - st->bets[seat] <= 0) return 0;
            int64_t added = value - st->bets[seat];
            st->bets[seat] = value;
            return add_action(st, seat, 4, value, added, all_in, line);
        }
        int64_t value = amount(rest, rest_n, st->cents);
        if (value < 0) return 0;
        st->bets[seat] += value;
        return add_action(st, seat, calls ? 2 : 3, value, value, all_in, line);
    }
    if (word == 5 && memcmp(verb, "posts", 5) == 0 && !ends(rest, rest_n, LIT(" and is all-in"))) {
        int big = rest_n >= 10 && memcmp(rest, "big blind ", 10) == 0;
        int small = rest_n >= 12 && memcmp(rest, "small blind ", 12) == 0;
        if ((!big && !small) || st->n_posts >= HH_POSTS) return 0;
        size_t skip = big ? 10 : 12;
        int64_t value = amount(rest + skip, rest_n - skip, st->cents);
        if (value < 0) return 0;
        st->bets[seat] += value;
        int64_t *p = st->posts[st->n_posts++];
        p[0] = seat, p[1] = big, p[2] = value, p[3] = line;
        return 1;
    }
    return 0;
}

/* "Total pot X [Main pot Y. Side pot-1 Z. ...] | Rake R". */
static int total_line(hh_state *st, span t) {
    if (st->total >= 0) return 0;
    size_t i = 10;
    long space = find(t.p, t.n, LIT(" "), i);
    if (space < 0) return 0;
    st->total = amount(t.p + i, (size_t)space - i, st->cents);
    if (st->total < 0) return 0;
    i = (size_t)space;
    span rest = {t.p + i, t.n - i};
    if (starts(rest, LIT(" Main pot "))) {
        i += 10;
        for (;;) {
            long dot = find(t.p, t.n, LIT(". "), i);
            if (dot < 0 || st->n_breakdown >= HH_BREAKDOWN) return 0;
            int64_t value = amount(t.p + i, (size_t)dot - i, st->cents);
            if (value < 0) return 0;
            st->breakdown[st->n_breakdown++] = value;
            i = (size_t)dot + 1;
            rest = (span){t.p + i, t.n - i};
            if (!starts(rest, LIT(" Side pot-"))) break;
            i += 10;
            size_t digits = 0;
            while (i < t.n && t.p[i] >= '0' && t.p[i] <= '9' && digits < 3) i++, digits++;
            if (digits == 0 || i >= t.n || t.p[i] != ' ') return 0;
            i++;
        }
    }
    rest = (span){t.p + i, t.n - i};
    if (!starts(rest, LIT(" | Rake "))) return 0;
    st->rake = amount(t.p + i + 8, t.n - i - 8, st->cents);
    return st->rake >= 0;
}

/* "Seat N: NAME ... showed [cards] ..." in the summary (other seat lines say nothing new). */
static int summary_seat(hh_state *st, span t) {
    if (find(t.p, t.n, LIT(" showed ["), 0) < 0) return find(t.p, t.n, LIT(" mucked ["), 0) < 0;
    long colon = find(t.p, t.n, LIT(": "), 5);
    if (colon < 0 || colon == 5) return 1;
    if (colon > 14) return 0;
    int64_t number = 0;
    for (long i = 5; i < colon; i++) {
        if (t.p[i] < '0' || t.p[i] > '9') return 1;
        number = number * 10 + (t.p[i] - '0');
    }
    int seat = -1;
    for (int k = 0; k < st->n_seats; k++) {
        if (st->seats[k].number == number) {
            seat = k;
            break;
        }
    }
    if (seat < 0) return 1;
    const hh_seat *s = &st->seats[seat];
    size_t name_n = (size_t)(s->name_end - s->name_at);
    const char *rest = t.p + colon + 2;
    size_t n = t.n - (size_t)colon - 2;
    if (n < name_n || memcmp(rest, st->text + s->name_at, name_n) != 0) return 1;
    const char *tail = rest + name_n;
    size_t tail_n = n - name_n;
    if (find(tail, tail_n, LIT(" mucked ["), 0) >= 0) return 0;
    long at = find(tail, tail_n, LIT(" showed ["), 0);
    if (at < 0) return 1;
    long end = find(tail, tail_n, LIT("]"), (size_t)at);
    if (end <= 0) return 1;
    int64_t cards[O8_MAX_HOLE];
    int count = cards_of(tail + at + 9, (size_t)(end - at - 9), 0, cards, O8_MAX_HOLE);
    if (count < 0) return 0;
    if (count == st->hole_size) set_holes(st, seat, cards, count, 0);
    return 1;
}

static int summary_line(hh_state *st, span t) {
    if (starts(t, LIT("Seat "))) return summary_seat(st, t);
    if (starts(t, LIT("Board ["))) {
        int64_t cards[O8_MAX_BOARD];
        if (t.p[t.n - 1] != ']' || t.n < 8 || st->board_len == 0) return 0;
        int n = cards_of(t.p + 7, t.n - 8, 0, cards, O8_MAX_BOARD);
        return n == st->board_len && memcmp(cards, st->board, (size_t)n * sizeof(int64_t)) == 0;
    }
    if (starts(t, LIT("Total pot "))) return total_line(st, t);
    return !starts(t, LIT("*** ")) && !starts(t, LIT("FIRST Board [")) && !starts(t, LIT("SECOND Board ["));
}

static int body_line(hh_state *st, span t, int64_t line) {
    if (starts(t, LIT("*** "))) {
        if (equals(t, LIT("*** HOLE CARDS ***"))) {
            st->section = SEC_HOLE;
            return 1;
        }
        if (equals(t, LIT("*** SHOW DOWN ***"))) {
            st->section = SEC_SHOWDOWN;
            return 1;
        }
        return street_line(st, t);
    }
    if (find(t.p, t.n, LIT(" said, \""), 0) >= 0) return 0;
    if (starts(t, LIT("Seat ")) && find(t.p, t.n, LIT(" in chips"), 0) >= 0) return seat_line(st, t);
    long colon = find(t.p, t.n, LIT(": "), 0);
    if (colon < 0) return plain_line(st, t, line);
    return named_line(st, t, colon, line);
}

static int put(int64_t *out, size_t out_size, size_t *at, int64_t value) {
    if (*at >= out_size) return 0;
    out[(*at)++] = value;
    return 1;
}

static int64_t write_out(const hh_state *st, int64_t *out, size_t out_size) {
    size_t at = 0;
    int ok = 1;
#define PUT(v) (ok = ok && put(out, out_size, &at, (int64_t)(v)))
    PUT(st->n_seats), PUT(st->n_posts), PUT(st->n_actions), PUT(st->n_shown), PUT(st->n_collected);
    PUT(st->n_returned), PUT(st->n_breakdown), PUT(st->n_holes), PUT(st->total), PUT(st->rake), PUT(st->hero);
    PUT(st->board_len);
    for (int k = 0; k < O8_MAX_BOARD; k++) PUT(k < st->board_len ? st->board[k] : -1);
    for (int k = 0; k < st->n_seats; k++) {
        const hh_seat *s = &st->seats[k];
        PUT(s->number), PUT(s->name_at), PUT(s->name_end), PUT(s->stack), PUT(s->out);
    }
    for (int k = 0; k < st->n_posts; k++)
        for (int j = 0; j < 4; j++) PUT(st->posts[k][j]);
    for (int k = 0; k < st->n_actions; k++)
        for (int j = 0; j < 7; j++) PUT(st->actions[k][j]);
    for (int k = 0; k < st->n_shown; k++) {
        const hh_shown *s = &st->shown[k];
        PUT(s->seat), PUT(s->line), PUT(s->out), PUT(s->desc_at), PUT(s->desc_end), PUT(s->n);
        for (int j = 0; j < O8_MAX_HOLE; j++) PUT(j < s->n ? s->cards[j] : -1);
    }
    for (int k = 0; k < st->n_collected; k++)
        for (int j = 0; j < 5; j++) PUT(st->collected[k][j]);
    for (int k = 0; k < st->n_returned; k++) PUT(st->returned[k][0]), PUT(st->returned[k][1]);
    for (int k = 0; k < st->n_breakdown; k++) PUT(st->breakdown[k]);
    for (int k = 0; k < st->n_holes; k++) {
        const int64_t *h = st->holes[st->hole_order[k]];
        PUT(st->hole_order[k]), PUT(h[0]);
        for (int j = 0; j < O8_MAX_HOLE; j++) PUT(j < h[0] ? h[1 + j] : -1);
    }
#undef PUT
    return ok ? (int64_t)at : 0;
}

int64_t o8_hh_scan(const char *text, size_t length, size_t start, int cents, int hole_size, int64_t first_line,
                   int64_t *out, size_t out_size) {
    if (text == NULL || out == NULL || start > length || hole_size < O8_MIN_HOLE || hole_size > O8_MAX_HOLE ||
        length > ((size_t)1 << 30))
        return 0;
    for (size_t i = start; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\n') || c > 0x7e) return 0;
    }
    hh_state st;
    memset(&st, 0, sizeof st);
    st.text = text, st.cents = cents != 0, st.hole_size = hole_size;
    st.section = SEC_HEADER, st.hero = -1, st.total = -1;
    int in_summary = 0;
    int64_t line = first_line + 1;
    size_t i = start;
    while (i <= length) {
        const char *nl = memchr(text + i, '\n', length - i);
        size_t end = nl ? (size_t)(nl - text) : length;
        span t = {text + i, end - i};
        line++;
        if (t.n > 0) {
            if (t.p[t.n - 1] == ' ') return 0;
            if (in_summary) {
                if (!summary_line(&st, t)) return 0;
            } else if (equals(t, LIT("*** SUMMARY ***"))) {
                in_summary = 1;
            } else if (!body_line(&st, t, line)) {
                return 0;
            }
        }
        if (!nl) break;
        i = end + 1;
    }
    if (!in_summary) return 0;
    return write_out(&st, out, out_size);
}

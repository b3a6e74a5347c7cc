/*
 * The point search of cardlib.skat.solver._search.PointSearch, compiled: the same fail-soft
 * null-window search on card points, one call per trick, the same move generation (one card per
 * run of interchangeable cards), bounds (the cards the leader can cash) and move orders (leads,
 * second and third seat, the card that last ended a search of a trick situation first), with a
 * bounded transposition table of proven bounds. It runs without the GIL and takes it only to
 * look at the deadline (when its node count reaches check_at, through the callback handed to
 * probe) and for signals.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ERR (-10000)
#define ORDER_SLOTS (1u << 14)
#define SIGNAL_EVERY (1u << 14)
#define ALIKE 4 /* bounds kept per shape, as in _search.ALIKE */

typedef struct {
    uint32_t a, b, c;
    uint8_t leader, lo, hi;
    int8_t best;
} Entry;

typedef struct {
    uint64_t key; /* 0: empty */
    uint8_t n;
    uint8_t card[10];
} Order;

/* Bounds of positions of one shape (the three hands pushed down run by run, the leader), each
 * with its profile: the points of the card in each slot of the shape. */
typedef struct {
    uint32_t a, b, c;
    uint8_t leader, n; /* n == 0: empty */
    uint8_t lo[ALIKE], hi[ALIKE];
    uint8_t profile[ALIKE][32];
} Alike;

/* A table's memory, and which of its chunks have been written since it was last clear. Tables
 * are kept in a small pool between searches: a search that is done hands its tables back, and the
 * next one of the same size clears only the chunks written, instead of all of the memory (about
 * 18 MB by default, 1 ms to clear) that a fresh table would need. */
#define CHUNK 4096
#define POOL 6

typedef struct {
    void *base;
    size_t size;
    uint64_t *dirty; /* one bit a chunk */
} Table;

static Table pool[POOL]; /* free tables; the GIL guards it */

static inline void mark(Table *t, const void *at, size_t size)
{
    size_t first = (size_t)((const char *)at - (const char *)t->base) / CHUNK;
    size_t last = ((size_t)((const char *)at - (const char *)t->base) + size - 1) / CHUNK;
    t->dirty[first >> 6] |= 1ull << (first & 63);
    t->dirty[last >> 6] |= 1ull << (last & 63);
}

static size_t dirty_words(size_t size) { return (size + CHUNK * 64 - 1) / (CHUNK * 64); }

static int table_take(Table *t, size_t size)
{
    for (int i = 0; i < POOL; i++) {
        if (pool[i].base != NULL && pool[i].size == size) {
            *t = pool[i];
            pool[i].base = NULL;
            for (size_t w = 0; w < dirty_words(size); w++) {
                for (uint64_t bits = t->dirty[w]; bits; bits &= bits - 1) {
                    size_t start = (w * 64 + (size_t)__builtin_ctzll(bits)) * CHUNK;
                    memset((char *)t->base + start, 0, start + CHUNK <= size ? CHUNK : size - start);
                }
                t->dirty[w] = 0;
            }
            return 0;
        }
    }
    t->base = calloc(1, size);
    t->dirty = calloc(dirty_words(size), sizeof(uint64_t));
    t->size = size;
    if (t->base == NULL || t->dirty == NULL) {
        free(t->base);
        free(t->dirty);
        t->base = NULL;
        return -1;
    }
    return 0;
}

static void table_give(Table *t)
{
    if (t->base == NULL)
        return;
    for (int i = 0; i < POOL; i++) {
        if (pool[i].base == NULL) {
            pool[i] = *t;
            t->base = NULL;
            return;
        }
    }
    free(t->base);
    free(t->dirty);
    t->base = NULL;
}

typedef struct {
    PyObject_HEAD
    uint8_t beats[1024];
    uint32_t group[32];
    uint8_t points[32];
    uint8_t cls[32];
    int16_t lead_key[32];
    int16_t defence_key[32];
    uint32_t trumps;
    uint32_t plain[4];
    int nplain;
    int nvalues;
    uint8_t value[8];
    uint32_t value_mask[8];
    int declarer;
    Entry *tt;
    uint64_t slots; /* a power of two */
    Order *orders;
    Alike *alike;
    Table tt_table, orders_table, alike_table;
    uint64_t alike_slots; /* a power of two */
    int nruns;
    uint8_t run_low[32];
    uint32_t run_mask[32];
    unsigned long long nodes;
    unsigned long long check_at;
    unsigned long long next_signal;
    PyObject *on_check;
    PyThreadState *saved;
    int busy;
} Core;

static inline int top_bit(uint32_t x) { return 31 - __builtin_clz(x); }
static inline int popcount(uint32_t x) { return __builtin_popcount(x); }
static inline int mod3(int x) { return ((x % 3) + 3) % 3; }

static int moves(const Core *s, uint32_t mask, uint32_t rem, int *out)
{
    int n = 0, prev = -1;
    while (mask) {
        int b = top_bit(mask);
        mask ^= 1u << b;
        if (prev >= 0 && s->cls[b] == s->cls[prev]) {
            uint32_t between = prev - b - 1 >= 32 ? 0 : (uint32_t)((1ull << (prev - b - 1)) - 1);
            if (!((rem >> (b + 1)) & between)) {
                prev = b;
                continue;
            }
        }
        out[n++] = b;
        prev = b;
    }
    return n;
}

static uint32_t sure(const Core *s, uint32_t lead, uint32_t others, uint32_t rem)
{
    const uint32_t *groups;
    int ngroups;
    uint32_t run;
    uint32_t trumps_only[1] = {s->trumps};
    if (others & s->trumps) {
        groups = trumps_only;
        ngroups = 1;
        run = 0;
    } else {
        groups = s->plain;
        ngroups = s->nplain;
        run = lead & s->trumps;
    }
    for (int i = 0; i < ngroups; i++) {
        uint32_t left = rem & groups[i];
        while (left) {
            uint32_t top = 1u << top_bit(left);
            if (!(lead & top))
                break;
            run |= top;
            left ^= top;
        }
    }
    return run;
}

static int cheapest(const Core *s, uint32_t hand, int count)
{
    int total = 0;
    for (int i = 0; i < s->nvalues; i++) {
        int have = popcount(hand & s->value_mask[i]);
        if (have >= count)
            return total + count * s->value[i];
        total += have * s->value[i];
        count -= have;
    }
    return total;
}

static int score(const Core *s, uint32_t mask)
{
    int total = 0;
    for (int i = 0; i < s->nvalues; i++)
        total += s->value[i] * popcount(mask & s->value_mask[i]);
    return total;
}

/* stable insertion sort of cards by key[card] */
static void sort_by(int *cards, int n, const int *key)
{
    for (int i = 1; i < n; i++) {
        int x = cards[i], k = key[x], j = i - 1;
        while (j >= 0 && key[cards[j]] > k) {
            cards[j + 1] = cards[j];
            j--;
        }
        cards[j + 1] = x;
    }
}

static void to_front(int *cards, int n, int card)
{
    for (int i = 0; i < n; i++) {
        if (cards[i] == card) {
            for (int j = i; j > 0; j--)
                cards[j] = cards[j - 1];
            cards[0] = card;
            return;
        }
    }
}

static uint32_t mask_of(const int *cards, int n)
{
    uint32_t m = 0;
    for (int i = 0; i < n; i++)
        m |= 1u << cards[i];
    return m;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* The shape of three hands (each run's cards still in play pushed down to the run's lowest
 * bits, in order) and its profile, as _shapes.Shapes.shape gives them. */
static void shape_of(const Core *s, uint32_t a, uint32_t b, uint32_t c, uint32_t *shape,
                     uint8_t *profile)
{
    uint32_t rem = a | b | c;
    shape[0] = shape[1] = shape[2] = 0;
    memset(profile, 0, 32);
    for (int i = 0; i < s->nruns; i++) {
        uint32_t present = rem & s->run_mask[i];
        int slot = s->run_low[i];
        while (present) {
            int bit = __builtin_ctz(present);
            uint32_t one = 1u << bit, at = 1u << slot;
            present &= present - 1;
            shape[(a & one) ? 0 : (b & one) ? 1 : 2] |= at;
            profile[slot++] = s->points[bit];
        }
    }
}

static Alike *alike_slot(Core *s, const uint32_t *shape, int leader)
{
    uint64_t h = mix(shape[0] ^ ((uint64_t)shape[1] << 32) ^ mix(shape[2] | (uint64_t)leader << 32));
    return &s->alike[h & (s->alike_slots - 1)];
}

static int alike_is(const Alike *e, const uint32_t *shape, int leader)
{
    return e->n && e->a == shape[0] && e->b == shape[1] && e->c == shape[2] && e->leader == leader;
}

/* keep (profile, lo, hi): the same profile is replaced, else the oldest of ALIKE goes */
static void remember(Core *s, Alike *e, const uint32_t *shape, int leader, const uint8_t *profile, int lo,
                     int hi)
{
    mark(&s->alike_table, e, sizeof *e);
    if (!alike_is(e, shape, leader)) {
        e->a = shape[0];
        e->b = shape[1];
        e->c = shape[2];
        e->leader = (uint8_t)leader;
        e->n = 0;
    }
    int i = 0;
    while (i < e->n && memcmp(e->profile[i], profile, 32) != 0)
        i++;
    if (i == e->n) {
        if (e->n == ALIKE) {
            memmove(e->lo, e->lo + 1, ALIKE - 1);
            memmove(e->hi, e->hi + 1, ALIKE - 1);
            memmove(e->profile[0], e->profile[1], (ALIKE - 1) * 32);
            i = ALIKE - 1;
        } else {
            e->n++;
        }
        memcpy(e->profile[i], profile, 32);
    }
    e->lo[i] = (uint8_t)lo;
    e->hi[i] = (uint8_t)hi;
}

/* The order a trick situation's cards are tried in: the one kept for it (its last cutting card
 * moved to the front), else the given one, which is then kept. */
static Order *order_slot(Core *s, uint64_t key)
{
    return &s->orders[mix(key) & (ORDER_SLOTS - 1)];
}

static void recall(Core *s, uint64_t key, int *cards, int n)
{
    Order *o = order_slot(s, key);
    if (o->key == key && o->n == n) {
        for (int i = 0; i < n; i++)
            cards[i] = o->card[i];
        return;
    }
    mark(&s->orders_table, o, sizeof *o);
    o->key = key;
    o->n = (uint8_t)n;
    for (int i = 0; i < n; i++)
        o->card[i] = (uint8_t)cards[i];
}

static void promote(Core *s, uint64_t key, int card)
{
    Order *o = order_slot(s, key);
    if (o->key != key || o->card[0] == card)
        return;
    for (int i = 1; i < o->n; i++) {
        if (o->card[i] == card) {
            for (int j = i; j > 0; j--)
                o->card[j] = o->card[j - 1];
            o->card[0] = (uint8_t)card;
            return;
        }
    }
}

static inline uint64_t order_key(uint32_t cards, int tag) { return (uint64_t)cards | ((uint64_t)(tag + 8) << 32); }

static Entry *lookup(Core *s, uint32_t a, uint32_t b, uint32_t c, int leader, uint64_t *index)
{
    uint64_t h = mix((uint64_t)a ^ ((uint64_t)b << 32) ^ mix((uint64_t)c | ((uint64_t)leader << 32)));
    uint64_t i = h & (s->slots - 1);
    if (s->slots > 1)
        i &= ~(uint64_t)1;
    *index = i;
    for (uint64_t k = i; k < i + (s->slots > 1 ? 2 : 1); k++) {
        Entry *e = &s->tt[k];
        if (e->a == a && e->b == b && e->c == c && e->leader == leader)
            return e;
    }
    return NULL;
}

static void store(Core *s, uint64_t i, uint32_t a, uint32_t b, uint32_t c, int leader, int lo, int hi, int best)
{
    Entry *e = &s->tt[i];
    if (s->slots > 1) {
        Entry *first = &s->tt[i], *second = &s->tt[i + 1];
        if (second->a == a && second->b == b && second->c == c && second->leader == leader)
            e = second;
        else if (first->a == a && first->b == b && first->c == c && first->leader == leader)
            e = first;
        else if (first->a == 0 || popcount(a) >= popcount(first->a))
            e = first; /* the first way keeps the positions with the most cards left */
        else
            e = second;
    }
    mark(&s->tt_table, e, sizeof *e);
    e->a = a;
    e->b = b;
    e->c = c;
    e->leader = (uint8_t)leader;
    e->lo = (uint8_t)lo;
    e->hi = (uint8_t)hi;
    e->best = (int8_t)best;
}

/* The deadline and signals, with the GIL held; 0 to go on, -1 with a Python error set. */
static int look_up(Core *s)
{
    int failed = 0;
    PyEval_RestoreThread(s->saved);
    if (s->nodes >= s->next_signal) {
        s->next_signal = s->nodes + SIGNAL_EVERY;
        if (PyErr_CheckSignals() < 0)
            failed = 1;
    }
    if (!failed && s->nodes >= s->check_at) {
        PyObject *next = PyObject_CallNoArgs(s->on_check);
        if (next == NULL) {
            failed = 1;
        } else {
            unsigned long long at = PyLong_AsUnsignedLongLong(next);
            Py_DECREF(next);
            if (at == (unsigned long long)-1 && PyErr_Occurred())
                failed = 1;
            else
                s->check_at = at;
        }
    }
    s->saved = PyEval_SaveThread();
    return failed ? -1 : 0;
}

static int second_key(const Core *s, int x, int lead, int third, int r)
{
    const uint8_t *beats = s->beats;
    int pts = s->points[x];
    if (r == 2)
        return pts;
    int wins = beats[x * 32 + lead];
    if (r == 1)
        wins = wins && !beats[third * 32 + x];
    else if (!wins && beats[third * 32 + lead])
        return -pts;
    return wins ? -100 - pts : pts;
}

static int probe(Core *s, uint32_t a, uint32_t b, uint32_t c, int leader, int t, int rest)
{
    if (t <= 0)
        return 0;
    if (t > rest)
        return rest;
    if (!a)
        return 0;
    const uint8_t *beats = s->beats;
    if (!(a & (a - 1))) { /* the last trick */
        int c0 = top_bit(a), c1 = top_bit(b), c2 = top_bit(c);
        int w = 0, win = c0;
        if (beats[c1 * 32 + win]) {
            w = 1;
            win = c1;
        }
        if (beats[c2 * 32 + win])
            w = 2;
        return w == mod3(s->declarer - leader) ? rest : 0;
    }
    uint64_t slot;
    Entry *e = lookup(s, a, b, c, leader, &slot);
    int lo, hi, best;
    if (e != NULL) {
        lo = e->lo;
        hi = e->hi;
        best = e->best;
        if (lo >= t)
            return lo;
        if (hi < t)
            return hi;
    } else {
        lo = 0;
        hi = rest;
        best = -1;
    }
    /* positions of the same shape bound this one, shifted by the points that differ */
    uint32_t shape[3];
    uint8_t profile[32];
    shape_of(s, a, b, c, shape, profile);
    Alike *alike = alike_slot(s, shape, leader);
    if (alike_is(alike, shape, leader)) {
        for (int k = 0; k < alike->n; k++) {
            int down = 0, up = 0;
            const uint8_t *other = alike->profile[k];
            for (int i = 0; i < 32; i++) {
                int d = other[i] - profile[i];
                if (d > 0)
                    down += d;
                else
                    up -= d;
            }
            if (alike->lo[k] - down > lo)
                lo = alike->lo[k] - down;
            if (alike->hi[k] + up < hi)
                hi = alike->hi[k] + up;
        }
        if (lo >= t || hi < t) {
            store(s, slot, a, b, c, leader, lo, hi, best);
            return lo >= t ? lo : hi;
        }
    }
    s->nodes++;
    if ((s->nodes >= s->check_at || s->nodes >= s->next_signal) && look_up(s) < 0)
        return ERR;
    int r = mod3(s->declarer - leader);
    uint32_t rem = a | b | c;
    uint32_t high = rem & s->trumps;
    uint32_t run = (high && !((a >> top_bit(high)) & 1)) ? 0 : sure(s, a, b | c, rem);
    if (run) {
        int k = popcount(run);
        int cashed = score(s, run) + cheapest(s, b, k) + cheapest(s, c, k);
        if (r == 0 && cashed >= t) {
            store(s, slot, a, b, c, leader, lo > cashed ? lo : cashed, hi, best);
            return cashed;
        }
        if (r != 0 && rest - cashed < t) {
            store(s, slot, a, b, c, leader, lo, hi < rest - cashed ? hi : rest - cashed, best);
            return rest - cashed;
        }
    }
    int d0 = r == 0, d1 = r == 1, d2 = r == 2;
    int same01 = d0 == d1;
    int led[10], key[32];
    int nl = moves(s, a, rem, led);
    for (int i = 0; i < nl; i++)
        key[led[i]] = d0 ? s->lead_key[led[i]] : s->defence_key[led[i]];
    sort_by(led, nl, key);
    uint64_t lkey = order_key(mask_of(led, nl), -1 - d0);
    recall(s, lkey, led, nl);
    if (nl > 1) { /* leads whose trick the leader's side surely wins first, most points first */
        int won[10], lost[10], nw = 0, nlost = 0;
        for (int i = 0; i < nl; i++) {
            int lead = led[i];
            uint32_t grp = s->group[lead];
            int hb = top_bit(b & grp ? b & grp : b), hc = top_bit(c & grp ? c & grp : c);
            int sure_win;
            if (r == 0)
                sure_win = !beats[hb * 32 + lead] && !beats[hc * 32 + lead];
            else if (r == 1)
                sure_win = !beats[hb * 32 + lead] || beats[hc * 32 + hb];
            else
                sure_win = !beats[hc * 32 + (beats[hb * 32 + lead] ? hb : lead)];
            if (sure_win)
                won[nw++] = lead;
            else
                lost[nlost++] = lead;
        }
        if (nw && nlost) {
            for (int i = 0; i < nw; i++)
                key[won[i]] = -s->points[won[i]];
            sort_by(won, nw, key);
            for (int i = 0; i < nw; i++)
                led[i] = won[i];
            for (int i = 0; i < nlost; i++)
                led[nw + i] = lost[i];
        }
    }
    if (best >= 0 && best != led[0])
        to_front(led, nl, best);
    int g0 = d0 ? -1 : 999, cut = -1;
    for (int i0 = 0; i0 < nl; i0++) {
        int c0 = led[i0];
        uint32_t grp = s->group[c0];
        uint32_t na = a ^ (1u << c0);
        int g1 = d1 ? -1 : 999;
        int second[10], third[10];
        int n2 = moves(s, b & grp ? b & grp : b, rem, second);
        int n3 = moves(s, c & grp ? c & grp : c, rem, third);
        uint64_t okey1 = 0;
        if (n2 > 1) {
            int hc = third[0];
            int tag = same01 ? -3 : (32 | c0 | (r == 0 ? beats[hc * 32 + c0] : hc) << 6);
            for (int i = 0; i < n2; i++)
                key[second[i]] = second_key(s, second[i], c0, hc, r);
            sort_by(second, n2, key);
            okey1 = order_key(mask_of(second, n2), tag);
            recall(s, okey1, second, n2);
        }
        for (int i1 = 0; i1 < n2; i1++) {
            int c1 = second[i1];
            uint32_t nb = b ^ (1u << c1);
            int w1, win1;
            if (beats[c1 * 32 + c0]) {
                w1 = 1;
                win1 = c1;
            } else {
                w1 = 0;
                win1 = c0;
            }
            int p01 = s->points[c0] + s->points[c1];
            int g2 = d2 ? -1 : 999;
            int order[10];
            uint64_t okey2 = 0;
            for (int i = 0; i < n3; i++)
                order[i] = third[i];
            if (n3 > 1) {
                int give = (w1 == r) == d2;
                for (int i = 0; i < n3; i++) {
                    int x = order[i], pts = s->points[x];
                    key[x] = give ? -pts : (beats[x * 32 + win1] ? -100 - pts : pts);
                }
                sort_by(order, n3, key);
                okey2 = order_key(mask_of(order, n3), give ? -4 : win1);
                recall(s, okey2, order, n3);
            }
            for (int i2 = 0; i2 < n3; i2++) {
                int c2 = order[i2];
                uint32_t nc = c ^ (1u << c2);
                int pts = p01 + s->points[c2];
                int w = beats[c2 * 32 + win1] ? 2 : w1;
                int left = rest - pts;
                int need = w == r ? t - pts : t;
                int g;
                if (need <= 0)
                    g = 0;
                else if (need > left)
                    g = left;
                else if (w == 0)
                    g = probe(s, na, nb, nc, leader, need, left);
                else if (w == 1)
                    g = probe(s, nb, nc, na, leader < 2 ? leader + 1 : 0, need, left);
                else
                    g = probe(s, nc, na, nb, leader ? leader - 1 : 2, need, left);
                if (g == ERR)
                    return ERR;
                if (w == r)
                    g += pts;
                if (d2) {
                    if (g > g2) {
                        g2 = g;
                        if (g >= t) {
                            if (n3 > 1 && c2 != order[0])
                                promote(s, okey2, c2);
                            break;
                        }
                    }
                } else if (g < g2) {
                    g2 = g;
                    if (g < t) {
                        if (n3 > 1 && c2 != order[0])
                            promote(s, okey2, c2);
                        break;
                    }
                }
            }
            if (d1) {
                if (g2 > g1) {
                    g1 = g2;
                    if (g2 >= t) {
                        if (n2 > 1 && c1 != second[0])
                            promote(s, okey1, c1);
                        break;
                    }
                }
            } else if (g2 < g1) {
                g1 = g2;
                if (g2 < t) {
                    if (n2 > 1 && c1 != second[0])
                        promote(s, okey1, c1);
                    break;
                }
            }
        }
        if (d0) {
            if (g1 > g0) {
                g0 = g1;
                cut = c0;
                if (g1 >= t)
                    break;
            }
        } else if (g1 < g0) {
            g0 = g1;
            cut = c0;
            if (g1 < t)
                break;
        }
    }
    if ((g0 >= t) == d0 && cut >= 0 && nl > 1)
        promote(s, lkey, cut);
    if (g0 >= t)
        lo = lo > g0 ? lo : g0;
    else
        hi = hi < g0 ? hi : g0;
    store(s, slot, a, b, c, leader, lo, hi, cut);
    remember(s, alike, shape, leader, profile, lo, hi);
    return g0;
}

static int read_ints(PyObject *seq, const char *name, int count, long lo, long hi, long *out)
{
    PyObject *fast = PySequence_Fast(seq, name);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d numbers", name, count);
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", name, v);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = v;
    }
    Py_DECREF(fast);
    return 0;
}

static void give_tables(Core *self)
{
    table_give(&self->tt_table);
    table_give(&self->orders_table);
    table_give(&self->alike_table);
    self->tt = NULL;
    self->orders = NULL;
    self->alike = NULL;
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"beats", "group", "points", "cls", "lead_key", "defence_key",
                            "trumps", "runs", "declarer", "entries", NULL};
    PyObject *beats, *group, *points, *cls, *lead_key, *defence_key;
    unsigned long trumps, runs;
    int declarer;
    unsigned long long entries;
    long buf[1024];
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOkkiK", names, &beats, &group, &points,
                                     &cls, &lead_key, &defence_key, &trumps, &runs, &declarer,
                                     &entries))
        return -1;
    if (declarer < 0 || declarer > 2 || entries < 1) {
        PyErr_SetString(PyExc_ValueError, "declarer 0-2, entries 1 or more");
        return -1;
    }
    if (read_ints(beats, "beats", 1024, 0, 1, buf) < 0)
        return -1;
    for (int i = 0; i < 1024; i++)
        self->beats[i] = (uint8_t)buf[i];
    if (read_ints(group, "group", 32, 0, 0xffffffffL, buf) < 0)
        return -1;
    for (int i = 0; i < 32; i++)
        self->group[i] = (uint32_t)buf[i];
    if (read_ints(points, "points", 32, 0, 11, buf) < 0)
        return -1;
    for (int i = 0; i < 32; i++)
        self->points[i] = (uint8_t)buf[i];
    if (read_ints(cls, "cls", 32, 0, 255, buf) < 0)
        return -1;
    for (int i = 0; i < 32; i++)
        self->cls[i] = (uint8_t)buf[i];
    if (read_ints(lead_key, "lead_key", 32, -1000, 1000, buf) < 0)
        return -1;
    for (int i = 0; i < 32; i++)
        self->lead_key[i] = (int16_t)buf[i];
    if (read_ints(defence_key, "defence_key", 32, -1000, 1000, buf) < 0)
        return -1;
    for (int i = 0; i < 32; i++)
        self->defence_key[i] = (int16_t)buf[i];
    self->trumps = (uint32_t)trumps;
    self->nplain = 0;
    for (int i = 0; i < 32; i++) {
        uint32_t g = self->group[i];
        int seen = 0;
        if (g & self->trumps)
            continue;
        for (int k = 0; k < self->nplain; k++)
            seen |= self->plain[k] == g;
        if (!seen && self->nplain < 4)
            self->plain[self->nplain++] = g;
    }
    self->nvalues = 0;
    for (int v = 0; v <= 11; v++) {
        uint32_t m = 0;
        for (int i = 0; i < 32; i++)
            if (self->points[i] == v)
                m |= 1u << i;
        if (m) {
            self->value[self->nvalues] = (uint8_t)v;
            self->value_mask[self->nvalues++] = m;
        }
    }
    if (!(runs & 1) || runs > 0xffffffffUL) {
        PyErr_SetString(PyExc_ValueError, "runs: a 32-bit mask of the runs' lowest bits, bit 0 set");
        return -1;
    }
    self->nruns = 0;
    for (int bit = 0; bit < 32; bit++) {
        if (runs >> bit & 1)
            self->run_low[self->nruns++] = (uint8_t)bit;
    }
    for (int i = 0; i < self->nruns; i++) {
        int end = i + 1 < self->nruns ? self->run_low[i + 1] : 32;
        uint64_t m = ((1ull << end) - 1) & ~((1ull << self->run_low[i]) - 1);
        self->run_mask[i] = (uint32_t)m;
    }
    self->declarer = declarer;
    uint64_t slots = 1;
    while (slots * 2 <= entries && slots < (1ull << 30))
        slots *= 2;
    give_tables(self);
    self->slots = slots;
    self->alike_slots = slots >= 8 ? slots / 8 : 1;
    if (table_take(&self->tt_table, slots * sizeof(Entry)) < 0 ||
        table_take(&self->orders_table, ORDER_SLOTS * sizeof(Order)) < 0 ||
        table_take(&self->alike_table, self->alike_slots * sizeof(Alike)) < 0) {
        give_tables(self);
        PyErr_NoMemory();
        return -1;
    }
    self->tt = self->tt_table.base;
    self->orders = self->orders_table.base;
    self->alike = self->alike_table.base;
    self->nodes = 0;
    self->check_at = ~0ull;
    self->next_signal = SIGNAL_EVERY;
    return 0;
}

static void Core_dealloc(Core *self)
{
    give_tables(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Can the declarer keep the goal (take every trick, or none) with the hands a b c from leader
 * on? 1 or 0, ERR on an error. Its entries in the table are kept apart from the point search's:
 * their bound is TRICK_MARK + the answer, above any point bound. */
#define TRICK_MARK 200

static int trick_probe(Core *s, uint32_t a, uint32_t b, uint32_t c, int leader, int goal)
{
    if (!a)
        return 1;
    uint64_t slot;
    Entry *e = lookup(s, a, b, c, leader, &slot);
    if (e != NULL && e->lo >= TRICK_MARK)
        return e->lo - TRICK_MARK;
    s->nodes++;
    if ((s->nodes >= s->check_at || s->nodes >= s->next_signal) && look_up(s) < 0)
        return ERR;
    const uint8_t *beats = s->beats;
    int r = mod3(s->declarer - leader);
    int d0 = r == 0, d1 = r == 1, d2 = r == 2;
    uint32_t rem = a | b | c;
    int led[10], second[10], third[10];
    int nl = moves(s, a, rem, led);
    int result0 = !d0;
    for (int i = 0; i < nl && result0 != d0; i++) {
        int c0 = led[i];
        uint32_t grp = s->group[c0], na = a ^ (1u << c0);
        int n1 = moves(s, b & grp ? b & grp : b, rem, second);
        int n2 = moves(s, c & grp ? c & grp : c, rem, third);
        int result1 = !d1;
        for (int j = 0; j < n1 && result1 != d1; j++) {
            int c1 = second[j];
            uint32_t nb = b ^ (1u << c1);
            int w1 = beats[c1 * 32 + c0] ? 1 : 0, win1 = w1 ? c1 : c0;
            int result2 = !d2;
            for (int k = 0; k < n2 && result2 != d2; k++) {
                int c2 = third[k];
                uint32_t nc = c ^ (1u << c2);
                int w = beats[c2 * 32 + win1] ? 2 : w1, ok;
                if ((w == r) != goal)
                    ok = 0;
                else if (w == 0)
                    ok = trick_probe(s, na, nb, nc, leader, goal);
                else if (w == 1)
                    ok = trick_probe(s, nb, nc, na, leader < 2 ? leader + 1 : 0, goal);
                else
                    ok = trick_probe(s, nc, na, nb, leader ? leader - 1 : 2, goal);
                if (ok == ERR)
                    return ERR;
                if (ok == d2)
                    result2 = d2;
            }
            if (result2 == d1)
                result1 = d1;
        }
        if (result1 == d0)
            result0 = d0;
    }
    store(s, slot, a, b, c, leader, TRICK_MARK + result0, TRICK_MARK + result0, -1);
    return result0;
}

/* Checks a position, then searches it without the GIL: the points (trick < 0) or the trick
 * goal (trick 0: none, 1: every trick). The answer, or ERR with a Python error set. */
static int search(Core *self, PyObject *on_check, unsigned long a, unsigned long b,
                  unsigned long c, int leader, int t, int rest, int trick)
{
    if (!PyCallable_Check(on_check)) {
        PyErr_SetString(PyExc_TypeError, "on_check must be callable");
        return ERR;
    }
    if (self->tt == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not initialised");
        return ERR;
    }
    if (leader < 0 || leader > 2 || rest < 0 || rest > 120 || a > 0xffffffffUL ||
        b > 0xffffffffUL || c > 0xffffffffUL || (a & b) || (a & c) || (b & c) ||
        popcount((uint32_t)a) != popcount((uint32_t)b) ||
        popcount((uint32_t)a) != popcount((uint32_t)c)) {
        PyErr_SetString(PyExc_ValueError,
                        "three disjoint 32-bit hands of one size, a leader 0-2, rest 0-120");
        return ERR;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is already running");
        return ERR;
    }
    self->busy = 1;
    self->on_check = on_check;
    self->saved = PyEval_SaveThread();
    int g = trick < 0 ? probe(self, (uint32_t)a, (uint32_t)b, (uint32_t)c, leader, t, rest)
                      : trick_probe(self, (uint32_t)a, (uint32_t)b, (uint32_t)c, leader, trick);
    PyEval_RestoreThread(self->saved);
    self->saved = NULL;
    self->on_check = NULL;
    self->busy = 0;
    return g;
}

static PyObject *Core_probe(Core *self, PyObject *args)
{
    unsigned long a, b, c;
    int leader, t, rest;
    PyObject *on_check;
    if (!PyArg_ParseTuple(args, "kkkiiiO", &a, &b, &c, &leader, &t, &rest, &on_check))
        return NULL;
    int g = search(self, on_check, a, b, c, leader, t, rest, -1);
    return g == ERR ? NULL : PyLong_FromLong(g);
}

static PyObject *Core_trick_probe(Core *self, PyObject *args)
{
    unsigned long a, b, c;
    int leader, goal;
    PyObject *on_check;
    if (!PyArg_ParseTuple(args, "kkkipO", &a, &b, &c, &leader, &goal, &on_check))
        return NULL;
    int g = search(self, on_check, a, b, c, leader, 0, 0, goal);
    return g == ERR ? NULL : PyBool_FromLong(g);
}

static PyObject *Core_get_nodes(Core *self, void *closure)
{
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyObject *Core_get_check_at(Core *self, void *closure)
{
    return PyLong_FromUnsignedLongLong(self->check_at);
}

static int Core_set_check_at(Core *self, PyObject *value, void *closure)
{
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "check_at cannot be deleted");
        return -1;
    }
    unsigned long long at = PyLong_AsUnsignedLongLong(value);
    if (at == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    self->check_at = at;
    return 0;
}

static PyObject *Core_get_slots(Core *self, void *closure)
{
    return PyLong_FromUnsignedLongLong(self->slots);
}

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "positions searched at a trick boundary", NULL},
    {"check_at", (getter)Core_get_check_at, (setter)Core_set_check_at,
     "the node count at which on_check() is called; it returns the next", NULL},
    {"slots", (getter)Core_get_slots, NULL, "the entries the transposition table holds", NULL},
    {NULL},
};

static PyMethodDef Core_methods[] = {
    {"probe", (PyCFunction)Core_probe, METH_VARARGS,
     "probe(a, b, c, leader, t, rest, on_check): a bound on the declarer's points from here;\n"
     "on_check() is called once nodes reaches check_at and returns the next check_at"},
    {"trick_probe", (PyCFunction)Core_trick_probe, METH_VARARGS,
     "trick_probe(a, b, c, leader, goal, on_check): whether the declarer can take every trick\n"
     "(goal true) or none (goal false) from here; on_check as for probe"},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardlib.skat.solver._native.PointCore",
    .tp_doc = "The compiled point search of one deal's game and declarer.",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The compiled point search of the double-dummy solver.", -1,
    NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "PointCore", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

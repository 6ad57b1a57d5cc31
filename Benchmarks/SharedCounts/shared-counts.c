// Counts, per thread, the reference-count writes an alert makes on objects that another thread also
// writes (issue 45's proxy for the scaling, which wall clocks cannot show on a busy machine). Run by
// shared-counts.sh, LD_PRELOAD'ed into Scaling; measurement only, never linked into anything we ship.
// Environment: SHARED_COUNTS_ALERTS (alerts per thread, to divide by), SHARED_COUNTS_TYPES (list the
// shared objects' types, named by the runtime's public swift_getTypeName), SHARED_COUNTS_CALLERS (list
// the call sites of the shared writes, as file+offset), SHARED_COUNTS_ALL (count and list every write, shared
// or not, as if shared: where an alert's writes are). It wraps the runtime's public retain/release entry points as
// called from the program (calls inside libswiftCore itself are not seen), reads the object's refcount
// word before and after the real call, and counts a write when it changed (an immortal object's count
// is read and never written). At exit it compares the last two threads that made calls (the two
// threads of Scaling's last N-thread round) and prints, per alert, their calls, writes, and writes on
// objects both threads wrote, with the callers of those shared writes.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS (1 << 18)
// `type`: the object's metadata when first seen, read then (the object may be freed by the report).
typedef struct { uintptr_t object, caller, type; uint64_t count; } Cell;
typedef struct { Cell *cells; uint64_t calls, writes; } Table;

static Table tables[256];
static int tableCount;
static pthread_mutex_t registration = PTHREAD_MUTEX_INITIALIZER;
static __thread Table *mine;
static __thread int busy;

typedef void *(*Retain)(void *);
typedef void (*Release)(void *);
typedef void *(*RetainN)(void *, uint32_t);
typedef void (*ReleaseN)(void *, uint32_t);
static Retain realRetain, realBridgeRetain;
static Release realRelease, realBridgeRelease;
static RetainN realRetainN, realBridgeRetainN;
static ReleaseN realReleaseN, realBridgeReleaseN;

static void resolve(void) {
    realRetain = (Retain)dlsym(RTLD_NEXT, "swift_retain");
    realRelease = (Release)dlsym(RTLD_NEXT, "swift_release");
    realRetainN = (RetainN)dlsym(RTLD_NEXT, "swift_retain_n");
    realReleaseN = (ReleaseN)dlsym(RTLD_NEXT, "swift_release_n");
    realBridgeRetain = (Retain)dlsym(RTLD_NEXT, "swift_bridgeObjectRetain");
    realBridgeRelease = (Release)dlsym(RTLD_NEXT, "swift_bridgeObjectRelease");
    realBridgeRetainN = (RetainN)dlsym(RTLD_NEXT, "swift_bridgeObjectRetain_n");
    realBridgeReleaseN = (ReleaseN)dlsym(RTLD_NEXT, "swift_bridgeObjectRelease_n");
}

static Table *table(void) {
    if (mine) return mine;
    pthread_mutex_lock(&registration);
    if (tableCount < 256) {
        mine = &tables[tableCount++];
        mine->cells = calloc(SLOTS, sizeof(Cell));
    }
    pthread_mutex_unlock(&registration);
    return mine;
}

static void note(uintptr_t object, uintptr_t caller, int wrote) {
    if (busy) return;
    busy = 1;
    Table *t = table();
    busy = 0;
    if (!t) return;
    t->calls++;
    if (!wrote) return;
    t->writes++;
    uint64_t h = (object * 0x9E3779B97F4A7C15ull) ^ (caller * 0xC2B2AE3D27D4EB4Full);
    for (uint64_t i = h >> 46;; i = (i + 1) & (SLOTS - 1)) {
        Cell *c = &t->cells[i];
        if (c->object == object && c->caller == caller) { c->count++; return; }
        if (c->object == 0) { c->object = object; c->caller = caller; c->type = *(uintptr_t *)object; c->count = 1; return; }
    }
}

static int flag(const char *name) {
    const char *value = getenv(name);
    return value && *value;
}

static inline uint64_t word(uintptr_t object) { return *(volatile uint64_t *)(object + 8); }

#define WRAP(body) \
    if (!realRetain) resolve(); \
    uintptr_t o = object; \
    if ((intptr_t)o <= 0) { body; } else { uint64_t before = word(o); body; uint64_t after = word(o); \
        note(o, (uintptr_t)__builtin_return_address(0), before != after); }

void *swift_retain(void *p) { uintptr_t object = (uintptr_t)p; void *r; WRAP(r = realRetain(p)); return r; }
void swift_release(void *p) { uintptr_t object = (uintptr_t)p; WRAP(realRelease(p)); }
void *swift_retain_n(void *p, uint32_t n) { uintptr_t object = (uintptr_t)p; void *r; WRAP(r = realRetainN(p, n)); return r; }
void swift_release_n(void *p, uint32_t n) { uintptr_t object = (uintptr_t)p; WRAP(realReleaseN(p, n)); }
void *swift_bridgeObjectRetain(void *p) {
    uintptr_t object = (uintptr_t)p & 0x80fffffffffffff9ull; void *r; WRAP(r = realBridgeRetain(p)); return r; }
void swift_bridgeObjectRelease(void *p) {
    uintptr_t object = (uintptr_t)p & 0x80fffffffffffff9ull; WRAP(realBridgeRelease(p)); }
void *swift_bridgeObjectRetain_n(void *p, uint32_t n) {
    uintptr_t object = (uintptr_t)p & 0x80fffffffffffff9ull; void *r; WRAP(r = realBridgeRetainN(p, n)); return r; }
void swift_bridgeObjectRelease_n(void *p, uint32_t n) {
    uintptr_t object = (uintptr_t)p & 0x80fffffffffffff9ull; WRAP(realBridgeReleaseN(p, n)); }

static int compareObject(const void *a, const void *b) {
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}

static uintptr_t *objectsOf(Table *t, size_t *n) {
    uintptr_t *list = malloc(sizeof(uintptr_t) * SLOTS);
    size_t k = 0;
    for (size_t i = 0; i < SLOTS; i++) if (t->cells[i].object) list[k++] = t->cells[i].object;
    qsort(list, k, sizeof(uintptr_t), compareObject);
    *n = k;
    return list;
}

static int contains(uintptr_t *list, size_t n, uintptr_t object) {
    return bsearch(&object, list, n, sizeof(uintptr_t), compareObject) != NULL;
}

typedef struct { uintptr_t caller; uint64_t count; } CallerCount;
static int byCount(const void *a, const void *b) {
    uint64_t x = ((const CallerCount *)a)->count, y = ((const CallerCount *)b)->count;
    return x < y ? 1 : x > y ? -1 : 0;
}

__attribute__((destructor)) static void report(void) {
    busy = 1;
    const char *alertsText = getenv("SHARED_COUNTS_ALERTS");
    double alerts = alertsText ? atof(alertsText) : 1;
    // The last two threads with many calls: Scaling's last two-thread round.
    int picked[2] = {-1, -1}, found = 0;
    for (int i = tableCount - 1; i >= 0 && found < 2; i--)
        if (tables[i].calls > alerts) picked[found++] = i;
    if (found < 2) { fprintf(stderr, "shared-counts: fewer than two busy threads\n"); return; }
    for (int side = 0; side < 2; side++) {
        Table *t = &tables[picked[side]], *other = &tables[picked[1 - side]];
        size_t n;
        uintptr_t *others = objectsOf(other, &n);
        uint64_t shared = 0;
        CallerCount *callers = calloc(SLOTS, sizeof(CallerCount));
        size_t callerCount = 0;
        CallerCount *types = calloc(SLOTS, sizeof(CallerCount));
        size_t typeCount = 0;
        for (size_t i = 0; i < SLOTS; i++) {
            Cell *c = &t->cells[i];
            if (!c->object || (!flag("SHARED_COUNTS_ALL") && !contains(others, n, c->object))) continue;
            shared += c->count;
            size_t j = 0;
            while (j < callerCount && callers[j].caller != c->caller) j++;
            if (j == callerCount) { callers[callerCount].caller = c->caller; callerCount++; }
            callers[j].count += c->count;
            if (flag("SHARED_COUNTS_TYPES")) {
                uintptr_t type = c->type;
                size_t m = 0;
                while (m < typeCount && types[m].caller != type) m++;
                if (m == typeCount) { types[typeCount].caller = type; typeCount++; }
                types[m].count += c->count;
            }
        }
        fprintf(stderr, "thread %d: per alert %.2f calls, %.2f writes, %.2f shared writes\n", side,
                t->calls / alerts, t->writes / alerts, shared / alerts);
        if (side == 0 && flag("SHARED_COUNTS_CALLERS")) {
            qsort(callers, callerCount, sizeof(CallerCount), byCount);
            for (size_t j = 0; j < callerCount && j < 40; j++) {
                Dl_info info;
                const char *name = "?";
                uintptr_t offset = callers[j].caller;
                if (dladdr((void *)callers[j].caller, &info)) {
                    offset = callers[j].caller - (uintptr_t)info.dli_fbase;
                    name = info.dli_fname;
                }
                fprintf(stderr, "  %6.2f  %s+0x%lx\n", callers[j].count / alerts, name, (unsigned long)offset);
            }
        }
        if (side == 0 && flag("SHARED_COUNTS_TYPES")) {
            qsort(types, typeCount, sizeof(CallerCount), byCount);
            for (size_t j = 0; j < typeCount && j < 40; j++) {
                Dl_info info;
                typedef struct { const char *data; size_t length; } Name;
                Name (*typeName)(const void *, _Bool) = (Name (*)(const void *, _Bool))dlsym(RTLD_DEFAULT, "swift_getTypeName");
                if (typeName) {
                    Name name = typeName((const void *)types[j].caller, 1);
                    fprintf(stderr, "  T %6.2f  %.*s\n", types[j].count / alerts, (int)name.length, name.data);
                } else if (dladdr((void *)types[j].caller, &info) && info.dli_sname)
                    fprintf(stderr, "  T %6.2f  %s\n", types[j].count / alerts, info.dli_sname);
                else if (dladdr((void *)types[j].caller, &info))
                    fprintf(stderr, "  T %6.2f  %s+0x%lx\n", types[j].count / alerts, info.dli_fname, (unsigned long)(types[j].caller - (uintptr_t)info.dli_fbase));
                else fprintf(stderr, "  T %6.2f  0x%lx\n", types[j].count / alerts, (unsigned long)types[j].caller);
            }
        }
        free(types);
        free(others);
        free(callers);
    }
}

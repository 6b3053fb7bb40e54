// How much of the core's arithmetic is ours, as `make bench` prints it before and after its runs: the time of eight
// independent single-precision multiply-add chains over the time of one, on the same number of iterations. Eight
// chains of a 4-cycle multiply and a 4-cycle add fill the two vector ports exactly, so on a core of our own the ratio
// is about 1.0-1.2; when another tenant's thread runs on the same physical core (its hyper-thread sibling) the ports
// are shared and the eight chains slow down while the single chain, which waits on its own latency, does not:
// 1.5-1.8. On this project's shared virtual machine the ratio moves between the two for seconds to minutes, and a
// solver that keeps the ports busy (ours runs about three instructions a cycle when the core is its own) slows with
// it far more than a peer that waits on memory: compare runs made at different ratios with care. Prints the median
// of nine ratios, or "n/a" off x86-64.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

enum { iterations = 4000000, samples = 9 };

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// The empty asm keeps each chain in a register and its steps in the loop (the compiler would fold a chain that
// converges); `sink` keeps the results alive.
#define STEP(v) v = _mm_add_ps(_mm_mul_ps(v, m), k)
#define KEEP(v) __asm__ volatile("" : "+x"(v))

static float sink;

static double ratio(void) {
    const __m128 m = _mm_set1_ps(0.9999f), k = _mm_set1_ps(0.0001f);
    __m128 a = _mm_set1_ps(1), b = a, c = a, d = a, e = a, f = a, g = a, h = a, x = a;
    double t0 = seconds();
    for (long i = 0; i < iterations; i++) {
        STEP(a); STEP(b); STEP(c); STEP(d); STEP(e); STEP(f); STEP(g); STEP(h);
        KEEP(a); KEEP(b); KEEP(c); KEEP(d); KEEP(e); KEEP(f); KEEP(g); KEEP(h);
    }
    double t1 = seconds();
    for (long i = 0; i < iterations; i++) {
        STEP(x);
        KEEP(x);
    }
    double t2 = seconds();
    float out[4];
    _mm_storeu_ps(out, _mm_add_ps(_mm_add_ps(_mm_add_ps(a, b), _mm_add_ps(c, d)),
                                  _mm_add_ps(_mm_add_ps(e, f), _mm_add_ps(_mm_add_ps(g, h), x))));
    sink += out[0];
    return (t1 - t0) / (t2 - t1);
}

int main(void) {
    double r[samples];
    for (int s = 0; s < samples; s++) r[s] = ratio();
    qsort(r, samples, sizeof r[0], ascending);
    printf("%.2f\n", r[samples / 2]);
    return sink == 12345.0f;  // never: keeps `sink` read
}
#else
int main(void) {
    puts("n/a");
    return 0;
}
#endif

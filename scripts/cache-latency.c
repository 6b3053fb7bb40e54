// The latency of a load from a 1 MiB working set (ns), as `make bench` prints it before and after its runs: the
// median of nine chases through a random cycle of pointers filling 1 MiB (inside a 2 MiB second-level cache,
// beyond the first). On this project's shared virtual machine it moves between about 8 ns (the set stays in the
// core's L2) and 25 ns (another tenant on the same core evicts it) for seconds to minutes while the arithmetic does
// not; the solver's working set lives in L2, so its times move with it more than a peer's whose hot data is
// smaller: compare runs made at different latencies with care.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { entries = (1 << 20) / sizeof(size_t), hops = 2000000, samples = 9 };

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void) {
    size_t *next = malloc(entries * sizeof(size_t));
    size_t *order = malloc(entries * sizeof(size_t));
    if (!next || !order) { fputs("cache-latency: out of memory\n", stderr); return 1; }
    // A random cycle through every entry (Fisher-Yates with a fixed LCG: the same cycle every run).
    uint64_t seed = 12345;
    for (size_t i = 0; i < entries; i++) order[i] = i;
    for (size_t i = entries - 1; i > 0; i--) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        size_t j = (size_t)(seed >> 33) % (i + 1);
        size_t t = order[i]; order[i] = order[j]; order[j] = t;
    }
    for (size_t i = 0; i < entries; i++) next[order[i]] = order[(i + 1) % entries];
    size_t at = order[0];
    for (long i = 0; i < entries; i++) at = next[at];  // Warm the cache.
    double ns[samples];
    for (int s = 0; s < samples; s++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        for (long i = 0; i < hops; i++) at = next[at];
        clock_gettime(CLOCK_MONOTONIC, &end);
        ns[s] = ((double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec)) / hops;
    }
    qsort(ns, samples, sizeof(double), ascending);
    printf("%.1f\n", ns[samples / 2] + (at == (size_t)-1));  // `at` used: the chase is not optimized away.
    free(next);
    free(order);
    return 0;
}

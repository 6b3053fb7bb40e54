// The round trip of one cache line between two threads (ns), as `make bench-threads` prints it: the main thread
// and a second one hand a counter back and forth a million times. Where this is slow, threads that meet at every
// solver colour lose more than they gain (WorldSettings.adaptiveWorkers). Built and run by scripts/bench-threads.sh.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

enum { rounds = 1000000 };
static _Atomic long turn = 0;

static void *answer(void *unused) {
    (void)unused;
    for (long i = 0; i < rounds; i++) {
        while (atomic_load_explicit(&turn, memory_order_acquire) != 2 * i + 1) {}
        atomic_store_explicit(&turn, 2 * i + 2, memory_order_release);
    }
    return NULL;
}

int main(void) {
    pthread_t other;
    struct timespec start, end;
    if (pthread_create(&other, NULL, answer, NULL) != 0) { fputs("core-round-trip: no second thread\n", stderr); return 1; }
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < rounds; i++) {
        atomic_store_explicit(&turn, 2 * i + 1, memory_order_release);
        while (atomic_load_explicit(&turn, memory_order_acquire) != 2 * i + 2) {}
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    pthread_join(other, NULL);
    double ns = ((double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec)) / rounds;
    printf("%.0f\n", ns);
    return 0;
}

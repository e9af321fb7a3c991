// The task runner of sd_tasks.h. One 64-bit atomic word holds the run's generation, its task count and the next
// unclaimed task: a worker claims a task by a compare-and-swap that also checks the generation, so a worker late
// from an earlier run can never take a task of the next one, and it reads the run's function and context only
// after a successful claim (the caller's release store of the word orders them). Idle workers spin on the word
// for sdTaskSpins pauses (the sparse solves that fork are 0.05–3 ms apart within a step), then sleep on a
// condition variable, so a world idle between frames does not hold a core. Tasks run with the caller's
// floating-point control state (the step flushes subnormals to zero: step.c), or a worker's arithmetic would
// differ from the caller's.
#include "sd_tasks.h"

#include <stdlib.h>

#if (defined(_WIN32) && !defined(SD_HAVE_PTHREADS)) || defined(__STDC_NO_ATOMICS__) || defined(SD_NO_THREADS)
#define SD_TASK_THREADS 0
#else
#define SD_TASK_THREADS 1
#endif

#if SD_TASK_THREADS
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>

/// Pauses an idle worker spins before it sleeps: 4096 pauses are 0.05–0.2 ms on bare-metal x86 (a pause takes
/// 10–140 cycles by microarchitecture) and about 0.5 ms on the project's KVM host (~130 ns a pause), about the gap
/// between a step's forks. More workers than free cores
/// therefore cost: a spinning worker holds a core another one needs.
#define sdTaskSpins 4096
/// Pauses the calling thread spins on unfinished tasks before it yields its core (a loaded machine may have
/// descheduled the worker that holds one).
#define sdTaskWaitSpins 1024

#if defined(__SSE2__) || defined(__x86_64__)
#include <xmmintrin.h>
/// The floating-point control state tasks inherit from the caller: MXCSR (rounding, flush-to-zero,
/// denormals-are-zero), else the whole floating-point environment.
typedef unsigned int sdFloatControl;
static inline sdFloatControl sd_float_control(void) { return _mm_getcsr() & ~0x3Fu; } // not the sticky flags
static inline void sd_set_float_control(const sdFloatControl* control) { _mm_setcsr(*control); }
#else
#include <fenv.h>
typedef fenv_t sdFloatControl;
static inline sdFloatControl sd_float_control(void) {
    fenv_t e;
    fegetenv(&e);
    return e;
}
static inline void sd_set_float_control(const sdFloatControl* control) { fesetenv(control); }
#endif

#if defined(__x86_64__) || defined(__i386__)
#define SD_PAUSE() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define SD_PAUSE() __asm__ __volatile__("yield")
#else
#define SD_PAUSE() ((void)0)
#endif

struct sdTaskPool {
    _Atomic uint64_t state;  // generation (32 bits) | task count (16) | next task (16)
    _Atomic int32_t done;    // tasks of the current run finished
    _Atomic int32_t sleeping; // workers waiting on `wake`
    _Atomic bool quit;
    sdTaskFunction function; // the current run's: written before `state` is published, read after a claim
    void* context;
    sdFloatControl floatControl; // the caller's, for the run
    pthread_mutex_t mutex;
    pthread_cond_t wake;
    int32_t threadCount;
    pthread_t threads[];
};

static inline uint32_t sd_state_generation(uint64_t s) { return (uint32_t)(s >> 32); }
static inline int32_t sd_state_count(uint64_t s) { return (int32_t)((s >> 16) & 0xFFFF); }
static inline int32_t sd_state_next(uint64_t s) { return (int32_t)(s & 0xFFFF); }

/// Claims and runs tasks of generation `generation` until none is left. A worker first takes the caller's
/// floating-point control state; the caller keeps its own (and its sticky exception flags).
static void sd_task_claim_all(sdTaskPool* pool, uint32_t generation, bool worker) {
    uint64_t s = atomic_load_explicit(&pool->state, memory_order_acquire);
    for (;;) {
        if (sd_state_generation(s) != generation || sd_state_next(s) >= sd_state_count(s)) return;
        if (!atomic_compare_exchange_weak_explicit(&pool->state, &s, s + 1, memory_order_acq_rel,
                                                   memory_order_acquire))
            continue;
        if (worker) sd_set_float_control(&pool->floatControl);
        pool->function(pool->context, sd_state_next(s));
        atomic_fetch_add_explicit(&pool->done, 1, memory_order_release);
        s = atomic_load_explicit(&pool->state, memory_order_acquire);
    }
}

static void* sd_task_worker(void* argument) {
    sdTaskPool* pool = argument;
    uint32_t seen = 0;
    for (;;) {
        uint64_t s = atomic_load_explicit(&pool->state, memory_order_acquire);
        for (int spin = 0; sd_state_generation(s) == seen && spin < sdTaskSpins; ++spin) {
            SD_PAUSE();
            s = atomic_load_explicit(&pool->state, memory_order_acquire);
        }
        if (sd_state_generation(s) == seen) {
            pthread_mutex_lock(&pool->mutex);
            atomic_fetch_add(&pool->sleeping, 1); // sequentially consistent, as the run's store and load
            while (sd_state_generation(s = atomic_load(&pool->state)) == seen && !atomic_load(&pool->quit))
                pthread_cond_wait(&pool->wake, &pool->mutex);
            atomic_fetch_sub(&pool->sleeping, 1);
            pthread_mutex_unlock(&pool->mutex);
        }
        if (atomic_load(&pool->quit)) return NULL;
        seen = sd_state_generation(s);
        sd_task_claim_all(pool, seen, true);
    }
}

/// Publishes a new generation (with `count` tasks) and wakes sleeping workers.
static uint32_t sd_task_publish(sdTaskPool* pool, int32_t count) {
    const uint32_t generation = sd_state_generation(atomic_load_explicit(&pool->state, memory_order_relaxed)) + 1;
    atomic_store(&pool->state, ((uint64_t)generation << 32) | ((uint64_t)count << 16));
    // Either a worker about to sleep sees the new generation, or this sees it counted as sleeping (both
    // sequentially consistent); taking the mutex then waits until it is in pthread_cond_wait.
    if (atomic_load(&pool->sleeping) > 0) {
        pthread_mutex_lock(&pool->mutex);
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->mutex);
    }
    return generation;
}

sdTaskPool* sd_task_pool_create(int32_t workers) {
    if (workers <= 1) return NULL;
    sdTaskPool* pool = calloc(1, sizeof(sdTaskPool) + (size_t)(workers - 1) * sizeof(pthread_t));
    if (pool == NULL) return NULL;
    atomic_init(&pool->state, 0);
    atomic_init(&pool->done, 0);
    atomic_init(&pool->sleeping, 0);
    atomic_init(&pool->quit, false);
    if (pthread_mutex_init(&pool->mutex, NULL) != 0) {
        free(pool);
        return NULL;
    }
    if (pthread_cond_init(&pool->wake, NULL) != 0) {
        pthread_mutex_destroy(&pool->mutex);
        free(pool);
        return NULL;
    }
    for (int32_t t = 0; t < workers - 1; ++t) {
        if (pthread_create(&pool->threads[t], NULL, sd_task_worker, pool) != 0) {
            sd_task_pool_destroy(pool); // the threads started so far
            return NULL;
        }
        pool->threadCount = t + 1;
    }
    return pool;
}

void sd_task_pool_destroy(sdTaskPool* pool) {
    if (pool == NULL) return;
    atomic_store(&pool->quit, true);
    sd_task_publish(pool, 0);
    pthread_mutex_lock(&pool->mutex); // a worker between its check and its wait holds the mutex
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->mutex);
    for (int32_t t = 0; t < pool->threadCount; ++t) pthread_join(pool->threads[t], NULL);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->mutex);
    free(pool);
}

void sd_task_pool_run(sdTaskPool* pool, sdTaskFunction function, void* context, int32_t count) {
    if (pool == NULL || count <= 1 || count > 0xFFFF) {
        for (int32_t t = 0; t < count; ++t) function(context, t);
        return;
    }
    // The previous run has finished (every claimed task counted in `done`), so no worker reads these now.
    pool->function = function;
    pool->context = context;
    pool->floatControl = sd_float_control();
    atomic_store_explicit(&pool->done, 0, memory_order_relaxed);
    const uint32_t generation = sd_task_publish(pool, count);
    sd_task_claim_all(pool, generation, false);
    for (int spin = 0; atomic_load_explicit(&pool->done, memory_order_acquire) < count; ++spin) {
        if (spin < sdTaskWaitSpins) SD_PAUSE();
        else sched_yield();
    }
}

static int32_t sd_task_pool_workers(const sdTaskPool* pool) { return pool == NULL ? 1 : pool->threadCount + 1; }

#else

static int32_t sd_task_pool_workers(const sdTaskPool* pool) {
    (void)pool;
    return 1;
}

sdTaskPool* sd_task_pool_create(int32_t workers) {
    (void)workers;
    return NULL;
}

void sd_task_pool_destroy(sdTaskPool* pool) { (void)pool; }

void sd_task_pool_run(sdTaskPool* pool, sdTaskFunction function, void* context, int32_t count) {
    (void)pool;
    for (int32_t t = 0; t < count; ++t) function(context, t);
}

#endif

/// Pieces of a range a worker (sdRangeMaxPieces allows for it): more than one, so a worker the machine
/// descheduled holds back less of the run.
#define sdRangePiecesPerWorker 4
_Static_assert(sdRangePiecesPerWorker * sdMaxWorkers <= sdRangeMaxPieces, "sdRangeMaxPieces");

typedef struct sdRangeRun {
    sdRangeFunction function;
    void* context;
    int32_t n, pieces, align;
} sdRangeRun;

/// Piece t's start: its even share of n, rounded down to a multiple of the alignment (n for t = pieces).
static int32_t sd_range_start(const sdRangeRun* run, int32_t t) {
    if (t >= run->pieces) return run->n;
    const int64_t start = (int64_t)run->n * t / run->pieces;
    return (int32_t)(start - start % run->align);
}

static void sd_range_task(void* context, int32_t task) {
    const sdRangeRun* run = context;
    const int32_t begin = sd_range_start(run, task), end = sd_range_start(run, task + 1);
    run->function(run->context, task, begin, end); // even when empty: the piece's reductions start there
}

int32_t sd_task_pool_range(sdTaskPool* pool, sdRangeFunction function, void* context, int32_t n, int32_t grain,
                           int32_t align) {
    if (grain < 1) grain = 1;
    if (align < 1) align = 1;
    int32_t pieces = sd_task_pool_workers(pool) * sdRangePiecesPerWorker;
    if (pieces > n / grain) pieces = n / grain;
    if (pool == NULL || pieces <= 1) {
        if (n > 0) function(context, 0, 0, n);
        return 1;
    }
    sdRangeRun run = {function, context, n, pieces, align};
    sd_task_pool_run(pool, sd_range_task, &run, pieces);
    return pieces;
}

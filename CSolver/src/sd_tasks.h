// A small fork–join task runner (task_pool.c): persistent worker threads that a world with more than one worker
// owns, and a run of a few independent tasks shared among them and the calling thread. Tasks are claimed in
// index order from one atomic word; which thread runs which task never changes a result, since each task owns
// its workspace (the sparse path indexes it by the task, never by the thread). Where pthreads or C11 atomics
// are unavailable the pool is never created and every run is a plain loop on the calling thread.
#ifndef SD_TASKS_H
#define SD_TASKS_H

#include <stdint.h>

/// Most workers a world may have (sdWorldDef.workerCount), the calling thread included.
#define sdMaxWorkers 64

typedef struct sdTaskPool sdTaskPool;
typedef void (*sdTaskFunction)(void* context, int32_t task);

/// Starts `workers` − 1 threads (the calling thread is the last worker); NULL when `workers` ≤ 1, when threads
/// are unavailable, or when one cannot be started (every run is then serial: the same results).
sdTaskPool* sd_task_pool_create(int32_t workers);
/// Stops and joins the threads. NULL is ignored.
void sd_task_pool_destroy(sdTaskPool* pool);
/// Runs function(context, t) for t in [0, count) — on the pool's threads and the calling thread, or in order on
/// the calling thread when `pool` is NULL or count is 1 — and returns when all have finished.
void sd_task_pool_run(sdTaskPool* pool, sdTaskFunction function, void* context, int32_t count);

/// Most pieces sd_task_pool_range cuts a range into (piece numbers are below it).
#define sdRangeMaxPieces (4 * sdMaxWorkers)
typedef void (*sdRangeFunction)(void* context, int32_t piece, int32_t begin, int32_t end);
/// Runs function(context, piece, begin, end) over contiguous pieces of [0, n) that cover it once, in piece order
/// of begin — a few a worker, each of at least `grain` items and starting at a multiple of `align` — or as piece 0
/// over all of [0, n) on the calling thread when `pool` is NULL or n is under two grains; returns the number of
/// pieces. For work whose items are independent (each writes only its own outputs, a piece's own reductions
/// indexed by its piece): the pieces then change no result.
int32_t sd_task_pool_range(sdTaskPool* pool, sdRangeFunction function, void* context, int32_t n, int32_t grain,
                           int32_t align);

#endif

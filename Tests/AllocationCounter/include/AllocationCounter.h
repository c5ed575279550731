#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stddef.h>

/// Heap allocations made so far by the calling thread (malloc, calloc, realloc and the
/// aligned variants). Test support: linking this library into a test binary replaces
/// glibc's allocation entry points with counting ones that forward to glibc.
long allocation_count(void);

/// The largest single request (in bytes) the calling thread made since the last call, and
/// starts again from 0: shows that a reader does not allocate what a file merely claims.
size_t take_largest_allocation(void);

/// 1 where the counter works (glibc), 0 elsewhere (allocation_count() is then always 0).
int allocation_counting_supported(void);

#endif

#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Heap allocations made so far by the calling thread (malloc, calloc, realloc and the
/// aligned variants). Test support: linking this library into a test binary replaces
/// glibc's allocation entry points with counting ones that forward to glibc.
long allocation_count(void);

/// 1 where the counter works (glibc), 0 elsewhere (allocation_count() is then always 0).
int allocation_counting_supported(void);

#endif

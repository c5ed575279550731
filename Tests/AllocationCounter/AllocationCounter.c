#include "AllocationCounter.h"

#include <errno.h>  // also defines __GLIBC__ on glibc systems
#include <stddef.h>

#if defined(__GLIBC__)
// glibc's own implementations, which it exports so that a program can wrap them
// ("Replacing malloc" in the glibc manual). free stays glibc's.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Per thread, so tests running in parallel on other threads do not disturb a count.
static __thread long allocations;
static __thread size_t largest;

static void note(size_t size) {
    allocations++;
    if (size > largest) largest = size;
}

void *malloc(size_t size) { note(size); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { note(count * size); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { note(size); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { note(size); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note(size); return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    note(size);
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

long allocation_count(void) { return allocations; }
size_t take_largest_allocation(void) { size_t size = largest; largest = 0; return size; }
int allocation_counting_supported(void) { return 1; }
#else
long allocation_count(void) { return 0; }
size_t take_largest_allocation(void) { return 0; }
int allocation_counting_supported(void) { return 0; }
#endif

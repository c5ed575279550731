// OpenBLAS's own cblas.h (pkg-config puts its folder first on the include path).
// openblas_config.h exists only in OpenBLAS, so a build against another BLAS
// fails here instead of silently using the wrong header.
#include <openblas_config.h>
#include <cblas.h>

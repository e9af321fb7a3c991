// LAPACK and BLAS come from the system (Debian: liblapack-dev, libblas-dev; Apple: Accelerate).
// The solver declares the Fortran entry points it calls itself, in CSolver/src/sd_lapack.h.
#pragma once

/*-------------------------------------------------------------------------
 *
 * bloom_module.c
 *	  The bloomfilter module's magic block, which tells the server which
 *	  release it was built for (and, since PostgreSQL 18, its own name and
 *	  version).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_module.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_compat.h"

BLOOM_MODULE_MAGIC;

/*-------------------------------------------------------------------------
 *
 * bloom_names_1_0.h
 *	  The C names that a catalog of bloomfilter 1.0 calls its functions by
 *	  (bloom_names_1_0.c), for the one file that must tell such a function
 *	  apart.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_names_1_0.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_NAMES_1_0_H
#define BLOOM_NAMES_1_0_H

#include "bloom_compat.h"

/* bloom_agg(value, capacity, fpr)'s transition function in 1.0 */
extern PGDLLEXPORT Datum bloom_agg_sized_trans(PG_FUNCTION_ARGS);

#endif							/* BLOOM_NAMES_1_0_H */

/*-------------------------------------------------------------------------
 *
 * bloomfilter.c
 *	  Module entry point of the bloomfilter extension.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloomfilter.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"

PG_MODULE_MAGIC;

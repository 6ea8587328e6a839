/*-------------------------------------------------------------------------
 *
 * bloom_params.h
 *	  Which arguments of a call are the same on every row of the scan that
 *	  makes it (bloom_params.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_params.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_PARAMS_H
#define BLOOM_PARAMS_H

#include "bloom_compat.h"

#include "nodes/nodes.h"

extern void bloom_params_init(void);
extern Node *bloom_arg_expr(FunctionCallInfo fcinfo, int argno);
extern bool bloom_arg_fixed_for_scan(FunctionCallInfo fcinfo, int argno);

#endif							/* BLOOM_PARAMS_H */

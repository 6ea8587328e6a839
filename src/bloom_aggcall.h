/*-------------------------------------------------------------------------
 *
 * bloom_aggcall.h
 *	  Reading a call (bloom_aggcall.c): the type a value argument was
 *	  written with, through an aggregate's overloads, implicit casts,
 *	  window aggregates and Citus's worker calls; and what the final step of
 *	  an aggregate can read of its call.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_aggcall.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_AGGCALL_H
#define BLOOM_AGGCALL_H

#include "bloom_hasher.h"

#include "nodes/execnodes.h"

extern Oid	bloom_call_value_type(FunctionCallInfo fcinfo, int argno);
extern int32 bloom_call_value_typmod(FunctionCallInfo fcinfo, int argno);
extern Oid	bloom_aggref_value_type(const Aggref *aggref, int i);
extern int32 bloom_aggref_typmod(const Aggref *aggref, int i);
extern PGFunction bloom_aggref_transition(const Aggref *aggref);
extern const Aggref *bloom_final_aggref(FunctionCallInfo fcinfo);
extern bool bloom_final_arg(FunctionCallInfo fcinfo, const Aggref *aggref,
							int i, Datum *value, bool *isnull);

#endif							/* BLOOM_AGGCALL_H */

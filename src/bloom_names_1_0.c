/*-------------------------------------------------------------------------
 *
 * bloom_names_1_0.c
 *	  The C names that a catalog of bloomfilter 1.0 calls its functions by,
 *	  each passing the call to the function of this release, but one.
 *
 * Every C function that SQL calls is named bloomfilter_*: no PostgreSQL
 * server defines a function of that prefix, while the server's own Bloom
 * filter (src/backend/lib/bloomfilter.c) defines bloom_create and other
 * bloom_* functions.  A server with JIT inlining looks a C function's name
 * up in its own bitcode before the module's, and inlined its bloom_create
 * in place of ours: the call crashed the server (issues 24 and 31).
 *
 * 1.0's install script named each function's C symbol after the SQL
 * function (bloom_in, bloom_create, ...).  No release installs 1.0 any
 * more: a database created at 1.0 before keeps those names until ALTER
 * EXTENSION bloomfilter UPDATE points every function at its bloomfilter_*
 * name (src/sql/update--1.0--1.1.sql).  Until then its functions load by
 * these names, each a function that passes its call on, so that its
 * filters stay readable and can be dumped; but bloom_create, which is
 * also the server's, is not among them: this library exports no symbol
 * the server exports (test/t/symbols.t), so 1.0's bloom_create fails with
 * "could not find function" rather than run the server's function, and
 * works again once the database is updated (README.md, Upgrading).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_names_1_0.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_names_1_0.h"

/*
 * The 1.0 name bloom_<name> of the function bloomfilter_<name>, passing the
 * same call on: its arguments, its call site (flinfo) and its context.
 */
#define BLOOM_NAME_1_0(name) \
	extern PGDLLEXPORT Datum bloomfilter_##name(PG_FUNCTION_ARGS); \
	PG_FUNCTION_INFO_V1(bloom_##name); \
	Datum \
	bloom_##name(PG_FUNCTION_ARGS) \
	{ \
		return bloomfilter_##name(fcinfo); \
	} \
	extern int no_such_variable

/* the type's input and output, and the cast from bytea */
BLOOM_NAME_1_0(in);
BLOOM_NAME_1_0(out);
BLOOM_NAME_1_0(recv);
BLOOM_NAME_1_0(send);
BLOOM_NAME_1_0(from_bytea);

/* functions on filters (bloom_create is the server's: not here) */
BLOOM_NAME_1_0(add);
BLOOM_NAME_1_0(contains);
BLOOM_NAME_1_0(contained);
BLOOM_NAME_1_0(fpr);
BLOOM_NAME_1_0(info);
BLOOM_NAME_1_0(union);
BLOOM_NAME_1_0(intersect);
BLOOM_NAME_1_0(cardinality);
BLOOM_NAME_1_0(union_cardinality);
BLOOM_NAME_1_0(intersection_cardinality);
BLOOM_NAME_1_0(jaccard);

/* comparison and hashing */
BLOOM_NAME_1_0(eq);
BLOOM_NAME_1_0(ne);
BLOOM_NAME_1_0(lt);
BLOOM_NAME_1_0(le);
BLOOM_NAME_1_0(gt);
BLOOM_NAME_1_0(ge);
BLOOM_NAME_1_0(cmp);
BLOOM_NAME_1_0(hash);
BLOOM_NAME_1_0(hash_extended);

/* the aggregates' support functions */
BLOOM_NAME_1_0(agg_trans);
BLOOM_NAME_1_0(agg_sized_trans);
BLOOM_NAME_1_0(agg_combine);
BLOOM_NAME_1_0(agg_final);
BLOOM_NAME_1_0(intersect_agg_trans);

/* the planner's estimate of @> and <@ */
BLOOM_NAME_1_0(membership_sel);

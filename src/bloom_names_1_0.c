/*-------------------------------------------------------------------------
 *
 * bloom_names_1_0.c
 *	  The C names that a catalog of bloomfilter 1.0 calls its functions by,
 *	  each passing the call to the function of this release.
 *
 * Every C function that SQL calls is named bloomfilter_*: no PostgreSQL
 * server defines a function of that prefix, while the server's own Bloom
 * filter (src/backend/lib/bloomfilter.c) defines bloom_create and other
 * bloom_* functions.  A server with JIT inlining looks a C function's name
 * up in its own bitcode before the module's, and inlined its bloom_create
 * in place of ours: the call crashed the server (issue 24).
 *
 * bloomfilter--1.0.sql, which stays as released, names each function's C
 * symbol after the SQL function (bloom_in, bloom_create, ...).  A
 * database created at 1.0 keeps those names until ALTER EXTENSION
 * bloomfilter UPDATE points every function at its bloomfilter_* name
 * (bloomfilter--1.0--1.1.sql), and so does a fresh CREATE EXTENSION
 * bloomfilter VERSION '1.0', as test/t/upgrade.t makes.  They must still
 * load, so the names stay, each a function that passes its call on.  One
 * of them, bloom_create, is also the server's: under JIT inlining a 1.0
 * catalog still gets the server's function, and only the update cures
 * it (README.md, Upgrading).
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

/* functions on filters */
BLOOM_NAME_1_0(create);
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

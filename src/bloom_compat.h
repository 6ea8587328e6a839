/*-------------------------------------------------------------------------
 *
 * bloom_compat.h
 *	  The differences between the PostgreSQL releases bloomfilter supports
 *	  (15, 16, 17 and 18), in one place, so that no other file tests
 *	  PG_VERSION_NUM.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_compat.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_COMPAT_H
#define BLOOM_COMPAT_H

#include "postgres.h"

#include "fmgr.h"

/* Since 16 postgres.h leaves out the varlena macros: they are in varatt.h */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * The module is built with hidden symbols (-fvisibility=hidden, Makefile),
 * so that it exports its SQL entry points and nothing else.  Since 16
 * PostgreSQL builds modules so itself, PGDLLEXPORT gives a symbol default
 * visibility, and PG_FUNCTION_INFO_V1 declares the function PGDLLEXPORT as
 * well as its info record.  Before 16 PGDLLEXPORT is empty outside
 * Windows, and PG_FUNCTION_INFO_V1 exports the info record only: here they
 * are defined as 16 defines them.
 */
#if PG_VERSION_NUM < 160000 && defined(__GNUC__)
#undef PGDLLEXPORT
#define PGDLLEXPORT __attribute__((visibility("default")))
#undef PG_FUNCTION_INFO_V1
#define PG_FUNCTION_INFO_V1(funcname) \
extern PGDLLEXPORT Datum funcname(PG_FUNCTION_ARGS); \
extern PGDLLEXPORT const Pg_finfo_record * CppConcat(pg_finfo_,funcname)(void); \
const Pg_finfo_record * \
CppConcat(pg_finfo_,funcname) (void) \
{ \
	static const Pg_finfo_record my_finfo = { 1 }; \
	return &my_finfo; \
} \
extern int no_such_variable
#endif

/*
 * The module's magic block.  Since 18 it can carry the module's name and
 * version, which pg_get_loaded_modules() shows; BLOOM_VERSION comes from
 * the control file's default_version (Makefile).
 */
#ifdef PG_MODULE_MAGIC_EXT
#define BLOOM_MODULE_MAGIC \
	PG_MODULE_MAGIC_EXT(.name = "bloomfilter", .version = BLOOM_VERSION)
#else
#define BLOOM_MODULE_MAGIC PG_MODULE_MAGIC
#endif

/*
 * PostgreSQL 18 replaced pg_attribute_noreturn(), written after a
 * declaration, with pg_noreturn, written before it.  Before 18 the old
 * attribute is a GCC-style attribute, which may stand first as well.
 */
#ifndef pg_noreturn
#define pg_noreturn pg_attribute_noreturn()
#endif

/*
 * The byte type of common/base64.h's binary side: uint8 since 18, char
 * before.
 */
#if PG_VERSION_NUM >= 180000
typedef uint8 bloom_b64_byte;
#else
typedef char bloom_b64_byte;
#endif

/*
 * Soft errors (errsave on fcinfo->context, which pg_input_is_valid and
 * COPY ... ON_ERROR pass to input functions) exist since 16; before, an
 * input error is always an ERROR.
 */
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#else
#define errsave(context, ...)	ereport(ERROR, __VA_ARGS__)
#endif

/*
 * pg_collation's column of the locale of a collation of a provider other
 * than libc: colliculocale (ICU) before 17, colllocale since; its column of
 * ICU tailoring rules, collicurules, exists since 16.
 */
#if PG_VERSION_NUM >= 170000
#define Anum_bloom_collation_locale Anum_pg_collation_colllocale
#else
#define Anum_bloom_collation_locale Anum_pg_collation_colliculocale
#endif
#if PG_VERSION_NUM >= 160000
#define BLOOM_HAVE_ICU_RULES 1
#endif

/*
 * Whether the current role owns a relation: object_ownercheck since 16,
 * pg_class_ownercheck before.
 */
#if PG_VERSION_NUM >= 160000
#define bloom_owns_relation(relid) \
	object_ownercheck(RelationRelationId, (relid), GetUserId())
#else
#define bloom_owns_relation(relid) pg_class_ownercheck((relid), GetUserId())
#endif

/*
 * Whether this process is an autovacuum worker: AmAutoVacuumWorkerProcess
 * since 17, IsAutoVacuumWorkerProcess before.
 */
#if PG_VERSION_NUM >= 170000
#define bloom_am_autovacuum_worker() AmAutoVacuumWorkerProcess()
#else
#define bloom_am_autovacuum_worker() IsAutoVacuumWorkerProcess()
#endif

/*
 * VACUUM's cost-based delay, called between pages: since 18 it takes
 * whether the caller is ANALYZE.
 */
#if PG_VERSION_NUM >= 180000
#define bloom_vacuum_delay_point() vacuum_delay_point(false)
#else
#define bloom_vacuum_delay_point() vacuum_delay_point()
#endif

/*
 * Since 18, an index scan counts its searches of the index for EXPLAIN
 * ANALYZE ("Index Searches"), in the scan's instrumentation if any.
 */
#if PG_VERSION_NUM >= 180000
#define bloom_count_index_search(scan) \
	do { \
		if ((scan)->instrument != NULL) \
			(scan)->instrument->nsearches++; \
	} while (0)
#else
#define bloom_count_index_search(scan) ((void) 0)
#endif

#endif							/* BLOOM_COMPAT_H */

/*-------------------------------------------------------------------------
 *
 * bloom_module.c
 *	  The bloomfilter module's magic block, which tells the server which
 *	  release it was built for (and, since PostgreSQL 18, its own name and
 *	  version), its settings and executor hook, set up when the module is
 *	  loaded, and the bloombank index's options, defined then.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_module.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"
#include "bloom_cache.h"

#include "utils/guc.h"

BLOOM_MODULE_MAGIC;

PGDLLEXPORT void _PG_init(void);

/*
 * Define the module's settings, all under the reserved prefix
 * "bloomfilter.", and install its executor hook (bloom_params.c)
 */
void
_PG_init(void)
{
	DefineCustomIntVariable("bloomfilter.cache_size",
							"Memory each call site may keep stored bloom filters in, for the rest of the query.",
							"Filters past it are read again on each row that needs them, but for the one read last; a membership test probes them by slices instead.",
							&bloom_cache_size,
							BLOOM_CACHE_SIZE_DEFAULT, 0, MAX_KILOBYTES,
							PGC_USERSET, GUC_UNIT_KB,
							NULL, NULL, NULL);
	DefineCustomIntVariable("bloomfilter.min_slice_probe_size",
							"Smallest stored bloom filter a membership test probes by slices, reading its header and the chunk a value needs, until those probes have cost about a whole read.",
							"-1 reads every filter whole.",
							&bloom_min_slice_probe_size,
							BLOOM_SLICE_MIN_DEFAULT, -1, MAX_KILOBYTES,
							PGC_USERSET, GUC_UNIT_KB,
							NULL, NULL, NULL);
	MarkGUCPrefixReserved("bloomfilter");
	bloom_params_init();
	bloom_bank_define_options();
}

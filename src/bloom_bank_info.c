/*-------------------------------------------------------------------------
 *
 * bloom_bank_info.c
 *	  What a bloombank index holds, for a DBA: bloombank_info(index), its
 *	  totals and pending list, and bloombank_groups(index), its groups.
 *
 * Both read the metapage and the directory, as a scan reads them: a few
 * pages, whatever the index's size.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_info.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/table.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/array.h"
#include "utils/builtins.h"

/*
 * bloombank_info(index regclass): the rows the pending list holds, the
 * groups and the rows they hold, the index's pages and those free (and
 * in how many runs), the pages a test reads of the groups (summed), and
 * the kinds of value the filters hold (NULL once more than the metapage
 * lists were seen)
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_info);
Datum
bloomfilter_bank_info(PG_FUNCTION_ARGS)
{
	Relation	heap;
	Relation	index = bloom_bank_open(PG_GETARG_OID(0), AccessShareLock, &heap);
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	BankMetaPageData *meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	TupleDesc	tupdesc;
	Datum		values[8];
	bool		nulls[8] = {false};
	Datum	   *kinds = palloc(Max(meta->nkinds, 1) * sizeof(Datum));
	int64		free_pages = 0;

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	for (uint32 i = 0; i < meta->nfree; i++)
		free_pages += meta->free[i].npages;
	for (uint32 i = 0; i < meta->nkinds; i++)
		kinds[i] = CStringGetTextDatum(meta->kinds[i].hash_id == BF_HASH_PARQUET &&
									   meta->kinds[i].kind == BLOOM_KIND_NONE ?
									   "Parquet, no kind yet" :
									   bloom_kind_name(meta->kinds[i].kind));
	values[0] = Int64GetDatum(meta->npending);
	values[1] = Int32GetDatum(meta->ngroups);
	values[2] = Int64GetDatum((int64) meta->nfilters);
	values[3] = Int64GetDatum(RelationGetNumberOfBlocks(index));
	values[4] = Int64GetDatum(free_pages);
	values[5] = Int32GetDatum((int32) meta->nfree);
	values[6] = Float8GetDatum(meta->probe_pages);
	if (meta->kinds_overflow)
		nulls[7] = true;
	else
		values[7] = PointerGetDatum(construct_array(kinds, meta->nkinds, TEXTOID,
													-1, false, TYPALIGN_INT));
	UnlockReleaseBuffer(metabuf);
	index_close(index, AccessShareLock);
	table_close(heap, AccessShareLock);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}

/*
 * bloombank_groups(index regclass): a row per group, in the directory's
 * order: its class (block count, kind of value, hash, part of how many,
 * whether the index answers as its filters do), its shape (bits a piece,
 * filters a page), its rows and those live, its pages, and the pages a
 * test reads of it
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_groups);
Datum
bloomfilter_bank_groups(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Relation	heap;
	Relation	index = bloom_bank_open(PG_GETARG_OID(0), AccessShareLock, &heap);
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	BlockNumber directory = bloom_bank_meta(index, BufferGetPage(metabuf))->directory;
	BankGroup  *groups;
	int			ngroups;

	UnlockReleaseBuffer(metabuf);
	InitMaterializedSRF(fcinfo, 0);
	groups = bloom_bank_read_directory(index, directory, &ngroups, NULL);
	for (int g = 0; g < ngroups; g++)
	{
		const BankGroup *group = &groups[g];
		bf_bank_shape shape;
		Datum		values[12];
		bool		nulls[12] = {false};

		bloom_bank_group_shape(group, &shape);
		values[0] = Int64GetDatum((int64) group->class.nblocks);
		values[1] = CStringGetTextDatum(bloom_kind_name(group->class.kind));
		values[2] = CStringGetTextDatum(bf_hash_name(group->class.hash_id));
		nulls[3] = nulls[4] = group->class.parts == 0;
		values[3] = Int32GetDatum((int32) group->class.part);
		values[4] = Int32GetDatum((int32) group->class.parts);
		values[5] = BoolGetDatum((group->class.flags & BANK_CLASS_EXACT) != 0);
		values[6] = Int32GetDatum((int32) group->piece_bits);
		values[7] = Int32GetDatum((int32) group->capacity);
		values[8] = Int32GetDatum((int32) group->ncolumns);
		values[9] = Int32GetDatum((int32) group->nlive);
		values[10] = Int64GetDatum((int64) group->npieces + group->ntidpages);
		values[11] = Float8GetDatum(bf_bank_probe_pages(&shape));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	index_close(index, AccessShareLock);
	table_close(heap, AccessShareLock);
	return (Datum) 0;
}

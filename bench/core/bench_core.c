/*-------------------------------------------------------------------------
 *
 * bench_core.c
 *	  Benchmark of the core library: insert and lookup cost, lookup latency
 *	  against memory latency, measured false-positive rate, and the speed
 *	  of union, intersection and popcount.
 *
 * For each filter size the program sizes a filter for a 1% target rate,
 * fills it from hashes computed beforehand, and times every operation
 * several times, printing the median: the machines this runs on are noisy
 * shared VMs.  Hashing is timed once, on its own, so that the kernel
 * figures exclude it.  README.md in this directory defines every figure.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  bench/core/bench_core.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>

#include "bench_time.h"
#include "bf.h"
#include "bf_hash.h"
#include "bf_testing.h"

#define TARGET_FPR			0.01
#define DEFAULT_REPS		5
#define MAX_SIZES			16
#define CACHE_LINE			64

/* Absent keys: as many as present ones, within these bounds */
#define ABSENT_MIN			((size_t) 1000000)
#define ABSENT_MAX			((size_t) 16000000)

/* Key ranges: present keys start at 0, the others far above */
#define ABSENT_FIRST		((uint64_t) 1 << 40)
#define SECOND_FIRST		((uint64_t) 1 << 41)

#define CHAIN_MAX			((size_t) 1 << 21)	/* dependent steps per run */
#define FILL_CHUNK			65536	/* hashes per batch when filling */
#define HASH_ITERS			10000000	/* hashes per hashing run */
#define URL_LEN				40
#define URL_COUNT			512		/* distinct strings, 20 KiB: stays in L1 */

/* Which rows the targets apply to */
#define L2_FIT_MAX			((size_t) 256 << 10)
#define OUT_OF_CACHE_MIN	((size_t) 64 << 20)

/* The targets */
#define GOAL_INSERT_NS		5.0
#define GOAL_LOOKUP_NS		6.0
#define GOAL_ACCESS_RATIO	1.5
#define GOAL_BITS			10.7
#define GOAL_GBS			10.0

/* A serialized filter in a buffer of its own */
typedef struct bench_filter
{
	uint8_t    *base;			/* what the allocator returned */
	uint8_t    *buf;			/* the filter, 4 bytes into base */
	size_t		len;			/* serialized size */
} bench_filter;

/* Everything the timed operations work on, for one filter size */
typedef struct bench_ctx
{
	size_t		size;			/* payload bytes */
	uint64_t	nblocks;
	size_t		n;				/* present keys, also the capacity */
	size_t		m;				/* absent keys */
	size_t		nchain;			/* steps of the latency chains */
	bf_header	hdr;			/* header of an empty filter of this size */
	bench_filter a;				/* filled with the present keys */
	bench_filter b;				/* filled with n other keys */
	bench_filter dst;			/* receives union and intersection */
	bf_view		va;
	bf_view		vb;
	uint64_t   *present;		/* hashes of the present keys */
	uint64_t   *absent;			/* hashes of the absent keys */
	char	   *ring;			/* pointer-chase ring of size bytes */
	uint8_t    *urls;			/* URL_COUNT strings of URL_LEN bytes */
	/* keys of the lookup being timed, and its answer */
	const uint64_t *probe;
	size_t		nprobe;
	bool		probe_present;
	size_t		hits;
} bench_ctx;

/* The figures of one filter size */
typedef struct size_result
{
	size_t		size;
	uint64_t	nblocks;
	uint64_t	sized_blocks;	/* bf_blocks_for(n, 1%) */
	size_t		n;
	size_t		m;
	double		insert_ns;
	double		count_present_ns;
	double		count_absent_ns;
	double		contains_present_ns;
	double		contains_absent_ns;
	double		chain_ns;
	double		chase_ns;
	double		fpr;
	double		model_fpr;
	double		bits_per_value;
	double		card_error;		/* percent */
	double		union_gbs;
	double		intersect_gbs;
	double		popcount_gbs;
} size_result;

/* Command-line settings */
typedef struct bench_options
{
	size_t		sizes[MAX_SIZES];
	int			nsizes;
	int			reps;
	bf_kernel_set kernels;
	const char *kernels_name;
} bench_options;

/* A timed operation: runs once, returns the nanoseconds of its timed part */
typedef double (*bench_fn) (bench_ctx *ctx);

/* Results land here so that the compiler cannot drop the work */
static volatile uint64_t sink;

/* Print a core status as an error and exit, unless it is BF_OK */
static void
check(bf_status status, const char *what)
{
	if (status != BF_OK)
	{
		fprintf(stderr, "bench_core: %s failed: %s\n", what,
				bf_status_message(status));
		exit(1);
	}
}

/* Print an error that is not a core status and exit */
static void
fail(const char *message)
{
	fprintf(stderr, "bench_core: %s\n", message);
	exit(1);
}

/* malloc that exits on failure */
static void *
xmalloc(size_t size)
{
	void	   *p = malloc(size);

	if (p == NULL)
		fail("out of memory");
	return p;
}

/*
 * 64-byte aligned allocation that exits on failure.  posix_memalign, since
 * C99 has no aligned_alloc; free releases it.
 */
static void *
xaligned_alloc(size_t size)
{
	void	   *p;

	if (posix_memalign(&p, CACHE_LINE, size) != 0)
		fail("out of memory");
	return p;
}

/*
 * Run fn once to warm caches, TLBs and page tables, then reps times, and
 * return the median time (median_of).
 */
static double
median_ns(bench_ctx *ctx, bench_fn fn, int reps)
{
	double	   *times = xmalloc(sizeof(double) * (size_t) reps);
	double		median;
	int			i;

	fn(ctx);
	for (i = 0; i < reps; i++)
		times[i] = fn(ctx);
	median = median_of(times, reps);
	free(times);
	return median;
}

/* splitmix64: a small deterministic generator for the chase ring */
static uint64_t
next_random(uint64_t *state)
{
	uint64_t	z = (*state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* Hashes of the keys first .. first + count - 1, in a new array */
static uint64_t *
make_keys(uint64_t first, size_t count)
{
	uint64_t   *keys = xmalloc(sizeof(uint64_t) * count);
	size_t		i;

	for (i = 0; i < count; i++)
		keys[i] = bf_hash_u64(first + i);
	return keys;
}

/*
 * URL_COUNT distinct URL-like strings of URL_LEN bytes each, such as
 * "https://example.org/catalog/item/0000042", to hash as text values.
 */
static uint8_t *
make_urls(void)
{
	uint8_t    *urls = xmalloc((size_t) URL_COUNT * URL_LEN);
	char		url[URL_LEN + 1];
	int			i;

	for (i = 0; i < URL_COUNT; i++)
	{
		snprintf(url, sizeof(url), "https://example.org/catalog/item/%07d",
				 i * 7919);
		memcpy(urls + (size_t) i * URL_LEN, url, URL_LEN);
	}
	return urls;
}

/*
 * Allocate an empty filter described by hdr.  The buffer is 64-byte aligned
 * plus 4 bytes, as a varlena header would shift it, so the payload
 * (BF_HEADER_SIZE = 60 bytes in) starts on a cache line and no 32-byte block
 * straddles two lines.
 */
static void
alloc_filter(bench_filter *f, const bf_header *hdr)
{
	f->len = bf_size_blocks(hdr->nitems);
	f->base = xaligned_alloc(f->len + 4);
	f->buf = f->base + 4;
	check(bf_init(f->buf, f->len, hdr), "bf_init");
}

/*
 * Ring of size / 64 slots, 64 bytes apart, each holding a pointer to the
 * next: one random cycle through all of them (Sattolo's shuffle), so a walk
 * touches every cache line of the buffer in an order no prefetcher guesses.
 */
static char *
make_ring(size_t size)
{
	size_t		nslots = size / CACHE_LINE;
	char	   *ring = xaligned_alloc(size);
	uint64_t	state = 42;
	size_t		i;

	for (i = 0; i < nslots; i++)
		*(char **) (ring + i * CACHE_LINE) = ring + i * CACHE_LINE;
	for (i = nslots - 1; i > 0; i--)
	{
		size_t		j = (size_t) (next_random(&state) % i);
		char	   *tmp = *(char **) (ring + i * CACHE_LINE);

		*(char **) (ring + i * CACHE_LINE) = *(char **) (ring + j * CACHE_LINE);
		*(char **) (ring + j * CACHE_LINE) = tmp;
	}
	return ring;
}

/* Hashing: bf_hash_u64 over consecutive integers, total ns */
static double
time_hash_u64(bench_ctx *ctx)
{
	uint64_t	acc = 0;
	double		start;
	uint64_t	i;

	(void) ctx;
	start = now_ns();
	for (i = 0; i < HASH_ITERS; i++)
		acc += bf_hash_u64(i);
	sink += acc;
	return now_ns() - start;
}

/* Hashing: bf_hash_bytes over the URL strings in turn, total ns */
static double
time_hash_bytes(bench_ctx *ctx)
{
	uint64_t	acc = 0;
	double		start = now_ns();
	size_t		i;

	for (i = 0; i < HASH_ITERS; i++)
		acc += bf_hash_bytes(ctx->urls + (i % URL_COUNT) * URL_LEN, URL_LEN);
	sink += acc;
	return now_ns() - start;
}

/* Insert all present keys into a freshly zeroed filter a, total ns */
static double
time_insert(bench_ctx *ctx)
{
	bf_status	status;
	double		start;
	double		elapsed;

	check(bf_init(ctx->a.buf, ctx->a.len, &ctx->hdr), "bf_init");
	start = now_ns();
	status = bf_add_hashes(ctx->a.buf, ctx->a.len, ctx->present, ctx->n);
	elapsed = now_ns() - start;
	check(status, "bf_add_hashes");
	return elapsed;
}

/* Keep the answer of a lookup pass; exit if a present key was missed */
static void
record_hits(bench_ctx *ctx, size_t hits, const char *how)
{
	if (ctx->probe_present && hits != ctx->nprobe)
	{
		fprintf(stderr, "bench_core: FALSE NEGATIVES: %s found only %zu of "
				"%zu present keys in a %zu-byte filter\n",
				how, hits, ctx->nprobe, ctx->size);
		exit(1);
	}
	ctx->hits = hits;
}

/* Look up the probe keys in one batched call, total ns */
static double
time_count(bench_ctx *ctx)
{
	double		start = now_ns();
	size_t		hits = bf_count_present(&ctx->va, ctx->probe, ctx->nprobe);
	double		elapsed = now_ns() - start;

	record_hits(ctx, hits, "bf_count_present");
	return elapsed;
}

/* Look up the probe keys one bf_contains call each, total ns */
static double
time_contains(bench_ctx *ctx)
{
	size_t		hits = 0;
	double		start = now_ns();
	double		elapsed;
	size_t		i;

	for (i = 0; i < ctx->nprobe; i++)
		hits += bf_contains(&ctx->va, ctx->probe[i]);
	elapsed = now_ns() - start;
	record_hits(ctx, hits, "bf_contains");
	return elapsed;
}

/*
 * Dependent lookups, total ns: each key is XORed with the previous answer,
 * so no lookup can start before the one before it has finished.
 */
static double
time_chain(bench_ctx *ctx)
{
	uint64_t	prev = 0;
	uint64_t	hits = 0;
	double		start = now_ns();
	size_t		i;

	for (i = 0; i < ctx->nchain; i++)
	{
		prev = bf_contains(&ctx->va, ctx->absent[i] ^ prev);
		hits += prev;
	}
	sink += hits;
	return now_ns() - start;
}

/* Dependent loads around the ring, as many as the chain's lookups, total ns */
static double
time_chase(bench_ctx *ctx)
{
	char	   *p = ctx->ring;
	double		start = now_ns();
	size_t		i;

	for (i = 0; i < ctx->nchain; i++)
		p = *(char **) p;
	sink += (uintptr_t) p;
	return now_ns() - start;
}

/* Union of a and b into dst, total ns */
static double
time_union(bench_ctx *ctx)
{
	double		start = now_ns();
	bf_status	status = bf_union(ctx->dst.buf, ctx->dst.len, &ctx->va,
								  &ctx->vb);
	double		elapsed = now_ns() - start;

	check(status, "bf_union");
	return elapsed;
}

/* Intersection of a and b into dst, total ns */
static double
time_intersect(bench_ctx *ctx)
{
	double		start = now_ns();
	bf_status	status = bf_intersect(ctx->dst.buf, ctx->dst.len, &ctx->va,
									  &ctx->vb);
	double		elapsed = now_ns() - start;

	check(status, "bf_intersect");
	return elapsed;
}

/* Set bits of a's payload, total ns; must agree with a's header */
static double
time_popcount(bench_ctx *ctx)
{
	double		start = now_ns();
	uint64_t	bits = bf_popcount(ctx->va.payload, ctx->size);
	double		elapsed = now_ns() - start;

	if (bits != ctx->va.hdr.bits_set)
		fail("bf_popcount disagrees with the header's count of set bits");
	sink += bits;
	return elapsed;
}

/*
 * Size a filter of ctx->size payload bytes for the target rate, compute the
 * keys, and allocate the filter the timed operations fill.
 */
static void
setup_size(bench_ctx *ctx, size_t size, size_result *r)
{
	ctx->size = size;
	ctx->nblocks = size / BF_BLOCK_BYTES;
	ctx->n = (size_t) bf_capacity_of(ctx->nblocks, TARGET_FPR);
	ctx->m = ctx->n < ABSENT_MIN ? ABSENT_MIN :
		ctx->n > ABSENT_MAX ? ABSENT_MAX : ctx->n;
	ctx->nchain = ctx->m < CHAIN_MAX ? ctx->m : CHAIN_MAX;
	bf_header_init(&ctx->hdr, BF_LAYOUT_BLOCKS, ctx->nblocks, ctx->n,
				   TARGET_FPR, 0, 1);

	r->size = size;
	r->nblocks = ctx->nblocks;
	r->n = ctx->n;
	r->m = ctx->m;
	check(bf_blocks_for(ctx->n, TARGET_FPR, &r->sized_blocks), "bf_blocks_for");
	r->model_fpr = bf_model_fpr((double) ctx->n, ctx->nblocks);
	r->bits_per_value = (double) ctx->nblocks * BF_BLOCK_BITS / (double) ctx->n;

	ctx->present = make_keys(0, ctx->n);
	ctx->absent = make_keys(ABSENT_FIRST, ctx->m);
	alloc_filter(&ctx->a, &ctx->hdr);
}

/*
 * Insert and lookup figures, measured FPR and cardinality error.  Leaves
 * filter a holding the present keys and open as ctx->va.
 */
static void
measure_lookups(bench_ctx *ctx, int reps, size_result *r)
{
	size_t		batched_hits;

	r->insert_ns = median_ns(ctx, time_insert, reps) / (double) ctx->n;
	check(bf_validate(ctx->a.buf, ctx->a.len), "bf_validate");
	check(bf_open(ctx->a.buf, ctx->a.len, &ctx->va), "bf_open");

	ctx->probe = ctx->present;
	ctx->nprobe = ctx->n;
	ctx->probe_present = true;
	r->count_present_ns = median_ns(ctx, time_count, reps) / (double) ctx->n;
	r->contains_present_ns = median_ns(ctx, time_contains, reps) /
		(double) ctx->n;

	ctx->probe = ctx->absent;
	ctx->nprobe = ctx->m;
	ctx->probe_present = false;
	r->count_absent_ns = median_ns(ctx, time_count, reps) / (double) ctx->m;
	batched_hits = ctx->hits;
	r->contains_absent_ns = median_ns(ctx, time_contains, reps) /
		(double) ctx->m;
	if (ctx->hits != batched_hits)
		fail("bf_contains and bf_count_present disagree on the absent keys");
	r->fpr = (double) batched_hits / (double) ctx->m;

	r->card_error = (bf_cardinality(&ctx->va) - (double) ctx->n) /
		(double) ctx->n * 100.0;
}

/* Dependent lookup latency against pointer-chase latency over size bytes */
static void
measure_latency(bench_ctx *ctx, int reps, size_result *r)
{
	ctx->ring = make_ring(ctx->size);
	r->chain_ns = median_ns(ctx, time_chain, reps) / (double) ctx->nchain;
	r->chase_ns = median_ns(ctx, time_chase, reps) / (double) ctx->nchain;
	free(ctx->ring);
}

/*
 * Union, intersection and popcount.  The key arrays are freed first, and
 * filter b is filled a chunk of hashes at a time, to bound peak memory.
 */
static void
measure_combine(bench_ctx *ctx, int reps, size_result *r)
{
	uint64_t   *chunk = xmalloc(sizeof(uint64_t) * FILL_CHUNK);
	size_t		done;
	size_t		len;

	free(ctx->present);
	free(ctx->absent);
	ctx->present = ctx->absent = NULL;
	alloc_filter(&ctx->b, &ctx->hdr);
	for (done = 0; done < ctx->n; done += FILL_CHUNK)
	{
		size_t		count = ctx->n - done < FILL_CHUNK ?
			ctx->n - done : FILL_CHUNK;
		size_t		i;

		for (i = 0; i < count; i++)
			chunk[i] = bf_hash_u64(SECOND_FIRST + done + i);
		check(bf_add_hashes(ctx->b.buf, ctx->b.len, chunk, count),
			  "bf_add_hashes");
	}
	free(chunk);
	check(bf_open(ctx->b.buf, ctx->b.len, &ctx->vb), "bf_open");

	check(bf_union_size(&ctx->va, &ctx->vb, &len), "bf_union_size");
	if (len != ctx->a.len)
		fail("bf_union_size does not give the size of its operands");
	ctx->dst.len = len;
	ctx->dst.base = xaligned_alloc(len + 4);
	ctx->dst.buf = ctx->dst.base + 4;

	r->union_gbs = (double) ctx->size / median_ns(ctx, time_union, reps);
	check(bf_validate(ctx->dst.buf, ctx->dst.len), "bf_validate of a union");
	check(bf_intersect_size(&ctx->va, &ctx->vb, &len), "bf_intersect_size");
	if (len != ctx->dst.len)
		fail("bf_intersect_size does not give the size of its operands");
	r->intersect_gbs = (double) ctx->size / median_ns(ctx, time_intersect, reps);
	check(bf_validate(ctx->dst.buf, ctx->dst.len),
		  "bf_validate of an intersection");
	r->popcount_gbs = (double) ctx->size / median_ns(ctx, time_popcount, reps);

	free(ctx->a.base);
	free(ctx->b.base);
	free(ctx->dst.base);
}

/* "256 KiB", "1 MiB": a size in the largest binary unit that divides it */
static void
format_size(size_t size, char *out, size_t outlen)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB"};
	int			u = 0;

	while (u < 3 && size >= 1024 && size % 1024 == 0)
	{
		size /= 1024;
		u++;
	}
	snprintf(out, outlen, "%zu %s", size, units[u]);
}

/* One aligned row of a table */
static void
print_row(const char *label, double value, int decimals, const char *unit)
{
	printf("  %-50s %12.*f  %s\n", label, decimals, value, unit);
}

/* The table of one filter size */
static void
print_result(const size_result *r)
{
	char		size[32];
	char		label[80];

	format_size(r->size, size, sizeof(size));
	printf("\nfilter %s: %llu blocks, n = %zu present keys, %zu absent keys\n",
		   size, (unsigned long long) r->nblocks, r->n, r->m);
	print_row("blocks for n at 1% (bf_blocks_for)", (double) r->sized_blocks, 0,
			  "blocks");
	print_row("bits per value (nblocks * 256 / n)", r->bits_per_value, 2, "bits");
	print_row("insert, bf_add_hashes batch", r->insert_ns, 2, "ns/value");
	print_row("lookup present, bf_count_present batch", r->count_present_ns, 2,
			  "ns/lookup");
	print_row("lookup absent, bf_count_present batch", r->count_absent_ns, 2,
			  "ns/lookup");
	print_row("lookup present, one bf_contains call each",
			  r->contains_present_ns, 2, "ns/lookup");
	print_row("lookup absent, one bf_contains call each",
			  r->contains_absent_ns, 2, "ns/lookup");
	print_row("lookup latency, dependent bf_contains chain", r->chain_ns, 2,
			  "ns/lookup");
	snprintf(label, sizeof(label), "memory latency, pointer chase over %s", size);
	print_row(label, r->chase_ns, 2, "ns/load");
	print_row("lookup latency / memory latency", r->chain_ns / r->chase_ns, 2, "");
	print_row("FPR measured (absent positives / absent keys)", r->fpr * 100.0, 4,
			  "%");
	print_row("FPR model, bf_model_fpr(n, nblocks)", r->model_fpr * 100.0, 4, "%");
	print_row("FPR measured / model", r->fpr / r->model_fpr, 3, "");
	print_row("cardinality error, bf_cardinality vs n", r->card_error, 3, "%");
	print_row("union, bf_union (payload bytes / time)", r->union_gbs, 2, "GB/s");
	print_row("intersection, bf_intersect", r->intersect_gbs, 2, "GB/s");
	print_row("popcount, bf_popcount", r->popcount_gbs, 2, "GB/s");
}

/* One line of the targets section: value, goal met or not */
static void
print_target(const char *size, const char *label, double value,
			 const char *unit, bool met)
{
	printf("  %-8s %-52s %8.2f %-5s %s\n", size, label, value, unit,
		   met ? "PASS" : "MISS");
}

/*
 * The targets, each against the rows it applies to: speed while the filter
 * fits in L2 (sizes up to 256 KiB), about one memory access per lookup out
 * of cache (64 MiB and up), and space and bandwidth at every size.
 */
static void
print_targets(const size_result *results, int nsizes)
{
	int			i;

	printf("\ntargets (reported, not enforced)\n");
	for (i = 0; i < nsizes; i++)
	{
		const size_result *r = &results[i];
		char		size[32];
		double		batch = r->count_present_ns > r->count_absent_ns ?
			r->count_present_ns : r->count_absent_ns;
		double		single = r->contains_present_ns > r->contains_absent_ns ?
			r->contains_present_ns : r->contains_absent_ns;

		format_size(r->size, size, sizeof(size));
		if (r->size <= L2_FIT_MAX)
		{
			print_target(size, "insert <= 5 ns", r->insert_ns, "ns",
						 r->insert_ns <= GOAL_INSERT_NS);
			print_target(size, "lookup <= 6 ns, batch (slower of present/absent)",
						 batch, "ns", batch <= GOAL_LOOKUP_NS);
			print_target(size, "lookup <= 6 ns, per call (slower of present/absent)",
						 single, "ns", single <= GOAL_LOOKUP_NS);
		}
		if (r->size >= OUT_OF_CACHE_MIN)
			print_target(size, "~1 memory access per lookup (latency ratio < 1.5)",
						 r->chain_ns / r->chase_ns, "",
						 r->chain_ns / r->chase_ns < GOAL_ACCESS_RATIO);
		print_target(size, "<= 10.7 bits per value at 1%", r->bits_per_value,
					 "bits", r->bits_per_value <= GOAL_BITS);
		print_target(size, "union >= 10 GB/s", r->union_gbs, "GB/s",
					 r->union_gbs >= GOAL_GBS);
		print_target(size, "popcount >= 10 GB/s", r->popcount_gbs, "GB/s",
					 r->popcount_gbs >= GOAL_GBS);
	}
}

/* Print the usage message and exit with status 2 */
static void
usage(void)
{
	fprintf(stderr,
			"usage: bench_core [--sizes 256K,1M,256M] [--reps N] "
			"[--kernels auto|scalar|avx2]\n"
			"sizes are payload bytes, multiples of 64, suffix K, M or G\n");
	exit(2);
}

/* Parse a comma-separated list of sizes such as "256K,1M,256M" */
static void
parse_sizes(const char *arg, bench_options *opts)
{
	static const char suffixes[] = "KMG";
	const char *p = arg;

	opts->nsizes = 0;
	while (*p != '\0')
	{
		char	   *end;
		unsigned long long size = strtoull(p, &end, 10);
		const char *suffix;
		int			shift = 0;

		if (end == p || opts->nsizes == MAX_SIZES)
			usage();
		if (*end != '\0' && (suffix = strchr(suffixes, *end)) != NULL)
		{
			shift = 10 * (int) (suffix - suffixes + 1);
			end++;
		}
		if ((*end != '\0' && *end != ',') ||
			size > (BF_MAX_SIZE - BF_HEADER_SIZE) >> shift)
			usage();
		size <<= shift;
		if (size < 1024 || size % CACHE_LINE != 0)
			usage();
		opts->sizes[opts->nsizes++] = (size_t) size;
		p = *end == ',' ? end + 1 : end;
	}
	if (opts->nsizes == 0)
		usage();
}

/* Read the command line into opts, starting from the defaults */
static void
parse_args(int argc, char **argv, bench_options *opts)
{
	int			i;

	opts->sizes[0] = (size_t) 256 << 10;
	opts->sizes[1] = (size_t) 1 << 20;
	opts->sizes[2] = (size_t) 256 << 20;
	opts->nsizes = 3;
	opts->reps = DEFAULT_REPS;
	opts->kernels = BF_KERNELS_AUTO;
	opts->kernels_name = "auto";

	for (i = 1; i < argc; i++)
	{
		if (i + 1 == argc)
			usage();
		if (strcmp(argv[i], "--sizes") == 0)
			parse_sizes(argv[++i], opts);
		else if (strcmp(argv[i], "--reps") == 0)
		{
			opts->reps = atoi(argv[++i]);
			if (opts->reps < 1)
				usage();
		}
		else if (strcmp(argv[i], "--kernels") == 0)
		{
			opts->kernels_name = argv[++i];
			if (strcmp(opts->kernels_name, "auto") == 0)
				opts->kernels = BF_KERNELS_AUTO;
			else if (strcmp(opts->kernels_name, "scalar") == 0)
				opts->kernels = BF_KERNELS_SCALAR;
			else if (strcmp(opts->kernels_name, "avx2") == 0)
				opts->kernels = BF_KERNELS_AVX2;
			else
				usage();
		}
		else
			usage();
	}
}

/*
 * Header: kernel set, host and date, and the transparent huge page mode,
 * which moves the out-of-cache latencies (this program never asks for huge
 * pages).
 */
static void
print_header(const bench_options *opts)
{
	struct utsname un;
	char		date[64];
	char		thp[128] = "unknown";
	time_t		now = time(NULL);
	FILE	   *f;

	if (uname(&un) != 0)
		fail("uname failed");
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S %Z", localtime(&now));
	f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	if (f != NULL)
	{
		if (fgets(thp, sizeof(thp), f) != NULL)
			thp[strcspn(thp, "\n")] = '\0';
		fclose(f);
	}

	printf("bench_core: kernels %s (asked for %s); %s %s %s %s; %s\n",
		   bf_active_kernels() == BF_KERNELS_AVX2 ? "avx2" : "scalar",
		   opts->kernels_name, un.sysname, un.nodename, un.release,
		   un.machine, date);
	printf("transparent huge pages: %s; medians of %d runs after one warm-up; "
		   "target FPR 1%%\n", thp, opts->reps);
}

/* Run the benchmark for every size and print the tables and the targets */
int
main(int argc, char **argv)
{
	bench_options opts;
	bench_ctx	ctx;
	size_result results[MAX_SIZES];
	double		hash_u64_ns;
	double		hash_bytes_ns;
	int			i;

	parse_args(argc, argv, &opts);
	check(bf_use_kernels(opts.kernels), "bf_use_kernels");
	print_header(&opts);

	memset(&ctx, 0, sizeof(ctx));
	ctx.urls = make_urls();
	hash_u64_ns = median_ns(&ctx, time_hash_u64, opts.reps) / HASH_ITERS;
	hash_bytes_ns = median_ns(&ctx, time_hash_bytes, opts.reps) / HASH_ITERS;
	printf("hashing: bf_hash_u64 %.2f ns/hash, bf_hash_bytes on %d bytes "
		   "%.2f ns/hash\n", hash_u64_ns, URL_LEN, hash_bytes_ns);
	fflush(stdout);

	for (i = 0; i < opts.nsizes; i++)
	{
		setup_size(&ctx, opts.sizes[i], &results[i]);
		measure_lookups(&ctx, opts.reps, &results[i]);
		measure_latency(&ctx, opts.reps, &results[i]);
		measure_combine(&ctx, opts.reps, &results[i]);
		print_result(&results[i]);
		fflush(stdout);
	}
	print_targets(results, opts.nsizes);
	free(ctx.urls);
	return 0;
}

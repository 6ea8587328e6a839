# bloomfilter/Makefile
#
# PGXS build of the extension.  The core library (src/core) is compiled
# without PostgreSQL's include directories, so it cannot depend on them.
# C unit tests, sanitizer builds and the fuzzer live in test/Makefile.

EXTENSION = bloomfilter
MODULE_big = bloomfilter
PGFILEDESC = "bloomfilter - split-block Bloom filter data type"

CORE_OBJS = \
	src/core/bf_acc.o \
	src/core/bf_acc_exact.o \
	src/core/bf_acc_finish.o \
	src/core/bf_acc_union.o \
	src/core/bf_bank.o \
	src/core/bf_combine.o \
	src/core/bf_estimate.o \
	src/core/bf_filter.o \
	src/core/bf_format.o \
	src/core/bf_interval.o \
	src/core/bf_packed.o \
	src/core/bf_probe.o \
	src/core/bf_parts.o \
	src/core/bf_runs.o \
	src/core/bf_search.o \
	src/core/bf_kernels.o \
	src/core/bf_kernels_avx2.o \
	src/core/bf_parquet.o \
	src/core/bf_sizing.o \
	src/core/bf_status.o \
	src/core/bf_validate.o

OBJS = \
	$(CORE_OBJS) \
	src/bloom_access.o \
	src/bloom_agg.o \
	src/bloom_aggcall.o \
	src/bloom_bank_build.o \
	src/bloom_bank_check.o \
	src/bloom_bank_class.o \
	src/bloom_bank_cost.o \
	src/bloom_bank_fetch.o \
	src/bloom_bank_handler.o \
	src/bloom_bank_info.o \
	src/bloom_bank_insert.o \
	src/bloom_bank_key.o \
	src/bloom_bank_page.o \
	src/bloom_bank_scan.o \
	src/bloom_bank_vacuum.o \
	src/bloom_bank_write.o \
	src/bloom_build.o \
	src/bloom_cache.o \
	src/bloom_combine.o \
	src/bloom_cost.o \
	src/bloom_error.o \
	src/bloom_estimate.o \
	src/bloom_hash_method.o \
	src/bloom_hasher.o \
	src/bloom_info.o \
	src/bloom_io.o \
	src/bloom_kinds.o \
	src/bloom_module.o \
	src/bloom_nested.o \
	src/bloom_names_1_0.o \
	src/bloom_ops.o \
	src/bloom_params.o \
	src/bloom_parquet.o \
	src/bloom_parquet_hash.o \
	src/bloom_parts.o \
	src/bloom_probe.o \
	src/bloom_selectivity.o \
	src/bloom_slicing.o \
	src/bloom_statistics.o \
	src/bloom_state.o

REGRESS = setup jit bloom_io membership aggregates overloads algebra estimates selectivity parallel partitions errors edge_cases empty_aggregates composite_types mixed_sizes cache slices maintenance retag nested_values window sort parquet parts bank

# The release, from the control file: the module's magic block carries it
EXTVERSION := $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" bloomfilter.control)

# The install script of this release and the update scripts from each
# earlier one, made by tools/gen-sql from the SQL sources in src/sql (one
# source for both, so they cannot drift).  Version 1.0 has no install
# script: its catalog called C functions by names the server also has
# (src/bloom_names_1_0.c), and a database at 1.0 can only be updated.
SQL_UPDATES = 1.0--1.1
DATA_built = $(EXTENSION)--$(EXTVERSION).sql $(SQL_UPDATES:%=$(EXTENSION)--%.sql)
SQL_SOURCES = $(wildcard $(srcdir)/src/sql/*.sql) $(srcdir)/src/sql/types $(srcdir)/tools/gen-sql

PG_CPPFLAGS = -I$(srcdir)/src/core -DBLOOM_VERSION='"$(EXTVERSION)"'
# Export the SQL entry points only (PGDLLEXPORT, src/bloom_compat.h): what
# PostgreSQL 16 and later do for every module, and 15 does not
PG_CFLAGS = -fvisibility=hidden
SHLIB_LINK = -lm

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

$(EXTENSION)--$(EXTVERSION).sql: $(SQL_SOURCES)
	$(srcdir)/tools/gen-sql $(srcdir)/src/sql/bloomfilter.sql $@

$(SQL_UPDATES:%=$(EXTENSION)--%.sql): $(EXTENSION)--%.sql: $(SQL_SOURCES)
	$(srcdir)/tools/gen-sql $(srcdir)/src/sql/update--$*.sql $@

# An install script of an earlier version that an earlier make install left
# behind is removed: 1.0's could create a catalog that calls a C function
# by a name the server has too (the library no longer has it, so that
# CREATE EXTENSION would fail, but no such script should be offered)
install: remove-old-install-scripts
.PHONY: remove-old-install-scripts
remove-old-install-scripts:
	@for f in '$(DESTDIR)$(datadir)/extension/$(EXTENSION)'--*.sql; do \
		case "$${f##*/}" in \
			$(EXTENSION)--*--*.sql | $(EXTENSION)--$(EXTVERSION).sql) ;; \
			*) rm -f "$$f" ;; \
		esac; \
	done

# PGXS tracks no header dependencies: every object depends on every header
$(OBJS): $(wildcard $(srcdir)/src/*.h $(srcdir)/src/core/*.h)

# No PostgreSQL header on the core's include path
$(CORE_OBJS) $(CORE_OBJS:.o=.bc): override CPPFLAGS := -I$(srcdir)/src/core

# C tests of the core: unit tests, sanitizer build, fuzz smoke run
.PHONY: unitcheck
unitcheck:
	$(MAKE) -C test

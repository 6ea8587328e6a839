-- src/sql/bank.sql: bloombank, an index access method over a column of
-- filters (src/bloom_bank.h, doc/bank.md)

--
-- The key of an index scan: a value with its type
--

CREATE TYPE bloombank_key;

CREATE FUNCTION bloombank_key_in(pg_catalog.cstring)
RETURNS bloombank_key
AS 'MODULE_PATHNAME', 'bloomfilter_bank_key_in' LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloombank_key_out(bloombank_key)
RETURNS pg_catalog.cstring
AS 'MODULE_PATHNAME', 'bloomfilter_bank_key_out' LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE TYPE bloombank_key (
	INPUT = bloombank_key_in,
	OUTPUT = bloombank_key_out,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = extended
);

COMMENT ON FUNCTION bloombank_key_in(pg_catalog.cstring) IS 'input function of bloombank_key: a type name and a literal of it, as in integer ''42''';

COMMENT ON FUNCTION bloombank_key_out(bloombank_key) IS 'output function of bloombank_key';

COMMENT ON TYPE bloombank_key IS 'a value with its type: what a bloombank index scan tests each filter for';

-- STABLE, though the key depends on the value only: a plan keeps the call,
-- bloombank_value(x), which reads better than the key's text, and a scan
-- makes the key once
CREATE FUNCTION bloombank_value(value pg_catalog.anycompatible)
RETURNS bloombank_key
AS 'MODULE_PATHNAME', 'bloomfilter_bank_value' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloombank_value(pg_catalog.anycompatible) IS 'the key a bloombank index is scanned for: the value with its own type';

-- COST: of a probe in memory; the support function tells the planner
-- more, as for bloom_contains
CREATE FUNCTION bloom_contains_key(filter bloom, key bloombank_key)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_contains_key' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 10 SUPPORT bloom_membership_support;

COMMENT ON FUNCTION bloom_contains_key(bloom, bloombank_key) IS 'bloom_contains of the value the key carries, hashed as of its own type; implementation of @> with a bloombank key';

CREATE OPERATOR @> (
	LEFTARG = bloom,
	RIGHTARG = bloombank_key,
	FUNCTION = bloom_contains_key,
	RESTRICT = bloom_membership_sel
);

COMMENT ON OPERATOR @> (bloom, bloombank_key) IS 'false if the key''s value was never added to the filter; true if it probably was (what a bloombank index answers)';

--
-- The access method and its operator class
--

-- IMMUTABLE STRICT PARALLEL SAFE, as PostgreSQL's own handlers are
CREATE FUNCTION bloombank_handler(pg_catalog.internal)
RETURNS pg_catalog.index_am_handler
AS 'MODULE_PATHNAME', 'bloomfilter_bank_handler' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloombank_handler(pg_catalog.internal) IS 'handler of the bloombank index access method';

CREATE ACCESS METHOD bloombank TYPE INDEX HANDLER bloombank_handler;

COMMENT ON ACCESS METHOD bloombank IS 'index over a column of bloom filters: which filters may hold a value, in a page per hundreds of filters';

CREATE OPERATOR CLASS bloom_bank_ops
DEFAULT FOR TYPE bloom USING bloombank AS
	OPERATOR 1 @> (bloom, bloombank_key);

--
-- Maintenance and verification
--

CREATE FUNCTION bloombank_flush(index pg_catalog.regclass)
RETURNS pg_catalog.int8
AS 'MODULE_PATHNAME', 'bloomfilter_bank_flush' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

COMMENT ON FUNCTION bloombank_flush(pg_catalog.regclass) IS 'move the rows of a bloombank index''s pending list into groups now, as VACUUM does; returns how many';

CREATE FUNCTION bloombank_check(index pg_catalog.regclass,
	OUT rows pg_catalog.int8, OUT pending pg_catalog.int8,
	OUT checked pg_catalog.int8, OUT groups pg_catalog.int4)
RETURNS record
AS 'MODULE_PATHNAME', 'bloomfilter_bank_check' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION bloombank_check(pg_catalog.regclass) IS 'check that a bloombank index holds every row of its table with a filter, and every bit of each filter; an error at the first that it does not';

CREATE FUNCTION bloombank_info(index pg_catalog.regclass,
	OUT pending pg_catalog.int8, OUT groups pg_catalog.int4,
	OUT grouped pg_catalog.int8, OUT pages pg_catalog.int8,
	OUT free_pages pg_catalog.int8, OUT free_runs pg_catalog.int4,
	OUT probe_pages pg_catalog.float8,
	OUT kinds pg_catalog.text[])
RETURNS record
AS 'MODULE_PATHNAME', 'bloomfilter_bank_info' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION bloombank_info(pg_catalog.regclass) IS 'a bloombank index''s pending rows, groups and the rows they hold, pages (and those free, in how many runs), the pages a test reads of the groups, and the kinds of value its filters hold';

CREATE FUNCTION bloombank_groups(index pg_catalog.regclass,
	OUT blocks pg_catalog.int8, OUT value_kind pg_catalog.text,
	OUT hash pg_catalog.text, OUT part pg_catalog.int4, OUT parts pg_catalog.int4,
	OUT exact pg_catalog.bool, OUT piece_bits pg_catalog.int4,
	OUT capacity pg_catalog.int4, OUT filters pg_catalog.int4,
	OUT live pg_catalog.int4, OUT pages pg_catalog.int8,
	OUT probe_pages pg_catalog.float8)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'bloomfilter_bank_groups' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION bloombank_groups(pg_catalog.regclass) IS 'the groups of a bloombank index: each one''s class (block count, kind, hash, part, whether the index answers as its filters do), shape, rows, live rows, pages, and the pages a test reads of it';

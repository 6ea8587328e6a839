--
-- sort.sql: sorts of filters (ORDER BY, DISTINCT, count(DISTINCT),
-- GROUP BY, merge joins, btree index builds) use the btree class's
-- SortSupport, whose abbreviated keys are read once per filter from its
-- first bytes, and give the order of the serialized bytes, as bloom_cmp
-- and the bytea cast's own order do, with the same answers as hashing.
--
SET client_min_messages = warning;
CREATE TABLE sorted (id int PRIMARY KEY, what text, f bloom);

-- 200 sparse filters of one shape (18 kB, out of line), as a column's
-- are: their headers differ only in their counts of set bits, a few
-- dozen counts for all of them
INSERT INTO sorted
SELECT g, 'sparse', bloom_agg(g * 1000 + v, 15000, 0.01)
FROM generate_series(1, 200) AS g, generate_series(1, 30) AS v
GROUP BY g;
-- identical filters: three copies of each of three of them (each copy a
-- TOAST value of its own)
INSERT INTO sorted
SELECT 1000 + 10 * s.id + c, 'copy', s.f
FROM sorted AS s, generate_series(1, 3) AS c
WHERE s.id IN (1, 50, 199);
-- identical headers, different bytes: one value each sets 8 bits
INSERT INTO sorted
SELECT 2000 + g, 'one value', bloom_agg(g, 15000, 0.01)
FROM generate_series(1, 30) AS g
GROUP BY g;
-- identical headers and identical first 2 kB (ties of the abbreviated
-- keys, decided by the whole filters): one set bit, made by hand, at
-- offsets past what a key reads, and before it
INSERT INTO sorted
SELECT 3000 + row_number() OVER (ORDER BY pos, bit), 'one bit',
	set_byte(set_byte(bloom_create(5000, 0.01)::bytea, 48, 1), 60 + pos, bit)::bloom
FROM unnest(ARRAY[0, 1, 100, 1900, 1987, 1988, 2100, 2101, 3000, 5900]) AS pos,
	unnest(ARRAY[1, 2, 128]) AS bit;
INSERT INTO sorted
SELECT 3100 + id - 3000, 'one bit copy', f FROM sorted WHERE what = 'one bit' AND id % 4 = 0;
-- small filters, in line: exact lists of int and text values (identical
-- headers for the same count of values), empty ones, other sizes
INSERT INTO sorted
SELECT 4000 + g, 'exact int', bloom_agg(g * 10 + v)
FROM generate_series(1, 20) AS g, generate_series(1, 1 + g % 3) AS v
GROUP BY g;
INSERT INTO sorted
SELECT 4100 + g, 'exact text', bloom_agg('t' || (g * 10 + v))
FROM generate_series(1, 20) AS g, generate_series(1, 1 + g % 3) AS v
GROUP BY g;
INSERT INTO sorted
SELECT 4200 + g, 'empty', bloom_create(g * 10, 0.01 * g)
FROM generate_series(1, 5) AS g;
INSERT INTO sorted
SELECT 4300 + g, 'small', bloom_agg(v, 100 * g, 0.05)
FROM generate_series(1, 5) AS g, generate_series(1, 10 * g) AS v
GROUP BY g;
INSERT INTO sorted VALUES (5000, 'null', NULL), (5001, 'null', NULL);
ANALYZE sorted;

SELECT what, count(*) AS filters, count(DISTINCT f::bytea) AS distinct_bytes,
	min(octet_length(f::bytea)) AS min_bytes, max(octet_length(f::bytea)) AS max_bytes
FROM sorted GROUP BY what ORDER BY min(id);
-- the large ones are stored out of line: as many TOAST values
CREATE FUNCTION pg_temp.toast_values(rel regclass) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE format('SELECT count(DISTINCT chunk_id) FROM %s',
		(SELECT reltoastrelid::regclass FROM pg_class WHERE oid = rel)) INTO n;
	RETURN n;
END
$$;
SELECT pg_temp.toast_values('sorted') AS out_of_line,
	count(*) FILTER (WHERE octet_length(f::bytea) > 2000) AS large
FROM sorted;

-- The sorts use the btree class's SortSupport: bloom_sortsupport is its
-- support function 2
SELECT amprocnum, amproc::regprocedure
FROM pg_amproc
WHERE amprocfamily = (SELECT opcfamily FROM pg_opclass WHERE opcname = 'bloom_btree_ops')
ORDER BY 1;

-- The order of the bytes, as the bytea cast's order gives it (the ids
-- break ties of equal filters), ascending and descending, NULLs either end
CREATE TABLE byte_order AS
SELECT id, row_number() OVER (ORDER BY f::bytea, id) AS pos FROM sorted;
SELECT array_agg(id ORDER BY f, id) = array_agg(id ORDER BY f::bytea, id) AS ascending,
	array_agg(id ORDER BY f DESC, id) = array_agg(id ORDER BY f::bytea DESC, id) AS descending,
	array_agg(id ORDER BY f NULLS FIRST, id) = array_agg(id ORDER BY f::bytea NULLS FIRST, id) AS nulls_first
FROM sorted;
-- ORDER BY f, as a query sorts it (a Sort node, not the aggregate's sort)
EXPLAIN (COSTS OFF) SELECT id FROM sorted ORDER BY f, id;
SELECT count(*) AS rows, bool_and(s.n = b.pos) AS in_byte_order
FROM (SELECT id, row_number() OVER () AS n
	  FROM (SELECT id FROM sorted ORDER BY f, id) AS q) AS s
JOIN byte_order AS b USING (id);

-- Every kind of filter first: an abbreviated key is taken against the
-- sort's first filter, so each of these sorts reads its rows starting from
-- another one (the subquery's order)
SELECT count(*) AS first_filters,
	count(*) FILTER (WHERE ordered) AS in_byte_order
FROM (SELECT k, (SELECT array_agg(id ORDER BY f, id)
				 FROM (SELECT id, f FROM sorted ORDER BY id <> k, id OFFSET 0) AS s)
			  = (SELECT array_agg(id ORDER BY pos) FROM byte_order) AS ordered
	  FROM (SELECT id AS k FROM sorted WHERE id % 7 = 0 OR id >= 1000) AS ks) AS t;

-- A sort that spills to disk (keys are not kept on tape) and one that
-- stops at a bound (no keys), each against the byte order
SET work_mem = '64kB';
CREATE TABLE many_small AS
SELECT g AS id, bloom_agg(g % 700 * 3 + v % 2) AS f
FROM generate_series(1, 5000) AS g, generate_series(1, 2) AS v
GROUP BY g;
EXPLAIN (COSTS OFF) SELECT id FROM many_small ORDER BY f, id;
SELECT bool_and(n = pos) AS spilled_in_byte_order
FROM (SELECT id, row_number() OVER (ORDER BY f, id) AS n,
			 row_number() OVER (ORDER BY f::bytea, id) AS pos
	  FROM many_small) AS t;
RESET work_mem;
SELECT array_agg(id) = (SELECT array_agg(id ORDER BY pos) FROM byte_order WHERE pos <= 7)
	AS bounded_in_byte_order
FROM (SELECT id FROM sorted ORDER BY f, id LIMIT 7) AS q;

-- count(DISTINCT f) sorts; against DISTINCT hashed and sorted, and GROUP
-- BY hashed and sorted: the same count, and the same groups
SELECT count(DISTINCT f) AS sorted_count FROM sorted;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM (SELECT DISTINCT f FROM sorted) AS s;
SELECT count(f) AS hashed_count FROM (SELECT DISTINCT f FROM sorted) AS s;
RESET enable_sort;
SET enable_hashagg = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM (SELECT DISTINCT f FROM sorted) AS s;
SELECT count(f) AS sorted_distinct FROM (SELECT DISTINCT f FROM sorted) AS s;
CREATE TABLE groups_sorted AS
SELECT array_agg(id ORDER BY id) AS ids FROM sorted GROUP BY f;
RESET enable_hashagg;
SET enable_sort = off;
CREATE TABLE groups_hashed AS
SELECT array_agg(id ORDER BY id) AS ids FROM sorted GROUP BY f;
RESET enable_sort;
SELECT (SELECT count(*) FROM groups_sorted) AS groups,
	(SELECT count(*) FROM groups_sorted WHERE cardinality(ids) > 1) AS groups_of_copies,
	NOT EXISTS (SELECT ids FROM groups_sorted EXCEPT SELECT ids FROM groups_hashed)
	AND NOT EXISTS (SELECT ids FROM groups_hashed EXCEPT SELECT ids FROM groups_sorted)
		AS same_groups;
-- per kind of filter, sorted and hashed
SET enable_sort = off;
SELECT what, count(DISTINCT f) AS sorted_count,
	(SELECT count(f) FROM (SELECT DISTINCT f FROM sorted AS s2 WHERE s2.what = s.what) AS d)
		AS hashed_count
FROM sorted AS s GROUP BY what ORDER BY min(id);
RESET enable_sort;

-- A merge join on = (both sides sorted) pairs each filter with its copies
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM sorted AS a JOIN sorted AS b ON a.f = b.f;
SELECT count(*) AS merge_pairs FROM sorted AS a JOIN sorted AS b ON a.f = b.f;
RESET enable_hashjoin;
RESET enable_nestloop;
SELECT count(*) AS pairs FROM sorted AS a JOIN sorted AS b ON a.f::bytea = b.f::bytea;

-- A btree index built by sorting (the small filters: a btree entry holds
-- at most about 2.7 kB) is in the order bloom_cmp gives, as amcheck finds
-- it, and answers as a scan does
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE INDEX sorted_small ON sorted (f) WHERE octet_length(f::bytea) < 2000;
CREATE INDEX many_small_f ON many_small (f);
SELECT bt_index_check('sorted_small', true), bt_index_check('many_small_f', true);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
-- whether a query's plan scans the index named (EXPLAIN's text form
-- shows an InitPlan's value differently from one version to the next)
SELECT plan_json('SELECT count(*) FROM many_small AS m
	WHERE f = (SELECT f FROM many_small WHERE id = 42)')::text
       LIKE '%"Index Name": "many_small_f"%' AS uses_index;
SELECT count(*) AS by_index FROM many_small AS m
WHERE f = (SELECT f FROM many_small WHERE id = 42);
SELECT count(*) AS index_order
FROM (SELECT id, row_number() OVER () AS n FROM (SELECT id FROM many_small ORDER BY f, id) AS q) AS s
JOIN (SELECT id, row_number() OVER (ORDER BY f::bytea, id) AS pos FROM many_small) AS b USING (id)
WHERE n = pos;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) AS by_scan FROM many_small AS m
WHERE f = (SELECT f FROM many_small WHERE id = 42);

DROP TABLE sorted, byte_order, many_small, groups_sorted, groups_hashed;
DROP EXTENSION amcheck;

--
-- composite_types: a filter of a composite type after ALTER TYPE ... ADD
-- ATTRIBUTE (issue 16, item 2).  Composite values are hashed by
-- PostgreSQL's own record hash, which hashes every attribute, the new NULL
-- one too: stored rows read back with it hash differently, exactly as they
-- do for a hash index on the column, which misses them until REINDEX.  The
-- filter must be built again, as the README says.
--
CREATE TYPE ct_pair AS (a int, b text);
CREATE TABLE ct (p ct_pair);
INSERT INTO ct SELECT ROW(i, 'x' || i)::ct_pair FROM generate_series(1, 100) AS i;
CREATE INDEX ct_p_hash ON ct USING hash (p);
CREATE TABLE ct_filter AS SELECT bloom_agg(p) AS f FROM ct;
SELECT count(*) FILTER (WHERE f @> p) AS found FROM ct, ct_filter;

ALTER TYPE ct_pair ADD ATTRIBUTE c int;
-- the rows now have a third, NULL attribute: the filter misses them
SELECT count(*) FILTER (WHERE f @> p) AS found FROM ct, ct_filter;
-- and so does PostgreSQL's hash index on the column
SET enable_seqscan = off;
SELECT count(*) AS found_by_hash_index FROM ct WHERE p = ROW(1, 'x1', NULL)::ct_pair;
RESET enable_seqscan;
SELECT count(*) AS found_by_scan FROM ct WHERE p::text = '(1,x1,)';

-- built again, the filter holds them
UPDATE ct_filter SET f = (SELECT bloom_agg(p) FROM ct);
SELECT count(*) FILTER (WHERE f @> p) AS found FROM ct, ct_filter;

DROP TABLE ct, ct_filter;
DROP TYPE ct_pair;

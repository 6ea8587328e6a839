--
-- parts.sql: filters kept in parts by block range (doc/partitioned.md).
--
SET client_min_messages = warning;

CREATE TABLE part_values AS
	SELECT i, 'https://example.com/' || i AS url FROM generate_series(1, 20000) AS i;

-- The whole's block count is bloom_create's, rounded up to a multiple of
-- the number of parts: 20,208 values at 1% are 832 blocks
SELECT (bloom_info(bloom_create(20208, 0.01))).blocks AS whole_blocks,
	   p.parts, (bloom_info(f)).blocks AS part_blocks,
	   (bloom_part_info(f)).whole_blocks
FROM (VALUES (1), (2), (8), (13), (832), (5), (1000)) AS p(parts),
	 LATERAL bloom_part_create(20208, 0.01, p.parts, 0) AS f;

-- Parts built by bloom_part_agg, laid end to end, are bloom_agg's filter
-- of the same capacity and rate, byte for byte, for part counts that
-- divide its block count (and for values of every kind); assembled, they
-- are that filter; bloom_split cuts it into the same parts
CREATE FUNCTION pg_temp.parts_are_the_whole(capacity bigint, fpr float8, parts int)
RETURNS TABLE (end_to_end bool, assembled bool, split bool, all_found bool)
LANGUAGE sql AS $$
	WITH built AS (
		SELECT bloom_part_of(url, capacity, fpr, parts) AS part,
			   bloom_part_agg(url, capacity, fpr, parts) AS f
		  FROM part_values GROUP BY 1),
	whole AS (SELECT bloom_agg(url, capacity, fpr) AS f FROM part_values)
	SELECT substring(w.f::bytea FROM 61) =
		   (SELECT string_agg(substring(b.f::bytea FROM 61), ''::bytea ORDER BY b.part)
			  FROM built AS b),
		   w.f = (SELECT bloom_assemble_agg(b.f) FROM built AS b),
		   (SELECT count(*) FROM bloom_split(w.f, parts) AS s
			  JOIN built AS b USING (part) WHERE s.filter = b.f) = parts,
		   NOT EXISTS (SELECT FROM part_values AS v JOIN built AS b
						   ON b.part = bloom_part_of(v.url, capacity, fpr, parts)
						WHERE NOT b.f @> v.url)
	  FROM whole AS w
$$;
SELECT c.capacity, c.fpr, c.parts, t.*
FROM (VALUES (20208, 0.01, 1), (20208, 0.01, 2), (20208, 0.01, 8),
			 (20208, 0.01, 13), (20208, 0.01, 832),
			 (29088, 0.001, 16), (29088, 0.001, 30), (29088, 0.001, 1920))
	 AS c(capacity, fpr, parts),
	 LATERAL pg_temp.parts_are_the_whole(c.capacity, c.fpr, c.parts) AS t;
SELECT (bloom_info(bloom_create(29088, 0.001))).blocks AS blocks_at_0_1_percent;
-- integers, under a parallel plan too
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
CREATE TABLE par_parts AS
	SELECT bloom_part_of(i, 20208, 0.01, 4) AS part, bloom_part_agg(i, 20208, 0.01, 4) AS f
	  FROM part_values GROUP BY 1;
RESET max_parallel_workers_per_gather;
SELECT (SELECT bloom_assemble_agg(f) FROM par_parts)
	 = (SELECT bloom_agg(i, 20208, 0.01) FROM part_values) AS parallel_parts_are_the_whole,
	   (SELECT bool_and(p.f = s.f) FROM par_parts AS p
		  JOIN (SELECT bloom_part_of(i, 20208, 0.01, 4) AS part,
					   bloom_part_agg(i, 20208, 0.01, 4) AS f
				  FROM part_values GROUP BY 1) AS s USING (part)) AS same_as_serial;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;

-- A table of parts is the filter: membership is one part's, a count is the
-- sum of the parts', a union or an intersection joins the parts by number
CREATE TABLE odd_parts AS
	SELECT bloom_part_of(url, 20208, 0.01, 8) AS part, bloom_part_agg(url, 20208, 0.01, 8) AS f
	  FROM part_values WHERE i % 2 = 1 GROUP BY 1;
CREATE TABLE low_parts AS
	SELECT bloom_part_of(url, 20208, 0.01, 8) AS part, bloom_part_agg(url, 20208, 0.01, 8) AS f
	  FROM part_values WHERE i <= 10000 GROUP BY 1;
SELECT (SELECT f @> 'https://example.com/7'::text FROM odd_parts
		 WHERE part = bloom_part_of('https://example.com/7'::text, 20208, 0.01, 8)) AS has_7,
	   (SELECT count(*) FROM part_values AS v JOIN odd_parts AS o
			ON o.part = bloom_part_of(v.url, 20208, 0.01, 8)
		 WHERE v.i % 2 = 1 AND NOT o.f @> v.url) AS odd_missing,
	   round((SELECT sum(# f) FROM odd_parts) / 100) * 100 AS odd_count,
	   round((SELECT sum(# (o.f | l.f)) FROM odd_parts AS o JOIN low_parts AS l USING (part)) / 100) * 100
		 AS union_count,
	   round((SELECT sum(bloom_intersection_cardinality(o.f, l.f))
				FROM odd_parts AS o JOIN low_parts AS l USING (part)) / 100) * 100
		 AS intersection_count,
	   (SELECT bool_and(o.f & l.f @> v.url) FROM part_values AS v
		  JOIN odd_parts AS o ON o.part = bloom_part_of(v.url, 20208, 0.01, 8)
		  JOIN low_parts AS l USING (part)
		 WHERE v.i % 2 = 1 AND v.i <= 10000) AS intersection_holds_both;
-- parts of one number union into that part of the union of the sets
SELECT bool_and(u.f = a.f) AS union_agg_by_part
FROM (SELECT part, bloom_union_agg(f) AS f
		FROM (SELECT * FROM odd_parts UNION ALL SELECT * FROM low_parts) AS s
	   GROUP BY part) AS u
JOIN (SELECT bloom_part_of(url, 20208, 0.01, 8) AS part, bloom_part_agg(url, 20208, 0.01, 8) AS f
		FROM part_values WHERE i % 2 = 1 OR i <= 10000 GROUP BY 1) AS a USING (part);
-- parts left out of an assembly are empty; the empty set combines with a
-- part; every function reads a part as the filter it is
SELECT bloom_assemble_agg(f) = (SELECT bloom_agg(url, 20208, 0.01) FROM part_values
								 WHERE i % 2 = 1 AND bloom_part_of(url, 20208, 0.01, 8) < 3)
	   AS assembled_three
FROM odd_parts WHERE part < 3;
SELECT bool_and(f | (SELECT bloom_agg(url) FROM part_values WHERE false) = f) AS union_with_empty,
	   bool_and(f::text::bloom = f) AS text_round_trip,
	   bool_and(bloom_from_bytea(f::bytea) = f) AS bytea_round_trip,
	   bool_and((bloom_info(f)).value_kind = 'text') AS kind,
	   bool_and(bloom_fpr(f) < 0.01) AS fpr
FROM odd_parts;
SELECT part, parts, whole_blocks FROM bloom_part_info((SELECT f FROM odd_parts WHERE part = 5));
SELECT * FROM bloom_part_info(bloom_create(10, 0.01));

-- An add rewrites one part; a value added to its part is found there
UPDATE odd_parts SET f = bloom_add(f, 'https://example.com/new'::text)
 WHERE part = bloom_part_of('https://example.com/new'::text, 20208, 0.01, 8);
UPDATE odd_parts SET f = bloom_add_all(f, ARRAY['https://example.com/2', 'https://example.com/4'])
 WHERE part = 0 AND bloom_part_of('https://example.com/2'::text, 20208, 0.01, 8) = 0
   AND bloom_part_of('https://example.com/4'::text, 20208, 0.01, 8) = 0;
SELECT bloom_part_of('https://example.com/new'::text, 20208, 0.01, 8) AS new_part,
	   (SELECT f @> 'https://example.com/new'::text FROM odd_parts
		 WHERE part = bloom_part_of('https://example.com/new'::text, 20208, 0.01, 8)) AS has_new;

-- A group of NULLs has no part; an empty table no group
SELECT bloom_part_agg(NULL::text, 100, 0.01, 4) IS NULL AS nulls_only,
	   (SELECT bloom_part_agg(url, 100, 0.01, 4) FROM part_values WHERE false) IS NULL AS no_rows,
	   (SELECT bloom_assemble_agg(f) FROM odd_parts WHERE false) IS NULL AS no_parts;

-- A whole larger than one value: a billion values at 1% in 1,024 parts
SELECT (bloom_part_info(f)).whole_blocks * 32 > 768 * 1024 * 1024 AS whole_over_768_mb,
	   (bloom_info(f)).blocks AS part_blocks, (bloom_info(f)).capacity
FROM bloom_part_create(1000000000, 0.01, 1024, 1023) AS f;

-- The recipe: every URL ever seen, kept current statement by statement,
-- touching only the parts the statement's rows fall in
\i doc/examples/seen_parts.sql
INSERT INTO visits SELECT DATE '2026-11-16', url FROM part_values WHERE i <= 20;
CREATE TABLE before AS SELECT part, xmin::text::bigint AS x FROM seen_parts;
INSERT INTO visits VALUES ('2026-11-17', 'https://example.com/1'),
	('2026-11-17', 'https://example.com/late'), ('2026-11-17', NULL);
COPY visits FROM STDIN;
2026-11-18	https://example.com/copied
\.
SELECT (SELECT count(*) FROM seen_parts) =
	   (SELECT count(DISTINCT bloom_part_of(url, 1000000000, 0.01, 1024)) FROM visits)
	   AS one_row_per_part_seen,
	   (SELECT array_agg(s.part ORDER BY s.part) FROM seen_parts AS s
		  LEFT JOIN before AS b USING (part)
		 WHERE b.x IS DISTINCT FROM s.xmin::text::bigint) =
	   (SELECT array_agg(DISTINCT p ORDER BY p)
		  FROM (SELECT bloom_part_of(url, 1000000000, 0.01, 1024) AS p
				  FROM visits WHERE day > '2026-11-16' AND url IS NOT NULL) AS v)
	   AS rewrote_only_their_parts,
	   (SELECT bool_and(seen(url)) FROM visits WHERE url IS NOT NULL) AS all_seen,
	   seen('https://example.com/never') AS never_seen;
SELECT v.url FROM (VALUES ('https://example.com/3'), ('https://example.com/999')) AS v(url)
 WHERE NOT seen(v.url);
-- No function of another schema stands in for the extension's (issue 31,
-- item 4).  A role that can create in a schema on the path defines the
-- recipe's calls as written without casts, exactly: bloom_part_of and
-- bloom_part_agg of (text, integer, numeric, integer)
CREATE ROLE regress_bloom_capture;
CREATE SCHEMA capture AUTHORIZATION regress_bloom_capture;
SET ROLE regress_bloom_capture;
CREATE FUNCTION capture.bloom_part_of(text, integer, numeric, integer) RETURNS integer
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured bloom_part_of'; END $$;
CREATE FUNCTION capture.trap(bloom, text, integer, numeric, integer) RETURNS bloom
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured bloom_part_agg'; END $$;
CREATE AGGREGATE capture.bloom_part_agg(text, integer, numeric, integer) (
	SFUNC = capture.trap, STYPE = bloom);
RESET ROLE;
\set VERBOSITY terse
-- later on the path, it takes the calls without casts, not doc/partitioned.md's
-- probe and statistics, which cast theirs
SET search_path = public, capture;
SELECT bloom_part_of('https://example.com/1'::text, 1000000000, 0.01, 1024);
SELECT f @> 'https://example.com/1'::text AS probe FROM seen_parts
 WHERE part = bloom_part_of('https://example.com/1'::text, 1000000000::bigint, 0.01::float8, 1024);
CREATE STATISTICS visits_part ON (bloom_part_of(url, 1000000000::bigint, 0.01::float8, 1024)) FROM visits;
ANALYZE visits;
-- first on the path, with calls of the cast types exactly and the
-- operators @> and | too, it still takes none of the recipe's: both its
-- functions have a search_path of their own
SET ROLE regress_bloom_capture;
CREATE FUNCTION capture.bloom_part_of(text, bigint, double precision, integer) RETURNS integer
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured bloom_part_of'; END $$;
CREATE FUNCTION capture.contains_trap(bloom, text) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured @>'; END $$;
CREATE OPERATOR capture.@> (LEFTARG = bloom, RIGHTARG = text, FUNCTION = capture.contains_trap);
CREATE FUNCTION capture.union_trap(bloom, bloom) RETURNS bloom
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured |'; END $$;
CREATE OPERATOR capture.| (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = capture.union_trap);
RESET ROLE;
SET search_path = capture, public;
SELECT bloom_part_of('https://example.com/1'::text, 1000000000::bigint, 0.01::float8, 1024);
SELECT f @> 'https://example.com/1'::text FROM seen_parts LIMIT 1;
INSERT INTO visits VALUES ('2026-11-19', 'https://example.com/safe'),
	('2026-11-19', 'https://example.com/1');
SELECT seen('https://example.com/safe') AS safe_seen, seen('https://example.com/never') AS never_seen;
RESET search_path;
\set VERBOSITY default
DROP SCHEMA capture CASCADE;
DROP ROLE regress_bloom_capture;

DROP TABLE visits, seen_parts, before;
DROP FUNCTION seen, seen_parts_add;

-- Errors
SELECT f @> 'https://example.com/1'::text FROM odd_parts
 WHERE part <> bloom_part_of('https://example.com/1'::text, 20208, 0.01, 8) LIMIT 1;
SELECT bloom_add(f, 'https://example.com/1'::text) FROM odd_parts
 WHERE part <> bloom_part_of('https://example.com/1'::text, 20208, 0.01, 8) LIMIT 1;
SELECT f @> 1 FROM odd_parts LIMIT 1;
SELECT bloom_part_agg(url, 20208, 0.01, 8) FROM part_values;
SELECT bloom_part_agg(url, 20208, 0.01 + i % 2 * 0.01, 8) FROM part_values
 GROUP BY bloom_part_of(url, 20208, 0.01, 8);
SELECT bloom_part_agg(url, 20208, 0.01, NULL) FROM part_values;
SELECT a.f | b.f FROM odd_parts AS a, odd_parts AS b WHERE a.part = 0 AND b.part = 1;
SELECT f & bloom_create(20208, 0.01) FROM odd_parts WHERE part = 0;
SELECT bloom_union_cardinality(f, (SELECT bloom_agg(url) FROM part_values)) FROM odd_parts WHERE part = 0;
SELECT bloom_union_agg(f) FROM odd_parts;
SELECT o.f | p.filter FROM odd_parts AS o, bloom_split(bloom_create(39266, 0.01), 8) AS p
 WHERE o.part = 0 AND p.part = 0;
SELECT bloom_assemble_agg(f) FROM (SELECT f FROM odd_parts UNION ALL
								   SELECT filter FROM bloom_split(bloom_create(39266, 0.01), 8)) AS s;
SELECT bloom_assemble_agg(bloom_create(10, 0.01));
SELECT bloom_assemble_agg(bloom_part_create(1000000000, 0.01, 1024, 0));
SELECT bloom_part_of('x'::text, 0, 0.01, 4);
SELECT bloom_part_of('x'::text, 100, 1, 4);
SELECT bloom_part_of('x'::text, 100, 0.01, 0);
SELECT bloom_part_create(100, 0.01, 4, 4);
SELECT bloom_part_create(100, 0.01, 4, -1);
SELECT bloom_part_create(1000000000, 0.01, 1, 0);
SELECT bloom_part_create(10000000000000, 0.0001, 100000, 0);
SELECT * FROM bloom_split(bloom_create(20208, 0.01), 5);
SELECT * FROM bloom_split(bloom_create(20208, 0.01), 3);
SELECT * FROM bloom_split(bloom_create(20208, 0.01), 0);
SELECT * FROM bloom_split((SELECT bloom_agg(url) FROM part_values WHERE i < 10), 1);
SELECT * FROM bloom_split(bloom_part_create(20208, 0.01, 2, 0), 2);
SELECT * FROM bloom_split(bloom_create(20208, 0.01, 'parquet'), 2);

DROP TABLE part_values, par_parts, odd_parts, low_parts;

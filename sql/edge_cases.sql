--
-- edge_cases: issue 16's edge cases (items 1, 3, 8, 9, 11, 12)
--

-- Item 1: char(n) against varchar and text, both directions.  Every
-- text-like value is hashed without its trailing blanks.
SELECT bloom_agg(x) @> 'a '::varchar AS char_probed_with_varchar
  FROM (VALUES ('a'::char(3))) v(x);
SELECT bloom_agg(x) @> 'a'::text AS char_probed_with_text
  FROM (VALUES ('a'::char(3))) v(x);
SELECT bloom_agg(x) @> 'ab'::char(5) AS varchar_probed_with_char
  FROM (VALUES ('ab '::varchar)) v(x);
SELECT bloom_agg(x) @> 'ab '::name AS text_probed_with_name
  FROM (VALUES ('ab'::text)) v(x);
SELECT bloom_add(bloom_create(100, 0.01), 'q'::char(4)) @> 'q  '::text
  AS sized_char_probed_with_text;
-- a bloom join keeps every row the real join keeps
CREATE TABLE edge_chars (c char(3));
CREATE TABLE edge_names (v varchar);
INSERT INTO edge_chars VALUES ('a'), ('bb'), ('ccc');
INSERT INTO edge_names VALUES ('a '), ('bb'), ('ccc'), ('d');
SELECT count(*) AS real_join FROM edge_chars JOIN edge_names ON c = v;
SELECT count(*) AS bloom_join
  FROM edge_names, (SELECT bloom_agg(c) AS f FROM edge_chars) s
 WHERE s.f @> v;
SELECT count(*) AS bloom_join_reversed
  FROM edge_chars, (SELECT bloom_agg(v) AS f FROM edge_names) s
 WHERE s.f @> c;

-- Item 3: filters of text made by 1.0 (these fixtures were made by it)
-- hash the trailing blanks of text and varchar, and keep answering as
-- they did.  old_exact holds the varchars 'a ', 'ab' and 'b  c  ';
-- old_blocks, bloom_agg(x, 10, 0.1), the texts 'ab ', 'x  ' and 'yz'.
\set old_exact 'QkYBAgEAAQABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7FK5H4XqEPwMAAAAAAAAAAAAAAAAAAAAAAAAAKjXmV87kd4tcc9UknHFzqPZUv9Kmbc69'
\set old_blocks 'QkYBAQAAAQABAAAAAAAAAAAAAAAAAAAACgAAAAAAAACamZmZmZm5PwEAAAAAAAAAGAAAAAAAAAAAAAAAAIAGAAgACARgBAAAAAICAgAIIgAgAAIQAFAAgAAEYAA='
SELECT :'old_exact'::bloom @> 'a '::varchar AS a_blank,
       :'old_exact'::bloom @> 'ab'::text AS ab,
       :'old_exact'::bloom @> 'b  c  '::text AS b_c,
       :'old_exact'::bloom @> 'zz'::text AS zz;
SELECT :'old_blocks'::bloom @> 'ab '::text AS ab_blank,
       :'old_blocks'::bloom @> 'x  '::varchar AS x_blanks,
       :'old_blocks'::bloom @> 'yz'::text AS yz;
SELECT (bloom_info(:'old_exact'::bloom)).value_kind;
-- extended with 1.0's hashing, so its old values stay found
SELECT bloom_add(:'old_exact'::bloom, 'n '::text) @> 'n '::text AS added,
       bloom_add(:'old_exact'::bloom, 'n '::text) @> 'a '::text AS kept;
SELECT bloom_add(:'old_blocks'::bloom, 'n '::text) @> 'x  '::text AS kept;
-- combining it with a filter made now is an error with a hint
SELECT :'old_exact'::bloom | bloom_agg(x) FROM (VALUES ('a'::text)) v(x);
SELECT bloom_union_agg(f) FROM (VALUES (:'old_exact'::bloom),
  ((SELECT bloom_agg(x) FROM (VALUES ('a'::text)) v(x)))) u(f);
-- an empty filter takes either
SELECT bloom_union_agg(f) @> 'b  c  '::text AS old_union_with_empty
  FROM (VALUES (:'old_exact'::bloom), (bloom_create(10, 0.1))) u(f);
-- other kinds hash as 1.0 did (this is 1.0's filter of the integer 42)
SELECT 'QkYBAgEAAQACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7FK5H4XqEPwEAAAAAAAAAAAAAAAAAAAAAAAAAyCffOMj4ptU='::bloom
       = bloom_agg(x) AS integers_unchanged
  FROM (VALUES (42)) v(x);

-- Item 9: an aggregate on bloom_agg_trans with an initcond of another kind
CREATE AGGREGATE edge_text_into_integers(text) (
	SFUNC = bloom_agg_trans, STYPE = bloom, FINALFUNC = bloom_agg_final,
	INITCOND = 'QkYBAgEAAQACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7FK5H4XqEPwEAAAAAAAAAAAAAAAAAAAAAAAAAyCffOMj4ptU=');
SELECT edge_text_into_integers(x) FROM (VALUES ('a'), ('b')) v(x);
-- of no kind yet, it takes the kind of the values
CREATE AGGREGATE edge_text_into_sized(text) (
	SFUNC = bloom_agg_trans, STYPE = bloom, FINALFUNC = bloom_agg_final,
	INITCOND = 'QkYBAQAAAQAAAAAAAAAAAAAAAAAAAAAACgAAAAAAAACamZmZmZm5PwEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
SELECT (bloom_info(edge_text_into_sized(x))).value_kind,
       edge_text_into_sized(x) @> 'a'::text AS a
  FROM (VALUES ('a'), ('b')) v(x);
SELECT edge_text_into_sized(x) @> 1 FROM (VALUES ('a')) v(x);
-- of 1.0's text, it adds with 1.0's hashing
CREATE AGGREGATE edge_text_into_old(text) (
	SFUNC = bloom_agg_trans, STYPE = bloom, FINALFUNC = bloom_agg_final,
	INITCOND = 'QkYBAgEAAQABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7FK5H4XqEPwMAAAAAAAAAAAAAAAAAAAAAAAAAKjXmV87kd4tcc9UknHFzqPZUv9Kmbc69');
SELECT edge_text_into_old(x) @> 'n '::text AS added,
       edge_text_into_old(x) @> 'a '::text AS kept
  FROM (VALUES ('n ')) v(x);
-- of a part of a filter, it adds its values' local hashes, as bloom_add
-- does, and refuses a value of another part (1 and 2 are of part 0, 3 of
-- part 1)
SELECT bloom_part_create(1000, 0.01, 4, 0)::text AS part0 \gset
CREATE AGGREGATE edge_integers_into_part(int) (
	SFUNC = bloom_agg_trans, STYPE = bloom, FINALFUNC = bloom_agg_final,
	INITCOND = :'part0');
SELECT edge_integers_into_part(x) = bloom_add(bloom_add(:'part0', 1), 2) AS as_bloom_add,
       edge_integers_into_part(x) @> 1 AS has_1,
       edge_integers_into_part(x) @> 2 AS has_2
  FROM (VALUES (1), (2)) v(x);
SELECT edge_integers_into_part(x) FROM (VALUES (1), (3)) v(x);

-- Item 11: base64 input ignores white space, as decode() does
SELECT bloom_create(100, 0.01)::text AS t \gset
SELECT regexp_replace(:'t', '(.{76})', E'\\1\n', 'g')::bloom = :'t'::bloom
  AS wrapped_at_76;
SELECT (E' \t' || :'t' || E'\r\n')::bloom = :'t'::bloom AS surrounded;
SELECT 'QkYB!'::bloom;

-- Item 12: a row constructor against a composite filter
CREATE TYPE edge_pair AS (a int, b text);
SELECT bloom_agg(x) @> row(1, 'x') FROM (VALUES (row(1, 'x')::edge_pair)) v(x);
SELECT bloom_agg(x) @> row(1, 'x')::edge_pair AS cast_row
  FROM (VALUES (row(1, 'x')::edge_pair)) v(x);

-- Item 8: header rates and capacities no sizing function produces
SELECT encode(decode('QkYBAgEAAQACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7FK5H4XqEPwEAAAAAAAAAAAAAAAAAAAAAAAAAyCffOMj4ptU=', 'base64'), 'hex') AS h \gset
-- the exact filter of 42 with rate 1e-300 (0x01a56e1fc2f8f359)
SELECT encode(overlay(decode(:'h', 'hex') PLACING '\x59f3f8c21f6ea501'::bytea FROM 33), 'base64')::bloom;
SELECT overlay(decode(:'h', 'hex') PLACING '\x59f3f8c21f6ea501'::bytea FROM 33)::bloom;
-- a sized filter of capacity 2^62 at 1%
SELECT overlay(bloom_create(10, 0.1)::bytea PLACING '\x0000000000000040'::bytea FROM 25)::bloom;

-- Issue 31, item 3: bloom_create, bloom_agg(value, capacity, fpr) and
-- bloom_part_create work out a size once per call site and arguments.
-- Run-time arguments that change from row to row (of a table) give each
-- row the filter constant ones give, a hash of its own included, and a
-- part number out of range is refused on its row
CREATE TABLE edge_sizes AS
  SELECT g, (ARRAY[1000, 5000, 1000, 1000, 20000])[g]::bigint AS capacity,
         (ARRAY[0.01, 0.01, 0.001, 0.001, 0.01])[g]::float8 AS fpr,
         (ARRAY['xxh3_64', 'xxh3_64', 'xxh3_64', 'parquet', 'xxh3_64'])[g] AS hash
    FROM generate_series(1, 5) AS g;
SELECT g, (bloom_info(bloom_create(capacity, fpr, hash))).blocks,
       bloom_create(capacity, fpr, hash) =
         CASE g WHEN 1 THEN bloom_create(1000, 0.01) WHEN 2 THEN bloom_create(5000, 0.01)
                WHEN 3 THEN bloom_create(1000, 0.001) WHEN 4 THEN bloom_create(1000, 0.001, 'parquet')
                ELSE bloom_create(20000, 0.01) END AS as_constant
  FROM edge_sizes ORDER BY g;
SELECT s.g, bloom_agg(v, s.capacity, s.fpr) = bloom_add_all(bloom_create(s.capacity, s.fpr), array_agg(v))
         AS as_create
  FROM edge_sizes AS s, generate_series(1, 3) AS v WHERE s.hash = 'xxh3_64'
 GROUP BY s.g, s.capacity, s.fpr ORDER BY s.g;
SELECT g, (bloom_info(bloom_part_create(capacity, fpr, 4, g - 1))).blocks,
       bloom_part_create(capacity, fpr, 4, g - 1) =
         CASE g WHEN 1 THEN bloom_part_create(1000, 0.01, 4, 0) WHEN 2 THEN bloom_part_create(5000, 0.01, 4, 1)
                WHEN 3 THEN bloom_part_create(1000, 0.001, 4, 2) ELSE bloom_part_create(1000, 0.001, 4, 3) END
         AS as_constant
  FROM edge_sizes WHERE g <= 4 ORDER BY g;
SELECT g, bloom_part_create(capacity, fpr, 4, g) IS NOT NULL FROM edge_sizes ORDER BY g;

DROP AGGREGATE edge_text_into_integers(text);
DROP AGGREGATE edge_text_into_sized(text);
DROP AGGREGATE edge_text_into_old(text);
DROP AGGREGATE edge_integers_into_part(int);
DROP TYPE edge_pair;
DROP TABLE edge_chars, edge_names, edge_sizes;

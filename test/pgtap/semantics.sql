--
-- semantics.sql: pgTAP checks of what bloomfilter's values mean.
--
-- Membership, including across types whose values are equal under "=";
-- unknown literals; bloom_agg's handling of NULLs and of no rows; that
-- bloom_agg(x, capacity, fpr) builds the same bytes as bloom_add folded over
-- bloom_create; equality, grouping and hashing of filters; text and bytea
-- round trips; bloom_info; parallel aggregation giving the serial result;
-- and coexistence with contrib's bloom index access method.
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION bloomfilter;
SELECT plan(114);

-- The plan of a query as EXPLAIN prints it; with run, EXPLAIN ANALYZE's
CREATE FUNCTION pg_temp.plan_of(query text, run boolean DEFAULT false)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
    plan text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF'
                        || CASE WHEN run THEN ', ANALYZE, TIMING OFF, SUMMARY OFF' ELSE '' END
                        || ') ' || query
    LOOP
        plan := plan || line || E'\n';
    END LOOP;
    RETURN plan;
END
$$;

--
-- Membership.  Filters from bloom_create(1000) holding one value have a
-- false-positive rate far below 1e-9, so a value not added must test false.
--

SELECT ok(bloom_add(bloom_create(1000), 'apple'::text) @> 'apple'::text,
          'a text value added is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), 'apple'::text) @> 'pear'::text),
          'a text value not added is not a member');
SELECT ok(bloom_contains(bloom_add(bloom_create(1000), 7), 7),
          'bloom_contains finds a value added');
SELECT ok(bloom_contained(7, bloom_add(bloom_create(1000), 7)),
          'bloom_contained finds a value added');
SELECT ok(NOT bloom_contained(8, bloom_add(bloom_create(1000), 7)),
          'bloom_contained does not find a value not added');
SELECT ok(NOT (bloom_create(1000) @> 1),
          'an empty filter from bloom_create has no members');

-- integers: int2, int4 and int8 values that are equal are the same member
SELECT ok(bloom_add(bloom_create(1000), 42::int4) @> 42::int8,
          'int4 42 added: int8 42 is a member');
SELECT ok(bloom_add(bloom_create(1000), 42::int4) @> 42::int2,
          'int4 42 added: int2 42 is a member');
SELECT ok(42::int8 <@ bloom_add(bloom_create(1000), 42::int2),
          'int2 42 added: int8 42 is a member (<@)');
SELECT ok(NOT (bloom_add(bloom_create(1000), 42::int4) @> 43::int8),
          'int4 42 added: int8 43 is not a member');

-- strings: varchar, text and char(n) without its trailing blanks
SELECT ok(bloom_add(bloom_create(1000), 'x'::varchar) @> 'x'::text,
          'varchar ''x'' added: text ''x'' is a member');
SELECT ok(bloom_add(bloom_create(1000), 'x'::varchar) @> 'x '::char(2),
          'varchar ''x'' added: char(2) ''x '' is a member');
-- trailing blanks are never hashed, so char(n) meets varchar and text in
-- both directions (issue 16); 'x' and 'x ' hash alike, a false positive
SELECT ok(bloom_add(bloom_create(1000), 'x '::varchar) @> 'x'::char(3),
          'varchar ''x '' added: char(3) ''x'' is a member');
SELECT ok(bloom_add(bloom_create(1000), 'x'::char(3)) @> 'x '::varchar,
          'char(3) ''x'' added: varchar ''x '' is a member');

-- numeric: scale does not matter
SELECT ok(bloom_add(bloom_create(1000), 1.0::numeric) @> 1.00::numeric,
          'numeric 1.0 added: numeric 1.00 is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), 1.0::numeric) @> 1.01::numeric),
          'numeric 1.0 added: numeric 1.01 is not a member');

-- floating point: -0 equals 0, NaN equals NaN, float4 and float8 alike
SELECT ok(bloom_add(bloom_create(1000), '-0'::float8) @> 0::float4,
          'float8 -0 added: float4 0 is a member');
SELECT ok(bloom_add(bloom_create(1000), 'NaN'::float4) @> 'NaN'::float8,
          'float4 NaN added: float8 NaN is a member');
SELECT ok(bloom_add(bloom_create(1000), 0.5::float4) @> 0.5::float8,
          'float4 0.5 added: float8 0.5 is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), '-0'::float8) @> 'NaN'::float8),
          'float8 -0 added: NaN is not a member');

-- other types with their own canonical form
SELECT ok(bloom_add(bloom_create(1000), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid)
              @> 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'::uuid,
          'uuid added: the same uuid is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid)
              @> 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12'::uuid),
          'uuid added: another uuid is not a member');
SELECT ok(bloom_add(bloom_create(1000), '\xdeadbeef'::bytea) @> decode('DEADBEEF', 'hex'),
          'bytea added: the same bytes are a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), '\xdeadbeef'::bytea) @> '\xdeadbe'::bytea),
          'bytea added: a prefix of it is not a member');
SELECT ok(bloom_add(bloom_create(1000), '2024-02-29'::date) @> ('2024-02-28'::date + 1),
          'date added: the same date is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), '2024-02-29'::date) @> '2024-03-01'::date),
          'date added: the next day is not a member');
SELECT ok(bloom_add(bloom_create(1000), '2024-01-01 12:00'::timestamp)
              @> ('2024-01-01'::timestamp + interval '12 hours'),
          'timestamp added: the same timestamp is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), '2024-01-01 12:00'::timestamp)
              @> '2024-01-01 12:00:00.000001'::timestamp),
          'timestamp added: one microsecond later is not a member');
SELECT ok(bloom_add(bloom_create(1000), '2024-01-01 12:00+00'::timestamptz)
              @> '2024-01-01 14:00+02'::timestamptz,
          'timestamptz added: the same instant in another zone is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), '2024-01-01 12:00+00'::timestamptz)
              @> '2024-01-01 12:00+02'::timestamptz),
          'timestamptz added: another instant is not a member');
SELECT ok(bloom_add(bloom_create(1000), '192.168.0.1'::inet) @> '192.168.0.1/32'::inet,
          'inet added: the same address written with /32 is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), '192.168.0.1'::inet) @> '192.168.0.1/24'::inet),
          'inet added: the same address with another prefix length is not a member');
SELECT ok(bloom_add(bloom_create(1000), true) @> 'yes'::boolean,
          'true added: true is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), true) @> false),
          'true added: false is not a member');

-- an enum, hashed by label, and a domain, hashed as its base type
CREATE TYPE test_mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN test_label AS text CHECK (VALUE <> '');
SELECT ok(bloom_add(bloom_create(1000), 'happy'::test_mood) @> 'happy'::test_mood,
          'enum value added is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), 'happy'::test_mood) @> 'sad'::test_mood),
          'enum value not added is not a member');
SELECT ok(bloom_add(bloom_create(1000), 'abc'::test_label) @> 'abc'::text,
          'value of a domain over text added: the plain text is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), 'abc'::test_label) @> 'abd'::text),
          'value of a domain over text added: other text is not a member');

-- values holding an enum are hashed by value (issue 24, item 1): every
-- array, row, range and multirange aggregated is a member, however deep
-- the enum, whatever its dimensions, bounds and NULLs; values that "="
-- calls unequal (other lower bounds, another NULL) are not
CREATE TYPE test_pair AS (n int, m test_mood, note text);
CREATE TYPE test_moodrange AS RANGE (subtype = test_mood);
CREATE TEMP TABLE nested_values AS
    SELECT g,
           ARRAY[m, NULL, 'ok'] AS arr,
           ARRAY[[m, m], [NULL, 'sad']]::test_mood[] AS matrix,
           ('[0:1]={' || m || ',happy}')::test_mood[] AS shifted,
           ROW(g, m, CASE WHEN g % 2 = 0 THEN 'x' END)::test_pair AS pair,
           ARRAY[ROW(g, m, NULL)::test_pair, NULL] AS pairs,
           CASE g % 4 WHEN 0 THEN 'empty'::test_moodrange
                      WHEN 1 THEN test_moodrange(m, NULL)
                      ELSE test_moodrange(NULL, m, '(]') END AS range,
           test_moodmultirange(test_moodrange('sad', m), test_moodrange('happy', NULL, '[]')) AS multi
      FROM generate_series(1, 300) AS g,
           LATERAL (SELECT (enum_range(NULL::test_mood))[1 + g % 3] AS m) AS e;
SELECT is((SELECT count(*) FROM nested_values AS n,
                  (SELECT bloom_agg(arr) AS arr, bloom_agg(matrix) AS matrix,
                          bloom_agg(shifted) AS shifted, bloom_agg(pair) AS pair,
                          bloom_agg(pairs) AS pairs, bloom_agg(range) AS range,
                          bloom_agg(multi) AS multi
                     FROM nested_values) AS f
            WHERE f.arr @> n.arr AND f.matrix @> n.matrix AND f.shifted @> n.shifted
              AND f.pair @> n.pair AND f.pairs @> n.pairs AND f.range @> n.range
              AND f.multi @> n.multi),
          300::bigint,
          'values holding an enum: every array, row, range and multirange aggregated is a member');
SELECT ok(NOT (bloom_add(bloom_create(1000), ARRAY['ok']::test_mood[]) @> '[0:0]={ok}'::test_mood[]),
          'an array of enums is not a member of a filter of the same elements at other bounds');
SELECT ok(NOT (bloom_add(bloom_create(1000), ROW(1, 'ok', NULL)::test_pair) @> ROW(1, 'ok', '')::test_pair),
          'a row holding an enum with a NULL is not a member of a filter of that row with a value');
SELECT ok(bloom_add(bloom_create(1000), '{ok}'::test_mood[]) @> '[1:1]={ok}'::test_mood[],
          'arrays of enums that = calls equal are members of each other''s filters');
CREATE TEMP TABLE pair_filter AS SELECT bloom_agg(pair) AS f FROM nested_values;
ALTER TYPE test_pair ADD ATTRIBUTE added int;
SELECT is((SELECT count(*) FROM nested_values AS n, pair_filter AS p WHERE p.f @> n.pair),
          300::bigint,
          'rows holding an enum stay members after ALTER TYPE ... ADD ATTRIBUTE (NULLs are not hashed)');

-- an unknown literal resolves to text
SELECT ok(bloom_add(bloom_create(1000), 'https://example.com'::text) @> 'https://example.com',
          'filter @> unknown literal finds a text member');
SELECT ok(NOT (bloom_add(bloom_create(1000), 'https://example.com'::text) @> 'https://example.org'),
          'filter @> unknown literal is false for a text non-member');
SELECT ok('https://example.com' <@ bloom_add(bloom_create(1000), 'https://example.com'::text),
          'unknown literal <@ filter finds a text member');

-- bloom_agg: every value aggregated is a member
SELECT is((SELECT count(*) FILTER (WHERE f @> i)
             FROM (SELECT bloom_agg(i) AS f FROM generate_series(1, 2000) i) a,
                  generate_series(1, 2000) i),
          2000::bigint,
          'bloom_agg of 2000 integers: all 2000 are members');

--
-- bloom_agg and NULLs, and bloom_agg over no rows
--

SELECT ok((SELECT bloom_agg(x) FROM (VALUES (1), (NULL), (2), (NULL)) v(x))
              = (SELECT bloom_agg(x) FROM (VALUES (1), (2)) v(x)),
          'bloom_agg(x) skips NULLs: same filter as without them');
SELECT ok((SELECT bloom_agg(x, 100, 0.01) FROM (VALUES (NULL), (1), (NULL), (2)) v(x))
              = bloom_add(bloom_add(bloom_create(100, 0.01), 1), 2),
          'bloom_agg(x, capacity, fpr) skips NULLs, including on the first row');
SELECT is((SELECT (bloom_info(bloom_agg(x))).cardinality FROM (VALUES (1), (NULL), (2)) v(x)),
          2::float8,
          'bloom_agg(x) over 1, NULL, 2 counts two values');
SELECT isnt((SELECT bloom_agg(i) FROM generate_series(1, 10) i WHERE false), NULL,
            'bloom_agg over no rows is not NULL');
SELECT is((SELECT (bloom_info(bloom_agg(i))).cardinality FROM generate_series(1, 10) i WHERE false),
          0::float8,
          'bloom_agg over no rows has cardinality 0');
SELECT ok((SELECT NOT (bloom_agg(i) @> 1) AND NOT (bloom_agg(i) @> 'x'::text)
             FROM generate_series(1, 10) i WHERE false),
          'bloom_agg over no rows has no members');
SELECT isnt((SELECT bloom_agg(x) FROM (VALUES (NULL::int), (NULL)) v(x)), NULL,
            'bloom_agg over only NULLs is not NULL');

--
-- bloom_agg(x, capacity, fpr) is bloom_add folded over bloom_create
--

CREATE TEMP TABLE fold_input AS
    SELECT i, md5((i % 700)::text) AS s FROM generate_series(1, 1000) i;

CREATE TEMP TABLE fold_result AS
    WITH RECURSIVE fold(i, f) AS (
        SELECT 0, bloom_create(2000, 0.01)
        UNION ALL
        SELECT fold.i + 1, bloom_add(fold.f, fold_input.s)
          FROM fold JOIN fold_input ON fold_input.i = fold.i + 1
    )
    SELECT (SELECT f FROM fold ORDER BY i DESC LIMIT 1) AS folded,
           (SELECT bloom_agg(s, 2000, 0.01) FROM fold_input) AS aggregated;

SELECT ok((SELECT folded = aggregated FROM fold_result),
          'bloom_agg(s, 2000, 0.01) equals bloom_add folded over bloom_create(2000, 0.01), byte for byte');
SELECT is((SELECT octet_length(aggregated::bytea) FROM fold_result),
          octet_length(bloom_create(2000, 0.01)::bytea),
          'bloom_agg(s, 2000, 0.01) is the size of bloom_create(2000, 0.01)');
SELECT ok((SELECT folded <> bloom_create(2000, 0.01) FROM fold_result),
          'the folded filter is not the empty one (the comparison above compares something)');

CREATE TEMP TABLE fold_ints AS
    WITH RECURSIVE fold(i, f) AS (
        SELECT 0, bloom_create(50, 0.001)
        UNION ALL
        SELECT i + 1, bloom_add(f, (i + 1) * 7919) FROM fold WHERE i < 30
    )
    SELECT (SELECT f FROM fold ORDER BY i DESC LIMIT 1) AS folded,
           (SELECT bloom_agg(i * 7919, 50, 0.001) FROM generate_series(1, 30) i) AS aggregated;

SELECT ok((SELECT folded = aggregated FROM fold_ints),
          'bloom_agg(int, 50, 0.001) equals bloom_add folded over bloom_create(50, 0.001)');

--
-- Equality, grouping, hashing
--

-- 12 filters of 4 distinct sets (1, 6, 65,546 and 65,551 values: rows i,
-- i + 4 and i + 8 hold the same set; sets of up to 65,536 values are exact),
-- rows 0-3 and 8-11 built in ascending order, rows 4-7 in descending order
CREATE TEMP TABLE filters AS
    SELECT i, (SELECT bloom_agg(v ORDER BY CASE WHEN (i / 4) % 2 = 0 THEN v ELSE -v END)
                 FROM generate_series(1, (i % 4) * 5 + 1 + CASE WHEN i % 4 >= 2 THEN 65535 ELSE 0 END) v) AS f
      FROM generate_series(0, 11) i;

SELECT results_eq('SELECT DISTINCT (bloom_info(f)).layout FROM filters ORDER BY 1',
                  ARRAY['blocks', 'exact'],
                  'the filters compared are exact and block filters');
SELECT ok((SELECT a.f = b.f FROM filters a, filters b WHERE a.i = 1 AND b.i = 5),
          '= is true for an exact filter of 6 values built in two orders');
SELECT ok((SELECT a.f = b.f FROM filters a, filters b WHERE a.i = 3 AND b.i = 7),
          '= is true for a block filter of 65,551 values built in two orders');
SELECT ok((SELECT NOT (a.f <> b.f) FROM filters a, filters b WHERE a.i = 3 AND b.i = 7),
          '<> is false for equal filters');
SELECT ok((SELECT NOT (a.f = b.f) FROM filters a, filters b WHERE a.i = 3 AND b.i = 4),
          '= is false for filters of different sets');
SELECT ok((SELECT a.f <> b.f FROM filters a, filters b WHERE a.i = 1 AND b.i = 2),
          '<> is true for filters of different sets');
SELECT ok((SELECT octet_length(a::bytea) = octet_length(b::bytea) AND NOT (a = b) AND a <> b
             FROM (SELECT bloom_agg(v) FROM generate_series(1, 70000) v) x(a),
                  (SELECT bloom_agg(v) FROM generate_series(2, 70001) v) y(b)),
          '= is false and <> true for block filters of the same size holding different values');
SELECT is((SELECT count(*) FROM filters a JOIN filters b ON a.f = b.f),
          36::bigint,
          'self-join on = pairs each of the 12 filters with the 3 of its set');

SET LOCAL enable_hashagg = off;
SELECT results_eq('SELECT count(*) FROM filters GROUP BY f ORDER BY 1',
                  ARRAY[3, 3, 3, 3]::bigint[],
                  'GROUP BY f, sorting: 4 groups of 3');
SELECT is((SELECT count(*) FROM (SELECT DISTINCT f FROM filters) d),
          4::bigint,
          'DISTINCT f, sorting: 4 filters');
SELECT is((SELECT count(*) FROM (SELECT f FROM filters UNION SELECT f FROM filters) u),
          4::bigint,
          'UNION of the filters with themselves: 4 filters');
RESET enable_hashagg;

SET LOCAL enable_sort = off;
SELECT matches(pg_temp.plan_of('SELECT DISTINCT f FROM filters'), 'HashAggregate',
               'with enable_sort off, DISTINCT f is a HashAggregate');
SELECT is((SELECT count(*) FROM (SELECT DISTINCT f FROM filters) d),
          4::bigint,
          'DISTINCT f, hashing: 4 filters');
SELECT results_eq('SELECT count(*) FROM filters GROUP BY f ORDER BY 1',
                  ARRAY[3, 3, 3, 3]::bigint[],
                  'GROUP BY f, hashing: 4 groups of 3');
RESET enable_sort;

--
-- bloom_union_agg gives what | gives, in any order (issue 24, item 4): a
-- filter of bloom_create, which holds no kind yet, then a day of bloom_agg
-- (exact), as the README's seen table meets its days
--

CREATE TEMP TABLE seen_days AS
    SELECT 1 AS o, bloom_create(1000000, 0.01) AS f
    UNION ALL
    SELECT 2, bloom_agg('v' || g) FROM generate_series(1, 10) AS g;
SELECT is((SELECT (bloom_info(bloom_union_agg(f ORDER BY o))).value_kind FROM seen_days),
          'text',
          'bloom_union_agg: a filter of no kind then one of text holds text');
SELECT ok((SELECT bloom_union_agg(f ORDER BY o) = bloom_union_agg(f ORDER BY o DESC)
             FROM seen_days),
          'bloom_union_agg: the same filter in either order');
SELECT ok((SELECT bloom_union_agg(f ORDER BY o) = (SELECT f FROM seen_days WHERE o = 1) |
                                                  (SELECT f FROM seen_days WHERE o = 2)
             FROM seen_days),
          'bloom_union_agg: the filter | gives');
SELECT throws_ok('SELECT bloom_union_agg(f ORDER BY o) @> 1 FROM seen_days',
                 '42804', NULL,
                 'bloom_union_agg: the union of filters of text refuses an integer probe');

--
-- Round trips through text and bytea
--

CREATE TEMP TABLE trips AS
    SELECT (SELECT bloom_agg(x) FROM (VALUES ('a'), ('b'), ('c')) v(x)) AS exact,
           (SELECT bloom_agg(i) FROM generate_series(1, 70000) i) AS blocks;

SELECT is((SELECT (bloom_info(exact)).layout || ' ' || (bloom_info(blocks)).layout FROM trips),
          'exact blocks',
          'round-trip inputs: an exact filter and a block filter');
SELECT ok((SELECT exact::text::bloom = exact FROM trips),
          'exact filter: f::text::bloom = f');
SELECT ok((SELECT exact::bytea::bloom = exact FROM trips),
          'exact filter: f::bytea::bloom = f');
SELECT ok((SELECT blocks::text::bloom = blocks FROM trips),
          'block filter: f::text::bloom = f');
SELECT ok((SELECT blocks::bytea::bloom = blocks FROM trips),
          'block filter: f::bytea::bloom = f');
SELECT ok((SELECT (exact::text::bloom @> 'b') AND NOT (exact::text::bloom @> 'd') FROM trips),
          'exact filter through text still answers membership');
SELECT ok((SELECT (blocks::bytea::bloom @> 9999) AND (blocks::bytea::bloom @> 1) FROM trips),
          'block filter through bytea still answers membership');

--
-- bloom_info
--

SELECT is((SELECT (bloom_info(bloom_agg(i % 8))).layout FROM generate_series(1, 16) i),
          'exact',
          'bloom_agg of 8 distinct values (each twice) is exact');
SELECT is((SELECT (bloom_info(bloom_agg(i % 65536))).layout FROM generate_series(1, 131072) i),
          'exact',
          'bloom_agg of 65,536 distinct values (each twice) is exact');
SELECT is((SELECT (bloom_info(bloom_agg(i % 65537))).layout FROM generate_series(1, 131074) i),
          'blocks',
          'bloom_agg of 65,537 distinct values is a block filter');
SELECT is((SELECT (bloom_info(bloom_agg(i % 8))).cardinality FROM generate_series(1, 16) i),
          8::float8,
          'exact filter of 8 distinct values: cardinality 8');
SELECT is((bloom_info(bloom_add(bloom_create(100), 'x'::text))).value_kind, 'text',
          'value_kind of a filter of text is text');
SELECT is((bloom_info(bloom_add(bloom_create(100), 1::int4))).value_kind, 'integer',
          'value_kind of a filter of int4 is integer');
SELECT is((SELECT (bloom_info(bloom_agg(i::text))).value_kind FROM generate_series(1, 3) i),
          'text',
          'value_kind of bloom_agg of text is text');
SELECT is((SELECT (bloom_info(bloom_agg(i))).auto_sized FROM generate_series(1, 3) i),
          true,
          'bloom_agg(x) of 3 values is auto-sized');
SELECT is((SELECT (bloom_info(bloom_agg(i))).auto_sized FROM generate_series(1, 1000) i),
          true,
          'bloom_agg(x) of 1000 values is auto-sized');
SELECT is((bloom_info(bloom_create(1000))).auto_sized, false,
          'bloom_create is not auto-sized');
SELECT is((SELECT (bloom_info(bloom_agg(i, 1000, 0.01))).auto_sized FROM generate_series(1, 3) i),
          false,
          'bloom_agg(x, capacity, fpr) is not auto-sized');

CREATE TEMP TABLE info AS
    SELECT f, (bloom_info(f)).* FROM (SELECT bloom_agg(i) AS f FROM generate_series(1, 70000) i) a;

SELECT is((SELECT layout FROM info), 'blocks',
          'bloom_agg of 70,000 values is a block filter');
SELECT is((SELECT bits FROM info), (SELECT 256 * blocks FROM info),
          'block filter: bits = 256 * blocks');
SELECT is((SELECT fill_ratio FROM info), (SELECT bits_set::float8 / bits FROM info),
          'block filter: fill_ratio = bits_set / bits');
SELECT ok((SELECT bits_set > 0 AND bits_set < bits FROM info),
          'block filter of 70,000 values: some bits set, not all');
SELECT is((SELECT bit_count(substring(f::bytea FROM octet_length(f::bytea) - 32 * blocks::int + 1))
             FROM info),
          (SELECT bits_set FROM info),
          'block filter: bits_set is the number of 1 bits in its blocks');
SELECT is((SELECT (bloom_info(f)).bytes - pg_column_size(f)
             FROM (SELECT bloom_agg(i) AS f FROM generate_series(1, 70000) i) a),
          0::bigint,
          'block filter: bytes is the size of the value');

--
-- Parallel aggregation gives the serial result
--

CREATE TABLE parallel_input AS
    SELECT md5(i::text) AS s FROM generate_series(1, 200000) i;
ANALYZE parallel_input;

SET LOCAL max_parallel_workers_per_gather = 2;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;

SELECT matches(pg_temp.plan_of('SELECT bloom_agg(s) FROM parallel_input'),
               'Partial Aggregate',
               'bloom_agg(s) gets a parallel plan with a Partial Aggregate');

-- run both aggregates, keeping the plans that were executed
CREATE TEMP TABLE parallel_plans (name text, plan text);
INSERT INTO parallel_plans
    SELECT 'auto', pg_temp.plan_of('CREATE TEMP TABLE parallel_auto AS
                                        SELECT bloom_agg(s) AS f FROM parallel_input', true);
INSERT INTO parallel_plans
    SELECT 'sized', pg_temp.plan_of('CREATE TEMP TABLE parallel_sized AS
                                         SELECT bloom_agg(s, 300000, 0.01) AS f FROM parallel_input', true);

SELECT matches((SELECT plan FROM parallel_plans WHERE name = 'auto'), 'Partial Aggregate',
               'bloom_agg(s) ran with a Partial Aggregate');
SELECT matches((SELECT plan FROM parallel_plans WHERE name = 'auto'), 'Workers Launched: [1-9]',
               'bloom_agg(s) ran with parallel workers');
SELECT matches((SELECT plan FROM parallel_plans WHERE name = 'sized'), 'Partial Aggregate',
               'bloom_agg(s, 300000, 0.01) ran with a Partial Aggregate');
SELECT matches((SELECT plan FROM parallel_plans WHERE name = 'sized'), 'Workers Launched: [1-9]',
               'bloom_agg(s, 300000, 0.01) ran with parallel workers');

SET LOCAL max_parallel_workers_per_gather = 0;
SELECT doesnt_match(pg_temp.plan_of('SELECT bloom_agg(s) FROM parallel_input'),
                    'Partial Aggregate',
                    'with max_parallel_workers_per_gather = 0 the plan is serial');

SELECT ok((SELECT f FROM parallel_auto) = (SELECT bloom_agg(s) FROM parallel_input),
          'parallel bloom_agg(s) equals serial bloom_agg(s)');
SELECT ok((SELECT f FROM parallel_sized) = (SELECT bloom_agg(s, 300000, 0.01) FROM parallel_input),
          'parallel bloom_agg(s, 300000, 0.01) equals the serial one');
SELECT is((SELECT count(*) FILTER (WHERE p.f @> s) FROM parallel_auto p, parallel_input),
          200000::bigint,
          'every value is a member of the parallel bloom_agg(s)');
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;

--
-- contrib's bloom index access method in the same session
--

SELECT lives_ok('CREATE EXTENSION bloom', 'contrib''s bloom extension loads next to bloomfilter');
CREATE TABLE bloom_indexed AS
    SELECT i AS a, i % 100 AS b FROM generate_series(1, 10000) i;
SELECT lives_ok('CREATE INDEX bloom_indexed_ab ON bloom_indexed USING bloom (a, b)',
                'a bloom index can be created');
ANALYZE bloom_indexed;
SET LOCAL enable_seqscan = off;
SELECT matches(pg_temp.plan_of('SELECT * FROM bloom_indexed WHERE a = 4242 AND b = 42'),
               'bloom_indexed_ab',
               'the query uses the bloom index');
SELECT results_eq('SELECT a, b FROM bloom_indexed WHERE a = 4242 AND b = 42',
                  $$VALUES (4242, 42)$$,
                  'the query through the bloom index finds the row');
RESET enable_seqscan;
SELECT ok((SELECT bloom_agg(a) @> 4 AND NOT (bloom_agg(a) @> 6) FROM bloom_indexed WHERE a <= 5),
          'bloomfilter''s functions still work after contrib''s bloom is loaded');

SELECT * FROM finish();
ROLLBACK;

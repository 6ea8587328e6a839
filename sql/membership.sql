--
-- membership: bloom_create, bloom_add and the @> and <@ operators
--
CREATE TABLE m (f bloom);
INSERT INTO m SELECT bloom_add(bloom_add(bloom_create(1000), 'apple'), 'pear');

-- an unknown literal is text: no cast needed
SELECT f @> 'apple' AS apple, f @> 'pear' AS pear, f @> 'plum' AS plum FROM m;
SELECT 'apple' <@ f AS apple, 'plum' <@ f AS plum FROM m;
SELECT bloom_contains(f, 'apple'::varchar) AS varchar_probe,
	bloom_contains(f, 'pear '::char(5)) AS bpchar_probe,
	bloom_contains(f, 'apple'::name) AS name_probe
FROM m;

-- a filter built from one integer type answers for the others
SELECT f @> 42::int8 AS int8, f @> 42::int2 AS int2, f @> 43 AS other
FROM (SELECT bloom_agg(x) AS f FROM (VALUES (42::int4), (7)) AS v(x)) AS s;

-- equal values of other types
SELECT bloom_agg(x) @> 1.00 AS numeric_scale,
	bloom_agg(x) @> 2.5::numeric AS numeric_other
FROM (VALUES (1.0::numeric), (2.50)) AS v(x);
SELECT bloom_agg(x) @> '-0'::float8 AS negative_zero,
	bloom_agg(x) @> 'NaN'::float4 AS nan,
	bloom_agg(x) @> 0.5::float4 AS half
FROM (VALUES (0::float4), ('NaN'::float8), (0.5::float8)) AS v(x);
SELECT bloom_agg(x) @> '10.1.2.3/32'::inet AS host,
	bloom_agg(x) @> '10.1.2.3/24'::inet AS other_prefix,
	bloom_agg(x) @> '10.1.0.0/16'::cidr AS network
FROM (VALUES ('10.1.2.3'::inet), ('10.1.0.0/16'::cidr)) AS v(x);
SELECT bloom_agg(x) @> '2026-11-21'::date AS date_in,
	bloom_agg(x) @> '2026-11-22'::date AS date_out
FROM (VALUES ('2026-11-21'::date)) AS v(x);
SELECT bloom_agg(x) @> 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS uuid_in
FROM (VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid)) AS v(x);
SELECT bloom_agg(x) @> '\xdeadbeef'::bytea AS bytea_in
FROM (VALUES ('\xdeadbeef'::bytea)) AS v(x);
SELECT bloom_agg(x) @> true AS t, bloom_agg(x) @> false AS f
FROM (VALUES (true)) AS v(x);

-- types without a fast path use their own hash functions
CREATE TYPE m_mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN m_word AS text CHECK (VALUE <> '');
SELECT bloom_agg(x) @> 'happy'::m_mood AS happy, bloom_agg(x) @> 'sad'::m_mood AS sad
FROM (VALUES ('happy'::m_mood)) AS v(x);
SELECT bloom_agg(x) @> ARRAY[1, 2] AS array_in, bloom_agg(x) @> ARRAY[2, 1] AS array_out
FROM (VALUES (ARRAY[1, 2])) AS v(x);
SELECT bloom_agg(x::m_word) @> 'hello' AS domain_as_text
FROM (VALUES ('hello')) AS v(x);

-- the filter records the kind of value; a different kind is an error
SELECT f @> 1 FROM m;
SELECT bloom_add(f, 1) FROM m;
SELECT (bloom_info(bloom_create(10))).value_kind IS NULL AS no_kind_yet,
	bloom_create(10) @> 1 AS empty_filter_has_no_member;

-- NULL in, NULL out
SELECT bloom_contains(f, NULL::text) IS NULL AS null_value,
	bloom_contains(NULL::bloom, 'x') IS NULL AS null_filter,
	bloom_add(f, NULL::text) IS NULL AS add_null
FROM m;

-- adding keeps every earlier member, and adding twice changes nothing
SELECT bloom_add(f, 'apple') = f AS unchanged FROM m;
WITH RECURSIVE grow(i, f) AS (
	SELECT 0, bloom_create(200, 0.01)
	UNION ALL
	SELECT i + 1, bloom_add(f, i) FROM grow WHERE i < 200
)
SELECT (SELECT count(*) FROM generate_series(0, 199) AS x WHERE f @> x) AS members
FROM grow WHERE i = 200;

-- an exact filter (small bloom_agg) stays exact up to 65,536 values, then
-- grows into a block filter
SELECT n, (bloom_info(f)).layout, (bloom_info(bloom_add(f, n + 1))).layout AS after_add
FROM (SELECT n, (SELECT bloom_agg(x) FROM generate_series(1, n) AS x) AS f
	  FROM unnest(ARRAY[8, 65535, 65536]) AS n) AS s
ORDER BY n;
DROP TABLE m;
DROP TYPE m_mood;
DROP DOMAIN m_word;

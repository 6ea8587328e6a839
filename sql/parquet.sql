--
-- parquet.sql: filters in Parquet mode (issue 27): each type's Parquet
-- form, probes across types of a family, what has no form, both zeros and
-- NaN, mixing modes, the Parquet filter's bytes, and bloom_from_parquet's
-- checks.  test/t/parquet.t checks the bytes against DuckDB.
--
\set VERBOSITY terse

-- the Parquet type each PostgreSQL type maps to
SELECT t AS type, (bloom_info(f)).value_kind, (bloom_info(f)).hash
  FROM (VALUES
    ('int2', (SELECT bloom_parquet_agg(1::int2))),
    ('int4', (SELECT bloom_parquet_agg(1::int4))),
    ('int8', (SELECT bloom_parquet_agg(1::int8))),
    ('float4', (SELECT bloom_parquet_agg(1::float4))),
    ('float8', (SELECT bloom_parquet_agg(1::float8))),
    ('text', (SELECT bloom_parquet_agg('a'::text))),
    ('varchar', (SELECT bloom_parquet_agg('a'::varchar))),
    ('char(3)', (SELECT bloom_parquet_agg('a'::char(3)))),
    ('bytea', (SELECT bloom_parquet_agg('\x01'::bytea))),
    ('uuid', (SELECT bloom_parquet_agg(gen_random_uuid()))),
    ('date', (SELECT bloom_parquet_agg(current_date))),
    ('timestamp', (SELECT bloom_parquet_agg(localtimestamp))),
    ('timestamptz', (SELECT bloom_parquet_agg(now()))),
    ('numeric(9,2)', (SELECT bloom_parquet_agg(1::numeric(9, 2)))),
    ('numeric(18,4)', (SELECT bloom_parquet_agg(1::numeric(18, 4))))) AS v(t, f);

-- an int2 is widened to 4 bytes, as INT32, and an int4 is not an INT64
SELECT bloom_to_parquet(bloom_parquet_agg(7::int2), 64) = bloom_to_parquet(bloom_parquet_agg(7::int4), 64)
       AS int2_is_int32,
       bloom_to_parquet(bloom_parquet_agg(7::int4), 64) <> bloom_to_parquet(bloom_parquet_agg(7::int8), 64)
       AS int32_is_not_int64;
-- trailing blanks: kept in text, gone from char(n), as "=" compares them
SELECT bloom_parquet_agg(x) @> 'ab'::text AS text_ab, bloom_parquet_agg(x) @> 'ab '::text AS "text_ab_"
  FROM (VALUES ('ab '::text)) AS v(x);
SELECT bloom_parquet_agg(x) @> 'ab'::text AS char_ab, bloom_parquet_agg(x) @> 'ab  '::char(4) AS "char_ab__"
  FROM (VALUES ('ab'::char(5))) AS v(x);

-- across a family: int8 narrowed into INT32 when it fits (and absent when
-- it does not), int4 widened into INT64; float8 into FLOAT when a float4
-- equals it
CREATE TABLE ints AS SELECT bloom_parquet_agg(g) AS i32, bloom_parquet_agg(g::int8) AS i64
  FROM generate_series(-5, 5) AS g;
SELECT i32 @> 5::int8 AS i32_int8, i32 @> 5::int2 AS i32_int2, i32 @> 5000000000 AS i32_big,
       i64 @> 5 AS i64_int4, i64 @> -5::int2 AS i64_int2, i64 @> 6 AS i64_absent
  FROM ints;
SELECT bloom_add(i32, 5000000000) FROM ints;
SELECT (bloom_add(i64, 5000000000) @> 5000000000) AS added FROM ints;
SELECT bloom_parquet_agg(x) @> 0.5::float8 AS half, bloom_parquet_agg(x) @> 0.1::float8 AS tenth
  FROM (VALUES (0.5::float4), (0.1::float4)) AS v(x);

-- both zeros are probed; NaN is the quiet NaN
SELECT bloom_parquet_agg(x) @> 0::float8 AS pos_zero, bloom_parquet_agg(x) @> '-0'::float8 AS neg_zero,
       bloom_parquet_agg(x) @> 'NaN'::float8 AS nan
  FROM (VALUES ('-0'::float8), ('NaN'::float8)) AS v(x);
SELECT bloom_parquet_agg(x) @> 0::float4 AS pos_zero FROM (VALUES ('-0'::float4)) AS v(x);

-- numeric: at the declared scale; more digits than that are never there
SELECT bloom_parquet_agg(x) @> 1.5 AS one_and_a_half, bloom_parquet_agg(x) @> 1.50000 AS same,
       bloom_parquet_agg(x) @> 1.505 AS finer
  FROM (VALUES (1.5::numeric(10, 2))) AS v(x);
SELECT bloom_parquet_agg(x) FROM (VALUES (1.5::numeric)) AS v(x);
SELECT bloom_parquet_agg(x) FROM (VALUES (1.5::numeric(20, 2))) AS v(x);

-- no Parquet form
SELECT bloom_parquet_agg(x) FROM (VALUES (true)) AS v(x);
SELECT bloom_parquet_agg(x) FROM (VALUES ('infinity'::date)) AS v(x);
SELECT bloom_parquet_agg(x) @> 'infinity'::timestamp AS inf FROM (VALUES ('2020-01-01'::timestamp)) AS v(x);
SELECT bloom_parquet_agg(x) @> 1 FROM (VALUES ('a'::text)) AS v(x);
SELECT bloom_parquet_agg(x) @> '2020-01-01'::timestamptz FROM (VALUES ('2020-01-01'::timestamp)) AS v(x);

-- modes: chosen when built, recorded, never mixed
SELECT (bloom_info(bloom_create(1000, 0.01, 'parquet'))).blocks AS parquet_blocks,
       (bloom_info(bloom_create(1000, 0.01))).blocks AS default_blocks;
SELECT bloom_create(1000, 0.01, 'xxh64');
SELECT bloom_add(bloom_create(100, 0.01, 'parquet'), 42) @> 42 AS added;
SELECT bloom_parquet_agg(g) | bloom_agg(g) FROM generate_series(1, 10) AS g;
SELECT bloom_union_agg(f) @> 3 AS union_has_3, bloom_intersect_agg(f) @> 3 AS both_have_3
  FROM (SELECT bloom_parquet_agg(g) AS f FROM generate_series(1, 10) AS g GROUP BY g % 2) AS s;
SELECT bloom_cardinality(bloom_parquet_agg(g)) AS cardinality FROM generate_series(1, 1000) AS g;
-- no rows: an empty filter in Parquet mode, of the values' type
SELECT (bloom_info(bloom_parquet_agg(g))).hash, (bloom_info(bloom_parquet_agg(g))).value_kind,
       (bloom_info(bloom_parquet_agg(g, 500, 0.01))).blocks
  FROM generate_series(1, 0) AS g;

-- the Parquet filter: header (numBytes, BLOCK, XXHASH, UNCOMPRESSED), then
-- the blocks; a 32-byte filter is written as 64 (one block repeated)
SELECT encode(substr(bloom_to_parquet(bloom_parquet_agg(g)), 1, 16), 'hex') AS header,
       length(bloom_to_parquet(bloom_parquet_agg(g))) AS bytes
  FROM generate_series(1, 1000) AS g;
SELECT length(bloom_to_parquet(bloom_parquet_agg(g), 64)) AS folded,
       length(bloom_to_parquet(bloom_parquet_agg(g), 65536)) AS repeated
  FROM generate_series(1, 1000) AS g;
SELECT bool_and(bloom_from_parquet(bloom_to_parquet(f, 64), 'int4') @> g) AS folded_keeps,
       bool_and(bloom_from_parquet(bloom_to_parquet(f, 65536), 'int4') @> g) AS repeated_keeps
  FROM (SELECT bloom_parquet_agg(g) AS f FROM generate_series(1, 1000) AS g) AS s,
       generate_series(1, 1000) AS g;
SELECT bloom_to_parquet(bloom_parquet_agg(g), 100) FROM generate_series(1, 10) AS g;
SELECT bloom_to_parquet(bloom_agg(g)) FROM generate_series(1, 10) AS g;
SELECT bloom_to_parquet(bloom_add(bloom_create(1000, 0.01, 'parquet'), 1)) IS NOT NULL AS written;

-- bloom_from_parquet: capacity from the fill, kind from the type; each
-- malformed filter says what is wrong
\set VERBOSITY default
SELECT layout, hash, capacity, round(cardinality) AS cardinality, value_kind
  FROM bloom_info(bloom_from_parquet((SELECT bloom_to_parquet(bloom_parquet_agg(g::text))
                                        FROM generate_series(1, 5000) AS g), 'varchar'));
CREATE DOMAIN price AS numeric(12, 3);
SELECT (bloom_info(bloom_from_parquet(bloom_to_parquet(bloom_parquet_agg(x)), 'price'))).value_kind
  FROM (VALUES (1.5::numeric(12, 3))) AS v(x);
SELECT bloom_from_parquet(bloom_to_parquet(bloom_parquet_agg(1)), 'numeric');
SELECT bloom_from_parquet(bloom_to_parquet(bloom_parquet_agg(1)), 'inet');
SELECT bloom_from_parquet('\x15401c1c00001c1c00001c1c000000'::bytea || decode(repeat('00', 32), 'hex'), 'int8') IS NOT NULL AS read_32;
SELECT bloom_from_parquet('\x15401c2c00001c1c00001c1c000000'::bytea || decode(repeat('00', 32), 'hex'), 'int8');
SELECT bloom_from_parquet('\x15401c1c00001c2c00001c1c000000'::bytea || decode(repeat('00', 32), 'hex'), 'int8');
SELECT bloom_from_parquet('\x15401c1c00001c1c00001c2c000000'::bytea || decode(repeat('00', 32), 'hex'), 'int8');
SELECT bloom_from_parquet('\x15401c1c00001c1c00001c1c000000'::bytea || decode(repeat('00', 31), 'hex'), 'int8');
SELECT bloom_from_parquet('\x15421c1c00001c1c00001c1c000000'::bytea || decode(repeat('00', 33), 'hex'), 'int8');
SELECT bloom_from_parquet('\x1540'::bytea, 'int8');

--
-- errors: every refusal, with its message
--
\set VERBOSITY default

-- arguments
SELECT bloom_create(0);
SELECT bloom_create(-5);
SELECT bloom_create(10, 0);
SELECT bloom_create(10, 1);
SELECT bloom_create(10, 'NaN');
SELECT bloom_create(1000000000000);
SELECT bloom_create(1, 1e-300);
SELECT bloom_create(1, 1e-30);
SELECT bloom_agg(x, 1, 1e-30) FROM generate_series(1, 3) AS x;
SELECT bloom_agg(x, 0, 0.01) FROM generate_series(1, 3) AS x;
SELECT bloom_agg(x, NULL, 0.01) FROM generate_series(1, 3) AS x;
SELECT bloom_agg(x, x, 0.01) FROM generate_series(1, 3) AS x;

-- a type argument that names no type (0, or the OID of none): a user's
-- error (42704, undefined_object), not an internal one (XX000)
SELECT bloom_from_parquet('\x', 0::oid::regtype);
\echo :LAST_ERROR_SQLSTATE
SELECT bloom_retag(bloom_create(10), 0::oid::regtype);
\echo :LAST_ERROR_SQLSTATE
SELECT bloom_retag(bloom_create(10), 4294967295::oid::regtype);
\echo :LAST_ERROR_SQLSTATE

-- kinds of value
SELECT bloom_add(bloom_create(10), 'x'::text) @> 1;
SELECT bloom_add(bloom_create(10), 1) @> 1.5;
SELECT bloom_agg(x) @> now() FROM generate_series(1, 3) AS x;
SELECT bloom_add(bloom_create(10), point(1, 2));

-- input
SELECT 'QkYBAQ=='::bloom;
SELECT '\x4246'::bytea::bloom;
SELECT '\x0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea::bloom;

-- a header's kind of value: none, a numbered kind (1 to 12), a hashed
-- kind (bit 31 set), a kind of values holding enums (bit 30 without 31),
-- or with the Parquet hash one of Parquet's (parquet.sql); no other
SELECT overlay(bloom_create(10)::bytea PLACING '\x0c000000' FROM 9)::bloom IS NOT NULL AS numbered,
       overlay(bloom_create(10)::bytea PLACING '\x01000080' FROM 9)::bloom IS NOT NULL AS hashed,
       overlay(bloom_create(10)::bytea PLACING '\x01000040' FROM 9)::bloom IS NOT NULL AS holding_enums;
SELECT overlay(bloom_create(10)::bytea PLACING '\x0d000000' FROM 9)::bloom;
SELECT overlay(bloom_create(10)::bytea PLACING '\xffffff3f' FROM 9)::bloom;

-- support functions are for the aggregates only
SELECT bloom_agg_trans(NULL, 1);
SELECT bloom_agg_combine(bloom_create(10), bloom_create(10));

--
-- bench/sql/create-sizes.sql: the size of bloom_create(capacity, fpr), and
-- bits per value, for the sizing table of doc/sizing.md.  Run with
--   pg_virtualenv psql -X -q -f bench/sql/create-sizes.sql
--
\pset footer off
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE FUNCTION pg_temp.size(capacity bigint, fpr float8) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	RETURN pg_size_pretty(octet_length(bloom_create(capacity, fpr)::bytea)::bigint);
EXCEPTION WHEN program_limit_exceeded THEN
	RETURN 'too large';
END $$;

SELECT capacity, pg_temp.size(capacity, 0.1) AS "10%", pg_temp.size(capacity, 0.01) AS "1%",
	pg_temp.size(capacity, 0.001) AS "0.1%", pg_temp.size(capacity, 0.0001) AS "0.01%"
FROM unnest(ARRAY[1000, 10000, 100000, 1000000, 10000000, 100000000, 500000000]) AS capacity;

SELECT fpr, round((bloom_info(bloom_create(100000000, fpr))).bits / 1e8, 2) AS bits_per_value
FROM unnest(ARRAY[0.1, 0.01, 0.001, 0.0001]) AS fpr;

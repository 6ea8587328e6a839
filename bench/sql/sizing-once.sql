--
-- bench/sql/sizing-once.sql: the tables of bench/sql/sizing-once
--
-- ev:    issue 31's events, 200,000 items of 50,000 users (4 each)
-- calls: 100,000 rows, each with the arguments of bloom_create(1000, 0.01)
--        as columns, so that they are run-time arguments
--
SET client_min_messages = warning;
CREATE TABLE ev AS SELECT g % 50000 AS uid, 'item' || g AS item FROM generate_series(1, 200000) AS g;
CREATE TABLE calls AS SELECT g, 1000::bigint AS capacity, 0.01::float8 AS fpr FROM generate_series(1, 100000) AS g;
VACUUM ANALYZE;

-- bench/sql/maintenance.sql: the body of bench/sql/maintenance
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE TABLE seen (id int PRIMARY KEY, urls bloom);
\ir wal.sql
SELECT set_config('bench.n', :'n', false);

INSERT INTO seen VALUES (1, bloom_create(1000000, 0.01));
CHECKPOINT;

-- one UPDATE per value (a DO block: one statement each, in one transaction)
SELECT measure('UPDATE ... bloom_add, one statement per value', format($b$
	DO $d$ BEGIN FOR i IN 1..%s LOOP
		UPDATE seen SET urls = bloom_add(urls, 'https://example.com/a/' || i) WHERE id = 1;
	END LOOP; END $d$ $b$, :'n'));
CHECKPOINT;
SELECT measure('UPDATE ... bloom_add_all, one statement', format($b$
	UPDATE seen SET urls = bloom_add_all(urls, ARRAY(
		SELECT 'https://example.com/b/' || i FROM generate_series(1, %s) AS i))
	WHERE id = 1 $b$, :'n'));

-- the README's trigger
\ir ../../doc/examples/daily_trigger.sql
INSERT INTO visits VALUES ('2026-11-16', 'first');
CHECKPOINT;
SELECT measure('trigger, one INSERT ... SELECT', format($b$
	INSERT INTO visits SELECT '2026-11-16', 'https://example.com/c/' || i
	FROM generate_series(1, %s) AS i $b$, :'n'));
CHECKPOINT;
SELECT measure('trigger, one single-row INSERT per value', format($b$
	DO $d$ BEGIN FOR i IN 1..%s LOOP
		INSERT INTO visits VALUES ('2026-11-16', 'https://example.com/d/' || i);
	END LOOP; END $d$ $b$, :'n'));
ALTER TABLE visits DISABLE TRIGGER visits_daily;
CHECKPOINT;
SELECT measure('(the same single-row INSERTs, no trigger)', format($b$
	DO $d$ BEGIN FOR i IN 1..%s LOOP
		INSERT INTO visits VALUES ('2026-11-16', 'https://example.com/e/' || i);
	END LOOP; END $d$ $b$, :'n'));

\echo
\echo bench/sql/maintenance: a 1.3 MB filter, bloom_create(1000000, 0.01)
SELECT way, values_added AS "values", pg_size_pretty(wal_bytes) AS wal,
       ms AS "time (ms)"
FROM figures;

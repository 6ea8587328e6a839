--
-- bench/sql/shapes-maintenance.sql: the maintenance lines of
-- bench/sql/shapes (issue 11), in a database of their own; psql variables
-- updates, batch and inserts give the sizes.  Each way starts after a
-- CHECKPOINT, as in bench/sql/maintenance.sql, and is recorded in figures
-- (wal.sql) under a short name that bench/sql/shapes reads:
--
-- add       :updates UPDATE ... bloom_add statements sent one by one, each
--           its own transaction, into a bloom_create(1000000, 0.01) filter
-- add_all   one UPDATE ... bloom_add_all of :updates values, the same filter
-- bulk      one INSERT ... SELECT of :batch rows through the documented
--           statement trigger (doc/examples/daily_trigger.sql), into a
--           day whose filter exists
-- bulk_bare the same INSERT ... SELECT, the trigger disabled
-- single    :inserts single-row INSERT statements (each its own
--           transaction) through the trigger, into that day
-- queue     the same single-row INSERTs into a queue table, then one fold
--           of the queue into the filters (doc/maintenance.md's recipe)
--
-- and ends with the day's filter size and the figures, one line each:
-- way, values, WAL bytes, ms.
--
SET client_min_messages = warning;
\o /dev/null
CREATE EXTENSION IF NOT EXISTS bloomfilter;
\ir wal.sql

CREATE TABLE seen (id int PRIMARY KEY, urls bloom);
INSERT INTO seen VALUES (1, bloom_create(1000000, 0.01));
CHECKPOINT;
SELECT pg_current_wal_insert_lsn() AS start, clock_timestamp() AS t0 \gset
SELECT format('UPDATE seen SET urls = bloom_add(urls, %L::text) WHERE id = 1',
	'https://example.com/a/' || i)
FROM generate_series(1, :updates) AS i \gexec
SELECT record_figure('add', :updates, :'start', :'t0');
CHECKPOINT;
SELECT measure('add_all', format($b$
	UPDATE seen SET urls = bloom_add_all(urls, ARRAY(
		SELECT 'https://example.com/b/' || i FROM generate_series(1, %s) AS i))
	WHERE id = 1 $b$, :updates), :updates);

\ir ../../doc/examples/daily_trigger.sql
INSERT INTO visits VALUES ('2026-11-16', 'first');
CHECKPOINT;
SELECT measure('bulk', format($b$
	INSERT INTO visits SELECT '2026-11-16', 'https://example.com/c/' || i
	FROM generate_series(1, %s) AS i $b$, :batch), :batch);
ALTER TABLE visits DISABLE TRIGGER visits_daily;
CHECKPOINT;
SELECT measure('bulk_bare', format($b$
	INSERT INTO visits SELECT '2026-11-16', 'https://example.com/d/' || i
	FROM generate_series(1, %s) AS i $b$, :batch), :batch);
ALTER TABLE visits ENABLE TRIGGER visits_daily;

-- doc/maintenance.md's queue, for rows that arrive one statement each
CREATE TABLE visits_pending (day date, url text);
CHECKPOINT;
SELECT pg_current_wal_insert_lsn() AS start, clock_timestamp() AS t0 \gset
SELECT format('INSERT INTO visits_pending VALUES (%L, %L)',
	'2026-11-16', 'https://example.com/e/' || i)
FROM generate_series(1, :inserts) AS i \gexec
WITH batch AS (DELETE FROM visits_pending RETURNING day, url)
INSERT INTO daily AS d (day, urls)
SELECT day, bloom_agg(url, 1000000, 0.01) FROM batch GROUP BY day
ON CONFLICT (day) DO UPDATE SET urls = d.urls | EXCLUDED.urls;
SELECT record_figure('queue', :inserts, :'start', :'t0');

CHECKPOINT;
SELECT pg_current_wal_insert_lsn() AS start, clock_timestamp() AS t0 \gset
SELECT format('INSERT INTO visits VALUES (%L, %L)',
	'2026-11-16', 'https://example.com/f/' || i)
FROM generate_series(1, :inserts) AS i \gexec
SELECT record_figure('single', :inserts, :'start', :'t0');

\o
\pset tuples_only on
\pset format unaligned
\pset fieldsep '\t'
SELECT 'filter', NULL, pg_column_size(urls), NULL FROM daily WHERE day = '2026-11-16';
SELECT way, values_added, wal_bytes, ms FROM figures;

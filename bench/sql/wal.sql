-- bench/sql/wal.sql: the WAL and time of statements, for
-- bench/sql/maintenance.sql and bench/sql/shapes-maintenance.sql.
-- Each way goes into figures with the values it added, the WAL it wrote
-- (pg_current_wal_insert_lsn() before and after) and its time.
CREATE TABLE figures (way text, values_added int, wal_bytes numeric, ms numeric);

-- Record as way the WAL written since start and the time since t0: for
-- statements sent one by one, with start and t0 read before them (\gset)
CREATE FUNCTION record_figure(way text, n int, start pg_lsn, t0 timestamptz)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO figures VALUES (way, n, pg_current_wal_insert_lsn() - start,
		round(extract(epoch FROM clock_timestamp() - t0)::numeric * 1000, 1))
$$;

-- Run the statement(s) in body and record their WAL and time as way, for
-- n values (the setting bench.n unless given)
CREATE FUNCTION measure(way text, body text,
	n int DEFAULT current_setting('bench.n')::int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	start pg_lsn := pg_current_wal_insert_lsn();
	t0 timestamptz := clock_timestamp();
BEGIN
	EXECUTE body;
	PERFORM record_figure(way, n, start, t0);
END
$$;

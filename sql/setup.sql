--
-- setup: create the extension that the other regression files use
--
CREATE EXTENSION bloomfilter;
SELECT extname, extversion, extrelocatable
  FROM pg_extension WHERE extname = 'bloomfilter';

-- The plan of query as EXPLAIN's JSON, with its estimates; with run, run
-- too (ANALYZE, without timings).  For the files that check a plan's
-- shape, its estimates or what it did, which EXPLAIN's text shows
-- differently from one release to another.
CREATE FUNCTION plan_json(query text, run bool DEFAULT false) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE format('EXPLAIN (FORMAT JSON, ANALYZE %s, TIMING OFF) %s', run::text, query)
       INTO plan;
    RETURN plan;
END
$$;

--
-- doc/examples/daily_trigger.sql: the README's recipe for keeping stored
-- filters up to date once per statement.  A statement-level trigger on
-- visits folds each statement's new rows (its transition table) into one
-- filter per day of daily; filters of one capacity and rate union exactly.
-- sql/maintenance.sql tests it and bench/sql/maintenance measures it.
--
CREATE TABLE visits (day date, url text);
CREATE TABLE daily (day date PRIMARY KEY, urls bloom NOT NULL);
CREATE FUNCTION daily_add_visits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO daily AS d (day, urls)
	SELECT day, bloom_agg(url, 1000000, 0.01) FROM new_visits GROUP BY day
	ON CONFLICT (day) DO UPDATE SET urls = d.urls | EXCLUDED.urls;
	RETURN NULL;
END
$$;
CREATE TRIGGER visits_daily AFTER INSERT ON visits
	REFERENCING NEW TABLE AS new_visits
	FOR EACH STATEMENT EXECUTE FUNCTION daily_add_visits();

--
-- doc/examples/daily_trigger.sql: the README's recipe for keeping stored
-- filters up to date once per statement.  A statement-level trigger on
-- visits folds each statement's new rows (its transition table) into one
-- filter per day of daily.
--
-- Every filter of daily is made with one capacity and rate, the trigger's,
-- so that any two of them union exactly, however many URLs a day brings;
-- rows without a day are left out.  The function names its arguments'
-- exact types and runs with a search_path of its own, so that no function
-- or operator of another schema stands in for the extension's
-- (doc/maintenance.md says why).  sql/maintenance.sql tests it and
-- bench/sql/maintenance measures it.
--
CREATE TABLE visits (day date, url text);
CREATE TABLE daily (day date PRIMARY KEY, urls bloom NOT NULL);
CREATE FUNCTION daily_add_visits() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
	INSERT INTO daily AS d (day, urls)
	SELECT day, bloom_agg(url, 1000000::bigint, 0.01::float8)
	FROM new_visits WHERE day IS NOT NULL GROUP BY day
	ON CONFLICT (day) DO UPDATE SET urls = d.urls | EXCLUDED.urls;
	RETURN NULL;
END
$$;
CREATE TRIGGER visits_daily AFTER INSERT ON visits
	REFERENCING NEW TABLE AS new_visits
	FOR EACH STATEMENT EXECUTE FUNCTION daily_add_visits();

--
-- soft_errors.sql: bloom's text input reports errors softly where the
-- server asks for it (PostgreSQL 16 and later: pg_input_is_valid,
-- pg_input_error_info, COPY ... ON_ERROR), and as errors everywhere else.
--
-- pg_input_is_valid does not exist before 16: there the soft-error tests
-- are reported as skipped, and the hard errors are tested on every release.
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION IF NOT EXISTS bloomfilter;
SELECT plan(12);

-- Text of a valid filter, and of bytes that are valid base64 but no filter
CREATE TEMP TABLE inputs (name text PRIMARY KEY, input text);
INSERT INTO inputs VALUES
    ('valid', bloom_create(100, 0.01)::text),
    ('truncated', 'QkYB'),
    ('not base64', 'QkYB!!!!'),
    ('bad magic', encode(decode(repeat('A', 80), 'base64'), 'base64'));

SELECT CASE WHEN current_setting('server_version_num')::int < 160000 THEN
    skip('soft input errors (pg_input_is_valid) exist since PostgreSQL 16', 8)
ELSE collect_tap(
    results_eq($$SELECT pg_input_is_valid(input, 'bloom') FROM inputs WHERE name = 'valid'$$,
               $$VALUES (true)$$,
               'pg_input_is_valid: the text of a filter is valid'),
    results_eq($$SELECT pg_input_is_valid(input, 'bloom') FROM inputs WHERE name = 'truncated'$$,
               $$VALUES (false)$$,
               'pg_input_is_valid: a truncated filter is not valid, and raises no error'),
    results_eq($$SELECT pg_input_is_valid(input, 'bloom') FROM inputs WHERE name = 'not base64'$$,
               $$VALUES (false)$$,
               'pg_input_is_valid: text that is not base64 is not valid'),
    results_eq($$SELECT pg_input_is_valid(input, 'bloom') FROM inputs WHERE name = 'bad magic'$$,
               $$VALUES (false)$$,
               'pg_input_is_valid: base64 of bytes that are no filter is not valid'),
    results_eq($$SELECT (pg_input_error_info(input, 'bloom')).sql_error_code FROM inputs WHERE name = 'truncated'$$,
               $$VALUES ('22P02'::text)$$,
               'pg_input_error_info: a truncated filter is invalid_text_representation'),
    results_eq($$SELECT (pg_input_error_info(input, 'bloom')).message FROM inputs WHERE name = 'truncated'$$,
               $$VALUES ('invalid input syntax for type bloom: "QkYB"'::text)$$,
               'pg_input_error_info: the message names the type and echoes the input'),
    results_eq($$SELECT (pg_input_error_info(input, 'bloom')).detail IS NOT NULL FROM inputs WHERE name = 'bad magic'$$,
               $$VALUES (true)$$,
               'pg_input_error_info: the detail says what is wrong'),
    results_eq($$SELECT (pg_input_error_info(input, 'bloom')).sql_error_code FROM inputs WHERE name = 'valid'$$,
               $$VALUES (NULL::text)$$,
               'pg_input_error_info: no error for the text of a filter')
) END;

-- Outside a soft-error context, the same inputs are errors
SELECT throws_ok($$SELECT input::bloom FROM inputs WHERE name = 'truncated'$$,
                 '22P02', 'invalid input syntax for type bloom: "QkYB"',
                 'a cast of a truncated filter is an error');
SELECT throws_ok($$SELECT input::bloom FROM inputs WHERE name = 'not base64'$$,
                 '22P02', NULL, 'a cast of text that is not base64 is an error');
SELECT throws_ok($$SELECT input::bloom FROM inputs WHERE name = 'bad magic'$$,
                 '22P02', NULL, 'a cast of base64 of bytes that are no filter is an error');
SELECT lives_ok($$SELECT input::bloom FROM inputs WHERE name = 'valid'$$,
                'a cast of the text of a filter works');

SELECT * FROM finish();
ROLLBACK;

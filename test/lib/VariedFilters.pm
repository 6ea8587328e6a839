# test/lib/VariedFilters.pm: a table of filters of every layout and of
# several kinds of value, for the tests that check that stored filters come
# through something unchanged: t/dumprestore.t (dumps and COPY) and
# t/upgrade.t (ALTER EXTENSION UPDATE).
#
# The filters: empty ones (bloom_agg of no value, bloom_create), an exact
# list, one auto-sized by bloom_agg past its exact phase (large, stored out
# of line in TOAST), sized block filters of integers, text, uuid and
# numeric, a union, an intersection, timestamptz by bloom_add, int4range
# (hashed by the type's own hash function) and a NULL.  Each comes with an
# expression of g giving values of its kind to test it with.
package VariedFilters;

use strict;
use warnings;

# The table's definition
our $TABLE = 'CREATE TABLE filters (id int PRIMARY KEY, what text NOT NULL, f bloom)';

# The filters of a database, one line each: id, what, md5 of the bytes
our $FINGERPRINTS = 'SELECT id, what, md5(f::bytea) FROM filters ORDER BY id';

# The rows for an auto-sized filter of $large integers: [id, what, the
# filter's SQL expression, an SQL expression of the integer g giving a value
# of the filter's kind (undef for the NULL row)].
sub rows
{
	my ($large) = @_;

	return (
		[ 1, 'bloom_agg of no value',
		  '(SELECT bloom_agg(g) FROM generate_series(1, 0) AS g)', 'g' ],
		[ 2, 'exact: 5 integers',
		  '(SELECT bloom_agg(g) FROM generate_series(1, 5) AS g)', 'g' ],
		[ 3, "auto-sized: $large integers",
		  "(SELECT bloom_agg(g) FROM generate_series(1, $large) AS g)", 'g' ],
		[ 4, 'bloom_create, no value yet', 'bloom_create(1000, 0.01)', 'g' ],
		[ 5, 'integers',
		  '(SELECT bloom_agg(g::bigint, 50000, 0.01) FROM generate_series(1, 40000) AS g)',
		  'g::bigint' ],
		[ 6, 'text',
		  q{(SELECT bloom_agg('value ' || g, 20000, 0.01) FROM generate_series(1, 20000) AS g)},
		  q{'value ' || g} ],
		[ 7, 'uuid',
		  '(SELECT bloom_agg(md5(g::text)::uuid, 10000, 0.001) FROM generate_series(1, 10000) AS g)',
		  'md5(g::text)::uuid' ],
		[ 8, 'numeric',
		  '(SELECT bloom_agg(g / 7.0, 5000, 0.05) FROM generate_series(1, 5000) AS g)',
		  'g / 7.0' ],
		[ 9, 'union',
		  '(SELECT bloom_agg(g, 30000, 0.01) FROM generate_series(1, 20000) AS g) | '
		  . '(SELECT bloom_agg(g, 30000, 0.01) FROM generate_series(10001, 30000) AS g)',
		  'g' ],
		[ 10, 'intersection',
		  '(SELECT bloom_agg(g, 30000, 0.01) FROM generate_series(1, 20000) AS g) & '
		  . '(SELECT bloom_agg(g, 30000, 0.01) FROM generate_series(10001, 30000) AS g)',
		  'g' ],
		[ 11, 'timestamptz, by bloom_add',
		  q{bloom_add(bloom_add(bloom_create(100, 0.01), timestamptz '2026-11-16 12:00+00'),
			 timestamptz '2026-11-17 12:00+00')},
		  q{timestamptz '2026-11-16 12:00+00' + g * interval '12 hours'} ],
		[ 12, 'int4range, by its own hash',
		  '(SELECT bloom_agg(int4range(g, g + 10), 1000, 0.01) FROM generate_series(1, 500) AS g)',
		  'int4range(g, g + 10)' ],
		[ 13, 'NULL', 'NULL', undef ]);
}

# Create the table of filters in database $db of $node, where the extension
# is, with an auto-sized filter of $large integers; return how many rows.
sub create
{
	my ($node, $db, $large) = @_;
	my @rows = rows($large);
	my $values = join(",\n",
		map { sprintf(q{(%d, '%s', %s)}, $_->[0], $_->[1], $_->[2]) } @rows);

	$node->safe_psql($db, "$TABLE;\nINSERT INTO filters VALUES\n$values;");
	return scalar @rows;
}

1;

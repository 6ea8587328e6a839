#!/usr/bin/perl
# test/t/dumprestore.t: filters come back from dumps and COPY byte for byte.
#
# The table of varied filters of test/lib/VariedFilters.pm (empty, exact,
# auto-sized past bloom_agg's exact phase, sized ones of several kinds of
# value, a union, an intersection, a NULL) makes four trips into fresh
# databases: pg_dump in plain format restored with psql, pg_dump in custom
# format restored with pg_restore, and COPY to a file and back in binary and
# in text format.  After each trip every row must hold the filter it held,
# compared by id in two ways: the lists of md5(f::bytea) of both databases,
# and a join with the original rows (read through dblink as bytea) by = and
# by their bytes.  A filter changed after a trip must then be told apart.
#
# Default size: the auto-sized filter holds 700,000 values (1 MB, about
# 1.4 MB of base64 in the dumps), a few seconds in all.  BLOOM_TEST_LONG=1
# gives it ten times as many (16 MB).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use VariedFilters;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $scale = $ENV{BLOOM_TEST_LONG} ? 10 : 1;
my $large = 700_000 * $scale;

my $node = PostgreSQL::Test::Cluster->new('dumprestore');
$node->init;
$node->start;

$node->safe_psql('postgres', 'CREATE DATABASE source');
$node->safe_psql('source', 'CREATE EXTENSION bloomfilter');
my $rows = VariedFilters::create($node, 'source', $large);

my $fingerprints_sql = $VariedFilters::FINGERPRINTS;
my $original = $node->safe_psql('source', $fingerprints_sql);
is(scalar(split /\n/, $original), $rows, "$rows filters to dump");

# Rows of a database whose filter is the original's, by = and by bytes,
# and all rows of both, joined by id
(my $source = $node->connstr('source')) =~ s/'/''/g;
my $join_sql = qq{
CREATE EXTENSION IF NOT EXISTS dblink;
SELECT count(*) FILTER (WHERE r.f = o.b::bloom AND r.f::bytea = o.b
						   OR r.f IS NULL AND o.b IS NULL AND r.id = o.id),
	   count(*)
FROM filters AS r
FULL JOIN dblink('$source', 'SELECT id, f::bytea FROM filters')
  AS o (id int, b bytea) ON o.id = r.id};

# Check the filters of database $db after trip $trip
sub check_trip
{
	my ($db, $trip) = @_;

	is($node->safe_psql($db, $fingerprints_sql),
		$original, "$trip: the same filters, byte for byte");
	my $matches = $node->safe_psql($db, $join_sql);
	is($matches, "$rows|$rows", "$trip: every filter = its original");
	my ($equal) = split /\|/, $matches;
	diag("$trip: $equal of $rows filters equal");
}

my $dir = PostgreSQL::Test::Utils::tempdir('dumps');
my $start = time;

# pg_dump, plain format, restored with psql
$node->command_ok([ 'pg_dump', '-Fp', '-f', "$dir/plain.sql", 'source' ],
	'pg_dump, plain format');
$node->safe_psql('postgres', 'CREATE DATABASE plain');
$node->command_ok(
	[
		'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1',
		'-f', "$dir/plain.sql", 'plain'
	],
	'restore of the plain dump');
check_trip('plain', 'plain pg_dump');

# pg_dump, custom format, restored with pg_restore
$node->command_ok([ 'pg_dump', '-Fc', '-f', "$dir/custom.dump", 'source' ],
	'pg_dump, custom format');
$node->safe_psql('postgres', 'CREATE DATABASE custom');
$node->command_ok(
	[ 'pg_restore', '--exit-on-error', '-d', 'custom', "$dir/custom.dump" ],
	'pg_restore of the custom dump');
check_trip('custom', 'custom pg_dump');

# COPY to a file and back, binary and text
for my $format ('binary', 'text')
{
	my $file = "$dir/filters.$format";
	$node->safe_psql('source',
		"COPY filters TO '$file' (FORMAT $format)");
	$node->safe_psql('postgres', "CREATE DATABASE copy_$format");
	$node->safe_psql(
		"copy_$format", qq{
CREATE EXTENSION bloomfilter;
$VariedFilters::TABLE;
COPY filters FROM '$file' (FORMAT $format);
});
	check_trip("copy_$format", "COPY, $format format");
}
diag('four trips in ' . (time - $start) . ' s; the plain dump is '
	  . (-s "$dir/plain.sql") . ' bytes');

# The checks tell a changed filter apart
$node->safe_psql('copy_text',
	'UPDATE filters SET f = bloom_add(f, 0) WHERE id = 5');
is($node->safe_psql('copy_text', $join_sql),
	($rows - 1) . "|$rows", 'a filter changed after a trip is not equal');
isnt($node->safe_psql('copy_text', $fingerprints_sql),
	$original, 'nor are its bytes');

$node->stop;
done_testing();

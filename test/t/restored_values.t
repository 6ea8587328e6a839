#!/usr/bin/perl
# test/t/restored_values.t: filters of values that a restore gives other
# identifiers keep their members (issue 24, items 1 and 3).
#
# PostgreSQL's own hash functions hash an enum by its OID, at any depth of
# an array, a composite, a range or a multirange, and a restore gives every
# enum label another OID.  The source database makes a table of such values
# (an enum, arrays of it, of one and two dimensions and other lower bounds,
# with NULLs; composites with NULL attributes; a range and a multirange of
# it, empty and infinite ones; a domain over an array; arrays of composites
# holding arrays and ranges) and text under a nondeterministic ICU
# collation, whose kind names the collation's definition, and one filter of
# each column.  pg_dump (plain format) is restored with psql into a
# database where another enum and collation were made first, so that every
# label has another OID (checked).  There every filter must have its bytes
# of the source, and every value of its column must be a member; and the
# filters, made again there, must have the same bytes.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('restored_values');
$node->init;
$node->start;

my $columns_sql = q{
SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute
 WHERE attrelid = 'vals'::regclass AND attnum > 1 AND NOT attisdropped};

$node->safe_psql('postgres', 'CREATE DATABASE source');
$node->safe_psql(
	'source', q{
CREATE EXTENSION bloomfilter;
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE pair AS (n int, m mood, note text);
CREATE TYPE moodrange AS RANGE (subtype = mood);
CREATE DOMAIN moods AS mood[];
CREATE TYPE deep AS (pairs pair[], r moodrange, ms moods);
CREATE COLLATION ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
CREATE TABLE vals AS
SELECT g AS id, m AS plain,
	   ARRAY[m, NULL, 'ok']::mood[] AS arr,
	   ARRAY[[m, m], [NULL, 'sad']]::mood[] AS matrix,
	   ('[0:1]={' || m || ',happy}')::mood[] AS shifted,
	   ROW(g, m, CASE WHEN g % 2 = 0 THEN 'x' || g END)::pair AS pair,
	   CASE g % 4 WHEN 0 THEN 'empty'::moodrange
				  WHEN 1 THEN moodrange(m, NULL)
				  ELSE moodrange(NULL, m, '(]') END AS range,
	   moodmultirange(moodrange('sad', m), moodrange('happy', NULL, '[]')) AS multi,
	   ARRAY[m, 'sad']::moods AS domain,
	   ROW(ARRAY[ROW(g, m, NULL)::pair, NULL], moodrange('sad', m), ARRAY[m]::moods)::deep AS deep,
	   (CASE WHEN g % 2 = 0 THEN upper('Value ' || g) ELSE 'value ' || g END) COLLATE ci AS collated
  FROM generate_series(1, 1000) AS g,
	   LATERAL (SELECT (enum_range(NULL::mood))[1 + g % 3] AS m) AS e;
});

# One filter of each column, a table of them, and a query of how many
# values of each column are not members of its filter (in the columns'
# order: the branches of a UNION ALL may come back in any)
my @columns = split /,/, $node->safe_psql('source', $columns_sql);
my $filters_sql = 'CREATE TABLE filters AS ' . join("\nUNION ALL ",
	map { "SELECT '$_' AS what, bloom_agg($_) AS f FROM vals" } @columns);
my $n = 0;
my $misses_sql = 'SELECT what, misses FROM ('
  . join("\nUNION ALL ", map {
	$n++;
	"SELECT $n AS n, '$_' AS what, count(*) FILTER (WHERE NOT f.f \@> v.$_) AS misses "
	  . "FROM vals AS v, filters AS f WHERE f.what = '$_'"
  } @columns)
  . ') AS m ORDER BY n';
my $bytes_sql = 'SELECT what, md5(f::bytea) FROM filters ORDER BY what';
my $none_missed = join("\n", map { "$_|0" } @columns);

$node->safe_psql('source', $filters_sql);
is($node->safe_psql('source', $misses_sql),
	$none_missed, 'in the source, every value is a member of its column\'s filter');
my $bytes = $node->safe_psql('source', $bytes_sql);

# Dumped, and restored where the OIDs of enum labels are others
my $dir = PostgreSQL::Test::Utils::tempdir('dumps');
$node->command_ok([ 'pg_dump', '-Fp', '-f', "$dir/plain.sql", 'source' ],
	'pg_dump, plain format');
$node->safe_psql('postgres', 'CREATE DATABASE target');
$node->safe_psql(
	'target', q{
CREATE TYPE shift AS ENUM ('a', 'b', 'c', 'd', 'e', 'f');
CREATE COLLATION shift (provider = icu, locale = 'und-u-ks-level1', deterministic = false);
});
$node->command_ok(
	[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', "$dir/plain.sql", 'target' ],
	'restore of the plain dump');

my $labels_sql = q{
SELECT string_agg(enumlabel || '=' || oid, ',' ORDER BY enumsortorder)
  FROM pg_enum WHERE enumtypid = 'mood'::regtype};
my $source_labels = $node->safe_psql('source', $labels_sql);
my $target_labels = $node->safe_psql('target', $labels_sql);
isnt($target_labels, $source_labels,
	'the restored labels have other OIDs than the source\'s');
diag("labels: source $source_labels, restored $target_labels");

is($node->safe_psql('target', $bytes_sql),
	$bytes, 'the restored filters have the bytes of the source');
is($node->safe_psql('target', $misses_sql),
	$none_missed, 'after the restore, every value is a member of its column\'s filter');

# Made again in the restored database: the same bytes
$node->safe_psql('target', "DROP TABLE filters; $filters_sql");
is($node->safe_psql('target', $bytes_sql),
	$bytes, 'filters made again after the restore have the bytes of the source');

$node->stop;
done_testing();

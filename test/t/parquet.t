#!/usr/bin/perl
# test/t/parquet.t: filters in Parquet mode against a real Parquet peer,
# DuckDB 1.5.6 (issue 27), byte for byte.
#
# DuckDB (test/duckdb/peer.js, installed by tools/setup-duckdb; the test
# fails if it cannot run, it never skips) writes a Parquet file of 13
# columns, each of 10,000 distinct values of one type, and gives each column
# chunk's Bloom filter (the bloom_filter_length bytes at its
# bloom_filter_offset) and its own answer, parquet_bloom_probe's, for values
# in the file and values not in it: 10,000 of each for text, bigint,
# integer, date and uuid, 1,000 of each for the other types.  Then, for
# each column:
#
# - bloom_from_parquet reads DuckDB's filter, and finds every value in the
#   file;
# - its answer for each value probed is DuckDB's, where DuckDB's answers
#   can be trusted (below);
# - bloom_parquet_agg over the same values, written by bloom_to_parquet at
#   DuckDB's size, is DuckDB's filter byte for byte, header and all;
# - a filter of the values not in the file, made here and written over
#   DuckDB's in a copy of the file (the same length), is what DuckDB then
#   reads: its answers for 1,000 values on either side are ours, and it
#   excludes none of the filter's values.
#
# About three minutes on two cores, nearly all of it DuckDB's probes (a
# millisecond each).
#
# DuckDB 1.5.6's parquet_bloom_probe never excludes a uuid, and excludes
# decimals that are in the file (its writer hashes them as Parquet says,
# which the bytes show; its probe does not): for those columns the test
# checks that DuckDB answers so, and relies on the bytes.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest copy => ['test/duckdb/node_modules'];
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Digest::SHA qw(sha256_hex);
use File::Copy ();
use Test::More;

my @install = $ENV{BLOOM_TEST_INSTALL_PATH}
  ? (install_path => $ENV{BLOOM_TEST_INSTALL_PATH}) : ();
my $dir = PostgreSQL::Test::Utils::tempdir();
my $peer = "$FindBin::RealBin/../duckdb/peer.js";

# Run DuckDB's side; its failure ends the test (it is not skipped)
sub peer
{
	my ($mode) = @_;
	my ($stdout, $stderr);
	my $ok = IPC::Run::run([ 'node', $peer, $mode, $dir ], '>', \$stdout,
		'2>', \$stderr);
	BAIL_OUT("DuckDB peer ($mode) failed: $stderr$stdout") unless $ok;
	return;
}

# DuckDB's file, its filters and its answers (peer.js write) depend on
# DuckDB and peer.js, not on the server.  BLOOM_DUCKDB_ANSWERS, if set, is
# a directory where they are kept by the sha256 of peer.js and the lock
# file: a run takes them from there when an earlier one left them
# (tools/test-all makes them on 15 and gives them to 17 and 18), and
# otherwise runs DuckDB and leaves them there if it can write.
sub duckdb_writes
{
	my @files = qw(data.parquet columns.csv values.csv filters.csv probes.csv);
	my $answers = $ENV{BLOOM_DUCKDB_ANSWERS};
	my $kept = $answers && "$answers/"
	  . sha256_hex(slurp_file($peer)
		  . slurp_file("$FindBin::RealBin/../duckdb/package-lock.json"));

	if ($kept && -f "$kept/$files[-1]")
	{
		File::Copy::copy("$kept/$_", $dir) || BAIL_OUT("copy $kept/$_: $!") for @files;
		diag("DuckDB's file and answers as an earlier run made them ($kept)");
		return;
	}
	peer('write');
	if ($kept && -d $answers && -w $answers && mkdir("$kept.$$"))
	{
		File::Copy::copy("$dir/$_", "$kept.$$") || die "copy $_: $!" for @files;
		rename("$kept.$$", $kept);
	}
	return;
}

duckdb_writes();

my $node = PostgreSQL::Test::Cluster->new('parquet', @install);
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'UTC'");
$node->start;
$node->safe_psql('postgres', qq{
	CREATE EXTENSION bloomfilter;
	-- bloom_from_parquet's numeric types, by their precision and scale
	CREATE DOMAIN dec15 AS numeric(15, 2);
	CREATE DOMAIN dec9 AS numeric(9, 2);
	CREATE TABLE cols (col text, duck_type text, pg_type text, n int);
	CREATE TABLE vals (i int PRIMARY KEY, t text, b bigint, n integer, d date,
		u uuid, s smallint, ts timestamp, tz timestamptz, f8 float8, f4 float4,
		y bytea, dl numeric(15, 2), ds numeric(9, 2));
	CREATE TABLE filters (col text, physical text, "offset" bigint,
		length int, hex text);
	CREATE TABLE probes (col text, i int, excludes bool);
	CREATE TABLE spliced_probes (col text, i int, excludes bool);
	COPY cols FROM '$dir/columns.csv' (FORMAT csv);
	COPY vals FROM '$dir/values.csv' (FORMAT csv);
	COPY filters FROM '$dir/filters.csv' (FORMAT csv);
	COPY probes FROM '$dir/probes.csv' (FORMAT csv);
});

my %import_type = (dl => 'dec15', ds => 'dec9');
# the columns whose answers DuckDB's parquet_bloom_probe gets wrong
my %untrusted = (u => 'never excludes a uuid', dl => 'excludes decimals in the file',
	ds => 'excludes decimals in the file');

my @cols = split /\n/,
  $node->safe_psql('postgres', 'SELECT col || \',\' || pg_type FROM cols ORDER BY col');
is(scalar @cols, 13, 'DuckDB wrote a Bloom filter for each of the 13 columns');

my $spliced = '';
for my $line (@cols)
{
	my ($c, $pg_type) = split /,/, $line, 2;
	my $type = $import_type{$c} // $pg_type;
	my $theirs = "(SELECT bloom_from_parquet(decode(hex, 'hex'), '$type') FROM filters WHERE col = '$c')";
	my $size = "(SELECT (bloom_info($theirs)).blocks::int * 32)";

	my ($probed, $missing, $disagree, $duck_missing) = split /\|/,
	  $node->safe_psql('postgres', qq{
		SELECT count(*),
			count(*) FILTER (WHERE v.i < 10000 AND NOT (f @> v.$c)),
			count(*) FILTER (WHERE (f @> v.$c) = p.excludes),
			count(*) FILTER (WHERE v.i < 10000 AND p.excludes)
		  FROM $theirs AS s(f), probes p JOIN vals v USING (i)
		 WHERE p.col = '$c'});
	cmp_ok($probed, '>=', 2000, "$c ($pg_type): DuckDB probed $probed values");
	is($missing, 0, "$c: DuckDB's filter, read by bloom_from_parquet, holds every value in the file");
	if ($untrusted{$c})
	{
		cmp_ok($disagree, '>', 0,
			"$c: DuckDB's parquet_bloom_probe $untrusted{$c} ($disagree of $probed answers differ; its bytes are checked instead)");
	}
	else
	{
		is($disagree, 0, "$c: bloom_from_parquet answers as parquet_bloom_probe for all $probed values");
		is($duck_missing, 0, "$c: DuckDB excludes no value in the file");
	}

	is($node->safe_psql('postgres', qq{
		SELECT bloom_to_parquet(bloom_parquet_agg($c), $size)
			= (SELECT decode(hex, 'hex') FROM filters WHERE col = '$c')
		  FROM vals WHERE i < 10000}),
		't', "$c: bloom_parquet_agg over the same values is DuckDB's filter byte for byte");

	$spliced .= "$c," . $node->safe_psql('postgres', qq{
		SELECT encode(bloom_to_parquet(bloom_parquet_agg($c), $size), 'hex')
		  FROM vals WHERE i >= 10000}) . "\n";
}

open(my $fh, '>', "$dir/spliced.csv") or die "spliced.csv: $!";
print $fh $spliced;
close $fh;
peer('splice');
$node->safe_psql('postgres', qq{
	CREATE TABLE spliced (col text, hex text);
	COPY spliced FROM '$dir/spliced.csv' (FORMAT csv);
	COPY spliced_probes FROM '$dir/spliced-probes.csv' (FORMAT csv);
});

# Our filter as DuckDB reads it: the bytes written into its file
for my $line (@cols)
{
	my ($c, $pg_type) = split /,/, $line, 2;
	my $type = $import_type{$c} // $pg_type;
	my ($probed, $disagree, $excluded_members) = split /\|/,
	  $node->safe_psql('postgres', qq{
		SELECT count(*), count(*) FILTER (WHERE (f @> v.$c) = p.excludes),
			count(*) FILTER (WHERE v.i >= 10000 AND p.excludes)
		  FROM (SELECT bloom_from_parquet(decode(hex, 'hex'), '$type') AS f
				  FROM spliced WHERE col = '$c') AS s,
			spliced_probes p JOIN vals v USING (i)
		 WHERE p.col = '$c'});
	if ($untrusted{$c})
	{
		cmp_ok($probed, '>=', 2000, "$c: DuckDB probed the file with our filter ($untrusted{$c})");
		next;
	}
	is($disagree, 0, "$c: DuckDB reads our filter in its file and answers as we do for all $probed values");
	is($excluded_members, 0, "$c: DuckDB excludes none of our filter's values");
}

$node->stop;
done_testing();

#!/usr/bin/perl
# test/t/regress.t: pg_regress (make installcheck) as a TAP test, on a
# cluster of its own, one test point per regression file.
#
# The cluster is this test's alone: some files measure the whole cluster
# (maintenance: the WAL that one INSERT writes), which the pgTAP files that
# tools/test runs beside it would disturb on a shared one.  pg_regress
# writes its results to the test's scratch directory, not to the source
# tree.  When a file fails, the test's last point says which, and its
# regression.diffs and regression.out are kept with the test's logs in
# test/log/regress/ (BloomTest says so).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use SqlSuite;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use File::Copy ();
use Test::More;

my $top = BloomTest::source_dir();
my $outputdir = "$PostgreSQL::Test::Utils::tmp_check/regress";

my $node = PostgreSQL::Test::Cluster->new('regress');
$node->init;
$node->start;

my ($output, $ok);
{
	local $ENV{PGHOST} = $node->host;
	local $ENV{PGPORT} = $node->port;
	($output, $ok) = SqlSuite::run_merged(3 * $PostgreSQL::Test::Utils::timeout_default,
		'make', '-s', '-C', $top, 'installcheck',
		"EXTRA_REGRESS_OPTS=--outputdir=$outputdir");
}
$node->stop;

# Each file's result, from either form of pg_regress's report: PostgreSQL
# 15 prints "test NAME ... ok 12 ms" (or "     NAME ..." in a parallel
# group), 16 and later print TAP, "ok 1 - NAME 12 ms" (or "ok 2 + NAME" in
# a parallel group, "not ok 3 - NAME" for a failure)
my @failed;
my $files = 0;
for my $line (split /\n/, $output)
{
	my ($name, $passed);
	if ($line =~ /^(?:test +| +)([a-z0-9_]+) +\.\.\. +(ok|FAILED|failed|ignored)\b/)
	{
		($name, $passed) = ($1, $2 eq 'ok');
	}
	elsif ($line =~ /^(ok|not ok) +\d+ +[-+] +([a-z0-9_]+) /)
	{
		($name, $passed) = ($2, $1 eq 'ok');
	}
	next unless defined $name;
	$files++;
	ok($passed, $name);
	push @failed, $name unless $passed;
}
fail('pg_regress ran no test') unless $files;
ok($ok, 'make installcheck exited 0');
if (!$files || !$ok || @failed)
{
	diag("pg_regress's output:\n$output") unless $files;
	diag('pg_regress failed: ' . (@failed ? "@failed" : 'no file failed')
		  . "; its diffs and output are kept with the test's logs");
	PostgreSQL::Test::Utils::append_to_file("$PostgreSQL::Test::Utils::log_path/make.log",
		$output);
	for my $file ('regression.diffs', 'regression.out')
	{
		File::Copy::copy("$outputdir/$file", $PostgreSQL::Test::Utils::log_path)
		  if -f "$outputdir/$file";
	}
}

done_testing();

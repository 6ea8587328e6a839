#!/usr/bin/perl
# test/t/demo.t: the sample job of tools/demo prints what doc/examples/demo.out
# shows, line for line.
#
# tools/demo.sql is the first thing a new user runs, and its comments say
# what each result shows (an exact list has no false positive, the week's
# union is a block filter at 1%, ...).  This test runs it as tools/demo does
# (psql -X -q, ON_ERROR_STOP, its messages and results in one stream) in a
# fresh database and compares the output with doc/examples/demo.out, which
# the README points to: a change that alters what the demo prints must
# update that file, and whoever does reads the comments above each result
# again.  On a difference, the diff is printed.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $source = BloomTest::source_dir();

my $node = PostgreSQL::Test::Cluster->new('demo');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE demo');

my ($out, $err);
my $ok = IPC::Run::run(
	[
		'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1',
		'-d', $node->connstr('demo'),
		'-f', "$source/tools/demo.sql"
	],
	'<', \undef, '>&', \$out);
ok($ok, 'tools/demo.sql runs to the end');

my $expected_file = "$source/doc/examples/demo.out";
open my $fh, '<', $expected_file or die "$expected_file: $!\n";
my $expected = do { local $/; <$fh> };
close $fh;

if (!ok($out eq $expected, 'the demo prints doc/examples/demo.out'))
{
	my $got_file = "$PostgreSQL::Test::Utils::tmp_check/demo.out";
	open my $g, '>', $got_file or die "$got_file: $!\n";
	print $g $out;
	close $g;
	diag(`diff -u '$expected_file' '$got_file'`);
}

$node->stop;
done_testing();

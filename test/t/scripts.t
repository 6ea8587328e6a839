#!/usr/bin/perl
# test/t/scripts.t: the installed extension scripts are tools/gen-sql's
# output from src/sql, and nothing else is installed (issue 34).
#
# The install script and every update script are made by tools/gen-sql at
# build time (the Makefile's DATA_built) from one set of SQL sources, the
# per-type aggregate overloads from one list of types (src/sql/types), so
# they cannot drift.  Checked, without a server:
#
#  1. the scripts installed (pg_config --sharedir) are exactly the install
#     script of the control file's default version and the update scripts
#     the Makefile lists, each byte for byte what tools/gen-sql makes now
#     from its source: no stale or hand-edited script, and no install
#     script of an earlier version (1.0's: src/bloom_names_1_0.c);
#  2. the update scripts lead from 1.0 to the default version;
#  3. every overload the list of types asks for is in the install script
#     and in the update that adds it, as often;
#  4. tools/gen-sql refuses what it cannot make: a CREATE other than of a
#     function or aggregate made again by an update (or-replace), an
#     unknown directive, list or file, an @foreach without @end, and an
#     @TYPE@ left over; and it writes no script when it refuses.
use strict;
use warnings;
use Cwd ();
use File::Temp ();
use FindBin;
use IPC::Run ();
use Test::More;

my $source = Cwd::abs_path("$FindBin::RealBin/../..");
my $gen = "$source/tools/gen-sql";

# The whole of file $path
sub slurp
{
	my ($path) = @_;
	open my $fh, '<:raw', $path or die "$path: $!\n";
	local $/;
	return scalar <$fh>;
}

# Write $text to file $path
sub spew
{
	my ($path, $text) = @_;
	open my $fh, '>:raw', $path or die "$path: $!\n";
	print $fh $text;
	close $fh or die "$path: $!\n";
	return;
}

# Run tools/gen-sql SOURCE SCRIPT: (exit status is 0, stderr)
sub gen
{
	my ($top, $script) = @_;
	my $err = '';
	my $ok = IPC::Run::run([ $gen, $top, $script ], '>', \my $out, '2>', \$err);
	return ($ok, $err);
}

my ($default_version) =
  slurp("$source/bloomfilter.control") =~ /^default_version\s*=\s*'([^']+)'/m;
my ($updates) = slurp("$source/Makefile") =~ /^SQL_UPDATES\s*=\s*(.*?)\s*$/m;
my @updates = split ' ', $updates;
ok(@updates >= 1, "the Makefile lists the updates: @updates");

# 1. what is installed is what gen-sql makes, and nothing else
my %sources = ("bloomfilter--$default_version.sql" => 'bloomfilter.sql',
	map { ("bloomfilter--$_.sql" => "update--$_.sql") } @updates);
chomp(my $sharedir = `pg_config --sharedir`);
my @installed = sort map { m{([^/]+)$} } glob("$sharedir/extension/bloomfilter--*.sql");
is_deeply(\@installed, [ sort keys %sources ],
	'the scripts installed are the default version\'s install script and the updates');
my $tmp = File::Temp::tempdir(CLEANUP => 1);
for my $script (sort keys %sources)
{
	my ($ok, $err) = gen("$source/src/sql/$sources{$script}", "$tmp/$script");
	ok($ok, "gen-sql makes $script") or diag($err);
	ok(-f "$sharedir/extension/$script"
		  && slurp("$tmp/$script") eq slurp("$sharedir/extension/$script"),
		"the installed $script is gen-sql's output from src/sql/$sources{$script}");
}

# 2. the updates lead from 1.0 to the default version
my %next = map { split /--/ } @updates;
my ($version, @path) = ('1.0');
while (defined $next{$version} && @path < 10)
{
	$version = $next{$version};
	push @path, $version;
}
is($version, $default_version, "the updates lead from 1.0 to $default_version: 1.0 @path");

# 3. every overload of each list, in the install script and the update
# that adds it, as often
my %lists = map { /^(\w+):\s*(.*?)\s*$/ ? ($1 => [ split ' ', $2 ]) : () }
  grep { !/^\s*(#|$)/ } split /\n/, slurp("$source/src/sql/types");
my $install = slurp("$tmp/bloomfilter--$default_version.sql");
my $update_1_1 = slurp("$tmp/bloomfilter--1.0--1.1.sql");
for my $family ([ 'bloom_agg', 'agg' ], [ 'bloom_parquet_agg', 'parquet' ],
	[ 'bloom_part_agg', 'agg' ])
{
	my ($aggregate, $list) = @$family;
	my @types = @{ $lists{$list} // [] };
	my @missing = grep {
		my $pattern = qr/^CREATE (OR REPLACE )?AGGREGATE \Q$aggregate(pg_catalog.$_\E[,)]/m;
		!($install =~ $pattern && $update_1_1 =~ $pattern)
	} @types;
	ok(@types > 10 && !@missing,
		scalar(@types) . " types of the list $list have $aggregate in both scripts")
	  or diag("missing: @missing");
	my @counts = map { scalar(() = $_ =~ /^CREATE (?:OR REPLACE )?AGGREGATE \Q$aggregate(\E/mg) }
	  $install, $update_1_1;
	is($counts[1], $counts[0], "$aggregate: as many overloads made by the update from 1.0 ($counts[1])");
}
unlike($update_1_1, qr/^CREATE (FUNCTION|AGGREGATE) bloom_agg/m,
	'the update from 1.0 makes bloom_agg and its functions again (CREATE OR REPLACE)');

# 4. what gen-sql refuses
mkdir "$tmp/bad" or die;
spew("$tmp/bad/types", "agg: int4 text\n");
spew("$tmp/bad/type.sql", "CREATE TYPE t;\nCREATE FUNCTION f() RETURNS int AS 'x' LANGUAGE C;\n");
my @refused = (
	[ 'a CREATE TYPE made again' => "-- \@include type.sql or-replace\n",
		qr/cannot be made again by an update: CREATE TYPE t;/ ],
	[ 'an unknown directive' => "-- \@includes type.sql\n", qr/unknown directive/ ],
	[ 'an unknown list' => "-- \@foreach nosuch\n-- \@end\n", qr/no list nosuch/ ],
	[ 'an unknown file' => "-- \@include nosuch.sql\n", qr/nosuch\.sql/ ],
	[ 'an @foreach without @end' => "-- \@foreach agg\nSELECT 1;\n", qr/has no \@end/ ],
	[ 'an @TYPE@ outside @foreach' => "SELECT '\@TYPE\@';\n", qr/left in the output: \@TYPE\@/ ],
);
for my $case (@refused)
{
	my ($name, $text, $message) = @$case;
	spew("$tmp/bad/top.sql", $text);
	unlink "$tmp/bad/out.sql";
	my ($ok, $err) = gen("$tmp/bad/top.sql", "$tmp/bad/out.sql");
	ok(!$ok && $err =~ $message && !-e "$tmp/bad/out.sql", "gen-sql refuses $name")
	  or diag($err);
}
spew("$tmp/bad/top.sql", "-- \@foreach agg\nf(\@TYPE\@);\n-- \@end\n");
my ($ok, $err) = gen("$tmp/bad/top.sql", "$tmp/bad/out.sql");
is($ok && slurp("$tmp/bad/out.sql"), "f(pg_catalog.int4);\n\nf(pg_catalog.text);\n",
	'@foreach makes a copy a type, separated by a blank line') or diag($err);

done_testing();

#!/usr/bin/perl
# test/t/sqlfuzz.t: the SQL-level fuzz test (test/fuzz/sqlfuzz.c) on a
# throwaway cluster.
#
# Generated inputs (random bytes; valid filters with bits and bytes changed,
# cut short, extended, with extreme header fields; unusual valid filters;
# base64 text changed, cut, padded; very long strings) go in as text, bytea,
# binary parameters (bloom_recv) and binary COPY, and every accepted one
# through every function and operator.  Passes if each input is refused with
# an SQLSTATE of class 22 or 54 or accepted as a valid filter, the functions
# raise no other error and keep their properties, and the server never
# restarts: the same postmaster start time afterwards, and no "terminated by
# signal" in its log.
#
# SQLFUZZ_INPUTS sets the number of inputs (default 100000: 15 to 25 s on
# two cores) and SQLFUZZ_SEED the generator's seed (default 1); two client
# processes share the inputs, one connection each.  A longer run:
#
#     SQLFUZZ_INPUTS=2000000 SQLFUZZ_SEED=7 \
#         pg_prove --source Executable test/t/sqlfuzz.t
#
# A failure shows the input and how to run it again alone:
# test/build/sqlfuzz/sqlfuzz -r N -s SEED -v 'conninfo'.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest copy => ['test/build/sqlfuzz'];
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;

my $inputs = $ENV{SQLFUZZ_INPUTS} || 100000;
my $seed   = $ENV{SQLFUZZ_SEED}   || 1;
my $client = BloomTest::source_dir() . '/test/build/sqlfuzz/sqlfuzz';

unless (-x $client)
{
	fail("$client is built (make -C test sqlfuzz)");
	done_testing();
	exit;
}

# Statements are not logged (they would be megabytes of parameters), nor
# are the expected errors; the postmaster's LOG lines, crashes included,
# still are.
my $node = PostgreSQL::Test::Cluster->new('sqlfuzz');
$node->init;
$node->append_conf(
	'postgresql.conf', q{
log_statement = none
log_min_messages = log
log_min_error_statement = panic
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION bloomfilter');
my $started =
  $node->safe_psql('postgres', 'SELECT pg_postmaster_start_time()');

my ($out, $err) = ('', '');
IPC::Run::run(
	[ $client, '-n', $inputs, '-s', $seed, '-j', 2, $node->connstr('postgres') ],
	'>', \$out, '2>', \$err);
my $status = $? >> 8;

my %count = $out =~ /^([a-z ]+): (\d+)$/mg;
my ($seconds) = $out =~ /^seconds: ([\d.]+)$/m;
$count{$_} //= -1
  for ('tried', 'rejected', 'accepted', 'function statements',
	'function errors', 'failures', 'crashes');

# The counts, then what failed (the client's "#   " lines indented)
diag(
	sprintf(
		'sqlfuzz seed %d: %d inputs in %s s: %d rejected, %d accepted; '
		  . '%d function statements, %d errors of class 22 or 54; '
		  . '%d failures, %d crashes',
		$seed, $count{tried}, $seconds // '?', $count{rejected},
		$count{accepted}, $count{'function statements'},
		$count{'function errors'}, $count{failures}, $count{crashes}));
my @lines = split /\n/, $out;
diag($_) for grep { /^(rejected|function errors) by SQLSTATE:/ } @lines;
diag(s/^#   /  /r) for grep { /^(FAILURE|CRASH|#   )/ } @lines;
diag($err) if $err ne '';

is($status, 0, 'sqlfuzz exited 0');
is($count{tried},    $inputs, "all $inputs inputs tried");
is($count{failures}, 0,       'no failure');
is($count{crashes},  0,       'no crash');
cmp_ok($count{rejected}, '>', 0, 'some inputs rejected');
cmp_ok($count{accepted}, '>', 0, 'some inputs accepted');

# A crash restarts the server (or, with restart_after_crash off, stops it)
my $after = '';
$node->psql('postgres', 'SELECT pg_postmaster_start_time()',
	stdout => \$after);
is($after, $started, 'the server did not restart');
my $log = slurp_file($node->logfile);
unlike($log, qr/terminated by signal|was terminated by/,
	'no server process was terminated by a signal');

$node->stop;
done_testing();

#!/usr/bin/perl
# test/t/sanitizer.t: the SQL tests on a server that loads the extension
# built with AddressSanitizer and UndefinedBehaviorSanitizer.
#
# "make -C test server-asan" builds that library into a private PostgreSQL
# installation tree, test/build/server-asan/root.  This starts a cluster from
# the tree with clang's sanitizer runtime preloaded into the server (with the
# stub test/lib/swift_demangle.c, which says why), checks that a backend
# really runs the instrumented library, runs pg_regress and every pgTAP file
# against it, stops it, and then requires that no sanitizer report was
# written and that no server process died.  Leak detection is off: a backend
# frees its memory by memory context, not with free().
#
# The sanitizers watch malloc's blocks, stacks and globals: an overrun that
# stays inside a block of a memory context (most pallocs) goes unseen.
#
# The library is built with the extension's own assertions on
# (USE_ASSERT_CHECKING), so its Asserts are checked on every SQL test.
# Debian's PostgreSQL packages themselves are built without assertions
# (--enable-cassert) and its archive has no build with them; the test says
# which server it ran on.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest copy => ['test/build/server-asan'];
use SqlSuite;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use File::Basename qw(dirname);
use IPC::Run;

my $top = BloomTest::source_dir();
my $build = "$top/test/build/server-asan";
chomp(my $bindir = `pg_config --bindir`);
chomp(my $pkglibdir = `pg_config --pkglibdir`);
my $library = "$build/root$pkglibdir/bloomfilter.so";
my $stub = "$build/swift_demangle.so";
for my $file ($library, $stub)
{
	die "$file not found: run make -C test server-asan\n" unless -f $file;
}
chomp(my $runtime = `clang -print-file-name=libclang_rt.asan-x86_64.so`);
die "clang's ASan runtime not found\n" unless -f $runtime;

# The library calls the sanitizers' runtime: it is instrumented
my $symbols = '';
IPC::Run::run([ 'nm', '-D', '--undefined-only', $library ], '>', \$symbols);
like($symbols, qr/\b__asan_report_load\d/, 'bloomfilter.so is built with AddressSanitizer');
like($symbols, qr/\b__ubsan_handle_/, 'bloomfilter.so is built with UndefinedBehaviorSanitizer');
like($symbols, qr/\bExceptionalCondition\b/,
	'bloomfilter.so is built with assertions (USE_ASSERT_CHECKING): a failed Assert stops the server');

my $reports = "$PostgreSQL::Test::Utils::tmp_check/sanitizer";
mkdir $reports or die "mkdir $reports: $!\n";

my $node = PostgreSQL::Test::Cluster->new('asan',
	install_path => dirname("$build/root$bindir"));
$node->init;
$node->append_conf('postgresql.conf', "jit = off\nlog_statement = none\n");
{
	local $ENV{LD_PRELOAD} = "$runtime $stub";
	local $ENV{ASAN_OPTIONS} = "detect_leaks=0:abort_on_error=1:log_path=$reports/report";
	local $ENV{UBSAN_OPTIONS} = "print_stacktrace=1:halt_on_error=1:log_path=$reports/report";
	$node->start;
}

# Queries that fail return '' (SqlSuite::query): nothing after the start
# may die, so that the end still looks for reports
sub query
{
	return SqlSuite::query($node, @_);
}

is(query('postgres', "SELECT setting FROM pg_config WHERE name = 'PKGLIBDIR'"),
	"$build/root$pkglibdir", 'the server takes its libraries from the private tree');

# A backend that has loaded the library maps both it and the runtime
my $maps = query('postgres', q{
	BEGIN;
	CREATE EXTENSION bloomfilter;
	SELECT pg_read_file('/proc/self/maps');
	ROLLBACK;
});
like($maps, qr/\Q$library\E$/m, 'a backend loads the tree\'s bloomfilter.so');
like($maps, qr/\Q$runtime\E$/m, 'a backend runs with the sanitizer runtime');

my $assertions = query('postgres', 'SHOW debug_assertions');
diag($assertions eq 'on'
	? 'the server is built with assertions (debug_assertions = on)'
	: "the server is built without assertions (debug_assertions = $assertions): "
	  . "Debian's archive has no PostgreSQL built with --enable-cassert");

# Code built with the sanitizers runs a few times slower: pg_regress took
# 2 to 3 minutes of PostgreSQL's default test timeout (3) on a busy machine
SqlSuite::run($node, '', 4);

$node->stop('fast', fail_ok => 1);

my @found = glob("$reports/*");
is(scalar @found, 0, 'no sanitizer report')
  or diag(map { "$_:\n" . slurp_file($_) } @found);
my @failures = grep {
	/runtime error|Sanitizer|terminated by signal|server process .* exited with exit code/
} split /\n/, slurp_file($node->logfile);
is(scalar @failures, 0, 'no server process failed')
  or diag(join("\n", @failures));

done_testing();

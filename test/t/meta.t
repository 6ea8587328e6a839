#!/usr/bin/perl
# test/t/meta.t: META.json, the release's PGXN metadata, is valid and agrees
# with the source tree.
#
# Debian ships no PGXN validator that works without the network, so this
# test checks the PGXN Meta Spec 1.0.0 itself (http://pgxn.org/meta/spec.txt):
# the required keys and the types of every key it defines (terms, semantic
# versions, version ranges, licenses, prerequisites, resources, tags), and
# that no other key is present unless it is a custom x_ key.  Then that
# META.json agrees with the tree: the distribution provides the extension
# of bloomfilter.control at its default_version (1.1 is 1.1.0), from the
# source of its install script (src/sql/bloomfilter.sql); every file it
# names exists; the license is LICENSE's.
# Last, broken copies of the metadata must each be rejected, so that the
# checks are seen to fail.
use strict;
use warnings;
use FindBin;
use B ();
use Cwd ();
use JSON::PP ();
use Test::More;

my $source = Cwd::abs_path("$FindBin::RealBin/../..");

# The whole of file $path
sub slurp
{
	my ($path) = @_;
	open my $fh, '<:raw', $path or die "$path: $!\n";
	local $/;
	return scalar <$fh>;
}

# Whether $value is a JSON string (not a number, boolean, array or object)
sub is_string
{
	my ($value) = @_;
	return 0 if !defined $value || ref $value;
	my $flags = B::svref_2object(\$value)->FLAGS;
	return ($flags & B::SVp_POK) && !($flags & (B::SVp_IOK | B::SVp_NOK));
}

# The spec's types, each a test of one value
my $semver = qr/(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)
	(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?
	(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?/x;
my $range_part = qr/(?:(?:[=!]=|[<>]=?)\s*)?$semver/;
my %licenses = map { $_ => 1 } qw(agpl_3 apache_1_1 apache_2_0 artistic_1
  artistic_2 bsd freebsd gfdl_1_2 gfdl_1_3 gpl_1 gpl_2 gpl_3 lgpl_2_1
  lgpl_3_0 mit mozilla_1_0 mozilla_1_1 openssl perl_5 postgresql qpl_1_0
  ssleay sun zlib open_source restricted unrestricted unknown);
my %is = (
	string  => sub { is_string($_[0]) && length $_[0] >= 1 },
	term    => sub { is_string($_[0]) && $_[0] =~ m{^[^/\\\s[:cntrl:]]{2,}$} },
	tag     => sub { is_string($_[0]) && $_[0] =~ m{^[^/\\[:cntrl:]]{2,255}$} },
	version => sub { is_string($_[0]) && $_[0] =~ /^$semver$/ },
	range   => sub {
		my ($v) = @_;
		return 1 if defined $v && !ref $v && !is_string($v) && $v eq '0';
		return is_string($v) && $v =~ /^(?:0|$range_part(?:,\s*$range_part)*)$/;
	},
	uri     => sub { is_string($_[0]) && $_[0] =~ m{^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$} },
	email   => sub { is_string($_[0]) && $_[0] =~ /^[^@\s]+@[^@\s]+$/ },
	path    => sub { is_string($_[0]) && $_[0] !~ m{^/|\\} },
	license => sub { is_string($_[0]) && $licenses{ $_[0] } },
	release_status => sub { is_string($_[0]) && $_[0] =~ /^(?:stable|testing|unstable)$/ },
	spec_version => sub { is_string($_[0]) && $_[0] =~ /^1\.0\.\d+$/ },
	spec_url => sub { is_string($_[0]) && $_[0] =~ m{^https?://pgxn\.org/meta/spec\.txt$} },
);

# Check that $value at $where is an object whose keys are those of %$known
# (each checked by its sub) or custom x_ keys, holding every one of
# @$required; push the problems found onto @$errors
sub check_object
{
	my ($errors, $where, $value, $known, $required) = @_;

	if (ref $value ne 'HASH')
	{
		push @$errors, "$where: not an object";
		return;
	}
	for my $key (@{ $required // [] })
	{
		push @$errors, "$where: no $key" unless exists $value->{$key};
	}
	for my $key (sort keys %$value)
	{
		if ($known->{$key})
		{
			$known->{$key}->($errors, "$where.$key", $value->{$key});
		}
		elsif ($key !~ /^[xX]_./)
		{
			push @$errors, "$where: unknown key $key";
		}
	}
	return;
}

# A checker for check_object of a value of type $type (a key of %is)
sub of_type
{
	my ($type) = @_;
	return sub {
		my ($errors, $where, $value) = @_;
		push @$errors, "$where: not a valid $type" unless $is{$type}->($value);
	};
}

# A checker of a value that is one $type, or a non-empty array of them
sub one_or_list
{
	my ($type) = @_;
	return sub {
		my ($errors, $where, $value) = @_;
		my @items = ref $value eq 'ARRAY' ? @$value : ($value);
		push @$errors, "$where: empty list" unless @items;
		push @$errors, "$where: not a valid $type or list of them"
		  if grep { !$is{$type}->($_) } @items;
	};
}

# A checker of a non-empty array of $type
sub list_of
{
	my ($type) = @_;
	return sub {
		my ($errors, $where, $value) = @_;
		return push @$errors, "$where: not a list" if ref $value ne 'ARRAY';
		one_or_list($type)->(@_);
	};
}

# A checker of an object with at least one key, each a $key_type, whose
# values $check checks
sub map_of
{
	my ($key_type, $check) = @_;
	return sub {
		my ($errors, $where, $value) = @_;
		if (ref $value ne 'HASH' || !%$value)
		{
			push @$errors, "$where: not a non-empty object";
			return;
		}
		for my $key (sort keys %$value)
		{
			push @$errors, "$where: key $key is not a valid $key_type"
			  unless $is{$key_type}->($key);
			$check->($errors, "$where.$key", $value->{$key});
		}
	};
}

# A checker of an object of the keys of %$known, x_ keys, and @$required
sub object_of
{
	my ($known, $required) = @_;
	return sub { check_object(@_, $known, $required) };
}

my $prereq_phase = object_of({
	map { $_ => map_of('term', of_type('range')) }
	  qw(requires recommends suggests conflicts) });

# The problems of $meta against the PGXN Meta Spec 1.0.0
sub spec_errors
{
	my ($meta) = @_;
	my @errors;

	check_object(\@errors, 'META', $meta, {
		name => of_type('term'),
		abstract => of_type('string'),
		description => of_type('string'),
		generated_by => of_type('string'),
		version => of_type('version'),
		maintainer => one_or_list('string'),
		license => sub {
			my ($errors, $where, $value) = @_;
			return map_of('string', of_type('uri'))->(@_) if ref $value eq 'HASH';
			return one_or_list('license')->(@_);
		},
		provides => map_of('term', object_of({
			file => of_type('path'), version => of_type('version'),
			abstract => of_type('string'), docfile => of_type('path') },
			[ 'file', 'version' ])),
		'meta-spec' => object_of({
			version => of_type('spec_version'), url => of_type('spec_url') },
			['version']),
		tags => list_of('tag'),
		no_index => object_of({
			file => list_of('path'), directory => list_of('path') }),
		prereqs => object_of({
			map { $_ => $prereq_phase } qw(configure build test runtime develop) }),
		release_status => of_type('release_status'),
		resources => object_of({
			homepage => of_type('uri'),
			bugtracker => object_of({ web => of_type('uri'), mailto => of_type('email') }),
			repository => object_of({
				url => of_type('uri'), web => of_type('uri'), type => of_type('string') }) }),
	}, [ 'name', 'version', 'abstract', 'maintainer', 'license', 'provides', 'meta-spec' ]);
	return @errors;
}

# META.json, valid
my $meta = eval { JSON::PP->new->decode(slurp("$source/META.json")) };
ok($meta, 'META.json is JSON') or diag($@);
$meta //= {};
my @errors = spec_errors($meta);
is(scalar @errors, 0, 'META.json follows the PGXN Meta Spec 1.0.0')
  or diag(join("\n", @errors));

# It agrees with the tree
my $control = slurp("$source/bloomfilter.control");
my ($default_version) = $control =~ /^default_version\s*=\s*'([^']+)'/m;
(my $semver_of_default = $default_version) =~ s/^(\d+)\.(\d+)$/$1.$2.0/;
is($meta->{name}, 'bloomfilter', 'the distribution is bloomfilter');
is($meta->{version}, $semver_of_default,
	"its version is the control file's default_version, $default_version");
my $extension = $meta->{provides}{bloomfilter} // {};
is($extension->{version}, $semver_of_default, 'it provides bloomfilter at that version');
is($extension->{file}, 'src/sql/bloomfilter.sql',
	"from the source of the install script (tools/gen-sql makes bloomfilter--$default_version.sql of it)");
my @files = grep { defined } map { @{$_}{qw(file docfile)} }
  values %{ ref $meta->{provides} eq 'HASH' ? $meta->{provides} : {} };
my @missing = grep { !-f "$source/$_" } @files;
ok(@files && !@missing, 'every file that provides names exists: ' . join(', ', sort @files))
  or diag('missing: ', join(', ', @missing));
my ($license_title) = slurp("$source/LICENSE") =~ /^(.*)$/m;
is($license_title, 'PostgreSQL License', 'LICENSE is the PostgreSQL License');
is($meta->{license}, 'postgresql', 'and META.json says so');

# Broken copies are rejected
my @broken = (
	[ 'no name' => sub { delete $_[0]{name} } ],
	[ 'a version that is no semantic version' => sub { $_[0]{version} = '1.1' } ],
	[ 'an unknown license' => sub { $_[0]{license} = 'postgres' } ],
	[ 'an unknown key' => sub { $_[0]{homepage} = 'https://example.com/' } ],
	[ 'an extension without its file' => sub { delete $_[0]{provides}{bloomfilter}{file} } ],
	[ 'a number for a string' => sub { $_[0]{abstract} = 42 } ],
	[ 'a bad version range' => sub { $_[0]{prereqs}{runtime}{requires}{PostgreSQL} = '15' } ],
	[ 'an unknown prerequisite phase' => sub { $_[0]{prereqs}{install} = { requires => { x => 0 } } } ],
	[ 'a tag with a slash' => sub { $_[0]{tags} = ['a/b'] } ],
	[ 'a tag that is not in a list' => sub { $_[0]{tags} = 'bloom' } ],
	[ 'a meta-spec of another major' => sub { $_[0]{'meta-spec'}{version} = '2.0.0' } ],
	[ 'a repository without a URI' => sub {
		$_[0]{resources} = { repository => { url => 'not a uri' } } } ],
);
for my $case (@broken)
{
	my ($what, $break) = @$case;
	my $copy = JSON::PP->new->decode(JSON::PP->new->encode($meta));
	$break->($copy);
	my @found = spec_errors($copy);
	ok(scalar @found, "a copy with $what is rejected");
}

done_testing();

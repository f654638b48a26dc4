# perl-dump.pl FILE...: the entities of every document as the official
# scorer v8.01 reads them, for the golden files of this directory.
#
#   perl perl-dump.pl annotations.conll > annotations.perl
#
# needs lib/ of github.com/conll/reference-coreference-scorers (commit
# f49f3f8) in PERL5LIB. Per document, sorted by name: "raw:" lines are the
# entities GetCoreference returns, in its order, each mention [start,end];
# "kept:" lines are the same after the removal of repeated mentions that
# IdentifMentions applies to a response (every repeat, kept once in its
# first entity; empty entities dropped). A file on which the scorer stops
# gives "DIE".
use strict;
no warnings;
my $junk;
{ local *STDOUT; open(STDOUT, '>', \$junk); require CorScorer; }
foreach my $file (@ARGV) {
  my $res = eval {
    local *STDOUT; open(STDOUT, '>', \$junk);
    my $names = CorScorer::GetFileNames($file);
    my %r;
    foreach my $n (keys %$names) {
      $r{$n} = CorScorer::GetCoreference($file, -1, $n, $names->{$n});
    }
    \%r;
  };
  if (!defined $res) { print "DIE\n"; next; }
  foreach my $name (sort keys %$res) {
    print "DOC\n";
    my %seen;
    my @kept;
    foreach my $ent (@{$res->{$name}}) {
      next unless defined $ent;
      print "raw:", join("", map { " [$_->[0],$_->[1]]" } @$ent), "\n";
      my @k = grep { !$seen{"$_->[0],$_->[1]"}++ } @$ent;
      push @kept, "kept:" . join("", map { " [$_->[0],$_->[1]]" } @k) . "\n" if @k;
    }
    print @kept;
  }
}

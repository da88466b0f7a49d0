// Strings kept for the life of a long read (the ids of a job's upload, held to refuse repeats).

/**
 * A copy of `s` that holds nothing else alive. A string cut from a larger one (a CSV field from the
 * 64 KB piece of text it was read in) can keep that whole piece in memory; held per series of a
 * job, ids of 25 characters kept 166 MB of text alive for 200,000 series, against 14 MB as copies.
 */
export function ownString(s: string): string {
  return Buffer.from(s, 'utf8').toString('utf8');
}

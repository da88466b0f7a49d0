// How a batch is cut into worker tasks: consecutive series, enough values per task that the hop
// to a worker costs little beside the fitting, few enough that every worker gets its share.

/** A task of consecutive series [start, end). */
export interface Group {
  start: number;
  end: number;
}

/** Values after which a group is closed. */
export const GROUP_VALUES = 2000;
/** Series after which a group is closed, however short they are. */
export const GROUP_SERIES = 32;

/** Cuts series of the given lengths, in order, into groups of about `values` values and at most `series` series. */
export function groupSeries(lengths: readonly number[], values = GROUP_VALUES, series = GROUP_SERIES): Group[] {
  const groups: Group[] = [];
  let start = 0;
  let sum = 0;
  for (let i = 0; i < lengths.length; i++) {
    sum += lengths[i];
    if (sum >= values || i + 1 - start >= series) {
      groups.push({ start, end: i + 1 });
      start = i + 1;
      sum = 0;
    }
  }
  if (start < lengths.length) groups.push({ start, end: lengths.length });
  return groups;
}

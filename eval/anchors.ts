// Reads R's reference scores from ANCHORS.md: one markdown table per group, one row per method.

export interface AnchorRow {
  n: number;
  smape: number;
  mase: number;
  owa: number;
  medianMs: number;
  meanMs: number;
  fails: number;
}

/** group name ("M1/Monthly", "M1/ALL", "ALL") → method name ("ets", "ens_median", …) → scores. */
export type Anchors = Map<string, Map<string, AnchorRow>>;

/** Parses the `## group` headings and their `| method | n | sMAPE | … |` tables; other text is ignored. */
export function parseAnchors(markdown: string): Anchors {
  const out: Anchors = new Map();
  let group: Map<string, AnchorRow> | undefined;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^##\s+(\S+)\s*$/.exec(line);
    if (heading) {
      group = new Map();
      out.set(heading[1], group);
      continue;
    }
    if (!group || !line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 8) continue;
    const nums = cells.slice(1).map(Number);
    // the header and the |---| rule have non-numeric cells and drop out here
    if (nums.some((v) => !Number.isFinite(v))) continue;
    const [n, smape, mase, owa, medianMs, meanMs, fails] = nums;
    group.set(cells[0], { n, smape, mase, owa, medianMs, meanMs, fails });
  }
  return out;
}

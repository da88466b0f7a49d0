// The measured numbers in the docs are the published measurements, not copies: every generated
// block of the README, CONTRIBUTING.md and docs/ equals what scripts/doc-tables renders from
// docs/results/*.json, each block appears once, every published result is shown and can be measured
// again by `npm run docs:measure`, and every measurement that command knows has been published.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalSummary } from '../../eval/publish.js';
import { allBlocks, documents, renderBlock, resultsOf } from '../../scripts/doc-tables/blocks.js';
import { findBlocks, replaceBlocks } from '../../scripts/doc-tables/markers.js';
import { MEASUREMENTS } from '../../scripts/doc-tables/measure.js';
import { readResult, resultNames, ROOT } from '../../scripts/doc-tables/results.js';

describe('markers', () => {
  it('finds blocks and rewrites only what is between their markers', () => {
    const text = 'a <!-- generated:x -->old<!-- /generated:x --> b\n<!-- generated:y -->\n\n| t |\n\n<!-- /generated:y -->\n';
    expect(findBlocks(text, 't').map((b) => [b.name, b.content, b.line])).toEqual([['x', 'old', 1], ['y', '\n\n| t |\n\n', 2]]);
    expect(replaceBlocks(text, 't', (n) => n.toUpperCase())).toBe('a <!-- generated:x -->X<!-- /generated:x --> b\n<!-- generated:y -->Y<!-- /generated:y -->\n');
    expect(() => findBlocks('<!-- generated:z -->', 'doc.md')).toThrow(/doc.md: <!-- generated:z --> has no <!-- \/generated:z -->/);
  });
});

describe('the generated tables', () => {
  const blocks = allBlocks();

  it('are in the docs (the README headline and the accuracy table at least)', () => {
    expect(blocks.map((b) => b.name)).toEqual(expect.arrayContaining(['readme-accuracy', 'accuracy-dev', 'bench-core']));
  });

  it('equal what their published results render', () => {
    const stale = blocks.filter((b) => b.content !== renderBlock(b.name))
      .map((b) => `${b.file}:${b.line}: ${b.name} differs from ${resultsOf(b.name).map((r) => `docs/results/${r}.json`).join(', ')}: run \`npm run docs:tables\` (never edit between the markers)`);
    expect(stale).toEqual([]);
  });

  it('each appear once', () => {
    const names = blocks.map((b) => b.name);
    const twice = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))]
      .map((n) => `${n} appears in ${blocks.filter((b) => b.name === n).map((b) => `${b.file}:${b.line}`).join(' and ')}: state it once and link to it`);
    expect(twice).toEqual([]);
  });

  it('show every published result, and every result can be measured again', () => {
    const shown = new Set(blocks.flatMap((b) => resultsOf(b.name)));
    const published = resultNames();
    const problems = [
      ...published.filter((r) => !shown.has(r)).map((r) => `docs/results/${r}.json is shown nowhere: add <!-- generated:${r} --><!-- /generated:${r} --> where it belongs (or a block in scripts/doc-tables/blocks.ts)`),
      ...published.filter((r) => !(r in MEASUREMENTS)).map((r) => `docs/results/${r}.json has no command in scripts/doc-tables/measure.ts, so docs:measure cannot refresh it`),
      ...Object.keys(MEASUREMENTS).filter((r) => !published.includes(r)).map((r) => `docs/results/${r}.json is missing: run \`npm run docs:measure -- ${r}\` and commit it`),
    ];
    expect(problems).toEqual([]);
  });

  it('are the only place the headline numbers appear (no copy outside the markers)', () => {
    const all = (name: string) => readResult<EvalSummary>(name).data.groups.find((g) => g.group === 'ALL')!;
    const told = all('eval-dev-told');
    const headline = [told.owa.toFixed(3), all('eval-dev-blind').owa.toFixed(3), all('eval-dev-calendar').owa.toFixed(3),
      `${told.medianMs.toFixed(1)} ms`, `${(100 * told.cover95).toFixed(1)}%`];
    const copies: string[] = [];
    for (const path of documents()) {
      const outside = readFileSync(path, 'utf8').replace(/<!-- generated:([a-z0-9-]+) -->[\s\S]*?<!-- \/generated:\1 -->/g, '');
      outside.split('\n').forEach((line, i) => {
        for (const n of headline) if (line.includes(n)) copies.push(`${relative(ROOT, path)}:${i + 1} copies ${n}: link to the generated table instead`);
      });
    }
    expect(copies).toEqual([]);
  });
});

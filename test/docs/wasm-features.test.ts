// assembly/README.md says which WebAssembly features beyond the 1.0 MVP the shipped module uses, so a
// host knows what its runtime must support: the list must be what build/tempo.wasm really contains
// (read from the text form the same build writes, build/tempo.wat).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

// the instructions each feature brings, as they appear in the text format
const FEATURES: Array<[string, RegExp]> = [
  ['simd', /\bv128\b|\b[if](8|16|32|64)x\d+\./],
  ['bulk-memory', /\bmemory\.(copy|fill|init)\b|\bdata\.drop\b/],
  ['nontrapping-f2i', /\btrunc_sat_/],
  ['sign-extension', /\bi(32|64)\.extend(8|16|32)_s\b/],
  ['reference-types', /\bref\.(null|func|is_null)\b|\btable\.(get|set|grow|size|fill)\b/],
  ['threads', /\batomic\./],
  // a mutable global imported or exported
  ['mutable-globals', /\((import|export) "[^"]*" \(global \$\S+ \(mut\b/],
];

/** The features the text form of a module uses. */
function used(wat: string): string[] {
  return FEATURES.filter(([, re]) => re.test(wat)).map(([name]) => name);
}

/** The features the ABI document names: the backticked names on its "Features beyond the 1.0 MVP" line. */
function named(readme: string): string[] {
  const line = readme.split('\n').find((l) => l.startsWith('Features beyond the 1.0 MVP')) ?? '';
  return [...line.split(':')[1]?.split('(')[0].matchAll(/`([a-z0-9-]+)`/g) ?? []].map((m) => m[1]);
}

describe('the WebAssembly features of the core', () => {
  it('reads them from the text form', () => {
    expect(used('(f64x2.add (local.get 0)) (i32.trunc_sat_f64_s (local.get 1))')).toEqual(['simd', 'nontrapping-f2i']);
    expect(used('(i32.add (local.get 0) (i32.const 1))')).toEqual([]);
  });

  it('leave SIMD to the inspection build, whose likelihood kernel uses it (so the check can tell)', () => {
    expect(used(readFileSync(join(ROOT, 'build', 'tempo.wat'), 'utf8'))).not.toContain('simd');
    expect(used(readFileSync(join(ROOT, 'build', 'tempo-inspect.wat'), 'utf8'))).toContain('simd');
  });

  it('are the ones assembly/README.md names', () => {
    const wat = readFileSync(join(ROOT, 'build', 'tempo.wat'), 'utf8');
    const readme = readFileSync(join(ROOT, 'assembly', 'README.md'), 'utf8');
    expect(named(readme).sort(), 'update the "Features beyond the 1.0 MVP" line of assembly/README.md').toEqual(used(wat).sort());
  });
});

// Number and table formatting shared by every generated table, so the same measure reads the same
// way on every page.
import type { Measured } from './results.js';

/** A markdown table; `align` has one 'l' or 'r' per column. */
export function mdTable(head: readonly string[], align: string, rows: ReadonlyArray<readonly string[]>): string {
  const rule = [...align].map((a) => (a === 'r' ? '---:' : '---'));
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(rule), ...rows.map(line)].join('\n');
}

/** `v` with `digits` decimals, '–' when it is missing or not finite. */
export function fixed(v: number | null | undefined, digits: number): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits);
}

/** A share (0..1) as a percentage with one decimal. */
export function pct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '–' : `${(100 * v).toFixed(1)}%`;
}

/** A whole number with thousands separators. */
export function count(v: number): string {
  return v.toLocaleString('en-US');
}

/** Bold, for a summary row. */
export function bold(cells: readonly string[]): string[] {
  return cells.map((c) => (c === '' ? c : `**${c}**`));
}

/** The line under a generated table: the commands that measure it again, when, and how busy the machine was. */
export function provenance(measured: readonly Measured[]): string {
  const commands = [...new Set(measured.map((m) => `\`${m.command}\``))];
  const days = [...new Set(measured.map((m) => m.created.slice(0, 10)))].sort();
  const loads = measured.flatMap((m) => m.load);
  const machines = [...new Set(measured.map((m) => `${m.cores} cores of ${m.cpu.trim()}, Node ${m.node}`))];
  const shown = commands.length > 4 ? `${commands.slice(0, 3).join(', ')} and ${commands.length - 3} more` : commands.join(', ');
  return `Measured by ${shown} on ${days.length === 1 ? days[0] : `${days[0]} to ${days[days.length - 1]}`} `
    + `(${machines.join('; ')}; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}).`;
}

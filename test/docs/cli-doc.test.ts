// The CLI's help and docs/cli.md cannot drift apart: every command `tempo --help` lists has a section
// in docs/cli.md and a help of its own, its group's help (`tempo models --help`) lists it with every
// flag its own help names, the parser accepts each of those flags, and the docs describe each of them
// and no flag the command does not take.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/in-process.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = join(ROOT, 'docs');
const CLI_DOC = readFileSync(join(DOCS, 'cli.md'), 'utf8');
// flags every command takes (docs/cli.md's first table), so no command's section need repeat them
const COMMON = new Set(['--data-dir', '--create', '--json', '--help']);

interface Command {
  /** the command words, e.g. "keys create" or "forecast" */
  words: string;
  /** argv that reaches the command, placeholders filled */
  argv: string[];
  line: string;
}

/** `--flags` named in `text`, but not the common ones nor npm's own (`npm run tempo --silent -- …`). */
function flags(text: string): Set<string> {
  const tempoOnly = text.replace(/npm run [a-z:]+(?: --[a-z-]+)* --(?=\s)/g, '');
  return new Set([...tempoOnly.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*(?![a-z0-9-])/g)].map((m) => m[0]).filter((f) => !COMMON.has(f)));
}

/** "keys disable KEY_ID" → words "keys disable", argv [keys, disable, x]. */
function command(line: string): Command {
  const tokens = line.trim().split(/\s+/);
  const argv = tokens.map((t) => (/^[A-Z][A-Z_]*$/.test(t) ? 'x' : t));
  const cut = tokens.findIndex((t) => t.startsWith('-') || t.startsWith('[') || /^[A-Z]/.test(t));
  return { words: tokens.slice(0, cut < 0 ? tokens.length : cut).join(' '), argv, line };
}

/** The commands of `tempo --help` (the lines under "Commands:"). */
function listed(mainHelp: string): Command[] {
  const block = mainHelp.split('Commands:\n')[1]?.split('\n\n')[0] ?? '';
  return block.split('\n').map((l) => /^ {2}(\S.*?)(?: {2,}|$)/.exec(l)?.[1]).filter((l): l is string => l !== undefined).map(command);
}

/** docs/cli.md's sections by command words: a heading `tempo A / tempo B` serves both. */
function sections(): Map<string, string> {
  const out = new Map<string, string>();
  const parts = CLI_DOC.split(/^## /m).slice(1);
  for (const part of parts) {
    const heading = part.split('\n')[0];
    const names = [...heading.matchAll(/tempo ([^`/]+?)(?=\s*(?:\/|`|$))/g)].map((m) => command(m[1]).words);
    for (const words of names) out.set(words, part);
  }
  return out;
}

/** A section and the documents it links to in docs/ (where a command's details live, e.g. many-series.md). */
function withLinked(section: string): string {
  const linked = [...section.matchAll(/\]\(([a-z-]+\.md)(?:#[^)]*)?\)/g)].map((m) => readFileSync(join(DOCS, m[1]), 'utf8'));
  return [section, ...linked].join('\n');
}

async function help(argv: string[]): Promise<string> {
  const run = await cli([...argv, '--help']);
  expect(run.code, `tempo ${argv.join(' ')} --help: ${run.stderr}`).toBe(0);
  return run.stdout;
}

describe('the CLI help and docs/cli.md', () => {
  it('reads the structure it checks (the parsers still match the texts)', async () => {
    const commands = listed(await help([]));
    expect(commands.map((c) => c.words)).toEqual(expect.arrayContaining(['serve', 'keys create', 'keys disable', 'models tune', 'forecast']));
    expect([...sections().keys()]).toEqual(expect.arrayContaining(['serve', 'keys disable', 'keys enable', 'models tune', 'forecast']));
    expect(flags('tempo models tune --org ORG [--freq F] --json')).toEqual(new Set(['--org', '--freq']));
  });

  it('has a section in docs/cli.md for every command `tempo --help` lists, and no other', async () => {
    const commands = new Set(listed(await help([])).map((c) => c.words));
    const documented = new Set(sections().keys());
    const undocumented = [...commands].filter((w) => !documented.has(w)).map((w) => `docs/cli.md has no section for \`tempo ${w}\`: add "## \`tempo ${w} …\`" with its flags`);
    const unlisted = [...documented].filter((w) => !commands.has(w)).map((w) => `\`tempo ${w}\` has a section in docs/cli.md but \`tempo --help\` does not list it (src/cli/usage.ts)`);
    expect([...undocumented, ...unlisted]).toEqual([]);
  });

  it('lists every subcommand of a group, with all its flags, in both the group\'s help and `tempo --help`', async () => {
    const commands = listed(await help([]));
    const problems: string[] = [];
    for (const group of [...new Set(commands.filter((c) => c.words.includes(' ')).map((c) => c.words.split(' ')[0]))]) {
      const groupHelp = await help([group]);
      // a subcommand's line may wrap onto deeper-indented lines
      const subLines: string[] = [];
      for (const raw of groupHelp.split('\n')) {
        if (raw.trim().startsWith(`${group} `)) subLines.push(raw.trim());
        else if (/^ {4,}\S/.test(raw) && subLines.length > 0) subLines[subLines.length - 1] += ` ${raw.trim()}`;
      }
      for (const line of subLines) {
        const sub = command(line);
        if (!commands.some((c) => c.words === sub.words)) problems.push(`\`tempo --help\` does not list \`tempo ${sub.words}\` (src/cli/usage.ts MAIN_HELP)`);
        const own = flags(await help(sub.words.split(' ')));
        for (const f of own) if (!flags(line).has(f)) problems.push(`\`tempo ${group} --help\` shows \`${sub.words}\` without ${f}, which its own help names`);
      }
      for (const c of commands.filter((x) => x.words.startsWith(`${group} `))) {
        if (!subLines.some((l) => command(l).words === c.words)) problems.push(`\`tempo ${group} --help\` does not list \`tempo ${c.words}\``);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names only flags the parser accepts, and docs/cli.md describes each of them and no other', async () => {
    const commands = listed(await help([]));
    const docs = sections();
    const problems: string[] = [];
    const byWords = new Map<string, Set<string>>();
    for (const c of commands) {
      const own = flags(await help(c.argv));
      byWords.set(c.words, new Set([...(byWords.get(c.words) ?? []), ...own]));
      for (const f of own) {
        // a string flag takes --f=x; a boolean one refuses a value but is known either way
        const tries = [await cli([...c.argv, `${f}=x`, '--help']), await cli([...c.argv, f, '--help'])];
        if (tries.every((r) => r.stderr.includes(`Unknown option '${f}'`))) problems.push(`\`tempo ${c.words} --help\` names ${f}, which the command refuses`);
      }
    }
    for (const [words, own] of byWords) {
      const section = docs.get(words);
      if (section === undefined) continue; // the test above names it
      const described = flags(withLinked(section));
      for (const f of own) if (!described.has(f)) problems.push(`docs/cli.md's \`tempo ${words}\` section (or the page it links) does not describe ${f}`);
      for (const f of flags(section)) if (!own.has(f)) problems.push(`docs/cli.md's \`tempo ${words}\` section names ${f}, which \`tempo ${words} --help\` does not`);
    }
    expect(problems).toEqual([]);
  });
});


// Where a generated table sits in a document: between `<!-- generated:NAME -->` and
// `<!-- /generated:NAME -->`, inline (a number in a sentence) or around a whole table. Only what is
// between the two markers is ever rewritten.

/** A generated block found in a document. */
export interface Block {
  name: string;
  /** the text between the markers, as the document holds it */
  content: string;
  /** 1-based line of the opening marker, for messages */
  line: number;
}

const OPEN = /<!-- generated:([a-z0-9-]+) -->/g;

/** The markers of block `name`. */
export function markers(name: string): { open: string; close: string } {
  return { open: `<!-- generated:${name} -->`, close: `<!-- /generated:${name} -->` };
}

/** Every block of `text`; throws on an opening marker without its closing one. */
export function findBlocks(text: string, where: string): Block[] {
  const blocks: Block[] = [];
  for (const m of text.matchAll(OPEN)) {
    const start = m.index + m[0].length;
    const end = text.indexOf(markers(m[1]).close, start);
    if (end < 0) throw new Error(`${where}: <!-- generated:${m[1]} --> has no ${markers(m[1]).close}`);
    blocks.push({ name: m[1], content: text.slice(start, end), line: text.slice(0, m.index).split('\n').length });
  }
  return blocks;
}

/** `text` with every block's content replaced by what `render` gives for its name. */
export function replaceBlocks(text: string, where: string, render: (name: string) => string): string {
  findBlocks(text, where); // unclosed markers fail here, before anything is written
  return text.replace(/<!-- generated:([a-z0-9-]+) -->[\s\S]*?<!-- \/generated:\1 -->/g, (_, name: string) => {
    const { open, close } = markers(name);
    return `${open}${render(name)}${close}`;
  });
}

/** A table's content: blank lines around it, so markdown reads it apart from the marker comments. */
export function asBlock(markdown: string): string {
  return `\n\n${markdown.trim()}\n\n`;
}

// Small DOM helpers: the page builds every node with these, so text always goes in as text (never
// parsed as HTML) and no element ever gets an inline style.

/** The element with this id; throws when the page lacks it (a broken page should fail loudly). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node as T;
}

/** A new HTML element with optional class, text and attributes, and children appended. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A new SVG element with attributes (presentation attributes, never `style`). */
export function svgEl(tag: string, attrs: Record<string, string | number> = {}, text?: string): SVGElement {
  const node = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Removes every child of `node`. */
export function clear(node: Element): void {
  node.replaceChildren();
}

/** A number for people: up to 3 decimals, thousands separated. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return v.toLocaleString('en', { maximumFractionDigits: 3 });
}

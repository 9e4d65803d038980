import { SaxesParser } from 'saxes';

/*
 * An SVG logo is read by a real XML parser before it may be drawn (SECURITY.md UP-02, issue 21 item 4): patterns
 * missed a newline at the start of an `href`, and a small file of nested `<use>` cost seconds to draw. What is
 * refused here is refused, never stripped (docs/decisions/0056, 0081).
 */

/** The most elements a logo may have, and the most it may draw once every reference is followed. */
export const SVG_MAX_ELEMENTS = 5_000;
export const SVG_MAX_RENDERED = 20_000;
/** How deep elements may nest, and how many references (`<use>` of a `<use>` …) may be followed in a row. */
export const SVG_MAX_NESTING = 64;
export const SVG_MAX_REFERENCE_DEPTH = 8;

/** Drawing elements a logo may use; anything else (script, foreignObject, style, animation, HTML) is refused. */
const ALLOWED = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'metadata',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textpath',
    'lineargradient',
    'radialgradient',
    'stop',
    'clippath',
    'mask',
    'pattern',
    'marker',
    'image',
    'switch',
    'filter',
    'feblend',
    'fecolormatrix',
    'fecomponenttransfer',
    'fecomposite',
    'feconvolvematrix',
    'fediffuselighting',
    'fedisplacementmap',
    'fedistantlight',
    'fedropshadow',
    'feflood',
    'fefunca',
    'fefuncb',
    'fefuncg',
    'fefuncr',
    'fegaussianblur',
    'feimage',
    'femerge',
    'femergenode',
    'femorphology',
    'feoffset',
    'fepointlight',
    'fespecularlighting',
    'fespotlight',
    'fetile',
    'feturbulence',
  ].map((name) => name.toLowerCase()),
);
/** Editors' own elements (Inkscape, Sodipodi, RDF metadata) are not drawn: allowed, their attributes still checked. */
const EDITOR_PREFIXES = new Set(['inkscape', 'sodipodi', 'rdf', 'cc', 'dc']);
/** A reference to the same document: '#' and an XML name, nothing before or after (no space, no newline). */
const SAME_DOCUMENT = /^#[A-Za-z_][\w.:-]*$/;
const URL_CALL = /url\(([^)]*)\)/gi;

type Node = { id?: string; ref?: string; children: Node[] };

function referencesElsewhere(value: string): boolean {
  if (/@import|javascript:|data:/i.test(value)) return true;
  for (const match of value.matchAll(URL_CALL)) {
    if (!SAME_DOCUMENT.test(match[1]!.replace(/^(["'])(.*)\1$/, '$2'))) return true;
  }
  return false;
}

function attributeRefused(name: string, value: string): boolean {
  const local = (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
  if (local.startsWith('on') || local === 'base' || local === 'src') return true;
  if (local === 'href') return !SAME_DOCUMENT.test(value);
  return referencesElsewhere(value);
}

/**
 * How many elements the picture draws with every reference followed, or Infinity when a reference loops, goes
 * deeper than SVG_MAX_REFERENCE_DEPTH or points nowhere. Memoized per element, so a file of nested `<use>` costs
 * its element count, not what it would draw.
 */
function renderedCount(root: Node, byId: Map<string, Node>): number {
  const memo = new Map<Node, { count: number; depth: number }>();
  const visiting = new Set<Node>();
  const walk = (node: Node): { count: number; depth: number } => {
    const known = memo.get(node);
    if (known) return known;
    if (visiting.has(node)) return { count: Number.POSITIVE_INFINITY, depth: Number.POSITIVE_INFINITY };
    visiting.add(node);
    let count = 1;
    let depth = 0;
    if (node.ref !== undefined) {
      const target = byId.get(node.ref.slice(1));
      const inner = target ? walk(target) : { count: Number.POSITIVE_INFINITY, depth: 0 };
      count += inner.count;
      depth = inner.depth + 1;
    }
    for (const child of node.children) {
      const inner = walk(child);
      count += inner.count;
      depth = Math.max(depth, inner.depth);
    }
    visiting.delete(node);
    const result = { count: Math.min(count, Number.MAX_SAFE_INTEGER), depth };
    memo.set(node, result);
    return result;
  };
  const { count, depth } = walk(root);
  return depth > SVG_MAX_REFERENCE_DEPTH ? Number.POSITIVE_INFINITY : count;
}

/**
 * Whether an SVG may be drawn: well-formed XML with no DOCTYPE (so no entity is ever declared or expanded: XXE,
 * billion laughs), no processing instruction but the declaration, only drawing elements, no event handler, no
 * reference that is not '#id' in this document, at most SVG_MAX_ELEMENTS elements nested at most
 * SVG_MAX_NESTING deep, and at most SVG_MAX_RENDERED drawn with references followed.
 */
export function isSafeSvg(text: string): boolean {
  const parser = new SaxesParser({ xmlns: false });
  const root: Node = { children: [] };
  const stack: Node[] = [root];
  const byId = new Map<string, Node>();
  let elements = 0;
  let refused = false;
  const refuse = () => {
    refused = true;
    throw new Error('refused');
  };
  parser.on('doctype', refuse);
  parser.on('processinginstruction', refuse);
  parser.on('cdata', refuse);
  parser.on('opentag', (tag) => {
    elements++;
    if (elements === 1 && !/^(svg:)?svg$/i.test(tag.name)) refuse();
    if (elements > SVG_MAX_ELEMENTS || stack.length > SVG_MAX_NESTING) refuse();
    const [prefix, local] = tag.name.includes(':') ? tag.name.toLowerCase().split(':', 2) : ['', tag.name.toLowerCase()];
    if (!(prefix === '' || prefix === 'svg' ? ALLOWED.has(local!) : EDITOR_PREFIXES.has(prefix!))) refuse();
    const node: Node = { children: [] };
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (attributeRefused(name, value)) refuse();
      if (name === 'id') node.id = value;
      if (/^(xlink:)?href$/i.test(name)) node.ref = value;
    }
    if (node.id !== undefined) byId.set(node.id, node);
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text).close();
  } catch {
    return false;
  }
  if (refused || elements === 0) return false;
  return renderedCount(root, byId) <= SVG_MAX_RENDERED;
}

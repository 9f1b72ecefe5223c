// UI text goes through the catalogues: JSX text, the attributes assistive tech and pointers read
// (aria-label, title, placeholder, alt, …), string children in braces and toasts' messages. A
// file listed in PENDING is one not yet moved onto the catalogues; the list may only shrink.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const TOASTS = /^(toast(\.\w+)?|announce|notify|showToast)$/;
const WORDS = /\p{L}{2,}/u;

/** Files whose text is still written in them (paths from the repository's root). */
const PENDING: readonly string[] = [];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return e.name.endsWith('.tsx') ? [path] : [];
  });
}

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** A string literal's text, or a template's source (its words are text even with holes). */
function literal(node: unknown, code: string): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TemplateLiteral') return code.slice(node.start as number, node.end as number);
  return null;
}

function calleeName(node: Node, code: string): string {
  const callee = node.callee as Node;
  return code.slice(callee.start as number, callee.end as number);
}

function bareStrings(path: string): string[] {
  const code = readFileSync(path, 'utf8');
  const ast = parse(code, { sourceType: 'module', plugins: ['jsx', 'typescript'] });
  const found: string[] = [];
  const at = (node: Node, text: string) => found.push(`${node.loc?.start.line}: ${text.trim().slice(0, 60)}`);
  const visit = (node: Node, parent: Node | null) => {
    if (node.type === 'JSXText' && WORDS.test(node.value as string)) at(node, node.value as string);
    if (node.type === 'JSXAttribute' && TEXT_ATTRIBUTES.has(String((node.name as Node).name))) {
      const value = node.value as Node | null;
      const text = value?.type === 'JSXExpressionContainer' ? literal(value.expression, code) : literal(value, code);
      if (text !== null && WORDS.test(text)) at(node, text);
    }
    if (node.type === 'JSXExpressionContainer' && parent && (parent.type === 'JSXElement' || parent.type === 'JSXFragment')) {
      const text = literal(node.expression, code);
      if (text !== null && WORDS.test(text)) at(node, text);
    }
    if (node.type === 'CallExpression' && TOASTS.test(calleeName(node, code))) {
      const text = literal((node.arguments as Node[])[0], code);
      if (text !== null && WORDS.test(text)) at(node, text);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child, node);
      else if (isNode(value)) visit(value, node);
    }
  };
  visit(ast.program as unknown as Node, null);
  return found;
}

const files = tsxFiles(SRC).map((p) => relative(ROOT, p));

describe('UI strings come from the catalogues', () => {
  for (const file of files.filter((f) => !PENDING.includes(f))) {
    it(file, () => {
      expect(bareStrings(join(ROOT, file))).toEqual([]);
    });
  }
  it('every file still pending exists and still has text of its own', () => {
    for (const file of PENDING) expect(bareStrings(join(ROOT, file)), file).not.toEqual([]);
  });
});

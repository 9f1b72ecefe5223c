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
const PENDING: readonly string[] = [
  'src/app/pwa.tsx',
  'src/app/reminders/reminder-scheduler.tsx',
  'src/connected/bulk-bar-panel.tsx',
  'src/connected/mine-first.tsx',
  'src/connected/notifications-link.tsx',
  'src/connected/quick-add/quick-add.tsx',
  'src/connected/quick-add/recognised.tsx',
  'src/features/assigned/assigned-screen.tsx',
  'src/features/filters/filter-form.tsx',
  'src/features/filters/filter-screen.tsx',
  'src/features/filters/filters-section.tsx',
  'src/features/filters/new-filter-dialog.tsx',
  'src/features/labels/label-screen.tsx',
  'src/features/labels/labels-section.tsx',
  'src/features/layout/app-shell.tsx',
  'src/features/layout/bottom-bar.tsx',
  'src/features/layout/new-task-fab.tsx',
  'src/features/layout/new-task-sheet.tsx',
  'src/features/layout/session-banner.tsx',
  'src/features/layout/shortcuts-dialog.tsx',
  'src/features/layout/sidebar-filters.tsx',
  'src/features/layout/sidebar.tsx',
  'src/features/lists/activity-dialog.tsx',
  'src/features/lists/activity-link.tsx',
  'src/features/lists/color-field.tsx',
  'src/features/lists/delete-list-dialog.tsx',
  'src/features/lists/edit-list-dialog.tsx',
  'src/features/lists/invitations-section.tsx',
  'src/features/lists/list-form.tsx',
  'src/features/lists/lists-screen.tsx',
  'src/features/lists/new-list-dialog.tsx',
  'src/features/notifications/list-notify.tsx',
  'src/features/notifications/notifications-screen.tsx',
  'src/features/search/search-screen.tsx',
  'src/features/sharing/invite-form.tsx',
  'src/features/sharing/leave-list.tsx',
  'src/features/sharing/member-item.tsx',
  'src/features/sharing/share-button.tsx',
  'src/features/sharing/share-dialog.tsx',
  'src/features/sharing/share-links.tsx',
  'src/features/sharing/share-panel.tsx',
  'src/features/sync-center/refused-item.tsx',
  'src/features/sync-center/sync-center-screen.tsx',
  'src/features/tasks/add-to-calendar.tsx',
  'src/features/tasks/assignee-field.tsx',
  'src/features/tasks/comment-editor.tsx',
  'src/features/tasks/comments-section.tsx',
  'src/features/tasks/custom-repeat.tsx',
  'src/features/tasks/deadline-field.tsx',
  'src/features/tasks/due-fields.tsx',
  'src/features/tasks/duration-field.tsx',
  'src/features/tasks/history-section.tsx',
  'src/features/tasks/labels-field.tsx',
  'src/features/tasks/list-field.tsx',
  'src/features/tasks/list-screen.tsx',
  'src/features/tasks/priority-field.tsx',
  'src/features/tasks/reminder-field.tsx',
  'src/features/tasks/repeat-field.tsx',
  'src/features/tasks/steps-field.tsx',
  'src/features/tasks/task-dialog.tsx',
  'src/features/tasks/task-form.tsx',
  'src/features/tasks/virtual-task-list.tsx',
  'src/features/today/reschedule-sheet.tsx',
  'src/features/today/reschedule.tsx',
  'src/features/today/sign-in-offer.tsx',
  'src/features/today/today-screen.tsx',
  'src/features/upcoming/upcoming-screen.tsx',
  'src/features/week/day-column.tsx',
  'src/features/week/day-timeline.tsx',
  'src/features/week/week-screen.tsx',
  'src/features/week/week-strip.tsx',
  'src/ui/dialog-shell.tsx',
  'src/ui/history-list.tsx',
  'src/ui/repeat-row.tsx',
  'src/ui/selection-scope.tsx',
  'src/ui/task-row.tsx',
];

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

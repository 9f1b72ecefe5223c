// A repeating task's rule in words, loaded by repeat-name.ts in a chunk of its own: the rule
// parser and the words (about 3 KB gzip) are not needed before a repeating row is on screen.
// Imported from their modules, not the '@/domain/recurrence' entry, so the expander stays out.
import { parseRule } from '@/domain/recurrence/parse';
import { repeatLabel } from '@/domain/recurrence/words';
import { currentLanguage } from '@/lib/i18n';
import { t } from './messages';

/** "Repeats every week on Monday" (in the current language); "Repeats" for a rule this app can't read. */
export function repeatWords(rule: string, anchor: string): string {
  const parsed = parseRule(rule);
  return parsed.ok ? repeatLabel(parsed.rule, anchor, currentLanguage()) : t('ui.repeats');
}

// The task dialog's repeat summary in each language: the domain's English words stay as they are,
// and another language's sentence comes from the domain's phrases for it (src/domain/recurrence).
import { afterEach, describe, expect, it } from 'vitest';
import { describeRule, parseRule, type Rule } from '@/domain/recurrence';
import { currentLanguage, type Language, switchLanguage } from '@/lib/i18n';

const rule = (text: string): Rule => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rule;
};

// 2026-12-24 is a Thursday
const ANCHOR = '2026-12-24';
const RULES = [
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
  'FREQ=MONTHLY;BYDAY=2TU',
  'FREQ=MONTHLY;BYDAY=1SA',
  'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=5',
  'FREQ=YEARLY;UNTIL=20301231',
  'FREQ=DAILY;INTERVAL=3;FROM=DONE',
];

async function words(language: Language): Promise<string[]> {
  await switchLanguage(language);
  return RULES.map((r) => describeRule(rule(r), ANCHOR, currentLanguage()));
}

afterEach(async () => {
  await switchLanguage('en');
});

describe('the repeat summary in the task dialog', () => {
  it('is the domain’s own English in English', async () => {
    const en = await words('en');
    await switchLanguage('en');
    expect(en).toEqual(RULES.map((r) => describeRule(rule(r), ANCHOR)));
  });

  const EXPECTED: Record<Exclude<Language, 'en'>, string[]> = {
    de: ['alle 2 Wochen am Dienstag und Donnerstag', 'jeden Monat am zweiten Dienstag', 'jeden Monat am ersten Samstag', 'jeden Monat am 1., 5-mal', 'jedes Jahr am 24. Dezember, bis 31. Dez. 2030', 'alle 3 Tage nach dem Erledigen'],
    es: ['cada 2 semanas el martes y jueves', 'cada mes el segundo martes', 'cada mes el primer sábado', 'cada mes el día 1, 5 veces', 'cada año el 24 de diciembre, hasta el 31 de dic de 2030', 'cada 3 días después de completarla'],
    fr: ['toutes les 2 semaines le mardi et jeudi', 'tous les mois le deuxième mardi', 'tous les mois le premier samedi', 'tous les mois le 1er, 5 fois', 'tous les ans le 24 décembre, jusqu’au 31 déc. 2030', 'tous les 3 jours après l’avoir terminée'],
    'pt-BR': ['a cada 2 semanas: terça-feira e quinta-feira', 'todo mês na segunda terça-feira', 'todo mês no primeiro sábado', 'todo mês no dia 1, 5 vezes', 'todo ano em 24 de dezembro, até 31 de dez. de 2030', 'a cada 3 dias após a conclusão'],
    ja: ['2週間ごとの火曜日・木曜日', '毎月第2火曜日', '毎月第1土曜日', '毎月1日、5回', '毎年12月24日、2030年12月31日まで', '完了してから3日ごと'],
  };

  it.each(Object.entries(EXPECTED))('reads in %s', async (language, expected) => {
    expect(await words(language as Language)).toEqual(expected);
  });
});

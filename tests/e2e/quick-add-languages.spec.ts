// Quick add in the person's language, in the built app (SPEC §20): the language's words arrive as
// a chunk of their own with the parser's, and English is still read beside them.
import { expect, test } from '@playwright/test';

for (const { language, field, region, line, chips, english } of [
  { language: 'de', field: 'Neue Aufgabe', region: 'Erkannt', line: 'Zahnarzt morgen um 15 Uhr !hoch', chips: ['15:00', 'Hohe Priorität'], english: 'Call Sam at 5pm' },
  { language: 'ja', field: '新しいタスク', region: '認識した内容', line: '明日15時に歯医者 !高', chips: ['15:00', '優先度: 高'], english: 'Call Sam at 5pm' },
]) {
  test(`${language}: "${line}" is read in the language, and English beside it`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('daybook.language', lang), language);
    await page.goto('/today');
    const box = page.getByRole('textbox', { name: field });
    await box.fill(line);
    const recognised = page.getByRole('region', { name: region });
    await expect(recognised.getByRole('listitem')).toHaveCount(3);
    await expect(recognised.getByRole('listitem').nth(1)).toHaveText(chips[0] as string);
    await expect(recognised.getByRole('listitem').nth(2)).toHaveText(chips[1] as string);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await box.fill(english);
    await expect(recognised.getByRole('listitem')).toHaveText(['17:00']);
  });
}

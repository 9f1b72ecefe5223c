// What writing a push in the recipient's language costs the sender (SPEC §20): pushMessage for
// one reminder and for a group of five, per language, as the sender calls it for each device of
// a claimed page. Medians of 15 rounds of 5,000 messages each (after 2 rounds of warm-up), in µs
// per message. No database, no network: the text alone (encrypting and signing a push costs far
// more; BENCHMARKS.md, "the sender under Deno").
// Run: npx tsx bench/server-texts.ts
import { type DuePush, pushMessage } from '../supabase/functions/_shared/push-payload.ts';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const;
const ROUNDS = 15;
const PER_ROUND = 5000;

const row = (language: string, i: number): DuePush => ({
  subscription_id: 's',
  endpoint: 'https://push.example/e',
  p256dh: 'p',
  auth: 'a',
  user_id: 'u',
  time_zone: 'Europe/Paris',
  task_id: `t${i}`,
  occurrence: `2030-10-${String(1 + (i % 20)).padStart(2, '0')}`,
  fire_at: '2030-10-02T08:00:00.000Z',
  title: `Task number ${i}`,
  due_time: i % 2 ? '10:00' : null,
  list_name: 'Maison',
  today: '2030-10-02',
  snoozed_until: null,
  language,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function perMessage(language: string, size: number): number {
  const batches = Array.from({ length: PER_ROUND }, (_, i) => Array.from({ length: size }, (_, j) => row(language, i + j)));
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS + 2; r++) {
    const t0 = performance.now();
    for (const b of batches) pushMessage(b);
    if (r >= 2) rounds.push(((performance.now() - t0) * 1000) / PER_ROUND);
  }
  return median(rounds);
}

console.log('language | one reminder (µs) | five together (µs)');
for (const language of LANGUAGES) console.log(`${language} | ${perMessage(language, 1).toFixed(2)} | ${perMessage(language, 5).toFixed(2)}`);

// Sign-in timing by account existence: an unknown e-mail must cost what a
// wrong password costs, or the answer's timing tells who has an account. Medians of
// interleaved attempts, at the server's default hash cost, throttle lifted.
// Run: npx tsx bench/auth-timing.ts pglite|pg   (env BENCH_ROUNDS, default 30)
import { postAuth, signUpUser } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const { srv, done } = await benchServer(kind, { passwordHashCost: null, authLimits: { signInFailures: 1_000_000 } });
try {
  const user = await signUpUser(srv);
  const attempt = async (email: string) => {
    const t0 = performance.now();
    const r = await postAuth(srv, '/token?grant_type=password', { email, password: 'not the password' });
    if (r.status !== 400) throw new Error(`expected 400, got ${r.status}`);
    return performance.now() - t0;
  };
  await attempt(user.email); // warm-up
  const unknown: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    unknown.push(await attempt(`nobody-${i}@example.test`));
    wrong.push(await attempt(user.email));
  }
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  console.log(
    `[${kind}] sign-in answer, median of ${ROUNDS}: unknown e-mail ${fmt(median(unknown), 1)} ms, wrong password ${fmt(median(wrong), 1)} ms`,
  );
} finally {
  await done();
}

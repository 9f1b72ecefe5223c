// Reading the stand-in's dev mailbox (GET /_dev/mail) from tests: the mails sent to one address,
// waited for (the sender runs when the invitation commits, after the push has answered).
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

export async function mailsTo(serverUrl: string, to: string): Promise<DevMail[]> {
  const res = await fetch(`${serverUrl}/_dev/mail?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`/_dev/mail answered ${res.status}`);
  return (await res.json()) as DevMail[];
}

/** Waits until `to` has at least `count` mails (newest first). */
export async function waitForMail(serverUrl: string, to: string, count = 1, timeoutMs = 10_000): Promise<DevMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(serverUrl, to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms (${mails.length} of ${count})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The invitation link's token in a mail's text. */
export function inviteToken(text: string): string {
  const token = /\/invites\/([0-9a-f]{64})\b/.exec(text)?.[1];
  if (!token) throw new Error(`No invitation link in: ${text}`);
  return token;
}

/** An auth mail's link (SPEC §16): its page, token hash and type. */
export function linkIn(text: string): { tokenHash: string; type: string; path: string } {
  const m = /\/(reset-password|confirm)\?token_hash=([0-9a-f]+)&type=(\w+)/.exec(text);
  if (!m) throw new Error(`No auth link in: ${text}`);
  return { path: m[1]!, tokenHash: m[2]!, type: m[3]! };
}

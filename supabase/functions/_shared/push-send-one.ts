// One push to one subscription, for both kinds the sender pushes (reminders, notifications):
// the endpoint checked against the allowed push services, the message encrypted and sent by
// `deliver`, and the answer read as what to do with the claim. Never throws: every step that can
// is guarded, so one bad subscription never stops another's push.
import { pushOutcome, type PushOutcome } from './push-payload.ts';
import type { DeliveryResult, PushDeliver, PushDelivery } from './push-sender-types.ts';
import { endpointProblem, keysProblem, type PushTargets } from './push-target.ts';
import type { VapidHeaders } from './vapid-header.ts';

export interface PushChannel {
  targets: PushTargets;
  deliver: PushDeliver;
  vapid: VapidHeaders;
  timeoutMs: number;
}

export interface PushTo {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `what` names the push in the log ("reminder push", "notification push"). */
export async function sendOnePush(
  channel: PushChannel,
  to: PushTo,
  message: unknown,
  how: { ttlSeconds: number; urgency: PushDelivery['urgency']; what: string },
): Promise<PushOutcome> {
  const { what } = how;
  try {
    const refused = endpointProblem(to.endpoint, channel.targets);
    if (refused) {
      console.error(`${what} not sent: ${refused}`);
      return 'failed';
    }
    const push: PushDelivery = {
      endpoint: to.endpoint,
      p256dh: to.p256dh,
      auth: to.auth,
      payload: JSON.stringify(message),
      authorization: channel.vapid.authorization(to.endpoint),
      ttlSeconds: how.ttlSeconds,
      urgency: how.urgency,
      timeoutMs: channel.timeoutMs,
    };
    let delivered: DeliveryResult;
    try {
      delivered = await channel.deliver(push);
    } catch (err) {
      // lost on its way (a send thread died): the push may or may not have gone, so it goes again
      console.error(`${what} not sent, tried again: ${err instanceof Error ? err.message : String(err)}`);
      return 'retry';
    }
    if ('encryptionFailed' in delivered) {
      // keys nothing can be encrypted to make the encryption throw: only then are they
      // checked (a WebCrypto import per push otherwise), and the subscription dropped
      if (await keysProblem(to.p256dh, to.auth)) return 'gone';
      throw new Error(delivered.encryptionFailed);
    }
    const { status } = delivered;
    const outcome = pushOutcome(status);
    if (outcome === 'failed') console.error(`${what} to ${new URL(to.endpoint).origin} refused with ${status}; not retried`);
    return outcome;
  } catch (err) {
    console.error(`${what} not sent: ${err instanceof Error ? err.message : String(err)}`);
    return 'failed';
  }
}

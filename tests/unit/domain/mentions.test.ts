// Mentions in a comment's body (SPEC §17): the `@[name](user id)` token the composer writes, read
// back as parts for the screen, as ids for notifications, and as text for the sync centre.
import { describe, expect, it } from 'vitest';
import { mentionedUserIds, mentionsOf, mentionToken, parseBody, plainBody, withMentionTokens } from '@/domain/mentions';
import { changeText, describeChange } from '@/sync-status/change-text';
import type { Mutation } from '@/domain/model';

const ANN = '0b6f3a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const BEN = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

describe('mentions', () => {
  it('cuts a body into text and mentions, in order', () => {
    const body = `Thanks @[Ann](${ANN}) and @[Ben B](${BEN})!`;
    expect(parseBody(body)).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', name: 'Ann', userId: ANN },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', name: 'Ben B', userId: BEN },
      { kind: 'text', text: '!' },
    ]);
    expect(plainBody(body)).toBe('Thanks @Ann and @Ben B!');
    expect(mentionedUserIds(`${body} @[Ann again](${ANN.toUpperCase()})`)).toEqual([ANN, BEN]);
  });

  it('takes nothing else for a mention: a bad id, a newline in the name, plain "@name"', () => {
    for (const body of ['@[Ann](not-an-id)', `@[An\nn](${ANN})`, '@Ann', `[Ann](${ANN})`]) {
      expect(mentionedUserIds(body)).toEqual([]);
      expect(plainBody(body)).toBe(body);
    }
  });

  it('turns the composer’s picks into tokens, longest names first, and back', () => {
    const text = 'Ask @Ann and @Anna, then @Ann again';
    const body = withMentionTokens(text, [
      { name: 'Ann', userId: ANN },
      { name: 'Anna', userId: BEN },
    ]);
    expect(body).toBe(`Ask @[Ann](${ANN}) and @[Anna](${BEN}), then @[Ann](${ANN}) again`);
    expect(plainBody(body)).toBe(text);
    expect(mentionsOf(body)).toEqual([
      { name: 'Ann', userId: ANN },
      { name: 'Anna', userId: BEN },
      { name: 'Ann', userId: ANN },
    ]);
    // a name that would end the token early is made safe
    expect(mentionToken('Odd ] name\n', ANN)).toBe(`@[Odd   name](${ANN})`);
  });

  it('shows a comment change in the sync centre with its text as typed', () => {
    const change = { id: 1, name: 'comment.create', args: { id: 'c1', task_id: 't1', body: `Thanks @[Ann](${ANN}) for the paint` } } as Mutation;
    expect(describeChange(change, { t1: 'Paint the fence' })).toBe('Comment on task “Paint the fence”: “Thanks @Ann for the paint”');
    expect(changeText(change)).toBe('Thanks @Ann for the paint');
    expect(describeChange({ id: 2, name: 'comment.delete', args: { id: 'c1' } } as Mutation)).toBe('Delete a comment');
  });
});

// The first position of an empty sequence, as fractional-indexing makes it (generateKeyBetween(null,
// null); tests/unit/lib/order.test.ts checks they agree), apart from src/lib/order.ts so that a
// first visit's Inbox gets its position without the library on the first screen.
export const FIRST_POSITION = 'a0';

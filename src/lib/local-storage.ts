// localStorage, or null where there is none (Node) or the browser refuses it (some privacy modes
// throw on access): every caller then keeps its default.
export function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

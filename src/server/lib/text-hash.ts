/**
 * Two 32-bit hashes of a text's UTF-16 code units, mixed in one pass (the loop of cyrb53): the
 * raw state, for callers to finish as they need (seeded-random.ts folds it into one seed; the
 * exchange's client-key filter mixes each half into a probe sequence).
 */
export function hashPair(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return [h1, h2];
}

import fc from 'fast-check';
import { hostileShortText, hostileValueOf, jsonText } from './hostile';

// Malformed argument lists for a hub method, derived from a valid one: an argument replaced,
// dropped or wrapped, an element of a list argument replaced, lists far too long, extra
// arguments, or any list at all. Every list fits in one hub message (32 KiB): a larger message
// is refused by closing the connection, which is the transport's rule, not the method's.

export interface HubFuzzInput {
  what: string;
  args: unknown[];
}

const MAX_ARGUMENTS_TEXT = 24 * 1024;
const hostile = hostileValueOf(hostileShortText);

export function malformedArguments(sample: readonly unknown[]): fc.Arbitrary<HubFuzzInput> {
  const kinds: fc.Arbitrary<HubFuzzInput>[] = [
    fc
      .array(hostile, { minLength: 1, maxLength: 5 })
      .map((extra) => ({ what: `${extra.length} extra argument(s)`, args: [...sample, ...extra] })),
    fc.array(hostile, { minLength: 1, maxLength: 4 }).map((args) => ({ what: 'hostile arguments only', args })),
  ];
  if (sample.length > 0) {
    const index = fc.integer({ min: 0, max: sample.length - 1 });
    kinds.push(
      fc
        .tuple(index, hostile)
        .map(([i, v]) => ({ what: `argument ${i} = ${jsonText(v).slice(0, 80)}`, args: sample.map((a, j) => (j === i ? v : a)) })),
      index.map((i) => ({ what: `argument ${i} left out`, args: sample.filter((_a, j) => j !== i) })),
      index.map((i) => ({ what: `argument ${i} wrapped in an object`, args: sample.map((a, j) => (j === i ? { value: a } : a)) })),
      fc.constant({ what: 'no arguments', args: [] }),
    );
    const lists = sample.map((a, i) => [a, i] as const).filter(([a]) => Array.isArray(a)) as [unknown[], number][];
    if (lists.length > 0) {
      const list = fc.constantFrom(...lists);
      kinds.push(
        fc.tuple(list, hostile).map(([[items, i], v]) => ({
          what: `argument ${i} element = ${jsonText(v).slice(0, 80)}`,
          args: sample.map((a, j) => (j === i ? [...items.slice(1), v] : a)),
        })),
        fc.tuple(list, fc.integer({ min: 201, max: 1_000 })).map(([[items, i], n]) => ({
          what: `argument ${i} with ${n} elements`,
          args: sample.map((a, j) => (j === i ? Array.from({ length: n }, (_x, k) => items[k % items.length]) : a)),
        })),
        list.map(([, i]) => ({ what: `argument ${i} empty`, args: sample.map((a, j) => (j === i ? [] : a)) })),
      );
    }
  }
  return fc.oneof(...kinds).filter((input) => jsonText(input.args).length <= MAX_ARGUMENTS_TEXT);
}

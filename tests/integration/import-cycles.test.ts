import { describe, expect, it } from 'vitest';
import { importCycles } from '../support/import-cycles';

// The matching engine's resting order and its price level point at each other by design (an
// intrusive doubly linked list, type-only imports); it is the one cycle the source may hold.
const ALLOWED = [['order-node.ts', 'price-level.ts']];

function allowed(cycle: readonly string[]): boolean {
  const names = cycle.map((file) => file.split('/').at(-1)!).sort();
  return ALLOWED.some((pair) => pair.length === names.length && pair.every((name, i) => names[i] === name));
}

describe('import cycles', () => {
  it('CORE.arch.no-import-cycles: the check finds a deliberate cycle and nothing else', async () => {
    const cycles = await importCycles('tests/integration/import-cycle-fixture');
    expect(cycles).toEqual([['tests/integration/import-cycle-fixture/quote.ts', 'tests/integration/import-cycle-fixture/trade.ts']]);
  });

  it('CORE.arch.no-import-cycles: the hub has no import cycle', async () => {
    expect(await importCycles('src/server/hub')).toEqual([]);
  });

  it('CORE.arch.no-import-cycles: the source tree has no import cycle but the order book list', async () => {
    const cycles = await importCycles('src');
    expect(cycles.filter((cycle) => !allowed(cycle))).toEqual([]);
    // Parsing every file of src/ takes a while on a busy machine.
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../time/manual-timers';
import { createSimulatedChain } from './chain-watcher';
import { createDevPayoutProcessor } from './payout-processor';

describe('simulated chain and development payouts', () => {
  it('API.transfers.chain-deposit-confirmations: the simulated chain adds a confirmation per block of the injected clock, until told it is settled', async () => {
    const clock = new ManualTimers(0);
    const chain = createSimulatedChain(clock, 1000);
    const txid = chain.announce('bc1qexample', '0.5');
    expect(await chain.poll()).toEqual([{ txid, address: 'bc1qexample', amount: '0.5', confirmations: 0 }]);
    clock.advance(2500);
    expect((await chain.poll())[0]!.confirmations).toBe(2);
    chain.settled(txid);
    expect(await chain.poll()).toEqual([]);
    chain.resume([{ txid: 'old', address: 'bc1qold', amount: '1', seenAt: -3000 }]);
    expect(await chain.poll()).toEqual([{ txid: 'old', address: 'bc1qold', amount: '1', confirmations: 5 }]);
  });

  it('API.transfers.failed-payout-releases: the development payout processor finishes after its delay, failing when told to', async () => {
    const clock = new ManualTimers(0);
    const payouts = createDevPayoutProcessor(clock, 3000);
    await payouts.send({ id: 'a', currency: 'btc', amount: '1', address: 'x', method: 'chain', bankAccountId: null });
    payouts.failNext();
    await payouts.send({ id: 'b', currency: 'btc', amount: '1', address: 'x', method: 'chain', bankAccountId: null });
    expect(await payouts.status('a')).toBe('pending');
    clock.advance(3000);
    expect(await payouts.status('a')).toBe('done');
    expect(await payouts.status('b')).toBe('failed');
    expect(await payouts.status('unknown')).toBe('pending');
  });
});

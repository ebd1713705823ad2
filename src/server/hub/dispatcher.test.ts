import { describe, expect, it } from 'vitest';
import { MethodTable } from './method-table';

describe('MethodTable', () => {
  const noop = () => undefined;
  async function* stream() {}

  it('CORE.hub.method-name-resolution: finds exact names first, then a unique case-insensitive match', () => {
    const table = new MethodTable({ JoinFeedGroups: noop, joinfeedgroups: noop, GetActiveFeedGroups: noop }, { Counter: stream });
    expect(table.find('JoinFeedGroups')).toMatchObject({ kind: 'invoke', name: 'JoinFeedGroups' });
    expect(table.find('joinfeedgroups')).toMatchObject({ kind: 'invoke', name: 'joinfeedgroups' });
    expect(table.find('JOINFEEDGROUPS')).toBeNull();
    expect(table.find('getactivefeedgroups')).toMatchObject({ name: 'GetActiveFeedGroups' });
    expect(table.find('counter')).toMatchObject({ kind: 'stream', name: 'Counter' });
  });

  it('CORE.hub.method-name-resolution: never resolves names through the prototype chain', () => {
    const table = new MethodTable({ Add: noop }, {});
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(table.find(name)).toBeNull();
  });

  it('CORE.hub.method-name-resolution: refuses a name registered both as a method and as a stream', () => {
    expect(() => new MethodTable({ Counter: noop }, { Counter: stream })).toThrow(/both/);
  });
});

import { describe, expect, it } from 'vitest';
import { Membership } from './groups';

describe('Membership', () => {
  it('CORE.hub-groups.membership: indexes both ways and reports whether anything changed', () => {
    const m = new Membership();
    expect(m.add('c1', 'ticker')).toBe(true);
    expect(m.add('c1', 'ticker')).toBe(false);
    m.add('c2', 'ticker');
    m.add('c1', 'trades');
    expect([...m.membersOf('ticker')]).toEqual(['c1', 'c2']);
    expect(m.keysOf('c1')).toEqual(['ticker', 'trades']);
    expect(m.has('c2', 'trades')).toBe(false);
    expect(m.remove('c2', 'trades')).toBe(false);
    expect(m.remove('c2', 'ticker')).toBe(true);
    expect([...m.membersOf('ticker')]).toEqual(['c1']);
  });

  it('CORE.hub-groups.membership: unwinds every membership of a connection and forgets empty groups', () => {
    const m = new Membership();
    m.add('c1', 'a');
    m.add('c1', 'b');
    m.add('c2', 'b');
    m.removeConnection('c1');
    expect(m.keysOf('c1')).toEqual([]);
    expect([...m.membersOf('a')]).toEqual([]);
    expect([...m.membersOf('b')]).toEqual(['c2']);
    expect(m.size).toBe(1);
    m.remove('c2', 'b');
    expect(m.size).toBe(0);
  });

  it('CORE.hub-groups.membership: tolerates removal while a group is being walked', () => {
    const m = new Membership();
    for (const id of ['a', 'b', 'c', 'd']) m.add(id, 'g');
    const seen: string[] = [];
    for (const id of m.membersOf('g')) {
      seen.push(id);
      m.removeConnection(id === 'a' ? 'b' : id);
    }
    expect(seen).toEqual(['a', 'c', 'd']);
  });
});

import { describe, expect, it } from 'vitest';
import { negotiateResponse, randomId, selectNegotiateVersion } from './negotiate';

describe('selectNegotiateVersion', () => {
  it('CORE.hub.negotiate-version: treats a missing version as 0 and caps higher ones at 1', () => {
    expect(selectNegotiateVersion(null)).toEqual({ ok: true, value: 0 });
    expect(selectNegotiateVersion('0')).toEqual({ ok: true, value: 0 });
    expect(selectNegotiateVersion('1')).toEqual({ ok: true, value: 1 });
    expect(selectNegotiateVersion('12')).toEqual({ ok: true, value: 1 });
  });

  it('CORE.hub.negotiate-version: refuses what is not a version', () => {
    for (const raw of ['', '-1', '1.0', 'one', '99999999999']) {
      expect(selectNegotiateVersion(raw), raw).toMatchObject({ ok: false });
    }
  });
});

describe('negotiateResponse', () => {
  const conn = { connectionId: 'id', token: 'secret', negotiateVersion: 1, statefulNegotiated: false };

  it('CORE.hub.negotiate-ids, CORE.hub.negotiate-transports: only hands the token out under version 1 and only lists enabled transports', () => {
    expect(negotiateResponse(conn, ['LongPolling'])).toEqual({
      connectionId: 'id',
      connectionToken: 'secret',
      negotiateVersion: 1,
      availableTransports: [{ transport: 'LongPolling', transferFormats: ['Text', 'Binary'] }],
    });
    expect(negotiateResponse({ ...conn, negotiateVersion: 0 }, ['ServerSentEvents'])).toEqual({
      connectionId: 'id',
      negotiateVersion: 0,
      availableTransports: [{ transport: 'ServerSentEvents', transferFormats: ['Text'] }],
    });
    expect(negotiateResponse({ ...conn, statefulNegotiated: true }, ['WebSockets'])).toMatchObject({ useStatefulReconnect: true });
  });

  it('CORE.hub.negotiate-ids: makes unguessable ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

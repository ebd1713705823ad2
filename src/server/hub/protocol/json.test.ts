import { describe, expect, it } from 'vitest';
import {
  acceptHandshake,
  closeFrame,
  encodeMessage,
  isTrackable,
  MessageType,
  parseHandshakeRequest,
  parseHubMessage,
  PING_FRAME,
} from './json';
import { RecordDecoder, RECORD_SEPARATOR } from './text-framing';

const RS = RECORD_SEPARATOR;

describe('parseHubMessage', () => {
  it('CORE.hub-protocol.parse-messages: reads every message type a client sends', () => {
    expect(parseHubMessage('{"type":1,"invocationId":"1","target":"Add","arguments":[1,2]}')).toEqual({
      ok: true,
      value: { type: 1, invocationId: '1', target: 'Add', arguments: [1, 2] },
    });
    expect(parseHubMessage('{"type":1,"target":"Log","arguments":[]}')).toEqual({
      ok: true,
      value: { type: 1, target: 'Log', arguments: [] },
    });
    expect(parseHubMessage('{"type":4,"invocationId":"2","target":"Count","arguments":[3],"streamIds":[]}')).toEqual({
      ok: true,
      value: { type: 4, invocationId: '2', target: 'Count', arguments: [3], streamIds: [] },
    });
    expect(parseHubMessage('{"type":2,"invocationId":"s","item":null}')).toEqual({
      ok: true,
      value: { type: 2, invocationId: 's', item: null },
    });
    expect(parseHubMessage('{"type":3,"invocationId":"s","result":0}')).toEqual({
      ok: true,
      value: { type: 3, invocationId: 's', result: 0 },
    });
    expect(parseHubMessage('{"type":5,"invocationId":"2"}')).toEqual({ ok: true, value: { type: 5, invocationId: '2' } });
    expect(parseHubMessage('{"type":6}')).toEqual({ ok: true, value: { type: 6 } });
    expect(parseHubMessage('{"type":7,"error":null}')).toEqual({ ok: true, value: { type: 7 } });
    expect(parseHubMessage('{"type":8,"sequenceId":12}')).toEqual({ ok: true, value: { type: 8, sequenceId: 12 } });
    expect(parseHubMessage('{"type":9,"sequenceId":1}')).toEqual({ ok: true, value: { type: 9, sequenceId: 1 } });
  });

  it('CORE.hub-protocol.parse-messages: ignores headers it does not understand and tolerates unknown message types', () => {
    expect(parseHubMessage('{"type":6,"headers":{"x":"y"}}')).toEqual({ ok: true, value: { type: 6 } });
    expect(parseHubMessage('{"type":42,"anything":true}')).toEqual({ ok: true, value: { type: 'unknown', rawType: 42 } });
  });

  it('CORE.hub-protocol.parse-messages: returns errors instead of throwing for malformed input', () => {
    const cases: [string, string][] = [
      ['{"type":1,', 'INVALID_JSON'],
      ['', 'INVALID_JSON'],
      ['[1,2]', 'INVALID_MESSAGE'],
      ['null', 'INVALID_MESSAGE'],
      ['"text"', 'INVALID_MESSAGE'],
      ['{"target":"x"}', 'INVALID_MESSAGE'],
      ['{"type":"1"}', 'INVALID_MESSAGE'],
      ['{"type":1,"target":"","arguments":[]}', 'INVALID_MESSAGE'],
      ['{"type":1,"target":"x","arguments":{}}', 'INVALID_MESSAGE'],
      ['{"type":1,"target":"x"}', 'INVALID_MESSAGE'],
      ['{"type":1,"invocationId":5,"target":"x","arguments":[]}', 'INVALID_MESSAGE'],
      ['{"type":1,"invocationId":"","target":"x","arguments":[]}', 'INVALID_MESSAGE'],
      [`{"type":1,"invocationId":"${'i'.repeat(257)}","target":"x","arguments":[]}`, 'INVALID_MESSAGE'],
      ['{"type":1,"target":"x","arguments":[],"streamIds":[1]}', 'INVALID_MESSAGE'],
      ['{"type":4,"target":"x","arguments":[]}', 'INVALID_MESSAGE'],
      ['{"type":2,"invocationId":"s"}', 'INVALID_MESSAGE'],
      ['{"type":3,"invocationId":"s","result":1,"error":"e"}', 'INVALID_MESSAGE'],
      ['{"type":3,"invocationId":"s","error":3}', 'INVALID_MESSAGE'],
      ['{"type":5}', 'INVALID_MESSAGE'],
      ['{"type":8}', 'INVALID_MESSAGE'],
      ['{"type":9,"sequenceId":-1}', 'INVALID_MESSAGE'],
      ['{"type":9,"sequenceId":1.5}', 'INVALID_MESSAGE'],
      ['{"type":6,"headers":{"x":1}}', 'INVALID_MESSAGE'],
    ];
    for (const [input, code] of cases) {
      expect(parseHubMessage(input), input).toMatchObject({ ok: false, code });
    }
  });

  it('CORE.hub-protocol.split-frames: reads a stream of frames split anywhere, several messages per frame', () => {
    const wire = `{"type":6}${RS}{"type":1,"target":"A","arguments":["x"]}${RS}{"type":8,"sequenceId":3}${RS}`;
    const decoder = new RecordDecoder(1024);
    const parsed: unknown[] = [];
    for (const piece of [wire.slice(0, 5), wire.slice(5, 20), wire.slice(20)]) {
      const records = decoder.push(Buffer.from(piece));
      if (!records.ok) throw new Error(records.message);
      for (const r of records.value) parsed.push(parseHubMessage(r));
    }
    expect(parsed).toEqual([
      { ok: true, value: { type: 6 } },
      { ok: true, value: { type: 1, target: 'A', arguments: ['x'] } },
      { ok: true, value: { type: 8, sequenceId: 3 } },
    ]);
  });
});

describe('handshake', () => {
  it('CORE.hub-protocol.handshake-json-versions, API.hub.json-protocol-1-2: parses and accepts json versions 1 and 2', () => {
    const request = parseHandshakeRequest('{"protocol":"json","version":2}');
    expect(request).toEqual({ ok: true, value: { protocol: 'json', version: 2 } });
    expect(acceptHandshake({ protocol: 'json', version: 1 })).toEqual({ ok: true, value: { version: 1 } });
    expect(acceptHandshake({ protocol: 'json', version: 2 })).toEqual({ ok: true, value: { version: 2 } });
  });

  it('CORE.hub-protocol.handshake-refusal: refuses other protocols and versions with the message the client shows', () => {
    expect(acceptHandshake({ protocol: 'messagepack', version: 1 })).toEqual({
      ok: false,
      code: 'UNSUPPORTED_PROTOCOL',
      message: "The protocol 'messagepack' is not supported.",
    });
    expect(acceptHandshake({ protocol: 'json', version: 0 })).toMatchObject({ ok: false, code: 'UNSUPPORTED_VERSION' });
    expect(parseHandshakeRequest('{"protocol":"json"')).toMatchObject({ ok: false, code: 'INVALID_HANDSHAKE' });
    expect(parseHandshakeRequest('{"protocol":"json","version":"1"}')).toMatchObject({ ok: false, code: 'INVALID_HANDSHAKE' });
  });
});

describe('encoding', () => {
  it('CORE.hub-protocol.encoding: terminates each message with the record separator and marks trackable ones', () => {
    const frame = encodeMessage({ type: MessageType.Invocation, target: 'ReceiveTicker', arguments: [{ last: '1.5' }] });
    expect(frame).toMatchObject({ ok: true });
    if (!frame.ok) return;
    expect(frame.value.text).toBe(`{"type":1,"target":"ReceiveTicker","arguments":[{"last":"1.5"}]}${RS}`);
    expect(frame.value.bytes.toString('utf8')).toBe(frame.value.text);
    expect(frame.value.trackable).toBe(true);
    expect(PING_FRAME.trackable).toBe(false);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(isTrackable)).toEqual([true, true, true, true, true, false, false, false, false]);
  });

  it('CORE.hub-protocol.encoding: omits an absent result and reports values JSON cannot carry', () => {
    const voidResult = encodeMessage({ type: MessageType.Completion, invocationId: '1', result: undefined });
    expect(voidResult.ok && voidResult.value.text).toBe(`{"type":3,"invocationId":"1"}${RS}`);
    expect(encodeMessage({ type: MessageType.Completion, invocationId: '1', result: 10n })).toMatchObject({
      ok: false,
      code: 'SERIALIZATION_FAILED',
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(encodeMessage({ type: MessageType.Invocation, target: 'x', arguments: [cyclic] })).toMatchObject({ ok: false });
  });

  it('CORE.hub-protocol.close-message: writes Close with an optional error and allowReconnect', () => {
    expect(closeFrame(undefined, false).text).toBe(`{"type":7}${RS}`);
    expect(closeFrame('Boom', true).text).toBe(`{"type":7,"error":"Boom","allowReconnect":true}${RS}`);
  });
});

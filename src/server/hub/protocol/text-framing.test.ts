import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordDecoder, RECORD_SEPARATOR } from './text-framing';

const RS = RECORD_SEPARATOR;
const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('RecordDecoder', () => {
  it('CORE.hub-framing.records: returns nothing until a record is complete, then the whole record', () => {
    const d = new RecordDecoder(1024);
    expect(d.push(bytes('{"type":'))).toEqual({ ok: true, value: [] });
    expect(d.pendingBytes).toBe(8);
    expect(d.push(bytes('6}'))).toEqual({ ok: true, value: [] });
    expect(d.push(bytes(RS))).toEqual({ ok: true, value: ['{"type":6}'] });
    expect(d.pendingBytes).toBe(0);
  });

  it('CORE.hub-framing.records: splits several records in one chunk and keeps the tail for the next', () => {
    const d = new RecordDecoder(1024);
    expect(d.push(bytes(`a${RS}bb${RS}ccc${RS}dd`))).toEqual({ ok: true, value: ['a', 'bb', 'ccc'] });
    expect(d.push(bytes(`d${RS}`))).toEqual({ ok: true, value: ['ddd'] });
  });

  it('CORE.hub-framing.multibyte-split: reassembles a multi-byte character cut between chunks', () => {
    const d = new RecordDecoder(1024);
    const euro = bytes(`"€"${RS}`);
    expect(d.push(euro.subarray(0, 2))).toEqual({ ok: true, value: [] });
    expect(d.push(euro.subarray(2))).toEqual({ ok: true, value: ['"€"'] });
  });

  it('CORE.hub-framing.chunking-invariant: keeps empty records, so the parser can reject them', () => {
    expect(new RecordDecoder(10).push(bytes(`${RS}${RS}`))).toEqual({ ok: true, value: ['', ''] });
  });

  it('CORE.hub-framing.size-limit: accepts a record of exactly the limit and refuses one byte more, without buffering it', () => {
    expect(new RecordDecoder(4).push(bytes(`abcd${RS}`))).toEqual({ ok: true, value: ['abcd'] });
    const d = new RecordDecoder(4);
    expect(d.push(bytes('abc'))).toMatchObject({ ok: true });
    expect(d.push(bytes('de'))).toEqual({
      ok: false,
      code: 'MESSAGE_TOO_LARGE',
      message: 'The maximum message size of 4B was exceeded.',
    });
    expect(d.pendingBytes).toBe(0);
    expect(new RecordDecoder(4).push(bytes(`abcde${RS}`))).toMatchObject({ ok: false, code: 'MESSAGE_TOO_LARGE' });
  });

  it('CORE.hub-framing.utf8: refuses invalid UTF-8 and then any further input', () => {
    const d = new RecordDecoder(1024);
    expect(d.push(Buffer.from([0x7b, 0xff, 0x7d, 0x1e]))).toMatchObject({ ok: false, code: 'INVALID_UTF8' });
    expect(d.push(bytes(`{}${RS}`))).toMatchObject({ ok: false, code: 'INVALID_MESSAGE' });
  });

  it('CORE.hub-framing.no-buffer-reference: does not keep a reference to the caller’s buffer', () => {
    const d = new RecordDecoder(1024);
    const chunk = bytes('abc');
    d.push(chunk);
    chunk.fill(0x21);
    expect(d.push(bytes(RS))).toEqual({ ok: true, value: ['abc'] });
  });

  it('CORE.hub-framing.chunking-invariant: yields the same records however the stream is chunked', () => {
    const record = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replaceAll(RS, ''));
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (records, cuts) => {
        const stream = bytes(records.map((r) => r + RS).join(''));
        const points = [...new Set(cuts.map((c) => (stream.length === 0 ? 0 : c % stream.length)))].sort((a, b) => a - b);
        const d = new RecordDecoder(1_000_000);
        const out: string[] = [];
        let from = 0;
        for (const at of [...points, stream.length]) {
          const r = d.push(stream.subarray(from, at));
          expect(r.ok).toBe(true);
          if (r.ok) out.push(...r.value);
          from = at;
        }
        expect(out).toEqual(records);
      }),
    );
  });

  it('CORE.hub-framing.chunking-invariant: never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }), (chunks) => {
        const d = new RecordDecoder(32);
        for (const c of chunks) d.push(c);
      }),
    );
  });
});

import { fail, ok, type HubResult } from '../hub-errors';

// Text hub protocols end every message with the ASCII record separator (0x1E). Transports are
// byte streams to us: a WebSocket message or POST body may hold several records, or part of
// one, so records are reassembled here. Splitting on the raw byte is safe because 0x1E never
// occurs inside a multi-byte UTF-8 sequence (continuation bytes are 0x80-0xBF).

export const RECORD_SEPARATOR = '\u001e';
export const RECORD_SEPARATOR_CODE = 0x1e;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export class RecordDecoder {
  private parts: Buffer[] = [];
  private partialBytes = 0;
  private failed = false;

  /** @param maxRecordBytes largest record accepted, separator excluded. */
  constructor(private readonly maxRecordBytes: number) {}

  /** Bytes held for a record whose separator has not arrived yet. */
  get pendingBytes(): number {
    return this.partialBytes;
  }

  /**
   * Feeds the next chunk and returns the records it completed, in order. After a failure the
   * decoder refuses further input: the stream is out of sync and the connection must close.
   */
  push(chunk: Uint8Array): HubResult<string[]> {
    if (this.failed) return fail('INVALID_MESSAGE', 'The message stream is no longer readable.');
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const records: string[] = [];
    let start = 0;
    while (start < bytes.length) {
      const end = bytes.indexOf(RECORD_SEPARATOR_CODE, start);
      if (end === -1) {
        const rest = bytes.length - start;
        if (this.partialBytes + rest > this.maxRecordBytes) return this.tooLarge();
        // Copy: the transport may reuse the chunk's memory after we return.
        this.parts.push(Buffer.from(bytes.subarray(start)));
        this.partialBytes += rest;
        break;
      }
      if (this.partialBytes + (end - start) > this.maxRecordBytes) return this.tooLarge();
      const piece = bytes.subarray(start, end);
      const record = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.partialBytes = 0;
      const text = decodeUtf8(record);
      if (text === null) {
        this.failed = true;
        return fail('INVALID_UTF8', 'A message was not valid UTF-8.');
      }
      records.push(text);
      start = end + 1;
    }
    return ok(records);
  }

  private tooLarge(): HubResult<never> {
    this.failed = true;
    this.parts = [];
    this.partialBytes = 0;
    return fail('MESSAGE_TOO_LARGE', `The maximum message size of ${this.maxRecordBytes}B was exceeded.`);
  }
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

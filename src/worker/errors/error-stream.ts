import { tradingLimits } from '../../shared/constants';
import type { EngineError, EngineErrorCode } from '../api';
import type { Timers } from '../time/timers';

// Spec B §8: every error the live side produces reaches one stream; the snapshot shows the
// latest five. Ids are monotonic so the UI can key and dismiss entries. An error that repeats
// one still listed (each failed reconnect of an outage says the same) replaces it as the newest,
// so the five are five different things and one outage does not fill the list with one line.

export class ErrorStream {
  private seq = 0;
  private list: readonly EngineError[] = [];

  constructor(
    private readonly clock: Pick<Timers, 'now'>,
    private readonly onChange: () => void,
    private readonly keep: number = tradingLimits.errorListKept,
  ) {}

  get items(): readonly EngineError[] {
    return this.list;
  }

  push(code: EngineErrorCode, message: string, feeds?: readonly string[]): EngineError {
    const entry: EngineError = Object.freeze(
      feeds
        ? { id: ++this.seq, code, message, at: this.clock.now(), feeds: Object.freeze([...feeds]) }
        : { id: ++this.seq, code, message, at: this.clock.now() },
    );
    const others = this.list.filter((e) => !sameError(e, entry));
    this.list = Object.freeze([...others, entry].slice(-this.keep));
    this.onChange();
    return entry;
  }

  dismiss(id: number): void {
    const next = this.list.filter((e) => e.id !== id);
    if (next.length === this.list.length) return;
    this.list = Object.freeze(next);
    this.onChange();
  }

  /** Drops the entries a recovery made obsolete (e.g. connection failures once connected). */
  resolve(codes: readonly EngineErrorCode[]): void {
    const next = this.list.filter((e) => !codes.includes(e.code));
    if (next.length === this.list.length) return;
    this.list = Object.freeze(next);
    this.onChange();
  }

  clear(): void {
    if (this.list.length === 0) return;
    this.list = Object.freeze([]);
    this.onChange();
  }
}

function sameError(a: EngineError, b: EngineError): boolean {
  return a.code === b.code && a.message === b.message && (a.feeds ?? []).join('\n') === (b.feeds ?? []).join('\n');
}

import type { FoundMethod, HubMethod, HubMethodLookup, HubStreamMethod, HubUser } from './hub-types';

/** Hub method lookup, built once per hub. */
export class MethodTable<U extends HubUser> implements HubMethodLookup<U> {
  private readonly exact = new Map<string, FoundMethod<U>>();
  private readonly folded = new Map<string, FoundMethod<U> | 'ambiguous'>();

  constructor(methods: Record<string, HubMethod<U>>, streams: Record<string, HubStreamMethod<U>>) {
    for (const [name, fn] of Object.entries(methods)) this.add({ kind: 'invoke', name, fn });
    for (const [name, fn] of Object.entries(streams)) {
      if (this.exact.has(name)) throw new Error(`Hub method '${name}' is registered both as a method and as a stream.`);
      this.add({ kind: 'stream', name, fn });
    }
  }

  /**
   * Targets match exactly, as HubProtocol.md says; failing that, a unique case-insensitive match
   * is accepted because ASP.NET Core servers resolve names that way and clients written
   * against them may rely on it.
   */
  find(target: string): FoundMethod<U> | null {
    const exact = this.exact.get(target);
    if (exact) return exact;
    const folded = this.folded.get(target.toLowerCase());
    return folded === undefined || folded === 'ambiguous' ? null : folded;
  }

  names(): string[] {
    return [...this.exact.keys()];
  }

  private add(found: FoundMethod<U>): void {
    this.exact.set(found.name, found);
    const key = found.name.toLowerCase();
    this.folded.set(key, this.folded.has(key) ? 'ambiguous' : found);
  }
}

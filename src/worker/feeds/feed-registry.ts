// Spec B §4 feed bookkeeping: the active set (feeds we want joined) and the deliberately-left
// set (feeds the user left; not restored on reconnect). The left set outlives a page load
// through the host's localStorage, so every change of it is handed to `persist`.

export class FeedRegistry {
  private readonly activeSet = new Set<string>();
  private readonly leftSet: Set<string>;
  revision = 0;

  constructor(
    savedLeft: readonly string[],
    private readonly persist: (left: readonly string[]) => void,
    private readonly onChange: () => void,
  ) {
    this.leftSet = new Set(savedLeft);
  }

  get active(): ReadonlySet<string> {
    return this.activeSet;
  }

  get left(): ReadonlySet<string> {
    return this.leftSet;
  }

  /** Joining adds to the active set and removes from the left set. */
  markJoined(feeds: readonly string[]): void {
    let changed = false;
    let leftChanged = false;
    for (const f of feeds) {
      if (!this.activeSet.has(f)) {
        this.activeSet.add(f);
        changed = true;
      }
      if (this.leftSet.delete(f)) leftChanged = true;
    }
    this.after(changed || leftChanged, leftChanged);
  }

  /** Leaving removes from the active set and, unless `remember` is false, records it as left. */
  markLeft(feeds: readonly string[], remember = true): void {
    let changed = false;
    let leftChanged = false;
    for (const f of feeds) {
      if (this.activeSet.delete(f)) changed = true;
      if (remember && !this.leftSet.has(f)) {
        this.leftSet.add(f);
        leftChanged = true;
      }
    }
    this.after(changed || leftChanged, leftChanged);
  }

  /** Drops feeds the server refused; they are not wanted any more, nor deliberately left. */
  forget(feeds: readonly string[]): void {
    let changed = false;
    for (const f of feeds) if (this.activeSet.delete(f)) changed = true;
    this.after(changed, false);
  }

  /** Active feeds not deliberately left: what a reconnect joins again. */
  restoreTargets(): string[] {
    return [...this.activeSet].filter((f) => !this.leftSet.has(f));
  }

  /** Full disconnect (spec B §4): both sets are emptied and the saved left set cleared. */
  clearAll(): void {
    const had = this.activeSet.size > 0 || this.leftSet.size > 0;
    this.activeSet.clear();
    this.leftSet.clear();
    this.persist([]);
    this.after(had, false);
  }

  private after(changed: boolean, leftChanged: boolean): void {
    if (!changed) return;
    this.revision++;
    if (leftChanged) this.persist([...this.leftSet].sort());
    this.onChange();
  }
}

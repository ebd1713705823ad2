import { describe, expect, it } from 'vitest';
import { citedIds, compareIds, loadRules, loadTestNames, parseRules, RULE_ID, testNamesIn, type Rule } from '../support/rules';

const rules = loadRules();

// Rows on consecutive lines belong to one table.
function tables(all: readonly Rule[]): Rule[][] {
  const out: Rule[][] = [];
  for (const rule of all) {
    const last = out.at(-1);
    if (last && last.at(-1)!.line === rule.line - 1) last.push(rule);
    else out.push([rule]);
  }
  return out;
}

/** The source of an ID for the summary: A, B, API or CORE. */
/** A row whose note starts with **retired** (docs/rules.md, how the IDs work). */
function isRetired(rule: Rule): boolean {
  return rule.note.startsWith('**retired**');
}

function sourceOf(id: string): string {
  return /^[AB]\d/.test(id) ? id[0]! : id.split('.')[0]!;
}

describe('docs/rules.md', () => {
  it('CORE.rules.ids-well-formed: every ID is source and section, area and rule in kebab case, with a rule sentence', () => {
    expect(rules.length).toBeGreaterThan(300);
    const bad = rules.filter((r) => !RULE_ID.test(r.id) || r.text.length === 0).map((r) => `${r.line}: ${r.id}`);
    expect(bad).toEqual([]);
  });

  it('CORE.rules.ids-unique: no ID appears twice', () => {
    const seen = new Map<string, number>();
    const twice: string[] = [];
    for (const r of rules) {
      const first = seen.get(r.id);
      if (first !== undefined) twice.push(`${r.id} (lines ${first} and ${r.line})`);
      else seen.set(r.id, r.line);
    }
    expect(twice).toEqual([]);
  });

  it('CORE.rules.ids-under-section: every ID starts with the source and section of its heading', () => {
    const misfiled = rules
      .filter((r) => r.prefix === undefined || !r.id.startsWith(`${r.prefix}.`))
      .map((r) => `${r.line}: ${r.id} under ${r.prefix ?? 'no section heading'}`);
    expect(misfiled).toEqual([]);
  });

  it('CORE.rules.ids-sorted: each table is sorted by source, area and rule', () => {
    const unsorted = tables(rules).flatMap((table) =>
      table.slice(1).flatMap((r, i) => (compareIds(table[i]!.id, r.id) < 0 ? [] : [`${r.line}: ${r.id} after ${table[i]!.id}`])),
    );
    expect(unsorted).toEqual([]);
  });
});

describe('test names', () => {
  it('CORE.rules.citations-exist: every rule ID a test name cites is in the catalogue', () => {
    const known = new Set(rules.map((r) => r.id));
    const names = loadTestNames();
    const cited = new Set<string>();
    const missing: string[] = [];
    for (const { file, line, name } of names) {
      for (const id of citedIds(name)) {
        if (known.has(id)) cited.add(id);
        else missing.push(`${file}:${line}: ${id}`);
      }
    }

    // A retired rule is history, not a gap: it is left out of the count.
    const live = rules.filter((r) => !isRetired(r));
    const bySource = new Map<string, { total: number; uncited: number }>();
    for (const r of live) {
      const entry = bySource.get(sourceOf(r.id)) ?? { total: 0, uncited: 0 };
      entry.total += 1;
      if (!cited.has(r.id)) entry.uncited += 1;
      bySource.set(sourceOf(r.id), entry);
    }
    const uncited = live.filter((r) => !cited.has(r.id)).length;
    const parts = [...bySource].map(([source, { total, uncited: u }]) => `${source} ${u}/${total}`).join(', ');
    console.log(
      `Rule catalogue: ${uncited} of ${live.length} rules are not cited by any test yet (${parts}); ${rules.length - live.length} retired.`,
    );

    expect(missing).toEqual([]);
  });
});

describe('catalogue tooling', () => {
  it('CORE.rules.citations-exist: finds IDs inside longer names, several per name, and old-style section names cite nothing', () => {
    expect(citedIds('B5.order-entry.gtd-requires-expires: GTD without expires is refused')).toEqual([
      'B5.order-entry.gtd-requires-expires',
    ]);
    expect(citedIds('a stop (API.stops.sell-fires-falling, CORE.stops.fire-in-time-priority).')).toEqual([
      'API.stops.sell-fires-falling',
      'CORE.stops.fire-in-time-priority',
    ]);
    expect(citedIds('A5 register: the password needs an uppercase letter')).toEqual([]);
    expect(citedIds('see docs/API.md and 1.2.3')).toEqual([]);
    // A misspelt or mis-cased citation is still found, so the catalogue check reports it.
    expect(citedIds('API.Hub.stateful-reconnect: resumes')).toEqual(['API.Hub.stateful-reconnect']);
    expect(citedIds('B5.order-entry.gtd-requires-expire: typo')).toEqual(['B5.order-entry.gtd-requires-expire']);
  });

  it('CORE.rules.citations-exist: reads names of it, test, describe, their modifiers and each-tables, template literals included', () => {
    const source = [
      "describe('API.hub.path: the hub', () => {",
      "  it('CORE.hub.streams: streams', () => {});",
      '  it.skip(`A7.users.me: ${channel} answers`, () => {});',
      "  test.each([[1]])('B9.orders.page-size-5: %s', () => {});",
      '  describe.each(books)("%s book", () => {});',
      "  expect(x).toBe('A4.session.login-stores-user: not a test name');",
      '});',
    ].join('\n');
    expect(testNamesIn('x.test.ts', source).map((t) => [t.line, t.name])).toEqual([
      [1, 'API.hub.path: the hub'],
      [2, 'CORE.hub.streams: streams'],
      [3, 'A7.users.me: ${channel} answers'],
      [4, 'B9.orders.page-size-5: %s'],
      [5, '%s book'],
    ]);
  });

  it('CORE.rules.ids-under-section: rows take the section of the heading above them; pipes inside code stay in the cell', () => {
    const markdown = [
      '## Spec A',
      '| `A0.stray.row` | before any section heading | |',
      '### A8 The error catalogue',
      '| ID | Rule | Note |',
      '|---|---|---|',
      '| `A8.login.failure-text` | Shows `a | b` in an alert. | a note |',
      '### API conventions',
      '| `API.problem.content-type` | Problem bodies. | |',
    ].join('\n');
    expect(parseRules(markdown).map(({ id, prefix, text, note }) => ({ id, prefix, text, note }))).toEqual([
      { id: 'A0.stray.row', prefix: undefined, text: 'before any section heading', note: '' },
      { id: 'A8.login.failure-text', prefix: 'A8', text: 'Shows `a | b` in an alert.', note: 'a note' },
      { id: 'API.problem.content-type', prefix: 'API', text: 'Problem bodies.', note: '' },
    ]);
  });

  it('CORE.rules.ids-sorted: IDs compare by source, then area, then rule', () => {
    expect(compareIds('CORE.hub.streams', 'CORE.hub-framing.records')).toBeLessThan(0);
    expect(compareIds('A2.routes.not-found', 'A2.routes.logo-links-home')).toBeGreaterThan(0);
    expect(compareIds('B5.a.b', 'B5.a.b')).toBe(0);
  });
});

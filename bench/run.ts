// `npm run bench [name …]`: runs the benchmarks one after another (they would disturb each
// other in parallel on two cores), prints one table with the targets beside the figures and
// writes the run to bench/results/<timestamp>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { BenchResult } from './report';

const benches: Record<string, () => Promise<{ default: () => Promise<BenchResult> }>> = {
  matching: () => import('./matching'),
  'api-orders': () => import('./api-orders'),
  'hub-fanout': () => import('./hub-fanout'),
  'engine-pipeline': () => import('./engine-pipeline'),
  'engine-pipeline-browser': () => import('./engine-pipeline-browser'),
  'browser-storm': () => import('./browser-storm'),
};

function format(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : Object.keys(benches);
  const results: BenchResult[] = [];
  for (const name of names) {
    const load = benches[name];
    if (!load) {
      console.error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
      process.exitCode = 2;
      continue;
    }
    console.log(`\n▶ ${name}`);
    try {
      const mod = await load();
      results.push(await mod.default());
    } catch (err) {
      console.error(`${name} failed:`, err);
      results.push({ name, workload: `failed: ${String(err)}`, figures: [] });
      process.exitCode = 1;
    }
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`\nMachine: ${machine}\n`);
  const rows: string[][] = [['benchmark', 'figure', 'value', 'target', '']];
  for (const r of results) {
    for (const f of r.figures) {
      rows.push([r.name, f.label, `${format(f.value)} ${f.unit}`, f.target ?? '', f.pass === undefined ? '' : f.pass ? 'PASS' : 'MISS']);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => cell.padEnd(widths[j]!)).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  for (const r of results) console.log(`\n${r.name}: ${r.workload}`);

  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(`./results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url);
  writeFileSync(file, JSON.stringify({ machine, at: new Date().toISOString(), results }, null, 2));
  console.log(`\nwritten to ${file.pathname}`);
}

await main();

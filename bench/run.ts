// `npm run bench [name …]`: runs the benchmarks one after another (they would disturb each
// other in parallel on two cores), prints one table with the targets beside the figures and
// writes the run to bench/results/<timestamp>.json.
//
// Each benchmark runs in a process of its own, started with this one's Node flags (those of
// `npm run bench`, which a test keeps equal to the server's): what one leaves behind (matching
// leaves hundreds of MB of heap to collect) never lands in the next one's latencies.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './report';

const benches: Record<string, () => Promise<{ default: () => Promise<BenchResult> }>> = {
  matching: () => import('./matching'),
  'api-orders': () => import('./api-orders'),
  'hub-fanout': () => import('./hub-fanout'),
  cluster: () => import('./cluster'),
  'engine-pipeline': () => import('./engine-pipeline'),
  'engine-pipeline-browser': () => import('./engine-pipeline-browser'),
  'browser-storm': () => import('./browser-storm'),
  'transaction-page': () => import('./transaction-page'),
};

function format(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** In a child started by runApart: runs one benchmark and writes its result where asked. */
async function runOne(name: string, out: string): Promise<void> {
  const mod = await benches[name]!();
  writeFileSync(out, JSON.stringify(await mod.default()));
}

function runApart(name: string): BenchResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'ox-bench-'));
  const out = path.join(dir, 'result.json');
  try {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_ONE: name, BENCH_OUT: out },
      stdio: 'inherit',
    });
    if (child.status !== 0) throw new Error(`exited with ${child.signal ?? child.status}`);
    return JSON.parse(readFileSync(out, 'utf8')) as BenchResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : Object.keys(benches);
  const results: BenchResult[] = [];
  for (const name of names) {
    if (!benches[name]) {
      console.error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
      process.exitCode = 2;
      continue;
    }
    console.log(`\n▶ ${name}`);
    try {
      results.push(runApart(name));
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

if (process.env.BENCH_ONE && process.env.BENCH_OUT) await runOne(process.env.BENCH_ONE, process.env.BENCH_OUT);
else await main();

// The engine pipeline benchmark (bench/engine-pipeline.ts) run inside headless Chromium: the
// same engine code (src/worker) and the same workload, bundled with esbuild into a dedicated
// module worker — where the real engine runs — and driven from a page. Reports book messages
// per second and message → snapshot latency on the browser's V8. Target ≥ 50,000 msgs/s per core.
//
// Per-core rates divide by the CPU time the renderer process used during each phase (read
// from /proc, GC and other helper threads included), as the Node benchmark divides by its own
// process CPU time: the machine may be busy with other work, which would distort wall-clock
// rates. Wall-clock rates are given for context.
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import { bundleForBrowser } from './lib/bundle';
import { launchChromium } from './lib/chromium';
import type { PhaseResult, PipelinePhase } from './lib/engine-pipeline-worker';
import { browserTag, cpuSecondsOf, rendererPids } from './lib/proc';
import { round } from './lib/stats';
import { serveStatic } from './lib/static-server';
import { workload } from './engine-pipeline';
import type { BenchResult } from './report';

const TARGET = 50_000;
const MESSAGES = 20_000;
const ROUNDS = 3;

const PAGE = `<!doctype html><meta charset="utf-8"><title>engine pipeline bench</title>
<script type="module">
  const worker = new Worker('/worker.js', { type: 'module', name: 'engine-pipeline-bench' });
  let pending = null;
  let updates = 0;
  worker.onmessage = (event) => {
    const data = event.data;
    if (data.type === 'update') { updates++; return; }
    const p = pending; pending = null;
    if (!p) return;
    if (data.type === 'result') p.resolve({ result: data.result, updatesOnPage: updates });
    else p.reject(new Error(data.message));
  };
  worker.onerror = (event) => pending?.reject(new Error('worker error: ' + event.message));
  window.runPhase = (phase, rounds) => new Promise((resolve, reject) => {
    updates = 0;
    pending = { resolve, reject };
    worker.postMessage({ messagesUrl: '/messages.json', phase, rounds });
  });
  document.title = 'ready';
</script>`;

interface Measured extends PhaseResult {
  readonly cpuSeconds: number;
  readonly updatesOnPage: number;
}

async function phase(page: Page, pids: readonly number[], name: PipelinePhase, rounds: number): Promise<Measured> {
  const cpu0 = cpuSecondsOf(pids);
  const { result, updatesOnPage } = await page.evaluate(
    ([p, r]) =>
      (window as unknown as { runPhase(p: string, r: number): Promise<{ result: PhaseResult; updatesOnPage: number }> }).runPhase(p, r),
    [name, rounds] as const,
  );
  return { ...result, updatesOnPage, cpuSeconds: cpuSecondsOf(pids) - cpu0 };
}

const perCore = (m: Measured) => m.count / Math.max(m.cpuSeconds, m.elapsedMs / 1000 / 100);
const wall = (m: Measured) => m.count / (m.elapsedMs / 1000);

export default async function run(): Promise<BenchResult> {
  const messages = workload(MESSAGES);
  const workerCode = await bundleForBrowser(fileURLToPath(new URL('./lib/engine-pipeline-worker.ts', import.meta.url)));
  const server = await serveStatic(
    {
      '/': { type: 'text/html; charset=utf-8', body: PAGE },
      '/worker.js': { type: 'text/javascript', body: workerCode },
      '/messages.json': { type: 'application/json', body: JSON.stringify(messages) },
    },
    { isolated: true },
  );
  const tag = browserTag();
  const browser = await launchChromium([tag]);
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => document.title === 'ready');
    const isolated = await page.evaluate(() => crossOriginIsolated);
    const chrome = browser.version();
    await phase(page, [], 'warmup', 2); // loads the messages and warms the JIT
    const pids = rendererPids(tag);
    if (pids.length === 0) throw new Error('could not find the renderer process of the benchmark browser in /proc');

    const perMessage = await phase(page, pids, 'perMessage', ROUNDS);
    const perFrame = await phase(page, pids, 'perFrame', ROUNDS);
    const posted = await phase(page, pids, 'perMessagePosted', 1);
    const jsonOnly = await phase(page, pids, 'jsonOnly', ROUNDS);
    const [load1] = loadavg();
    const bytes = messages.reduce((n, m) => n + m.length, 0) / messages.length;
    return {
      name: 'engine-pipeline-browser',
      workload:
        `The engine-pipeline workload (${MESSAGES.toLocaleString('en-US')} distinct full-book messages, ~${Math.round(bytes)} B JSON, ` +
        `×${ROUNDS}) through the engine code of src/worker, bundled with esbuild into a dedicated module worker in headless ` +
        `Chromium ${chrome} (${cpus().length} cores): JSON.parse → validate → merge → diff/flash → immutable snapshot → slice diff. ` +
        `Per-core rates divide by the renderer process's CPU time from /proc (GC threads included); wall-clock rates and the ` +
        `load average are context. "posted" also structured-clones every update to the page as comlink does ` +
        `(${posted.updatesOnPage.toLocaleString('en-US')} updates for ${posted.count.toLocaleString('en-US')} messages, the first full snapshot included, reached the page). ` +
        `Latency timer: ${isolated ? 'cross-origin isolated, 5 µs resolution' : '100 µs resolution'}.`,
      figures: [
        {
          label: 'msgs per CPU-second in a worker, snapshot per frame',
          value: Math.round(perCore(perFrame)),
          unit: 'msg/s/core',
          target: `>= ${TARGET.toLocaleString('en-US')}`,
          pass: perCore(perFrame) >= TARGET,
        },
        {
          label: 'msgs per CPU-second in a worker, snapshot per message',
          value: Math.round(perCore(perMessage)),
          unit: 'msg/s/core',
          target: `>= ${TARGET.toLocaleString('en-US')}`,
          pass: perCore(perMessage) >= TARGET,
        },
        { label: 'msgs per CPU-second, snapshot per message posted to the page', value: Math.round(perCore(posted)), unit: 'msg/s/core' },
        { label: 'msgs/s wall clock, snapshot per frame', value: Math.round(wall(perFrame)), unit: 'msg/s' },
        { label: 'msgs/s wall clock, snapshot per message', value: Math.round(wall(perMessage)), unit: 'msg/s' },
        { label: 'calibration: JSON.parse alone in the worker', value: Math.round(perCore(jsonOnly)), unit: 'msg/s/core' },
        { label: 'load average (1 min) during the run', value: round(load1 ?? 0, 2), unit: '' },
        { label: 'message → snapshot latency p50 (worker)', value: round((perMessage.p50 ?? NaN) * 1000), unit: 'µs' },
        { label: 'message → snapshot latency p99 (worker)', value: round((perMessage.p99 ?? NaN) * 1000), unit: 'µs' },
      ],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

// `npx tsx bench/engine-pipeline-browser.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}

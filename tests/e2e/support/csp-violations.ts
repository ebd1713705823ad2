import type { BrowserContext, ConsoleMessage, Worker } from 'playwright';

// Collects every Content-Security-Policy violation a browser context reports, in pages and in
// their workers:
// - documents: a `securitypolicyviolation` listener installed before any page script runs
//   (an init script), reporting through an exposed binding, so eval probes and blocked inline
//   styles are seen even when the page catches the refusal;
// - dedicated workers: the same listener, prepended to every script the server sends and
//   active only in a worker's global scope (init scripts do not run in workers; the engine's
//   worker is one self-contained module, so the prepended line runs before any of its code);
// - console errors from pages and workers that name the Content Security Policy.

export interface CspViolation {
  /** 'page' or 'worker'. */
  where: string;
  /** The document or worker that reported it. */
  url: string;
  directive: string;
  /** What was blocked: a URL, 'inline' or 'eval' (or the console text). */
  blocked: string;
  sample: string;
}

export interface CspWatch {
  readonly violations: readonly CspViolation[];
}

const MARK = '[csp-violation]';
const CSP_TEXT = /Content.Security.Policy/i;

/** In a worker: a listener reporting each violation as one console error line. */
const workerListener =
  `if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) self.addEventListener('securitypolicyviolation', ` +
  `(e) => console.error(${JSON.stringify(MARK)} + JSON.stringify({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample })));\n`;

function fromConsole(where: string, url: string, message: ConsoleMessage, out: CspViolation[]): void {
  const text = message.text();
  if (text.startsWith(MARK)) {
    const v = JSON.parse(text.slice(MARK.length)) as Omit<CspViolation, 'where' | 'url'>;
    out.push({ where, url, ...v });
  } else if (message.type() === 'error' && CSP_TEXT.test(text)) {
    out.push({ where, url, directive: '(console)', blocked: text, sample: '' });
  }
}

/** Starts watching `context` (call before its pages navigate); `origin` is the server's. */
export async function watchCspViolations(context: BrowserContext, origin: string): Promise<CspWatch> {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, v: Omit<CspViolation, 'where' | 'url'>) => {
    violations.push({ where: 'page', url: frame.url(), ...v });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __reportCspViolation?: (v: object) => void }).__reportCspViolation;
        report?.({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
      },
      true,
    );
  });
  await context.route(
    (url) => url.origin === origin && url.pathname.endsWith('.js'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: workerListener + (await response.text()) });
    },
  );
  const watchPage = (page: import('playwright').Page) => {
    page.on('console', (m) => {
      // The page's own marker lines come through the binding; workers' console lines are
      // taken from the worker below (Playwright may echo them on the page too).
      if (!m.text().startsWith(MARK)) fromConsole('page', page.url(), m, violations);
    });
    page.on('worker', (worker: Worker) => worker.on('console', (m) => fromConsole('worker', worker.url(), m, violations)));
  };
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  return { violations };
}

import { z } from 'zod/v4';

// The web app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles its
// object parsers with `new Function` when it can, and merely probing for that is reported as
// a CSP violation (even though zod catches the refusal). zod decides when a schema is built,
// so the setting must come before every schema: the web build (vite.config.ts) resolves
// `zod` to this module, which configures zod and then exports it unchanged. The server keeps
// the compiled parsers.
z.config({ jitless: true });

export * from 'zod/v4';

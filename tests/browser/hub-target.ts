// Where the production-entry test points the real SignalR client. Unset: a path the test
// server does not serve, so the start must fail cleanly. Set VITE_E2E_HUB_URL (and
// VITE_E2E_API_BASE) to a running server to exercise the real hub.
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const hubTarget = {
  hubUrl: env.VITE_E2E_HUB_URL ?? '/hubs/no-such-hub',
  apiBase: env.VITE_E2E_API_BASE ?? window.location.origin,
  live: Boolean(env.VITE_E2E_HUB_URL),
};

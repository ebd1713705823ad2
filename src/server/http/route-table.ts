import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

// Every route the app serves, as Fastify registered it (plugins, the hub's transport routes and
// the HEAD twins of GET routes included), with the input contract of routes declared through
// defineRoute. Lets tooling walk the whole surface instead of a list kept by hand.

/** What a defineRoute route reads from outside, by the shared schemas. */
export interface RouteContract {
  auth: boolean;
  body?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Null for routes not declared through defineRoute (dev pages, hub transports, static files). */
  contract: RouteContract | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, in registration order. */
    routeTable(): readonly RouteEntry[];
  }
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}

/** Starts recording routes; call before any route is added (child plugins inherit the hook). */
export function installRouteTable(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const contract = (route.config as { contract?: RouteContract } | undefined)?.contract ?? null;
    for (const method of methods) entries.push({ method: String(method), url: route.url, contract });
  });
  app.decorate('routeTable', () => entries);
}

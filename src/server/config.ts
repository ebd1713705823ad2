import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxySetting } from './http/trust-proxy';
import { bitcoinNetworks, type BitcoinNetwork } from '../shared/addresses/bitcoin-address';
import { moneyConfig, moneyEnvSchema, type MoneyConfig } from './transfers/money-config';
import { clusterConfig, clusterEnvShape, type ClusterConfig } from './cluster/cluster-config';

/** One rate limit: at most `max` hits per `windowMs` for one key (IP or account). */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitConfig {
  /** Login attempts per client IP. */
  loginPerIp: RateLimitRule;
  /** Login attempts per email address, so one account can't be brute-forced from many IPs. */
  loginPerAccount: RateLimitRule;
  /** Verification code requests (email or phone) per user. */
  codeRequestPerUser: RateLimitRule;
  /** Verification code requests per IP. */
  codeRequestPerIp: RateLimitRule;
  /** Orders placed per user (POST /v1/orders/buy|sell). */
  ordersPerUser: RateLimitRule;
  /** Order cancellations per user. */
  cancelsPerUser: RateLimitRule;
  /** Requests for quote per user. */
  quotesPerUser: RateLimitRule;
  /** Forgot-password requests per IP. */
  forgotPasswordPerIp: RateLimitRule;
  /** Forgot-password requests per email, so nobody can flood one mailbox. */
  forgotPasswordPerAccount: RateLimitRule;
  /** Registrations per IP. */
  registerPerIp: RateLimitRule;
  /** New hub connections (negotiations) per user. */
  hubNegotiatePerUser: RateLimitRule;
}

export interface HubLimitsConfig {
  /** Open hub connections one user may hold. */
  maxConnectionsPerUser: number;
  /** Negotiated hub connections not yet started that one user may hold. */
  maxPendingNegotiationsPerUser: number;
}

export interface ServerConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Interface to listen on: 127.0.0.1 unless production (0.0.0.0) or HOST says otherwise. */
  host: string;
  /**
   * The development aids: /dev routes (outbox with every code and link, faucet, depth) and
   * the demo account with its published password. Off unless DEV_ROUTES turns it on; never
   * in production.
   */
  devRoutes: boolean;
  /** Where the SQLite file, the signing key and other local state live. */
  dataDir: string;
  /** The Bitcoin network of deposit addresses and withdrawal checks: mainnet (bc1) unless BITCOIN_NETWORK says testnet or regtest. */
  bitcoinNetwork: BitcoinNetwork;
  /** Base URL of the web app, used for links in mail. */
  publicUrl: string;
  /** SMTP connection URL used in production (nodemailer). */
  smtpUrl: string | undefined;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /** postgres://… selects PostgreSQL; absent means SQLite in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Market-simulator events per second across all pairs (0 = off; default 0 in production, else 50). */
  simRate: number;
  /**
   * Benchmark only (the browser storm): this pair (btcusd…) gets most of the simulator's events,
   * six in ten of them taker orders that sweep several quotes each (one order, several trades),
   * the rest refilling the ladders, and every pair's book goes out after each commit instead of at
   * most every 50 ms. Absent by default; refused in production.
   */
  stormPair: string | undefined;
  /** Origins allowed to call with credentials (besides same-origin). */
  trustedOrigins: string[];
  /** Which X-Forwarded-* to honour: none, that many proxy hops, or proxies at these addresses/ranges. */
  trustProxy: TrustProxySetting;
  /** Orders one user may have open (resting or waiting stops) before new ones that could rest are refused. */
  maxOpenOrdersPerUser: number;
  /** Cumulative USD (and USD stablecoin) deposits above which a user must answer enhanced due diligence. */
  eddDepositThresholdUsd: number;
  /** 30-day traded USD volume above which a user must answer enhanced due diligence. */
  eddVolumeThresholdUsd: number;
  /** Withdrawals above this USD amount wait for an operator's review before they are paid. */
  withdrawalReviewThresholdUsd: number;
  /** Origins the web app calls besides its own (absolute VITE_API_BASE / VITE_HUB_URL), for the CSP. */
  webAppConnectOrigins: string[];
  logLevel: string;
  /** JSON body limit in bytes. */
  bodyLimit: number;
  /** Directory of the built web app served with SPA fallback; absent = not served. */
  staticDir: string | undefined;
  rateLimits: RateLimitConfig;
  hubLimits: HubLimitsConfig;
  /** Money in and out: withdrawal fees, settlement times, the receiving bank, ACH limit, fee tiers. */
  money: MoneyConfig;
  /** Where SQLite batches of the exchange are written: its writer thread, or inline on the app's connection. */
  exchangeCommit: 'thread' | 'inline';
  /** RSS or Atom feed read into the news store (NEWS_FEED_URL); absent: the seeded news only. */
  newsFeedUrl: string | undefined;
  /** How often the feed is read (NEWS_FEED_INTERVAL_MINUTES). */
  newsFeedIntervalMs: number;
  /** Single process (default), or the core or an edge of a cluster (ROLE, REDIS_URL, CLUSTER_*). */
  cluster: ClusterConfig;
}

const MINUTE = 60_000;

export const defaultRateLimits: RateLimitConfig = {
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  codeRequestPerUser: { max: 5, windowMs: 15 * MINUTE },
  codeRequestPerIp: { max: 30, windowMs: 15 * MINUTE },
  ordersPerUser: { max: 50, windowMs: 1000 },
  cancelsPerUser: { max: 50, windowMs: 1000 },
  quotesPerUser: { max: 20, windowMs: 1000 },
  forgotPasswordPerIp: { max: 10, windowMs: 15 * MINUTE },
  forgotPasswordPerAccount: { max: 3, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  hubNegotiatePerUser: { max: 60, windowMs: MINUTE },
};

export const DEFAULT_MAX_OPEN_ORDERS = 500;

const RATE_UNITS: Record<string, number> = { ms: 1, s: 1000, m: MINUTE, h: 60 * MINUTE };

const RATE_RULE = /^(\d{1,9})\/(\d{1,9})(ms|s|m|h)$/;

/** `max/window`, e.g. `50/1s` or `600/1m`. */
const rateRule = z.string().transform((text, ctx): RateLimitRule => {
  const m = RATE_RULE.exec(text.replace(/\s+/g, ''));
  const rule = m ? { max: Number(m[1]), windowMs: Number(m[2]) * RATE_UNITS[m[3]!]! } : null;
  if (rule && rule.max >= 1 && rule.windowMs >= 1) return rule;
  ctx.addIssue({ code: 'custom', message: 'must be max/window, both at least 1, e.g. 50/1s or 600/1m' });
  return z.NEVER;
});

const trustProxySetting = z.string().transform((text, ctx): TrustProxySetting => {
  const parsed = parseTrustProxy(text);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/** The origin of an absolute http(s) URL (and its WebSocket twin for the hub); nothing for a relative one. */
function connectOrigins(url: string | undefined, withWebSocket: boolean): string[] {
  if (!url || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return [];
  const origin = new URL(url).origin;
  return withWebSocket ? [origin, origin.replace(/^http/i, 'ws')] : [origin];
}

const envSchema = moneyEnvSchema.extend({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BITCOIN_NETWORK: z.enum(bitcoinNetworks).default('mainnet'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Ox Exchange <no-reply@ox.exchange>'),
  DATABASE_URL: z.string().min(1).optional(),
  SIM_RATE: z.coerce.number().nonnegative().optional(),
  STORM_PAIR: z
    .string()
    .regex(/^[a-z0-9]{2,20}$/, 'must be a pair symbol in lower case, e.g. btcusd')
    .optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxySetting.optional(),
  ORDER_RATE_LIMIT: rateRule.optional(),
  CANCEL_RATE_LIMIT: rateRule.optional(),
  QUOTE_RATE_LIMIT: rateRule.optional(),
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_MAX_OPEN_ORDERS),
  EDD_DEPOSIT_THRESHOLD_USD: z.coerce.number().positive().default(50_000),
  EDD_VOLUME_THRESHOLD_USD: z.coerce.number().positive().default(250_000),
  WITHDRAWAL_REVIEW_THRESHOLD_USD: z.coerce.number().positive().default(10_000),
  VITE_API_BASE: z.string().optional(),
  VITE_HUB_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  STATIC_DIR: z.string().optional(),
  DEV_ROUTES: z.enum(['true', 'false', '1', '0']).optional(),
  HUB_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(10),
  HUB_MAX_NEGOTIATIONS_PER_USER: z.coerce.number().int().min(1).default(10),
  HUB_NEGOTIATIONS_PER_MINUTE: z.coerce.number().int().min(1).default(defaultRateLimits.hubNegotiatePerUser.max),
  EXCHANGE_COMMIT: z.enum(['thread', 'inline']).default('thread'),
  NEWS_FEED_URL: z.url({ protocol: /^https?$/, error: 'NEWS_FEED_URL must be an http(s) URL of an RSS or Atom feed.' }).optional(),
  NEWS_FEED_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  ...clusterEnvShape,
});

/**
 * Refuses a configuration that would expose the development aids in production: the outbox
 * pages hand out every reset link and code, the faucet mints money, the demo password is public.
 */
export function assertSafeConfig(config: Pick<ServerConfig, 'nodeEnv' | 'devRoutes'> & Partial<Pick<ServerConfig, 'stormPair'>>): void {
  if (config.nodeEnv === 'production' && config.devRoutes) {
    throw new Error(
      'DEV_ROUTES is refused with NODE_ENV=production: the /dev routes show every reset link and code, mint money and enable the demo login. Unset DEV_ROUTES (or set it to false).',
    );
  }
  // A benchmark load: it floods one pair with system trades and lifts the book throttle.
  if (config.nodeEnv === 'production' && config.stormPair) {
    throw new Error(
      'STORM_PAIR is refused with NODE_ENV=production: it is a benchmark load (one pair flooded with simulator trades, book throttle lifted). Unset STORM_PAIR.',
    );
  }
}

/** Reads the server configuration from environment variables (throws on invalid values). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const trustedOrigins = (e.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (!trustedOrigins.includes(new URL(publicUrl).origin)) trustedOrigins.push(new URL(publicUrl).origin);
  const production = e.NODE_ENV === 'production';
  const config: ServerConfig = {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    devRoutes: e.DEV_ROUTES === 'true' || e.DEV_ROUTES === '1',
    dataDir: path.resolve(cwd, e.DATA_DIR),
    bitcoinNetwork: e.BITCOIN_NETWORK,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    databaseUrl: e.DATABASE_URL,
    simRate: e.SIM_RATE ?? (production ? 0 : 50),
    stormPair: e.STORM_PAIR,
    trustedOrigins,
    trustProxy: e.TRUST_PROXY ?? false,
    maxOpenOrdersPerUser: e.MAX_OPEN_ORDERS,
    eddDepositThresholdUsd: e.EDD_DEPOSIT_THRESHOLD_USD,
    eddVolumeThresholdUsd: e.EDD_VOLUME_THRESHOLD_USD,
    withdrawalReviewThresholdUsd: e.WITHDRAWAL_REVIEW_THRESHOLD_USD,
    webAppConnectOrigins: [...new Set([...connectOrigins(e.VITE_API_BASE, false), ...connectOrigins(e.VITE_HUB_URL, true)])],
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    bodyLimit: e.BODY_LIMIT,
    staticDir: e.STATIC_DIR === '' ? undefined : path.resolve(cwd, e.STATIC_DIR ?? 'dist'),
    rateLimits: {
      ...defaultRateLimits,
      hubNegotiatePerUser: { max: e.HUB_NEGOTIATIONS_PER_MINUTE, windowMs: MINUTE },
      ...(e.ORDER_RATE_LIMIT ? { ordersPerUser: e.ORDER_RATE_LIMIT } : {}),
      ...(e.CANCEL_RATE_LIMIT ? { cancelsPerUser: e.CANCEL_RATE_LIMIT } : {}),
      ...(e.QUOTE_RATE_LIMIT ? { quotesPerUser: e.QUOTE_RATE_LIMIT } : {}),
    },
    hubLimits: {
      maxConnectionsPerUser: e.HUB_MAX_CONNECTIONS_PER_USER,
      maxPendingNegotiationsPerUser: e.HUB_MAX_NEGOTIATIONS_PER_USER,
    },
    money: moneyConfig(e, production),
    exchangeCommit: e.EXCHANGE_COMMIT,
    newsFeedUrl: e.NEWS_FEED_URL,
    newsFeedIntervalMs: e.NEWS_FEED_INTERVAL_MINUTES * MINUTE,
    cluster: clusterConfig(e, e.DATABASE_URL, `edge-${port}`),
  };
  assertSafeConfig(config);
  return config;
}

/** A configuration for tests and tools: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<ServerConfig> & { dataDir: string }): ServerConfig {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: overrides.dataDir, STATIC_DIR: '' });
  // Tests of other rules fund traders with large faucet deposits; the EDD rule is tested with
  // thresholds of its own, so by default it never trips here.
  const eddOff = { eddDepositThresholdUsd: Number.MAX_SAFE_INTEGER, eddVolumeThresholdUsd: Number.MAX_SAFE_INTEGER };
  return { ...base, ...eddOff, ...overrides, rateLimits: { ...defaultRateLimits, ...overrides.rateLimits } };
}

// The environment `npm start` gives the server: what the caller set, plus the development
// aids (DEV_ROUTES: /dev outbox and faucet, the demo login) unless NODE_ENV=production or the
// caller chose DEV_ROUTES themselves. Only `npm start` does this: the server alone keeps them off.
export function startEnv(env) {
  if (env.DEV_ROUTES !== undefined || env.NODE_ENV === 'production') return { ...env };
  return { ...env, DEV_ROUTES: 'true' };
}

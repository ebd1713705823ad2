// Spec B §7: hub methods the browser invokes and events it receives.

export const hubMethods = {
  joinFeedGroups: 'JoinFeedGroups',
  leaveFeedGroups: 'LeaveFeedGroups',
  getActiveFeedGroups: 'GetActiveFeedGroups',
  isConnectionHealthy: 'IsConnectionHealthy',
  getActiveGroupsInfo: 'GetActiveGroupsInfo',
} as const;
export type HubMethod = (typeof hubMethods)[keyof typeof hubMethods];

export const hubEvents = {
  orderBook: 'ReceiveOrderBook',
  trade: 'ReceiveTrade',
  ticker: 'ReceiveTicker',
  endUserBalance: 'ReceiveEndUserBalance',
  endUserOrder: 'ReceiveEndUserOrder',
  endUserTrade: 'ReceiveEndUserTrade',
  userOnboarding: 'ReceiveUserOnboarding',
  error: 'ReceiveError',
} as const;
export type HubEvent = (typeof hubEvents)[keyof typeof hubEvents];

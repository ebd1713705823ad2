import type { NewsItem } from '../../shared/api/news';

// The news shipped with the repository, so the Market News screen has content offline and
// before a feed (NEWS_FEED_URL) has been read. Titles use the inline markup a feed may carry.
export const seedNews: readonly NewsItem[] = [
  {
    link: 'https://bitcoin.org/en/bitcoin-paper',
    title: 'The <em>Bitcoin</em> white paper, sixteen years on',
    publish_date: '2025-01-01T09:00:00.000Z',
  },
  {
    link: 'https://ethereum.org/en/roadmap/',
    title: 'Ethereum roadmap: what <strong>scaling</strong> means for fees',
    publish_date: '2024-12-30T14:30:00.000Z',
  },
  {
    link: 'https://www.sec.gov/news',
    title: 'Regulators publish new guidance on spot crypto custody',
    publish_date: '2024-12-28T11:15:00.000Z',
  },
  {
    link: 'https://www.federalreserve.gov/newsevents.htm',
    title: 'Rate decision: markets price in a <em>pause</em>',
    publish_date: '2024-12-27T18:00:00.000Z',
  },
  {
    link: 'https://tether.to/en/transparency/',
    title: 'USDT reserves report: the latest attestation',
    publish_date: '2024-12-24T08:45:00.000Z',
  },
  {
    link: 'https://www.circle.com/en/transparency',
    title: 'USDC monthly reserve attestation released',
    publish_date: '2024-12-20T16:20:00.000Z',
  },
  { link: 'https://solana.com/news', title: 'Solana validators ship a client update', publish_date: '2024-12-18T10:00:00.000Z' },
  {
    link: 'https://bitcoinops.org/en/newsletters/',
    title: 'Bitcoin Optech: <code>OP_CAT</code> and covenant proposals',
    publish_date: '2024-12-16T13:10:00.000Z',
  },
  {
    link: 'https://www.bis.org/topic/fintech.htm',
    title: 'Central banks compare notes on tokenised deposits',
    publish_date: '2024-12-12T07:30:00.000Z',
  },
  {
    link: 'https://paxos.com/newsroom/',
    title: 'PAX: issuer publishes its quarterly reserve report',
    publish_date: '2024-12-10T15:00:00.000Z',
  },
  {
    link: 'https://www.esma.europa.eu/press-news/esma-news',
    title: 'MiCA: transitional period milestones for exchanges',
    publish_date: '2024-12-06T09:40:00.000Z',
  },
  {
    link: 'https://lightning.network/',
    title: 'Lightning capacity reaches a <strong>new high</strong>',
    publish_date: '2024-12-03T12:00:00.000Z',
  },
  {
    link: 'https://www.coindesk.com/markets/',
    title: 'Weekly market wrap: BTC/USD volatility cools',
    publish_date: '2024-11-29T17:25:00.000Z',
  },
  {
    link: 'https://www.imf.org/en/Topics/fintech',
    title: 'IMF note on crypto assets and capital flows',
    publish_date: '2024-11-26T08:00:00.000Z',
  },
];

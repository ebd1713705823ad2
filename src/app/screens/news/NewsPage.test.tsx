// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import NewsPage from './NewsPage';

const item = (i: number) => ({
  link: `https://news.example.com/${i}`,
  title: `Story <em>${i}</em>`,
  publish_date: new Date(Date.UTC(2024, 11, 20 - i, 12)).toISOString(),
});

beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('A2.news.title, A2.news.loading-text, A2.news.cards, A2.news.opens-new-tab, A2.news.paginated, A4.news.states, A3.news.fields: cards of six a page, each a new-tab link', async () => {
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(200, { data: Array.from({ length: 8 }, (_, i) => item(i)) })).fetch);
  const user = userEvent.setup();
  renderAt(<NewsPage />, '/market');
  expect(screen.getByRole('heading', { name: 'Market News' })).toBeTruthy();
  expect(screen.getByText('Loading news...')).toBeTruthy();
  const grid = await screen.findByRole('list', { name: 'News, page 1 of 2' });
  const links = within(grid).getAllByRole('link');
  expect(links).toHaveLength(6);
  expect(links[0]!.getAttribute('href')).toBe('https://news.example.com/0');
  expect(links[0]!.getAttribute('target')).toBe('_blank');
  expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  expect(links[0]!.querySelector('em')?.textContent).toBe('0');
  expect(within(links[0]!).getByText('News')).toBeTruthy();
  expect(within(links[0]!).getByText('Dec 20, 2024')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(within(screen.getByRole('list', { name: 'News, page 2 of 2' })).getAllByRole('link')).toHaveLength(2);
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
});

test('A4.news.failure-shows-empty, A2.news.empty-text, A4.news.states: a failed load is logged and shows the empty text', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(500, { title: 'down' })).fetch);
  renderAt(<NewsPage />, '/market');
  expect(await screen.findByText('No market news available at the moment. Please check back later.')).toBeTruthy();
  expect(log).toHaveBeenCalled();
});

test('A9.news.card-gradients: cards cycle through six gradient styles', async () => {
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(200, { data: Array.from({ length: 8 }, (_, i) => item(i)) })).fetch);
  const user = userEvent.setup();
  renderAt(<NewsPage />, '/market');
  const style = (card: HTMLElement) => [...card.classList].find((c) => /^news-card-\d+$/.test(c));
  const page1 = await screen.findByRole('list', { name: 'News, page 1 of 2' });
  expect(within(page1).getAllByRole('listitem').map(style)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `news-card-${n}`));
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  const page2 = screen.getByRole('list', { name: 'News, page 2 of 2' });
  expect(within(page2).getAllByRole('listitem').map(style)).toEqual(['news-card-0', 'news-card-1']);
});

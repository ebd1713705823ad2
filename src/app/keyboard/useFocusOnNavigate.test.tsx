// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { useFocusOnNavigate } from './useFocusOnNavigate';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <nav>
        <Link to="/b">Header link</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function SelfFocusing() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return <input ref={input} aria-label="Code" />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: 'a', element: <Link to="/b">Link in page</Link> },
          { path: 'b', element: <p>Page b</p> },
          { path: 'c', element: <SelfFocusing /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('A1.navigation.focus-moves-to-page', () => {
  test('the first page keeps the browser’s own start', () => {
    renderAt('/a');
    expect(document.activeElement).toBe(document.body);
  });

  test('a header link that opens another page leaves the focus on that page’s content', async () => {
    renderAt('/a');
    const link = screen.getByRole('link', { name: 'Header link' });
    link.focus();
    fireEvent.click(link);
    await screen.findByText('Page b');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  test('a link that leaves with its page hands the focus to the new page’s content, not the document', async () => {
    renderAt('/a');
    const link = screen.getByRole('link', { name: 'Link in page' });
    link.focus();
    fireEvent.click(link);
    await screen.findByText('Page b');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  test('a page that focuses a field of its own keeps it', async () => {
    const router = renderAt('/a');
    await act(() => router.navigate('/c'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
  });

  test('a new query on the same page leaves the focus where it is', async () => {
    const router = renderAt('/b');
    const link = screen.getByRole('link', { name: 'Header link' });
    link.focus();
    await act(() => router.navigate('/b?page=2'));
    expect(document.activeElement).toBe(link);
  });
});

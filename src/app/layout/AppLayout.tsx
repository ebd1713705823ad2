import { Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useFocusOnNavigate } from '../keyboard/useFocusOnNavigate';
import LoadingPage from '../screens/LoadingPage';
import { useRouteTitle } from '../title/useRouteTitle';
import Header from './Header';

export default function AppLayout() {
  const main = useRef<HTMLElement>(null);
  useRouteTitle();
  useFocusOnNavigate(main);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main ref={main} id="main" className="app-main" tabIndex={-1}>
        {/* Lazily loaded screens (account forms, approved addresses) show the loading screen meanwhile. */}
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
      </main>
      {/* A new page opens at its top (its heading and Back link in sight), not at the last page's
          scroll position; Back and Forward return to where the page was left. */}
      <ScrollRestoration />
    </div>
  );
}

import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import LoadingPage from '../screens/LoadingPage';
import Header from './Header';

export default function AppLayout() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        {/* Lazily loaded screens (account forms, approved addresses) show the loading screen meanwhile. */}
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

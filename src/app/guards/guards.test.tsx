// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../session/session';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch';
import { LocationProbe, renderRoutes } from '../testing/render';
import { wireUser } from '../testing/users';
import { toast } from '../toast/toast';
import AuthGuard from './AuthGuard';
import RoleGuard from './RoleGuard';
import { hasAnyRole } from './roles';

const routes = [
  {
    element: (
      <>
        <AuthGuard />
        <LocationProbe />
      </>
    ),
    children: [
      { path: 'dashboard', element: <p>dashboard content</p> },
      { element: <RoleGuard roles={['admin', 'compliance']} />, children: [{ path: 'admin', element: <p>admin content</p> }] },
    ],
  },
  { path: 'account/login', element: <LocationProbe /> },
  { path: 'unauthorized', element: <LocationProbe /> },
];

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  session.clear();
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth guard (spec A §5, §6)', () => {
  test('A5 auth guard: waits for the start-up session check before deciding', () => {
    renderRoutes(routes, '/dashboard');
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    expect(location()).toBe('/dashboard');
  });

  describe('after the start-up check', () => {
    beforeAll(async () => {
      // No cookie session either: /me and the refresh both answer 401.
      vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })).fetch);
      await session.loadCurrentUser();
      vi.unstubAllGlobals();
    });

    test('A5.guards.no-user-to-login: no current user → login with returnUrl', () => {
      renderRoutes(routes, '/dashboard?range=7d');
      expect(location()).toBe('/account/login?returnUrl=%2Fdashboard%3Frange%3D7d');
    });

    test('A5 auth guard: a logged-in user sees the page', () => {
      session.setUser(wireUser());
      renderRoutes(routes, '/dashboard');
      expect(screen.getByText('dashboard content')).toBeTruthy();
    });

    test('A5 auth guard: losing the session (e.g. logout in another tab) leaves the page for login', () => {
      session.setUser(wireUser());
      renderRoutes(routes, '/dashboard');
      act(() => session.clear());
      expect(location()).toBe('/account/login?returnUrl=%2Fdashboard');
    });

    test('A5.guards.missing-role-to-unauthorized: a user holding none of the required roles goes to /unauthorized', () => {
      session.setUser(wireUser({ roles: ['client'] }));
      renderRoutes(routes, '/admin');
      expect(location()).toBe('/unauthorized');
    });

    test('A6.roles.users-carry-roles: a user carries a list of roles, and one of the required roles is enough', () => {
      session.setUser(wireUser({ roles: ['client', 'compliance'] }));
      renderRoutes(routes, '/admin');
      expect(screen.getByText('admin content')).toBeTruthy();
    });
  });
});

test('A6 roles: none required means open; otherwise at least one', () => {
  expect(hasAnyRole({ roles: [] }, undefined)).toBe(true);
  expect(hasAnyRole({ roles: [] }, [])).toBe(true);
  expect(hasAnyRole({ roles: ['client'] }, ['admin'])).toBe(false);
  expect(hasAnyRole({ roles: ['client'] }, ['admin', 'client'])).toBe(true);
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/constants';
import { setNavigator } from './navigation/navigator';
import { createAppRouter } from './router';
import { session } from './session/session';
import ToastHost from './toast/ToastHost';
import './styles/index.css';

const router = createAppRouter();
// Lets the HTTP client's session-expiry path navigate without a full page load.
setNavigator((to, options) => void router.navigate(to, options));

document.title = PRODUCT_NAME;
void session.loadCurrentUser();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ToastHost />
  </StrictMode>,
);

import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isScreenLoadFailure } from './route-error';

/**
 * A screen's code failed to load or the screen threw. Shown inside the layout, so the header
 * stays and the screens already loaded stay a click away; the layout's own failure shows it
 * alone. A reload fetches the screen's code anew (a failed import is not retried in place).
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const notLoaded = isScreenLoadFailure(error);
  const detail = notLoaded
    ? 'Check your connection, then reload the page.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : null;
  return (
    <div className="page page-center" role="alert">
      <h1 className="status-title">{notLoaded ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      {detail && <p className="muted">{detail}</p>}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

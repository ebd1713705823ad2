import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** A screen's code failed to load (e.g. a new deployment replaced the chunk) or threw. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="page page-center" role="alert">
      <h1 className="status-title">Something went wrong</h1>
      {detail && <p className="muted">{detail}</p>}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

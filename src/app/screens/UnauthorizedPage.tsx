import { Link } from 'react-router-dom';

/** Spec A §2/§8: shown when the user lacks every role a route requires. */
export default function UnauthorizedPage() {
  return (
    <div className="page page-center">
      <h1 className="status-title">Unauthorized</h1>
      <p className="muted">Your account does not have access to this page.</p>
      <Link className="btn btn-primary" to="/dashboard">
        Back to dashboard
      </Link>
    </div>
  );
}

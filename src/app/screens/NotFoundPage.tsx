import { Link } from 'react-router-dom';
import { accountMessages } from '../../shared/messages';

export default function NotFoundPage() {
  return (
    <div className="page page-center">
      <h1 className="status-title">{accountMessages.notFound}</h1>
      <p className="muted">The page you are looking for does not exist.</p>
      <Link className="btn btn-primary" to="/">
        Go home
      </Link>
    </div>
  );
}

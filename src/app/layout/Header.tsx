import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/constants';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useSession } from '../hooks/useSession';
import DesktopNav from './DesktopNav';
import { MOBILE_QUERY } from './media-query';
import MobileMenu from './MobileMenu';

/** Spec A §2: the logo links to /; navigation only for logged-in users. */
export default function Header() {
  const { user } = useSession();
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        {/* Named by its visible text (the mark is decoration): a name that differs from what
            is shown trips speech input users (WCAG 2.5.3). */}
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            OX
          </span>
          <span className="brand-name">{PRODUCT_NAME}</span>
        </Link>
        {mobile ? <MobileMenu loggedIn={user !== null} /> : user ? <DesktopNav /> : null}
      </div>
    </header>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { accountMessages } from '../../shared/messages';
import { session } from '../session/session';
import { MARKET_NEWS_PATH, navGroups, primaryLinks, toggleOpen } from './nav-items';
import NavGroupMenu from './NavGroupMenu';

/**
 * Spec A §2: at 992 px and below, a 320 px slide-out menu. Sections open one at a time;
 * logged-out visitors get a prompt to log in instead of links.
 */
export default function MobileMenu({ loggedIn }: { loggedIn: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [section, setSection] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  const close = () => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <div className="nav-mobile">
      <button
        ref={toggleRef}
        type="button"
        className="nav-burger"
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
        aria-label={menuOpen ? 'Close navigation menu' : 'Open navigation menu'}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span className="burger-lines" aria-hidden="true" />
      </button>
      <div className="mobile-backdrop" data-open={menuOpen} onClick={close} aria-hidden="true" />
      <aside
        id="mobile-menu"
        className="mobile-menu"
        data-open={menuOpen}
        aria-label="Navigation menu"
        aria-hidden={!menuOpen}
        inert={!menuOpen}
        onKeyDown={onKeyDown}
      >
        <div className="mobile-menu-header">
          <span className="mobile-menu-title">Menu</span>
          <button type="button" className="btn btn-ghost btn-small" onClick={close} aria-label="Close navigation menu">
            ✕
          </button>
        </div>
        {!loggedIn ? (
          <p className="mobile-menu-empty">{accountMessages.loggedOutMobileNav}</p>
        ) : (
          <nav aria-label="Main">
            <ul className="mobile-list">
              {primaryLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="mobile-link" onClick={() => setMenuOpen(false)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {navGroups.map((group) => (
                <NavGroupMenu
                  key={group.id}
                  group={group}
                  open={section === group.id}
                  idPrefix="mobile-section"
                  classes={{ toggle: 'mobile-link mobile-section-toggle', list: 'mobile-sublist', link: 'mobile-link mobile-sublink' }}
                  onToggle={() => setSection((current) => toggleOpen(current, group.id))}
                  onChoose={() => setMenuOpen(false)}
                />
              ))}
            </ul>
            <div className="mobile-actions">
              <button
                type="button"
                className="btn btn-secondary btn-block"
                onClick={() => {
                  setMenuOpen(false);
                  navigate(MARKET_NEWS_PATH);
                }}
              >
                Market News
              </button>
              <button type="button" className="btn btn-ghost btn-block" onClick={() => void session.logout()}>
                Logout
              </button>
            </div>
          </nav>
        )}
      </aside>
    </div>
  );
}

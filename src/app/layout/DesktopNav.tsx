import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useOutsideClick } from '../hooks/useOutsideClick';
import { session } from '../session/session';
import { MARKET_NEWS_PATH, navGroups, primaryLinks, toggleOpen } from './nav-items';
import NavGroupMenu from './NavGroupMenu';

/** Logged-in navigation above the 992 px breakpoint (spec A §2). */
export default function DesktopNav() {
  const [open, setOpen] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useOutsideClick(navRef, () => setOpen(null), open !== null);
  useEffect(() => setOpen(null), [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || open === null) return;
    const id = open;
    setOpen(null);
    navRef.current?.querySelector<HTMLButtonElement>(`[aria-controls="nav-menu-${id}"]`)?.focus();
  };

  return (
    <nav ref={navRef} className="nav-desktop" aria-label="Main" onKeyDown={onKeyDown}>
      <ul className="nav-list">
        {primaryLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-link">
              {link.label}
            </NavLink>
          </li>
        ))}
        {navGroups.map((group) => (
          <NavGroupMenu
            key={group.id}
            group={group}
            open={open === group.id}
            idPrefix="nav-menu"
            classes={{ item: 'nav-dropdown', toggle: 'nav-link nav-dropdown-toggle', list: 'nav-dropdown-menu', link: 'nav-dropdown-item' }}
            onToggle={() => setOpen((current) => toggleOpen(current, group.id))}
            onChoose={() => setOpen(null)}
          />
        ))}
      </ul>
      <div className="nav-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => navigate(MARKET_NEWS_PATH)}>
          Market News
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void session.logout()}>
          Logout
        </button>
      </div>
    </nav>
  );
}

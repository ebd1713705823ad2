import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useOutsideClick } from '../hooks/useOutsideClick';
import { session } from '../session/session';
import { MARKET_NEWS_PATH, navGroups, primaryLinks, toggleOpen } from './nav-items';

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
          <li key={group.id} className="nav-dropdown">
            <button
              type="button"
              className="nav-link nav-dropdown-toggle"
              aria-expanded={open === group.id}
              aria-controls={`nav-menu-${group.id}`}
              onClick={() => setOpen((current) => toggleOpen(current, group.id))}
            >
              {group.label}
              <span className="caret" aria-hidden="true" />
            </button>
            <ul id={`nav-menu-${group.id}`} className="nav-dropdown-menu" hidden={open !== group.id}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="nav-dropdown-item" onClick={() => setOpen(null)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
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

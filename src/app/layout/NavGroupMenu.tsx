import { NavLink } from 'react-router-dom';
import type { NavGroup } from './nav-items';

// One collapsible group of links (Payment, Security), shared by the desktop dropdowns and the
// mobile sections; only the class names and what choosing an item closes differ.

export interface NavGroupMenuProps {
  group: NavGroup;
  open: boolean;
  /** Prefix of the list's id, which the toggle names in aria-controls. */
  idPrefix: string;
  classes: { item?: string; toggle: string; list: string; link: string };
  onToggle(): void;
  onChoose(): void;
}

export default function NavGroupMenu({ group, open, idPrefix, classes, onToggle, onChoose }: NavGroupMenuProps) {
  const listId = `${idPrefix}-${group.id}`;
  return (
    <li className={classes.item}>
      <button type="button" className={classes.toggle} aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        {group.label}
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className={classes.list} hidden={!open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={classes.link} onClick={onChoose}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

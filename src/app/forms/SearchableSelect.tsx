import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { selectTexts } from '../../shared/messages';
import { Field, type FieldError } from './Field';

export interface SearchableOption {
  /** Unique per option; several options may share a value (e.g. +1 for many countries). */
  key: string;
  value: string;
  label: string;
}

export interface SearchableSelectProps {
  label: string;
  options: readonly SearchableOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: FieldError;
  hint?: ReactNode;
  id?: string;
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A combobox: type to filter, arrows and Enter to choose, Escape to back out. Clearing the
 * text and leaving the field clears the value; any other unfinished text is discarded so
 * the value is always one of the options (or empty).
 */
export function SearchableSelect(props: SearchableSelectProps) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint} id={props.id}>
      {(control) => <Combobox {...props} control={control} />}
    </Field>
  );
}

function Combobox({
  options,
  value,
  onChange,
  onBlur,
  name,
  placeholder = selectTexts.typeToSearch,
  ref,
  control,
}: SearchableSelectProps & { control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string } }) {
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<SearchableOption | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const filtered = useMemo(() => {
    const q = query?.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);

  // The value may be set from outside (defaults, a reset); then show it as it is.
  const selectedLabel = chosen && chosen.value === value ? chosen.label : value;
  const text = query ?? selectedLabel;
  const activeOption = open ? filtered[active] : undefined;

  function choose(option: SearchableOption) {
    setChosen(option);
    setQuery(null);
    setOpen(false);
    onChange(option.value);
  }

  function moveTo(index: number) {
    const bounded = Math.max(0, Math.min(filtered.length - 1, index));
    setActive(bounded);
    listRef.current?.querySelector(`[data-index="${bounded}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        else moveTo(active + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        moveTo(active - 1);
        break;
      case 'Enter':
        if (open && activeOption) {
          e.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          e.preventDefault();
          setQuery(null);
          setOpen(false);
        }
        break;
    }
  }

  function leave() {
    if (query !== null) {
      const q = query.trim().toLowerCase();
      const exact = options.find((o) => o.label.toLowerCase() === q || o.value.toLowerCase() === q);
      if (q === '') {
        setChosen(null);
        onChange('');
      } else if (exact) {
        choose(exact);
      }
    }
    setQuery(null);
    setOpen(false);
    onBlur?.();
  }

  return (
    <div className="form-combobox">
      <input
        {...control}
        ref={ref}
        name={name}
        type="text"
        role="combobox"
        className="form-input"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.key}` : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={leave}
      />
      {open ? (
        <ul id={listId} ref={listRef} role="listbox" className="form-combobox__list">
          {filtered.length === 0 ? (
            <li className="form-combobox__empty" role="presentation">
              {selectTexts.notFound}
            </li>
          ) : (
            filtered.map((o, i) => (
              <li
                key={o.key}
                id={`${listId}-${o.key}`}
                data-index={i}
                role="option"
                aria-selected={i === active}
                className={['form-combobox__option', i === active ? 'form-combobox__option--active' : ''].join(' ').trim()}
                // Keeps focus in the input so its blur does not discard the click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o)}
              >
                {o.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

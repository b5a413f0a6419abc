import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, ChevronDown, Search } from 'lucide-react';
import './picker.css';

/** The height of one option row, px (picker.css). */
const ROW_HEIGHT = 48;

/** One choice of a {@link PickerField}: its value (`id`), the visible title and the muted details. */
export type PickerItem = {
  /** The value `onPick` gets (a CAIP-10 token address, a currency id…). */
  id: string;
  /** The name the trigger and the option show (a token symbol). */
  title: string;
  /** A second, muted line (the token's name). */
  subtitle?: string;
  /** Text at the end of the option (a balance). */
  end?: string;
  /** The picture before the title (a token logo, decorative). */
  icon?: ReactNode;
};

/** Whether `item` matches the search `query` (case-insensitive, on its title, subtitle and id). */
export function pickerMatches(item: PickerItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [item.title, item.subtitle ?? '', item.id].some((text) => text.toLowerCase().includes(q));
}

/**
 * A labelled choice without a native `<select>` (whose popup the modal cannot theme, and which
 * draws outside the modal on phones): a button showing the chosen item (icon, title) opens, in
 * place, a search box over a listbox of the items (WAI-ARIA combobox with a listbox popup).
 * Typing filters; ArrowDown and ArrowUp move the active option (wrapping), Home and End go to the
 * first and last, Enter picks it; Escape closes without leaving the modal; focus returns to the
 * button. The button carries the value in `data-value` and is named by the label and the choice.
 */
export function PickerField(props: {
  label: string;
  /** The chosen item's id; '' for none (the button then shows `placeholder`). */
  value: string;
  items: PickerItem[];
  onPick: (id: string) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** The search box's placeholder and name. */
  searchLabel: string;
  /** Shown when no item matches the search. */
  emptyText: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const selected = props.items.find((item) => item.id === props.value);
  const shown = props.items.filter((item) => pickerMatches(item, query));
  const activeIndex = Math.min(active, shown.length - 1);

  const show = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        props.items.findIndex((item) => item.id === props.value),
      ),
    );
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const pick = (item: PickerItem) => {
    props.onPick(item.id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // The picker's Escape: the modal's own (close the modal) must not see it.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const item = shown[activeIndex];
      if (item) pick(item);
      return;
    }
    const last = shown.length - 1;
    const next = {
      ArrowDown: activeIndex >= last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex <= 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(`${id}-option-${next}`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div className="airlock-field airlock-picker">
      <span id={`${id}-label`}>{props.label}</span>
      <button
        ref={button}
        type="button"
        className="airlock-picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={props.invalid}
        data-value={props.value}
        disabled={props.disabled}
        onClick={() => (open ? close() : show())}
      >
        {selected?.icon}
        <span id={`${id}-value`} className="airlock-picker-title">
          {selected ? selected.title : (props.placeholder ?? '')}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open ? (
        <div className="airlock-picker-panel">
          <div className="airlock-search-box">
            <Search size={16} aria-hidden="true" className="airlock-search-icon" />
            <input
              // biome-ignore lint/a11y/noAutofocus: the panel opens on request, its search box takes the focus
              autoFocus
              className="airlock-search"
              type="search"
              role="combobox"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-activedescendant={shown.length ? `${id}-option-${activeIndex}` : undefined}
              aria-autocomplete="list"
              aria-label={props.searchLabel}
              placeholder={props.searchLabel}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              onBlur={(e) => {
                // Focus moved elsewhere in the modal: close. The window losing focus (another tab,
                // the dapp page) leaves the picker open for the visitor's return.
                if (!document.hasFocus()) return;
                if (!e.currentTarget.closest('.airlock-picker')?.contains(e.relatedTarget)) setOpen(false);
              }}
            />
          </div>
          {/* As tall as all the items (up to five), whatever the search leaves: the panel keeps its height. */}
          <div
            className="airlock-picker-list"
            style={{ height: `${Math.min(Math.max(props.items.length, 1), 5) * ROW_HEIGHT}px` }}
          >
            <div id={`${id}-list`} role="listbox" aria-label={props.label}>
              {shown.map((item, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the search box's (aria-activedescendant)
                <div
                  key={item.id}
                  tabIndex={-1}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-label={[item.title, item.subtitle, item.end].filter(Boolean).join(', ')}
                  aria-selected={item.id === props.value}
                  data-active={index === activeIndex}
                  className="airlock-picker-option"
                  // Keeps the focus in the search box (its blur would close the panel before the click).
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => pick(item)}
                >
                  {item.icon}
                  <span className="airlock-row-main">
                    <span className="airlock-row-title">{item.title}</span>
                    {item.subtitle ? <span className="airlock-muted">{item.subtitle}</span> : null}
                  </span>
                  {item.end ? <span className="airlock-row-end airlock-muted">{item.end}</span> : null}
                  {item.id === props.value ? (
                    <Check size={16} aria-hidden="true" className="airlock-picker-check" />
                  ) : null}
                </div>
              ))}
            </div>
            {shown.length === 0 ? (
              <p className="airlock-muted airlock-picker-empty" role="status">
                {props.emptyText}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

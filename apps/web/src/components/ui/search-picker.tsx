import { commonMessages } from '@sala/shared/errors/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { cx, fieldControlClass, fieldErrorClass, fieldLabelClass } from './field-styles';
import { Spinner } from './spinner';

/** The search runs this long after the user stops typing. */
export const SEARCH_PICKER_DEBOUNCE_MS = 500;

export const SEARCH_PICKER_EMPTY = 'No se encontraron resultados.';

export interface SearchPickerProps<T extends { id: string; name: string }> {
  label: string;
  /** Called SEARCH_PICKER_DEBOUNCE_MS after the last keystroke with the trimmed term (never with ''). */
  search: (term: string) => Promise<T[]>;
  /** What `search` looks in (its answers are cached under it with the term); by default the picker's label. */
  searchKey?: readonly unknown[];
  onSelect: (doc: T) => void;
  placeholder?: string;
  /** Currently chosen document; its name is shown in the input. */
  selected?: T | null;
  error?: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
}

/** Search-as-you-type picker over `{id, name}` documents (ARIA 1.2 combobox + listbox). */
export function SearchPicker<T extends { id: string; name: string }>({
  label,
  search,
  searchKey,
  onSelect,
  placeholder = 'Buscar...',
  selected = null,
  error,
  disabled,
  name,
  id,
  className,
}: SearchPickerProps<T>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const errorId = `${inputId}-error`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const hasError = Boolean(error);

  const [term, setTerm] = useState(selected?.name ?? '');
  /** The term being searched: the trimmed input, SEARCH_PICKER_DEBOUNCE_MS after the last keystroke ('' = none). */
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // TanStack Query keeps each term's answer apart: an answer that arrives late belongs to its own term and is
  // never shown for another.
  const query = useQuery({
    queryKey: [...(searchKey ?? [...queryKeys.pickerSearch, label]), searched],
    queryFn: () => searchRef.current(searched),
    enabled: searched !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const status =
    searched === ''
      ? 'idle'
      : query.isError
        ? 'error'
        : query.isFetching || query.isPlaceholderData
          ? 'loading'
          : 'done';
  const results = status === 'done' ? (query.data ?? []) : [];

  // When the selection changes from outside, show its name (adjusting state during render, per React docs).
  const selectedId = selected?.id;
  const selectedName = selected?.name;
  const selectedKey = selected ? `${selected.id}\u0000${selected.name}` : '';
  const [prevSelectedKey, setPrevSelectedKey] = useState(selectedKey);
  if (prevSelectedKey !== selectedKey) {
    setPrevSelectedKey(selectedKey);
    setTerm(selectedName ?? '');
  }

  useEffect(() => () => clearTimeout(timerRef.current), []);

  // keep the keyboard-highlighted option visible in long lists
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${inputId}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, inputId]);

  const reset = () => {
    clearTimeout(timerRef.current);
    setSearched('');
    setOpen(false);
    setActiveIndex(-1);
  };

  const handleInput = (value: string) => {
    setTerm(value);
    clearTimeout(timerRef.current);
    const trimmed = value.trim();
    if (!trimmed) {
      reset();
      return;
    }
    timerRef.current = setTimeout(() => {
      setSearched(trimmed);
      setOpen(true);
      setActiveIndex(-1);
    }, SEARCH_PICKER_DEBOUNCE_MS);
  };

  const choose = (doc: T) => {
    reset();
    setTerm(doc.name);
    onSelect(doc);
  };

  const showOptions = open && status === 'done' && results.length > 0;
  const message =
    open && status === 'loading'
      ? commonMessages.loading
      : open && status === 'done' && results.length === 0
        ? SEARCH_PICKER_EMPTY
        : open && status === 'error'
          ? commonMessages.genericError
          : null;
  const expanded = open && status !== 'idle';

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (status !== 'done' || results.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) {
          setOpen(true);
          setActiveIndex(step === 1 ? 0 : results.length - 1);
          return;
        }
        setActiveIndex((current) => {
          if (current === -1) return step === 1 ? 0 : results.length - 1;
          return (current + step + results.length) % results.length;
        });
        return;
      }
      case 'Enter': {
        if (!showOptions || activeIndex < 0) return;
        const doc = results[activeIndex];
        if (!doc) return;
        event.preventDefault(); // don't submit the surrounding form
        choose(doc);
        return;
      }
      case 'Escape': {
        if (!expanded) return;
        event.preventDefault();
        setOpen(false);
        setActiveIndex(-1);
        return;
      }
    }
  };

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={showOptions && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? errorId : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={term}
          onChange={(event) => handleInput(event.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={() => {
            if (status === 'done' && term.trim()) setOpen(true);
          }}
          onBlur={() => {
            if (selected && term !== selected.name) {
              // leaving with an unfinished search: show the current selection again
              reset();
              setTerm(selected.name);
              return;
            }
            setOpen(false);
            setActiveIndex(-1);
          }}
          className={cx(fieldControlClass(hasError), 'pl-9')}
        />
        <div
          className={cx(
            'absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-lg border border-slate-300 bg-white shadow-lg',
            !expanded && 'hidden',
          )}
        >
          {message && (
            <div role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
              {status === 'loading' && <Spinner className="text-brand-500" />}
              {message}
            </div>
          )}
          <div
            id={listboxId}
            role="listbox"
            aria-label={label}
            hidden={!showOptions}
            className="max-h-64 overflow-y-auto py-1"
          >
            {showOptions &&
              results.map((doc, index) => (
                // Keyboard is handled on the combobox input (aria-activedescendant pattern), so options
                // are only programmatically focusable and have no key handlers of their own.
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <div
                  key={doc.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  // keep focus in the input so the click lands before blur closes the list
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(doc)}
                  onMouseEnter={() => setActiveIndex(index)}
                  className={cx(
                    'cursor-pointer px-3 py-2 text-sm text-ink',
                    index === activeIndex && 'bg-brand-50 text-brand-800',
                    doc.id === selectedId && 'font-semibold',
                  )}
                >
                  {doc.name}
                </div>
              ))}
          </div>
        </div>
      </div>
      {hasError && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

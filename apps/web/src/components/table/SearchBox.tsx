/**
 * A list's search box: what is typed shows at once and becomes the list's search SEARCH_DEBOUNCE_MS after
 * the last keystroke (`onSearch`, which replaces the history entry rather than adding one per keystroke).
 * The clear button searches for nothing at once. When the list's search changes otherwise (Back, a link),
 * the box shows it. On a screen the server rendered, what was typed before the app took the page over is
 * searched for too.
 */
import { ActionIcon, Loader, TextInput } from '@mantine/core';
import { SEARCH_DEBOUNCE_MS } from '@mend/shared';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../lib/translations';

export interface SearchBoxProps {
  /** The list's search (trimmed). */
  search: string;
  /** Kept the same across renders (a new one restarts the wait). */
  onSearch: (search: string) => void;
  placeholder: string;
  /** A page is being fetched (a spinner where the clear button would be). */
  busy: boolean;
  className?: string;
}

export function SearchBox({ search, onSearch, placeholder, busy, className }: SearchBoxProps) {
  const { key: address } = useLocation();
  const [text, setText] = useState(search);
  const input = useRef<HTMLInputElement>(null);
  // Hydration keeps the box's text as the page came with it, typed into before the app's code had loaded;
  // the next render would set it back to `text`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes the box over
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) setText(typed);
  }, []);
  // The search this box asked for and the list has not shown yet, and the address it was asked from: when it
  // arrives, what was typed since stays in the box.
  const [asked, setAsked] = useState<{ search: string; from: string } | null>(null);
  // The list's search changed otherwise (Back, Forward, a link): the box shows it.
  const [shown, setShown] = useState(search);
  // The address moved on without showing what was asked: Back right after typing can land before the list has
  // rendered the asked search at all (both come in one render), and the box would ask for it again.
  const overtaken = asked !== null && address !== asked.from && search !== asked.search;
  if (shown !== search || overtaken) {
    setShown(search);
    setAsked(null);
    if ((overtaken || search !== asked?.search) && text.trim() !== search) setText(search);
  }

  const ask = useCallback(
    (wanted: string) => {
      setAsked({ search: wanted, from: address });
      onSearch(wanted);
    },
    [onSearch, address],
  );

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => ask(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, ask]);

  return (
    <TextInput
      ref={input}
      className={className}
      size="sm"
      type="search"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => {
              setText('');
              ask('');
            }}
            aria-label={t.buttons.close}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        ) : busy ? (
          <Loader size={14} aria-hidden />
        ) : null
      }
    />
  );
}

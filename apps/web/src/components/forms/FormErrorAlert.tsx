import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

export interface FormErrorState {
  /** The server's message, or "Oops, something went wrong." */
  title: string;
  /** Field errors and messages, multi-value entries joined by commas (SPEC.md section 8). */
  lines: string[];
}

/** The error summary of a rejected form; scrolled into view when it appears. */
export function FormErrorAlert({ error }: { error: FormErrorState | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [error]);
  if (!error) return null;
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      title={error.title}
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      radius="md"
    >
      {error.lines.length > 0 ? (
        <List size="sm" spacing={2}>
          {error.lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

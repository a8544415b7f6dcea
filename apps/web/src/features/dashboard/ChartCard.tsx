/**
 * The frame every chart of the dashboard (DashboardPage.tsx) sits in: a card named by its heading, the text
 * an empty chart shows, a legend entry with its count, and the table that gives a chart's numbers to
 * screen readers (the chart itself is hidden from them).
 */
import { Center, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './Dashboard.module.css';
import { formatCount } from './dashboard-format';

/** A titled card; the section is named by its heading. */
export function ChartCard({
  title,
  hint,
  aside,
  children,
}: {
  title: string;
  hint: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="lg"
      h="100%"
      className={classes.card}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

export function EmptyChart({ text, h }: { text: string; h: number }) {
  return (
    <Center h={h} className={classes.empty}>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Center>
  );
}

/** The numbers of a chart for screen readers (the chart itself is hidden from them). */
export function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={head[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={head[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export function LegendItem({ color, label, value }: { color: string; label: string; value: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={classes.swatch} style={{ background: color }} aria-hidden />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700}>
        {formatCount(value)}
      </Text>
    </Group>
  );
}

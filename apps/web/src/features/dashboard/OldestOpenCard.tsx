/**
 * The oldest open tickets on the dashboard (DashboardPage.tsx), each linked, with its property, age and
 * status.
 */
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { type ApiDashboardTicket, statusText } from '@mend/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link } from 'react-router';
import { format, t } from '../../lib/translations';
import { ChartCard, EmptyChart } from './ChartCard';
import classes from './Dashboard.module.css';
import { statusChartColor } from './dashboard-format';

dayjs.extend(relativeTime);

const D = t.dashboard;

export function OldestOpenCard({ tickets }: { tickets: ApiDashboardTicket[] }) {
  return (
    <ChartCard
      title={D.oldestOpen}
      hint={D.oldestOpenHint}
      aside={
        <Anchor component={Link} to="/tickets" size="sm" fw={600}>
          {D.viewAllTickets}
        </Anchor>
      }
    >
      {tickets.length === 0 ? (
        <EmptyChart text={D.noOpenTickets} h={200} />
      ) : (
        <Table verticalSpacing="sm" highlightOnHover={false} className={classes.oldest}>
          <Table.Tbody>
            {tickets.map((ticket) => (
              <Table.Tr key={ticket.id}>
                <Table.Td className={classes.oldestMain}>
                  <Anchor
                    component={Link}
                    to={`/tickets/${ticket.id}`}
                    fw={600}
                    size="sm"
                    className={classes.oldestTitle}
                  >
                    {ticket.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    #{ticket.visible_id} · {ticket.property_name} ·{' '}
                    <time dateTime={dayjs.unix(ticket.created_at_timestamp).toISOString()}>
                      {format(D.openedAgo, { time: dayjs.unix(ticket.created_at_timestamp).fromNow() })}
                    </time>
                  </Text>
                </Table.Td>
                <Table.Td ta="right" w={112} pr={0}>
                  <Badge
                    variant="light"
                    color={statusChartColor(ticket.status).split('.')[0]}
                    radius="sm"
                    tt="none"
                  >
                    {statusText(ticket.status, t)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ChartCard>
  );
}

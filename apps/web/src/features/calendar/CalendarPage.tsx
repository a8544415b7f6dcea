/**
 * The calendar of visits (issue 25 section 3; `calendar.view`: staff, contractors, the super admin): the proposed
 * and booked visits of the tickets the viewer sees, by week (seven columns) or month (a grid), with Previous,
 * Today and Next; the view and a date of the period are in the address (`?view=month&date=2026-11-26`), so reload,
 * Back and a shared link keep them. On a phone the period's days with visits are listed instead. The period is
 * the browser's days (the viewer's own agenda), asked of the server as seconds (GET visits?from=&to=); when the
 * server has more visits than it answers, it says so. A visit opens its ticket.
 */
import { Alert, Button, Center, Group, Loader, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { deviceTimeZone, zonedToday } from '@mend/shared';
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePhoneLayout } from '../../components/usePhoneLayout';
import { errorMessage } from '../../lib/records';
import { format, t } from '../../lib/translations';
import { DayList, MonthView, WeekView } from './CalendarViews';
import classes from './calendar.module.css';
import { useCalendarVisits } from './calendar-data';
import {
  type CalendarState,
  type CalendarView,
  calendarPeriod,
  periodTitle,
  readCalendarState,
  shiftState,
  visitsByDay,
  writeCalendarState,
} from './calendar-period';

const C = t.calendarScreens;

export default function CalendarPage() {
  const phone = usePhoneLayout();
  const [params, setParams] = useSearchParams();
  const zone = deviceTimeZone();
  const today = zonedToday(zone);
  const state = readCalendarState(params, today);
  const { view: shown, date } = state;
  const period = useMemo(() => calendarPeriod({ view: shown, date }, zone), [shown, date, zone]);
  const query = useCalendarVisits(period.from, period.to);
  const visits = query.data?.data;
  const byDay = useMemo(() => visitsByDay(visits ?? [], period.days, zone), [visits, period.days, zone]);

  const go = (next: CalendarState) => setParams(writeCalendarState(next, params));
  const loading = query.isPlaceholderData || query.isFetching;
  const view = { period, byDay, today, zone, loading };

  return (
    <>
      <PageHeader title={t.titles.calendar} description={C.description} />
      <div className={classes.toolbar}>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={C.previous} withArrow>
            <Button
              variant="default"
              px={8}
              aria-label={C.previous}
              onClick={() => go(shiftState(state, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </Button>
          </Tooltip>
          <Button variant="default" onClick={() => go({ ...state, date: today })}>
            {C.today}
          </Button>
          <Tooltip label={C.next} withArrow>
            <Button variant="default" px={8} aria-label={C.next} onClick={() => go(shiftState(state, 1))}>
              <IconChevronRight size={18} aria-hidden />
            </Button>
          </Tooltip>
          <Text component="h2" className={classes.period} m={0} aria-live="polite" data-calendar-period>
            {periodTitle(period)}
          </Text>
        </Group>
        <SegmentedControl
          value={state.view}
          onChange={(value) => go({ ...state, view: value as CalendarView })}
          data={[
            { value: 'week', label: C.week },
            { value: 'month', label: C.month },
          ]}
        />
      </div>
      {query.data?.truncated ? (
        <Alert color="yellow" variant="light" radius="md" mb="md" icon={<IconInfoCircle aria-hidden />}>
          {format(C.truncated, { count: query.data.data.length })}
        </Alert>
      ) : null}
      {query.isError && !query.data ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : query.isPending ? (
        <Center py={80} role="status">
          <Loader aria-label={t.app.loading} />
        </Center>
      ) : phone ? (
        <DayList {...view} />
      ) : (
        <>
          {visits?.length === 0 && !loading ? (
            <Text c="dimmed" size="sm" mb="sm" role="status">
              {C.empty}
            </Text>
          ) : null}
          {state.view === 'week' ? (
            <WeekView {...view} />
          ) : (
            <MonthView {...view} onOpenDay={(date) => go({ view: 'week', date })} />
          )}
        </>
      )}
    </>
  );
}

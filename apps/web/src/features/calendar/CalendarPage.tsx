/**
 * The calendar of visits (issue 25 section 3; `calendar.view`: staff, contractors, the super admin): the proposed
 * and booked visits of the tickets the viewer sees, by week (seven columns) or month (a grid), with Previous,
 * Today and Next; the view and a date of the period are in the address (`?view=month&date=2026-11-26`), so reload,
 * Back and a shared link keep them. On a phone the period's days with visits are listed instead. The period is
 * the browser's days (the viewer's own agenda), asked of the server as seconds (GET visits?from=&to=); when the
 * server has more visits than it answers, it says so. A visit opens its ticket.
 * The super admin, who sees every landlord, picks one (`&landlord_id=`, the forms' LandlordPicker): the whole
 * portfolio's week is thousands of visits, more than a calendar can show or a read answers. Until then, nothing is
 * asked.
 */
import { Alert, Button, Center, Group, Loader, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { type ApiLandlord, type ApiRecordRef, can, deviceTimeZone, zonedToday } from '@mend/shared';
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LandlordPicker } from '../../components/forms/LandlordPicker';
import { PageHeader } from '../../components/PageHeader';
import { usePhoneLayout } from '../../components/usePhoneLayout';
import { useActor } from '../../lib/actor';
import { errorMessage, useRecord } from '../../lib/records';
import { format, t } from '../../lib/translations';
import { DayList, MonthView, WeekView } from './CalendarViews';
import classes from './calendar.module.css';
import { useCalendarVisits } from './calendar-data';
import {
  type CalendarState,
  type CalendarView,
  calendarPeriod,
  periodTitle,
  readCalendarLandlord,
  readCalendarState,
  shiftState,
  visitsByDay,
  writeCalendarLandlord,
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
  const picksLandlord = can(useActor(), 'landlord.viewAll');
  const landlordId = picksLandlord ? readCalendarLandlord(params) : null;
  const unchosen = picksLandlord && landlordId === null;
  const query = useCalendarVisits(period.from, period.to, landlordId, !unchosen);
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
              className={classes.step}
              px={8}
              aria-label={C.previous}
              onClick={() => go(shiftState(state, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </Button>
          </Tooltip>
          <Button variant="default" className={classes.step} onClick={() => go({ ...state, date: today })}>
            {C.today}
          </Button>
          <Tooltip label={C.next} withArrow>
            <Button
              variant="default"
              className={classes.step}
              px={8}
              aria-label={C.next}
              onClick={() => go(shiftState(state, 1))}
            >
              <IconChevronRight size={18} aria-hidden />
            </Button>
          </Tooltip>
          <Text component="h2" className={classes.period} m={0} aria-live="polite" data-calendar-period>
            {periodTitle(period)}
          </Text>
        </Group>
        <Group gap="sm" className={classes.choices}>
          {picksLandlord ? (
            <CalendarLandlord
              landlordId={landlordId}
              onChange={(id) => setParams(writeCalendarLandlord(id, params))}
            />
          ) : null}
          <SegmentedControl
            value={state.view}
            onChange={(value) => go({ ...state, view: value as CalendarView })}
            data={[
              { value: 'week', label: C.week },
              { value: 'month', label: C.month },
            ]}
          />
        </Group>
      </div>
      {!unchosen && query.data?.truncated ? (
        <Alert color="yellow" variant="light" radius="md" mb="md" icon={<IconInfoCircle aria-hidden />}>
          {format(C.truncated, { count: query.data.data.length })}
        </Alert>
      ) : null}
      {unchosen ? (
        <Text c="dimmed" size="sm" role="status" data-calendar-choose-landlord>
          {C.chooseLandlord}
        </Text>
      ) : query.isError && !query.data ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : query.isPending ? (
        <Center py={80} role="status">
          <Loader role="progressbar" aria-label={t.app.loading} />
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

/**
 * The landlord the super admin's calendar shows. Its name comes with the pick; a landlord the address names (a reload,
 * a shared link, Back) is named by its record.
 */
function CalendarLandlord({
  landlordId,
  onChange,
}: {
  landlordId: number | null;
  onChange: (landlordId: number | null) => void;
}) {
  const [picked, setPicked] = useState<ApiRecordRef | null>(null);
  const known = picked !== null && picked.id === landlordId;
  const record = useRecord<ApiLandlord>(
    'landlords',
    `landlords/${landlordId}`,
    known || landlordId === null ? null : landlordId,
  );
  const named: ApiRecordRef | null = known
    ? picked
    : record.data && record.data.id === landlordId
      ? { id: record.data.id, name: record.data.name }
      : null;
  return (
    <LandlordPicker
      // The picker keeps the name it starts from: a landlord named later starts it again.
      key={named?.id ?? 'unnamed'}
      className={classes.landlord}
      size="sm"
      aria-label={t.screens.fields.landlord}
      placeholder={t.screens.placeholders.landlord}
      initial={named ? [named] : []}
      value={landlordId === null ? null : String(landlordId)}
      onChange={(value, name) => {
        setPicked(value && name ? { id: Number(value), name } : null);
        onChange(value ? Number(value) : null);
      }}
    />
  );
}

/**
 * The calendar's three ways of showing a period's visits (CalendarPage): a week's seven columns of visit cards,
 * a month's grid (up to three visits a day, then "+N more", which opens that day's week), and on a phone the
 * period's days that have visits, one under the other. Each visit links to its ticket (`/tickets/{id}`): its
 * hours in the viewer's zone, its ticket's number and title, its property and unit, its contractor, and while
 * the tenant has not confirmed it, its state.
 */
import { Text, UnstyledButton } from '@mantine/core';
import type { ApiCalendarVisit } from '@mend/shared';
import { Link } from 'react-router';
import { format, t } from '../../lib/translations';
import { placeLine } from '../tickets/ticket-place';
import classes from './calendar.module.css';
import {
  type CalendarPeriod,
  dayNumber,
  firstVisits,
  inPeriod,
  longDayLabel,
  visitHours,
  visitStart,
  weekdayLabel,
  weekdayName,
} from './calendar-period';

const C = t.calendarScreens;
const V = t.ticketScreens.visit;
/** Visits a month's day shows before "+N more". */
const MONTH_DAY_VISITS = 3;

export interface ViewProps {
  period: CalendarPeriod;
  byDay: Map<string, ApiCalendarVisit[]>;
  today: string;
  zone: string;
  /** The last period's visits stay shown while this one's load. */
  loading: boolean;
}

/** The ticket's page of a visit (the server's `link`, else the ticket's own address). */
const linkOf = (visit: ApiCalendarVisit) =>
  visit.link.startsWith('/') ? visit.link : `/tickets/${visit.ticket_id}`;

/** One visit as a card (a week's column, a phone's list). */
function VisitCard({ visit, zone }: { visit: ApiCalendarVisit; zone: string }) {
  return (
    <Link
      to={linkOf(visit)}
      className={classes.visit}
      data-state={visit.state}
      data-calendar-visit={visit.id}
    >
      <span className={classes.hours}>{visitHours(visit, zone)}</span>
      {visit.state === 'proposed' ? <span className={classes.dimmed}> · {V.states.proposed}</span> : null}
      <br />
      <span className={classes.title}>
        #{visit.visible_id} {visit.title}
      </span>
      <br />
      <span className={classes.dimmed}>{placeLine(visit)}</span>
      {visit.contractor ? (
        <>
          <br />
          <span className={classes.dimmed}>{visit.contractor.name}</span>
        </>
      ) : null}
    </Link>
  );
}

export function WeekView({ period, byDay, today, zone, loading }: ViewProps) {
  return (
    <div className={classes.grid} data-loading={loading || undefined} data-calendar-view="week">
      {period.days.map((date) => (
        <section
          key={date}
          className={classes.column}
          data-today={date === today || undefined}
          aria-label={longDayLabel(date)}
        >
          <div className={classes.dayHead}>{weekdayLabel(date)}</div>
          {(byDay.get(date) ?? []).map((visit) => (
            <VisitCard key={visit.id} visit={visit} zone={zone} />
          ))}
        </section>
      ))}
    </div>
  );
}

export function MonthView({
  period,
  byDay,
  today,
  zone,
  loading,
  onOpenDay,
}: ViewProps & { onOpenDay: (date: string) => void }) {
  return (
    <div className={classes.grid} data-loading={loading || undefined} data-calendar-view="month">
      {period.days.slice(0, 7).map((date) => (
        <div key={date} className={classes.weekday} aria-hidden>
          {weekdayName(date)}
        </div>
      ))}
      {period.days.map((date) => {
        const { shown, more } = firstVisits(byDay.get(date) ?? [], MONTH_DAY_VISITS);
        return (
          <section
            key={date}
            className={classes.cell}
            data-outside={!inPeriod(period, date) || undefined}
            data-today={date === today || undefined}
            aria-label={longDayLabel(date)}
          >
            <div className={classes.dayNumber}>{dayNumber(date)}</div>
            {shown.map((visit) => {
              const line = `${visitStart(visit, zone)} #${visit.visible_id} ${visit.title}`;
              return (
                <Link
                  key={visit.id}
                  to={linkOf(visit)}
                  className={classes.monthVisit}
                  data-state={visit.state}
                  data-calendar-visit={visit.id}
                  title={[
                    visitHours(visit, zone),
                    `#${visit.visible_id} ${visit.title}`,
                    placeLine(visit),
                    visit.contractor?.name,
                  ]
                    .filter(Boolean)
                    .join('\n')}
                >
                  {line}
                </Link>
              );
            })}
            {more > 0 ? (
              <UnstyledButton fz="xs" fw={600} c="mend.7" px={6} onClick={() => onOpenDay(date)}>
                {format(C.more, { count: more })}
              </UnstyledButton>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/** A phone: the period's own days that have visits (a month's neighbours left out), or "No visits". */
export function DayList({ period, byDay, zone, loading }: ViewProps) {
  const days = period.days.filter((date) => inPeriod(period, date) && (byDay.get(date)?.length ?? 0) > 0);
  if (days.length === 0)
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        {C.empty}
      </Text>
    );
  return (
    <div className={classes.list} data-loading={loading || undefined} data-calendar-view="list">
      {days.map((date) => (
        <section key={date} className={classes.listDay} aria-label={longDayLabel(date)}>
          <Text component="h2" size="sm" fw={700} m={0}>
            {longDayLabel(date)}
          </Text>
          {(byDay.get(date) ?? []).map((visit) => (
            <VisitCard key={visit.id} visit={visit} zone={zone} />
          ))}
        </section>
      ))}
    </div>
  );
}

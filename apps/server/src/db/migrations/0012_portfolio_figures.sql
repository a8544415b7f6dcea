-- The super admin's dashboard counted every ticket per status and per property and read 126,000 index entries for
-- its weeks and time to close on each load (ADR 0020): about 140 ms of database time at 1,000,000 tickets. These
-- tables keep the whole portfolio's figures instead (ADR 0023), written by statement triggers in the writer's
-- transaction as ticket_counts is (migration 0011): never stale. Counting and re-reading 1,000,000 tickets below
-- takes longer than a pooled connection's statement timeout. The dashboard reads the hours and the closings from their
-- primary keys alone: they INCLUDE the figures (drizzle cannot say so).
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE TABLE "portfolio_closings" (
	"span" smallint NOT NULL,
	"starts" date NOT NULL,
	"bin" smallint NOT NULL,
	"tickets" integer NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "portfolio_closings_span_starts_bin_pk" PRIMARY KEY("span","starts","bin") INCLUDE ("tickets", "seconds")
);
--> statement-breakpoint
CREATE TABLE "portfolio_ticket_counts" (
	"status" smallint PRIMARY KEY NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_ticket_hours" (
	"hour" timestamp with time zone NOT NULL,
	"opened" integer NOT NULL,
	"closed" integer NOT NULL,
	CONSTRAINT "portfolio_ticket_hours_pkey" PRIMARY KEY("hour") INCLUDE ("opened", "closed")
);
--> statement-breakpoint
CREATE TABLE "property_open_tickets" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "property_open_tickets_tickets_idx" ON "property_open_tickets" USING btree ("tickets" DESC NULLS FIRST,"property_id");
--> statement-breakpoint
-- A closed ticket's time to close in seconds (never negative), as the dashboard averages it.
CREATE FUNCTION ticket_close_seconds(created_at timestamptz, closed_at timestamptz) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT greatest(extract(epoch FROM (closed_at - created_at)), 0)::float8 $$;--> statement-breakpoint
-- The bin of a time to close: 8 bins per doubling of (1 + minutes), so that a median read from the bins and
-- placed inside its bin on the same scale is off by less than one bin's width (a factor of 2^(1/8), 9%).
CREATE FUNCTION closing_bin(seconds float8) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT floor(8 * ln(1 + seconds / 60) / ln(2))::smallint $$;--> statement-breakpoint
-- The UTC day (span 1) or week (span 7, from its Monday) a closing falls in.
CREATE FUNCTION closing_span_start(span smallint, closed_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN span = 7 THEN date_trunc('week', closed_at AT TIME ZONE 'UTC')::date
    ELSE (closed_at AT TIME ZONE 'UTC')::date END
$$;--> statement-breakpoint
-- Hours at a position on the bins' scale (a bin number plus the fraction of the way through it).
CREATE FUNCTION closing_bin_hours(bin_position float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (power(2, bin_position / 8) - 1) / 60 $$;--> statement-breakpoint
-- Each statement that writes tickets adds what it changed, one grouped upsert per table, rows in key order and the
-- tables always in this order (after ticket_counts: its triggers' names sort first), so two writers never wait
-- on each other in a cycle. Closed means a closed status with closed_at set (3: FIRST_CLOSED_STATUS); a
-- reopened ticket's closing is taken back. Hours, days and weeks are UTC.
CREATE FUNCTION portfolio_figures_apply() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO property_open_tickets AS counts (property_id, tickets)
      SELECT property_id, sum(change) FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows) AS changes WHERE status < 3
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (property_id) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
    INSERT INTO portfolio_ticket_counts AS counts (status, tickets)
      SELECT status, sum(change) FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows) AS changes
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
    INSERT INTO portfolio_ticket_hours AS hours (hour, opened, closed)
      SELECT hour, sum(opened), sum(closed) FROM (
        SELECT date_trunc('hour', created_at, 'UTC') AS hour, change AS opened, 0 AS closed FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows) AS changes
        UNION ALL
        SELECT date_trunc('hour', closed_at, 'UTC'), 0, change FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows) AS changes WHERE status >= 3 AND closed_at IS NOT NULL
      ) AS events
      GROUP BY 1 HAVING sum(opened) <> 0 OR sum(closed) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET opened = hours.opened + excluded.opened, closed = hours.closed + excluded.closed;
    INSERT INTO portfolio_closings AS closings (span, starts, bin, tickets, seconds)
      SELECT span, starts, bin, sum(change), sum(change * seconds) FROM (
        SELECT spans.span, closing_span_start(spans.span, closed_at) AS starts,
          closing_bin(ticket_close_seconds(created_at, closed_at)) AS bin, change,
          ticket_close_seconds(created_at, closed_at) AS seconds
        FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows) AS changes CROSS JOIN (VALUES (1::smallint), (7::smallint)) AS spans (span)
        WHERE status >= 3 AND closed_at IS NOT NULL
      ) AS closings
      GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (span, starts, bin) DO UPDATE SET tickets = closings.tickets + excluded.tickets,
        seconds = closings.seconds + excluded.seconds;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO property_open_tickets AS counts (property_id, tickets)
      SELECT property_id, sum(change) FROM (SELECT property_id, status, created_at, closed_at, -1 AS change FROM old_rows) AS changes WHERE status < 3
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (property_id) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
    INSERT INTO portfolio_ticket_counts AS counts (status, tickets)
      SELECT status, sum(change) FROM (SELECT property_id, status, created_at, closed_at, -1 AS change FROM old_rows) AS changes
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
    INSERT INTO portfolio_ticket_hours AS hours (hour, opened, closed)
      SELECT hour, sum(opened), sum(closed) FROM (
        SELECT date_trunc('hour', created_at, 'UTC') AS hour, change AS opened, 0 AS closed FROM (SELECT property_id, status, created_at, closed_at, -1 AS change FROM old_rows) AS changes
        UNION ALL
        SELECT date_trunc('hour', closed_at, 'UTC'), 0, change FROM (SELECT property_id, status, created_at, closed_at, -1 AS change FROM old_rows) AS changes WHERE status >= 3 AND closed_at IS NOT NULL
      ) AS events
      GROUP BY 1 HAVING sum(opened) <> 0 OR sum(closed) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET opened = hours.opened + excluded.opened, closed = hours.closed + excluded.closed;
    INSERT INTO portfolio_closings AS closings (span, starts, bin, tickets, seconds)
      SELECT span, starts, bin, sum(change), sum(change * seconds) FROM (
        SELECT spans.span, closing_span_start(spans.span, closed_at) AS starts,
          closing_bin(ticket_close_seconds(created_at, closed_at)) AS bin, change,
          ticket_close_seconds(created_at, closed_at) AS seconds
        FROM (SELECT property_id, status, created_at, closed_at, -1 AS change FROM old_rows) AS changes CROSS JOIN (VALUES (1::smallint), (7::smallint)) AS spans (span)
        WHERE status >= 3 AND closed_at IS NOT NULL
      ) AS closings
      GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (span, starts, bin) DO UPDATE SET tickets = closings.tickets + excluded.tickets,
        seconds = closings.seconds + excluded.seconds;
  ELSE
    INSERT INTO property_open_tickets AS counts (property_id, tickets)
      SELECT property_id, sum(change) FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows UNION ALL SELECT property_id, status, created_at, closed_at, -1 FROM old_rows) AS changes WHERE status < 3
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (property_id) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
    INSERT INTO portfolio_ticket_counts AS counts (status, tickets)
      SELECT status, sum(change) FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows UNION ALL SELECT property_id, status, created_at, closed_at, -1 FROM old_rows) AS changes
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
    INSERT INTO portfolio_ticket_hours AS hours (hour, opened, closed)
      SELECT hour, sum(opened), sum(closed) FROM (
        SELECT date_trunc('hour', created_at, 'UTC') AS hour, change AS opened, 0 AS closed FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows UNION ALL SELECT property_id, status, created_at, closed_at, -1 FROM old_rows) AS changes
        UNION ALL
        SELECT date_trunc('hour', closed_at, 'UTC'), 0, change FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows UNION ALL SELECT property_id, status, created_at, closed_at, -1 FROM old_rows) AS changes WHERE status >= 3 AND closed_at IS NOT NULL
      ) AS events
      GROUP BY 1 HAVING sum(opened) <> 0 OR sum(closed) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET opened = hours.opened + excluded.opened, closed = hours.closed + excluded.closed;
    INSERT INTO portfolio_closings AS closings (span, starts, bin, tickets, seconds)
      SELECT span, starts, bin, sum(change), sum(change * seconds) FROM (
        SELECT spans.span, closing_span_start(spans.span, closed_at) AS starts,
          closing_bin(ticket_close_seconds(created_at, closed_at)) AS bin, change,
          ticket_close_seconds(created_at, closed_at) AS seconds
        FROM (SELECT property_id, status, created_at, closed_at, 1 AS change FROM new_rows UNION ALL SELECT property_id, status, created_at, closed_at, -1 FROM old_rows) AS changes CROSS JOIN (VALUES (1::smallint), (7::smallint)) AS spans (span)
        WHERE status >= 3 AND closed_at IS NOT NULL
      ) AS closings
      GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (span, starts, bin) DO UPDATE SET tickets = closings.tickets + excluded.tickets,
        seconds = closings.seconds + excluded.seconds;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tickets_portfolio_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_figures_apply();--> statement-breakpoint
CREATE TRIGGER tickets_portfolio_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_figures_apply();--> statement-breakpoint
CREATE TRIGGER tickets_portfolio_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_figures_apply();--> statement-breakpoint
-- The figures of the tickets already there, taken while writers wait (the triggers and this count see the same
-- tickets).
LOCK TABLE tickets IN SHARE MODE;--> statement-breakpoint
INSERT INTO property_open_tickets (property_id, tickets)
  SELECT property_id, count(*) FROM tickets WHERE status < 3 GROUP BY 1;--> statement-breakpoint
INSERT INTO portfolio_ticket_counts (status, tickets)
  SELECT status, count(*) FROM tickets GROUP BY 1;--> statement-breakpoint
INSERT INTO portfolio_ticket_hours (hour, opened, closed)
  SELECT hour, sum(opened), sum(closed) FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS opened, 0 AS closed FROM tickets
    UNION ALL
    SELECT date_trunc('hour', closed_at, 'UTC'), 0, 1 FROM tickets WHERE status >= 3 AND closed_at IS NOT NULL
  ) AS events
  GROUP BY 1;--> statement-breakpoint
INSERT INTO portfolio_closings (span, starts, bin, tickets, seconds)
  SELECT spans.span, closing_span_start(spans.span, closed_at), closing_bin(ticket_close_seconds(created_at, closed_at)),
    count(*), sum(ticket_close_seconds(created_at, closed_at))
  FROM tickets CROSS JOIN (VALUES (1::smallint), (7::smallint)) AS spans (span)
  WHERE status >= 3 AND closed_at IS NOT NULL
  GROUP BY 1, 2, 3;

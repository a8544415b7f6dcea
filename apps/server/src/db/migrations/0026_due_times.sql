-- Filling the due times of 1,000,000 tickets takes longer than a pooled connection's statement timeout.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE TABLE "portfolio_due_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_resolution_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"resolved" integer NOT NULL,
	"in_target" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "normal_response_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "normal_resolution_hours" smallint DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "high_response_hours" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "high_resolution_hours" smallint DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "respond_by" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolve_by" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "due_at" timestamp with time zone GENERATED ALWAYS AS (case when status >= 3 then null when responded_at is null then least(respond_by, resolve_by) else resolve_by end) STORED;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "breached_due_at" timestamp with time zone;--> statement-breakpoint
-- A ticket's due times from its landlord's targets for its priority (TARGET_FIELDS), from its creation: when it is
-- inserted without them (the column's default 'infinity') and when its priority changes, unless the same statement
-- sets them. A property without a landlord takes the defaults (TARGET_HOURS_DEFAULT).
CREATE FUNCTION tickets_due_times() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  response_hours integer;
  resolution_hours integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.respond_by <> 'infinity' AND NEW.resolve_by <> 'infinity' THEN RETURN NEW; END IF;
  ELSIF NEW.priority = OLD.priority OR NEW.respond_by IS DISTINCT FROM OLD.respond_by
    OR NEW.resolve_by IS DISTINCT FROM OLD.resolve_by THEN
    RETURN NEW;
  END IF;
  SELECT CASE WHEN NEW.priority = 1 THEN l.high_response_hours ELSE l.normal_response_hours END,
         CASE WHEN NEW.priority = 1 THEN l.high_resolution_hours ELSE l.normal_resolution_hours END
    INTO response_hours, resolution_hours
    FROM properties p JOIN landlords l ON l.id = p.landlord_id WHERE p.id = NEW.property_id;
  response_hours := coalesce(response_hours, CASE WHEN NEW.priority = 1 THEN 4 ELSE 24 END);
  resolution_hours := coalesce(resolution_hours, CASE WHEN NEW.priority = 1 THEN 48 ELSE 168 END);
  IF TG_OP = 'UPDATE' OR NEW.respond_by = 'infinity' THEN
    NEW.respond_by := NEW.created_at + make_interval(hours => response_hours);
  END IF;
  IF TG_OP = 'UPDATE' OR NEW.resolve_by = 'infinity' THEN
    NEW.resolve_by := NEW.created_at + make_interval(hours => resolution_hours);
  END IF;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tickets_due_times BEFORE INSERT OR UPDATE OF priority ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_due_times();--> statement-breakpoint
-- The tickets already there: due from their creation by the default targets (every landlord has them now); answered
-- when their status first changed or a contractor was first assigned (raised in another status: when created); and
-- every breach already past counts as alerted, so that the first look of the breach worker does not alert the managers
-- of years of history. Their search text does not change: its trigger is off meanwhile.
ALTER TABLE tickets DISABLE TRIGGER tickets_search_text;--> statement-breakpoint
UPDATE tickets t SET
  respond_by = t.created_at + make_interval(hours => CASE WHEN t.priority = 1 THEN 4 ELSE 24 END),
  resolve_by = t.created_at + make_interval(hours => CASE WHEN t.priority = 1 THEN 48 ELSE 168 END),
  responded_at = coalesce((SELECT min(l.created_at) FROM ticket_log l
    WHERE l.ticket_id = t.id AND l.action IN ('status_changed', 'assigned')),
    CASE WHEN t.status <> 0 THEN t.created_at END);--> statement-breakpoint
UPDATE tickets SET breached_due_at = due_at WHERE due_at <= now();--> statement-breakpoint
ALTER TABLE tickets ENABLE TRIGGER tickets_search_text;--> statement-breakpoint
CREATE INDEX "tickets_due_at_sort_idx" ON "tickets" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "tickets_unalerted_due_idx" ON "tickets" USING btree ("due_at") WHERE "tickets"."due_at" is not null and "tickets"."breached_due_at" is distinct from "tickets"."due_at";--> statement-breakpoint
ALTER TABLE "landlords" ADD CONSTRAINT "landlords_targets_check" CHECK ("landlords"."normal_response_hours" between 1 and 8760 and "landlords"."normal_resolution_hours" between 1 and 8760 and "landlords"."high_response_hours" between 1 and 8760 and "landlords"."high_resolution_hours" between 1 and 8760 and "landlords"."normal_response_hours" <= "landlords"."normal_resolution_hours" and "landlords"."high_response_hours" <= "landlords"."high_resolution_hours");--> statement-breakpoint
-- A manager's lists filter and sort by due time reading it from the property index alone, as they read the rest.
DROP INDEX "tickets_property_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_property_id_created_at_idx" ON "tickets" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text","status","title","tenant_sort","property_sort","held","due_at");--> statement-breakpoint
-- The portfolio's share resolved within target, kept in the writer's transaction as the other portfolio figures are
-- (migration 0012): per UTC hour of closing, the Completed tickets and those closed by their resolve_by.
CREATE FUNCTION portfolio_resolutions_apply() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO portfolio_resolution_hours AS hours (hour, resolved, in_target)
      SELECT date_trunc('hour', closed_at, 'UTC'), sum(change), coalesce(sum(change) FILTER (WHERE closed_at <= resolve_by), 0)
      FROM (SELECT status, closed_at, resolve_by, 1 AS change FROM new_rows) AS changes
      WHERE status = 3 AND closed_at IS NOT NULL
      GROUP BY 1 HAVING sum(change) <> 0 OR coalesce(sum(change) FILTER (WHERE closed_at <= resolve_by), 0) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET resolved = hours.resolved + excluded.resolved,
        in_target = hours.in_target + excluded.in_target;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO portfolio_resolution_hours AS hours (hour, resolved, in_target)
      SELECT date_trunc('hour', closed_at, 'UTC'), sum(change), coalesce(sum(change) FILTER (WHERE closed_at <= resolve_by), 0)
      FROM (SELECT status, closed_at, resolve_by, -1 AS change FROM old_rows) AS changes
      WHERE status = 3 AND closed_at IS NOT NULL
      GROUP BY 1 HAVING sum(change) <> 0 OR coalesce(sum(change) FILTER (WHERE closed_at <= resolve_by), 0) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET resolved = hours.resolved + excluded.resolved,
        in_target = hours.in_target + excluded.in_target;
  ELSE
    INSERT INTO portfolio_resolution_hours AS hours (hour, resolved, in_target)
      SELECT date_trunc('hour', closed_at, 'UTC'), sum(change), coalesce(sum(change) FILTER (WHERE closed_at <= resolve_by), 0)
      FROM (SELECT status, closed_at, resolve_by, 1 AS change FROM new_rows UNION ALL SELECT status, closed_at, resolve_by, -1 FROM old_rows) AS changes
      WHERE status = 3 AND closed_at IS NOT NULL
      GROUP BY 1 HAVING sum(change) <> 0 OR coalesce(sum(change) FILTER (WHERE closed_at <= resolve_by), 0) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET resolved = hours.resolved + excluded.resolved,
        in_target = hours.in_target + excluded.in_target;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tickets_resolutions_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_resolutions_apply();--> statement-breakpoint
CREATE TRIGGER tickets_resolutions_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_resolutions_apply();--> statement-breakpoint
CREATE TRIGGER tickets_resolutions_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_resolutions_apply();--> statement-breakpoint
-- The portfolio's open tickets per UTC hour of their next due time: its overdue and soon-due counts are sums of these
-- and of the current hour's tickets (dashboard/due.ts), not a count of every late ticket.
CREATE FUNCTION portfolio_due_apply() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO portfolio_due_hours AS hours (hour, tickets)
      SELECT date_trunc('hour', due_at, 'UTC'), sum(change) FROM (SELECT due_at, 1 AS change FROM new_rows) AS changes
      WHERE due_at IS NOT NULL
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET tickets = hours.tickets + excluded.tickets;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO portfolio_due_hours AS hours (hour, tickets)
      SELECT date_trunc('hour', due_at, 'UTC'), sum(change) FROM (SELECT due_at, -1 AS change FROM old_rows) AS changes
      WHERE due_at IS NOT NULL
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET tickets = hours.tickets + excluded.tickets;
  ELSE
    INSERT INTO portfolio_due_hours AS hours (hour, tickets)
      SELECT date_trunc('hour', due_at, 'UTC'), sum(change) FROM (SELECT due_at, 1 AS change FROM new_rows UNION ALL SELECT due_at, -1 FROM old_rows) AS changes
      WHERE due_at IS NOT NULL
      GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET tickets = hours.tickets + excluded.tickets;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tickets_due_hours_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_due_apply();--> statement-breakpoint
CREATE TRIGGER tickets_due_hours_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_due_apply();--> statement-breakpoint
CREATE TRIGGER tickets_due_hours_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_due_apply();--> statement-breakpoint
-- The tickets already there, taken while writers wait (the triggers and these counts see the same tickets).
LOCK TABLE tickets IN SHARE MODE;--> statement-breakpoint
INSERT INTO portfolio_due_hours (hour, tickets)
  SELECT date_trunc('hour', due_at, 'UTC'), count(*) FROM tickets WHERE due_at IS NOT NULL GROUP BY 1;--> statement-breakpoint
INSERT INTO portfolio_resolution_hours (hour, resolved, in_target)
  SELECT date_trunc('hour', closed_at, 'UTC'), count(*), count(*) FILTER (WHERE closed_at <= resolve_by)
  FROM tickets WHERE status = 3 AND closed_at IS NOT NULL GROUP BY 1;

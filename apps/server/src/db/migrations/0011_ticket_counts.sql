-- Counting and re-indexing 1,000,000 tickets takes longer than a pooled connection's statement timeout.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"property_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"tickets" integer NOT NULL,
	CONSTRAINT "ticket_counts_property_id_status_pk" PRIMARY KEY("property_id","status")
);
--> statement-breakpoint
-- The dashboard's counts per status and its open tickets per property read these rows instead of the tickets
-- (at 1,000,000 tickets the two counts took 108 and 77 ms per dashboard). Kept by statement triggers with
-- transition tables: one grouped upsert per statement, however many tickets it writes (a bulk load included),
-- in the writer's transaction. Rows are written in key order, so two writers never wait on each other in a cycle.
CREATE FUNCTION ticket_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts AS counts (property_id, status, tickets)
      SELECT property_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (property_id, status) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ticket_counts AS counts (property_id, status, tickets)
      SELECT property_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (property_id, status) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
  ELSE
    INSERT INTO ticket_counts AS counts (property_id, status, tickets)
      SELECT property_id, status, sum(change) FROM (
        SELECT property_id, status, 1 AS change FROM new_rows
        UNION ALL
        SELECT property_id, status, -1 FROM old_rows
      ) AS changes
      GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
      ON CONFLICT (property_id, status) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tickets_counts_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_apply();--> statement-breakpoint
CREATE TRIGGER tickets_counts_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_apply();--> statement-breakpoint
CREATE TRIGGER tickets_counts_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_apply();--> statement-breakpoint
-- The counts of the tickets already there, taken while writers wait (the triggers and this count see the same
-- tickets).
LOCK TABLE tickets IN SHARE MODE;--> statement-breakpoint
INSERT INTO ticket_counts (property_id, status, tickets)
  SELECT property_id, status, count(*) FROM tickets GROUP BY 1, 2;--> statement-breakpoint
-- The dashboard's weeks and time to close: the tickets created, and those closed, in its window, read from the
-- index alone (at 1,000,000 tickets, 77,000 and 49,000 entries) instead of fetching each ticket.
DROP INDEX "tickets_created_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at" DESC NULLS FIRST) INCLUDE ("closed_at", "status");--> statement-breakpoint
DROP INDEX "tickets_closed_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_closed_at_idx" ON "tickets" USING btree ("closed_at") INCLUDE ("created_at", "status") WHERE "tickets"."closed_at" is not null;

-- Filling the column and re-indexing 1,000,000 tickets takes longer than a pooled connection's statement timeout.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a contractor holds the job, copied from ticket_assignments. Its search text does not change: the trigger that
-- writes it again on every update of a ticket is off while the column is filled.
ALTER TABLE tickets DISABLE TRIGGER tickets_search_text;--> statement-breakpoint
UPDATE tickets SET held = true
  WHERE id IN (SELECT ticket_id FROM ticket_assignments WHERE state <> 'declined');--> statement-breakpoint
ALTER TABLE tickets ENABLE TRIGGER tickets_search_text;--> statement-breakpoint
-- Kept by every change of an assignment, whoever makes it (an answer, a reassignment, an unassignment, the contractor
-- or the ticket deleted), in the writer's transaction. Only a change of the copy writes the ticket.
CREATE FUNCTION ticket_assignments_held_apply() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE tickets SET held = false WHERE id = OLD.ticket_id AND held;
  ELSE
    UPDATE tickets SET held = (NEW.state <> 'declined')
      WHERE id = NEW.ticket_id AND held IS DISTINCT FROM (NEW.state <> 'declined');
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER ticket_assignments_held AFTER INSERT OR DELETE OR UPDATE OF state, ticket_id ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION ticket_assignments_held_apply();--> statement-breakpoint
-- A list "Assigned to: Nobody" reads whether each ticket is held from these indexes alone: a manager's (and a landlord's)
-- from the property index, the super admin's whole list, its page and its count to the cap, from the date index.
DROP INDEX "tickets_property_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_property_id_created_at_idx" ON "tickets" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text","status","title","tenant_sort","property_sort","held");--> statement-breakpoint
DROP INDEX "tickets_created_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at" DESC NULLS FIRST) INCLUDE ("closed_at","status","held");

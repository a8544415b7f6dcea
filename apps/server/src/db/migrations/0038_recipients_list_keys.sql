-- Filling the copies and re-indexing 3,000,000 recipients takes longer than a pooled connection's statement timeout.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "property_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "property_sort" text;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "tenant_sort" text;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
UPDATE ticket_recipients r SET title = t.title, status = t.status, property_id = t.property_id,
    property_sort = t.property_sort, tenant_sort = t.tenant_sort, due_at = t.due_at
  FROM tickets t WHERE t.id = r.ticket_id;--> statement-breakpoint
-- A recipient row starts with its ticket's keys, whoever writes it (the routing, an assignment, a seed).
CREATE FUNCTION ticket_recipients_keys_fill() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT t.title, t.status, t.property_id, t.property_sort, t.tenant_sort, t.due_at
    INTO NEW.title, NEW.status, NEW.property_id, NEW.property_sort, NEW.tenant_sort, NEW.due_at
    FROM tickets t WHERE t.id = NEW.ticket_id;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER ticket_recipients_keys BEFORE INSERT OR UPDATE OF ticket_id ON ticket_recipients
  FOR EACH ROW EXECUTE FUNCTION ticket_recipients_keys_fill();--> statement-breakpoint
-- Every change of those keys on the ticket (an edit, a status, a due time, a renamed property or tenant, whose triggers
-- write the ticket's sort keys) is copied to its recipients in the writer's transaction. An AFTER trigger: due_at is
-- generated, computed only once the row is written.
CREATE FUNCTION tickets_recipient_keys_apply() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE ticket_recipients SET title = NEW.title, status = NEW.status, property_id = NEW.property_id,
      property_sort = NEW.property_sort, tenant_sort = NEW.tenant_sort, due_at = NEW.due_at
    WHERE ticket_id = NEW.id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tickets_recipient_keys AFTER UPDATE ON tickets FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.property_id IS DISTINCT FROM NEW.property_id OR OLD.property_sort IS DISTINCT FROM NEW.property_sort
    OR OLD.tenant_sort IS DISTINCT FROM NEW.tenant_sort OR OLD.due_at IS DISTINCT FROM NEW.due_at)
  EXECUTE FUNCTION tickets_recipient_keys_apply();--> statement-breakpoint
DROP INDEX "ticket_recipients_user_id_assigned_created_at_idx";--> statement-breakpoint
CREATE INDEX "ticket_recipients_user_id_assigned_created_at_idx" ON "ticket_recipients" USING btree ("user_id","assigned" DESC NULLS FIRST,"ticket_created_at" DESC NULLS FIRST,"ticket_id" DESC NULLS FIRST) INCLUDE ("title","status","property_id","property_sort","tenant_sort","due_at");

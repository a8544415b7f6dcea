-- Live updates (issue 28, ADR 0046): every write to a ticket or to a user's notifications says so on the channel
-- `mend_live`, delivered by PostgreSQL (or PGlite, in process) to the app processes listening when the writer's
-- transaction commits, and never for one rolled back. The payload names only what changed, by id: who may see it
-- is decided by each process for its own streams (modules/live). Statement triggers with transition tables send
-- one message per statement, however many rows it writes; a statement that writes more than `many` tickets or
-- users (a bulk load, 500) says only that many changed (null), within the channel's 8,000-byte payload.
CREATE FUNCTION mend_live_tickets() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'tickets' THEN
    ids := ARRAY(SELECT id FROM changed_rows LIMIT 2001);
  ELSE
    ids := ARRAY(SELECT ticket_id FROM changed_rows WHERE ticket_id IS NOT NULL LIMIT 2001);
  END IF;
  IF cardinality(ids) > 0 THEN
    -- More rows than were read may hold other ids: then too many to name.
    IF cardinality(ids) > 2000 THEN ids := NULL;
    ELSE ids := ARRAY(SELECT DISTINCT id FROM unnest(ids) AS id ORDER BY id);
    END IF;
    IF cardinality(ids) > 500 THEN ids := NULL; END IF;
    PERFORM pg_notify('mend_live', json_build_object('tickets', ids)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mend_live_notifications() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := ARRAY(SELECT user_id FROM changed_rows LIMIT 2001);
  IF cardinality(ids) > 0 THEN
    -- More rows than were read may hold other ids: then too many to name.
    IF cardinality(ids) > 2000 THEN ids := NULL;
    ELSE ids := ARRAY(SELECT DISTINCT id FROM unnest(ids) AS id ORDER BY id);
    END IF;
    IF cardinality(ids) > 500 THEN ids := NULL; END IF;
    PERFORM pg_notify('mend_live', json_build_object('users', ids)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A ticket's own columns (status, due times, details); its creation and most changes also write a log line.
CREATE TRIGGER tickets_live_update AFTER UPDATE ON tickets
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_log_live AFTER INSERT ON ticket_log
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
-- Who a ticket is routed to decides which contractors see it.
CREATE TRIGGER ticket_recipients_live_insert AFTER INSERT ON ticket_recipients
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_recipients_live_delete AFTER DELETE ON ticket_recipients
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
-- The conversation: a comment written, edited or deleted.
CREATE TRIGGER ticket_comments_live_insert AFTER INSERT ON ticket_comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_comments_live_update AFTER UPDATE ON ticket_comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_comments_live_delete AFTER DELETE ON ticket_comments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
-- The assignment and the visits (the calendar), which also log, but not every change of a visit does.
CREATE TRIGGER ticket_assignments_live_insert AFTER INSERT ON ticket_assignments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_assignments_live_update AFTER UPDATE ON ticket_assignments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_assignments_live_delete AFTER DELETE ON ticket_assignments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_visits_live_insert AFTER INSERT ON ticket_visits
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_visits_live_update AFTER UPDATE ON ticket_visits
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_tickets();--> statement-breakpoint
-- A user's bell: a notification arrives, or is marked viewed in another tab.
CREATE TRIGGER notifications_live_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_notifications();--> statement-breakpoint
CREATE TRIGGER notifications_live_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mend_live_notifications();

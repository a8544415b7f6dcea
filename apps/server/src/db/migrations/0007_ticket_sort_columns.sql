-- The ticket list sorts by the property's name and the tenant's shown name: columns of other tables, so sorting
-- the super admin's whole list by them joined and sorted every ticket (2-5 s at 1,000,000 tickets). Copies of those
-- keys on the ticket, kept by the triggers that keep search_text (0005), make every sort an index walk.
-- The backfill rewrites every ticket (minutes at 1,000,000): no statement timeout of the connection's applies.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "property_sort" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "tenant_sort" text;--> statement-breakpoint
-- The sort keys as the list compares them: lower-cased; the tenant as the list shows it (company, else "first last",
-- else email), NULL without a tenant.
CREATE FUNCTION ticket_property_sort(integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(p.name) FROM properties p WHERE p.id = $1
$$;--> statement-breakpoint
CREATE FUNCTION ticket_tenant_sort(integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(nullif(u.company_name, ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email))
    FROM users u WHERE u.id = $1
$$;--> statement-breakpoint
-- Whenever the search text is computed (insert, a change of a searched field, or a writer setting it to NULL after a
-- rename), the sort keys are computed with it.
CREATE OR REPLACE FUNCTION tickets_set_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_text := ticket_search_text(NEW.id, NEW.title, NEW.description, NEW.property_id, NEW.tenant_id);
    NEW.property_sort := ticket_property_sort(NEW.property_id);
    NEW.tenant_sort := ticket_tenant_sort(NEW.tenant_id);
  ELSIF NEW.search_text IS NULL
     OR NEW.title IS DISTINCT FROM OLD.title
     OR NEW.description IS DISTINCT FROM OLD.description
     OR NEW.property_id IS DISTINCT FROM OLD.property_id
     OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
    NEW.search_text := ticket_search_text(NEW.id, NEW.title, NEW.description, NEW.property_id, NEW.tenant_id);
    NEW.property_sort := ticket_property_sort(NEW.property_id);
    NEW.tenant_sort := ticket_tenant_sort(NEW.tenant_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The tenant's shown name falls back to the email: an email change now refreshes the tenant's tickets too.
DROP TRIGGER users_ticket_search_text ON users;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_refresh_ticket_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_name IS DISTINCT FROM OLD.first_name
     OR NEW.last_name IS DISTINCT FROM OLD.last_name
     OR NEW.company_name IS DISTINCT FROM OLD.company_name
     OR NEW.email IS DISTINCT FROM OLD.email THEN
    UPDATE tickets SET search_text = NULL WHERE tenant_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_ticket_search_text AFTER UPDATE OF first_name, last_name, company_name, email ON users
  FOR EACH ROW EXECUTE FUNCTION users_refresh_ticket_search();--> statement-breakpoint
-- Existing tickets (the trigger leaves these rows' search text as it is).
UPDATE tickets SET property_sort = ticket_property_sort(property_id), tenant_sort = ticket_tenant_sort(tenant_id);--> statement-breakpoint
CREATE INDEX "tickets_title_sort_idx" ON "tickets" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "tickets_status_sort_idx" ON "tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tickets_property_sort_idx" ON "tickets" USING btree ("property_sort","id");--> statement-breakpoint
CREATE INDEX "tickets_tenant_sort_idx" ON "tickets" USING btree ("tenant_sort","id");

DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- People search reads one maintained column (as the ticket search does, ADR 0009) instead of seven ILIKEs and two
-- EXISTS subqueries no index could serve. Lower-cased (LIKE on it is several times faster than ILIKE) and joined by
-- U+001F, which no typed term contains, so a match never spans two fields: "first last" (which holds each name),
-- description, company, email, username, the tenant's unit name, the contractor's category titles.
CREATE FUNCTION user_search_text(integer, text, text, text, text, text, text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(chr(31), nullif($2 || ' ' || $3, ' '), nullif($4, ''), nullif($5, ''), nullif($6, ''),
    nullif($7, ''),
    (SELECT un.name FROM tenant_units tu JOIN units un ON un.id = tu.unit_id WHERE tu.user_id = $1),
    (SELECT string_agg(c.title, chr(31) ORDER BY c.id)
       FROM contractor_categories cc JOIN categories c ON c.id = cc.category_id WHERE cc.user_id = $1)))
$$;--> statement-breakpoint
-- Computed on insert, and again when a searched field changes or a writer below sets it to NULL.
CREATE FUNCTION users_set_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR NEW.search_text IS NULL
     OR NEW.first_name IS DISTINCT FROM OLD.first_name
     OR NEW.last_name IS DISTINCT FROM OLD.last_name
     OR NEW.description IS DISTINCT FROM OLD.description
     OR NEW.company_name IS DISTINCT FROM OLD.company_name
     OR NEW.email IS DISTINCT FROM OLD.email
     OR NEW.username IS DISTINCT FROM OLD.username THEN
    NEW.search_text := user_search_text(NEW.id, NEW.first_name, NEW.last_name, NEW.description,
      NEW.company_name, NEW.email, NEW.username);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_text BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_set_search_text();--> statement-breakpoint
-- A tenant's unit and a contractor's categories: the linked user's text is recomputed (NULL asks for it).
CREATE FUNCTION user_links_refresh_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE users SET search_text = NULL WHERE id = NEW.user_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id) THEN
    UPDATE users SET search_text = NULL WHERE id = OLD.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tenant_units_user_search_text AFTER INSERT OR UPDATE OR DELETE ON tenant_units
  FOR EACH ROW EXECUTE FUNCTION user_links_refresh_search();--> statement-breakpoint
CREATE TRIGGER contractor_categories_user_search_text AFTER INSERT OR UPDATE OR DELETE ON contractor_categories
  FOR EACH ROW EXECUTE FUNCTION user_links_refresh_search();--> statement-breakpoint
-- A unit's new name reaches its tenants; a category's new title its contractors.
CREATE FUNCTION units_refresh_user_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE users SET search_text = NULL
      WHERE id IN (SELECT tu.user_id FROM tenant_units tu WHERE tu.unit_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER units_user_search_text AFTER UPDATE OF name ON units
  FOR EACH ROW EXECUTE FUNCTION units_refresh_user_search();--> statement-breakpoint
CREATE FUNCTION categories_refresh_user_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title THEN
    UPDATE users SET search_text = NULL
      WHERE id IN (SELECT cc.user_id FROM contractor_categories cc WHERE cc.category_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_user_search_text AFTER UPDATE OF title ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_refresh_user_search();--> statement-breakpoint
-- Every existing user's text, before the indexes below exist (filling them row by row would be slower). At 250,000
-- users this takes about a minute (each row's new version goes into every index of users), longer than the app's
-- statement timeout: lifted for this migration's transaction only.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
UPDATE users SET search_text = NULL;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_company_sort_idx" ON "users" USING btree (lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "users_role_created_at_id_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_email_id_idx" ON "users" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "users_role_name_sort_idx" ON "users" USING btree ("role",lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_role_company_sort_idx" ON "users" USING btree ("role",lower("company_name"),"id");--> statement-breakpoint
-- Statistics of the new column and expression indexes now, so the first searches and sorts are planned on them
-- (a LIKE on search_text without them was planned as a walk of the whole created_at index).
ANALYZE users;

-- A search of every user or of every tenant walks the list's order (ADR 0051); with search_text in the index the walk
-- tests each row it passes without reading the table.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
DROP INDEX "users_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "users_tenant_created_at_id_idx" ON "users" USING btree ("created_at","id") INCLUDE ("search_text") WHERE "users"."role" = 2;

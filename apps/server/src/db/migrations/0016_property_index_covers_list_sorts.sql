-- A manager's list (and a landlord's, for the super admin) reads every ticket of the landlord's properties to sort
-- and count them. With the sort keys and the status in this index those rows are read from it alone, without a
-- visit to each ticket's row: half the database time of a manager's list sorted by title, status or property.
DROP INDEX "tickets_property_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_property_id_created_at_idx" ON "tickets" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text","status","title","tenant_sort","property_sort");

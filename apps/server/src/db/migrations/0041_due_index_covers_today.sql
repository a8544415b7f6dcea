-- The portfolio's tickets due today are counted, and those due between the first and the last zone's midnight matched
-- to their property's zone, from this index alone; sorted by date, their page can be too.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
DROP INDEX "tickets_due_at_sort_idx";--> statement-breakpoint
CREATE INDEX "tickets_due_at_sort_idx" ON "tickets" USING btree ("due_at","id") INCLUDE ("created_at","property_id");

ALTER TABLE "ticket_visits" ADD COLUMN "property_id" integer;--> statement-breakpoint
-- Visits written before the copy existed take their ticket's property.
UPDATE "ticket_visits" AS v SET "property_id" = t."property_id" FROM "tickets" AS t WHERE t."id" = v."ticket_id";--> statement-breakpoint
ALTER TABLE "ticket_visits" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_assignments_held_by_contractor_idx" ON "ticket_assignments" USING btree ("contractor_id","ticket_id") WHERE "ticket_assignments"."state" <> 'declined';--> statement-breakpoint
CREATE INDEX "ticket_assignments_held_idx" ON "ticket_assignments" USING btree ("ticket_id","contractor_id") WHERE "ticket_assignments"."state" <> 'declined';--> statement-breakpoint
CREATE INDEX "ticket_visits_property_starts_at_idx" ON "ticket_visits" USING btree ("property_id","starts_at") WHERE "ticket_visits"."state" in ('proposed', 'booked');
CREATE TABLE "ticket_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"contractor_id" integer,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"in_window" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_24_at" timestamp with time zone,
	"reminded_1_at" timestamp with time zone,
	CONSTRAINT "ticket_visits_state_check" CHECK ("ticket_visits"."state" in ('proposed', 'booked', 'refused', 'cancelled')),
	CONSTRAINT "ticket_visits_range_check" CHECK ("ticket_visits"."ends_at" > "ticket_visits"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_visits_one_active_idx" ON "ticket_visits" USING btree ("ticket_id") WHERE "ticket_visits"."state" in ('proposed', 'booked');--> statement-breakpoint
CREATE INDEX "ticket_visits_ticket_id_idx" ON "ticket_visits" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_visits_active_starts_at_idx" ON "ticket_visits" USING btree ("starts_at","id") WHERE "ticket_visits"."state" in ('proposed', 'booked');--> statement-breakpoint
CREATE INDEX "ticket_visits_contractor_starts_at_idx" ON "ticket_visits" USING btree ("contractor_id","starts_at") WHERE "ticket_visits"."state" in ('proposed', 'booked');--> statement-breakpoint
CREATE INDEX "ticket_visits_reminders_idx" ON "ticket_visits" USING btree ("starts_at") WHERE "ticket_visits"."state" = 'booked' and "ticket_visits"."reminded_1_at" is null;
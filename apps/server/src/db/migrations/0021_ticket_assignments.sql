CREATE TABLE "ticket_assignments" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"decline_reason" text DEFAULT '' NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "ticket_assignments_state_check" CHECK ("ticket_assignments"."state" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
DROP INDEX "ticket_recipients_user_id_ticket_created_at_idx";--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "assignment_response_hours" smallint DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "assigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_recipients" ADD COLUMN "routed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_assignments" ADD CONSTRAINT "ticket_assignments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignments" ADD CONSTRAINT "ticket_assignments_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignments" ADD CONSTRAINT "ticket_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_assignments_contractor_id_idx" ON "ticket_assignments" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "ticket_assignments_unanswered_idx" ON "ticket_assignments" USING btree ("respond_by") WHERE "ticket_assignments"."state" = 'pending' and "ticket_assignments"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_recipients_user_id_assigned_created_at_idx" ON "ticket_recipients" USING btree ("user_id","assigned" DESC NULLS FIRST,"ticket_created_at" DESC NULLS FIRST,"ticket_id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "landlords" ADD CONSTRAINT "landlords_assignment_response_hours_check" CHECK ("landlords"."assignment_response_hours" between 1 and 720);
CREATE TABLE "landlord_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"landlord_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_cost_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "ticket_cost_lines_kind_check" CHECK ("ticket_cost_lines"."kind" in ('labour', 'parts', 'other')),
	CONSTRAINT "ticket_cost_lines_amount_check" CHECK ("ticket_cost_lines"."amount_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "ticket_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"contractor_id" integer,
	"currency" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"attachment_key" text,
	"attachment_mime" text,
	"attachment_name" text,
	"state" text NOT NULL,
	"decided_by" integer,
	"decided_by_owner_id" integer,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decline_reason" text DEFAULT '' NOT NULL,
	"paid_on" date,
	"owner_asked_at" timestamp with time zone,
	"owner_reminders" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_costs_kind_check" CHECK ("ticket_costs"."kind" in ('estimate', 'invoice')),
	CONSTRAINT "ticket_costs_state_check" CHECK (("ticket_costs"."kind" = 'estimate' and "ticket_costs"."state" in ('pending', 'awaiting_owner', 'approved', 'declined')) or ("ticket_costs"."kind" = 'invoice' and "ticket_costs"."state" in ('unpaid', 'paid'))),
	CONSTRAINT "ticket_costs_amounts_check" CHECK ("ticket_costs"."subtotal_cents" between 0 and 100000000 and "ticket_costs"."tax_cents" between 0 and 100000000 and "ticket_costs"."total_cents" = "ticket_costs"."subtotal_cents" + "ticket_costs"."tax_cents" and "ticket_costs"."total_cents" <= 100000000),
	CONSTRAINT "ticket_costs_paid_check" CHECK (("ticket_costs"."state" = 'paid') = ("ticket_costs"."paid_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "currency" text DEFAULT 'CAD' NOT NULL;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "approval_limit_cents" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "landlord_owners" ADD CONSTRAINT "landlord_owners_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cost_lines" ADD CONSTRAINT "ticket_cost_lines_cost_id_ticket_costs_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."ticket_costs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_costs" ADD CONSTRAINT "ticket_costs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_costs" ADD CONSTRAINT "ticket_costs_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_costs" ADD CONSTRAINT "ticket_costs_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_costs" ADD CONSTRAINT "ticket_costs_decided_by_owner_id_landlord_owners_id_fk" FOREIGN KEY ("decided_by_owner_id") REFERENCES "public"."landlord_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landlord_owners_landlord_id_idx" ON "landlord_owners" USING btree ("landlord_id","position");--> statement-breakpoint
CREATE INDEX "ticket_cost_lines_cost_id_idx" ON "ticket_cost_lines" USING btree ("cost_id","position");--> statement-breakpoint
CREATE INDEX "ticket_costs_ticket_id_idx" ON "ticket_costs" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_costs_contractor_id_idx" ON "ticket_costs" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "ticket_costs_decided_by_idx" ON "ticket_costs" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "ticket_costs_owner_idx" ON "ticket_costs" USING btree ("decided_by_owner_id");--> statement-breakpoint
CREATE INDEX "ticket_costs_awaiting_owner_idx" ON "ticket_costs" USING btree ("owner_asked_at") WHERE "ticket_costs"."state" = 'awaiting_owner';--> statement-breakpoint
CREATE INDEX "ticket_costs_paid_on_idx" ON "ticket_costs" USING btree ("paid_on") WHERE "ticket_costs"."state" = 'paid';--> statement-breakpoint
ALTER TABLE "landlords" ADD CONSTRAINT "landlords_money_check" CHECK ("landlords"."currency" in ('CAD', 'USD', 'EUR', 'GBP', 'AUD', 'NZD') and "landlords"."approval_limit_cents" between 0 and 100000000);
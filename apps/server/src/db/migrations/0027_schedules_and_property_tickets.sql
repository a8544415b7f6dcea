CREATE TABLE "schedule_occurrences" (
	"schedule_id" integer NOT NULL,
	"occurs_on" date NOT NULL,
	"ticket_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_occurrences_schedule_id_occurs_on_pk" PRIMARY KEY("schedule_id","occurs_on")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"unit_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"frequency" text NOT NULL,
	"interval" smallint DEFAULT 1 NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"month" smallint,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"lead_days" smallint NOT NULL,
	"paused_at" timestamp with time zone,
	"next_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_frequency_check" CHECK ("schedules"."frequency" in ('daily', 'weekly', 'monthly', 'yearly')),
	CONSTRAINT "schedules_priority_check" CHECK ("schedules"."priority" between 0 and 1),
	CONSTRAINT "schedules_interval_check" CHECK ("schedules"."interval" between 1 and 99),
	CONSTRAINT "schedules_lead_days_check" CHECK ("schedules"."lead_days" between 0 and 90),
	CONSTRAINT "schedules_ends_check" CHECK ("schedules"."ends_on" is null or "schedules"."ends_on" >= "schedules"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_occurrences_ticket_id_idx" ON "schedule_occurrences" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "schedules_property_id_idx" ON "schedules" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_unit_id_idx" ON "schedules" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "schedules_category_id_idx" ON "schedules" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "schedules_created_at_idx" ON "schedules" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_on") WHERE "schedules"."paused_at" is null and "schedules"."next_on" is not null;
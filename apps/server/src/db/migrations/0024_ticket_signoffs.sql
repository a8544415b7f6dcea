CREATE TABLE "contractor_ratings" (
	"contractor_id" integer PRIMARY KEY NOT NULL,
	"ratings" integer NOT NULL,
	"rating_sum" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landlord_ratings" (
	"landlord_id" integer PRIMARY KEY NOT NULL,
	"ratings" integer NOT NULL,
	"rating_sum" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_signoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"tenant_id" integer,
	"contractor_id" integer,
	"landlord_id" integer NOT NULL,
	"state" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"rating" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"reopen_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "ticket_signoffs_state_check" CHECK ("ticket_signoffs"."state" in ('asked', 'confirmed', 'reopened', 'withdrawn')),
	CONSTRAINT "ticket_signoffs_rating_check" CHECK (("ticket_signoffs"."state" = 'confirmed') = ("ticket_signoffs"."rating" is not null) and ("ticket_signoffs"."rating" is null or "ticket_signoffs"."rating" between 1 and 5))
);
--> statement-breakpoint
ALTER TABLE "contractor_ratings" ADD CONSTRAINT "contractor_ratings_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlord_ratings" ADD CONSTRAINT "landlord_ratings_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_signoffs" ADD CONSTRAINT "ticket_signoffs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_signoffs" ADD CONSTRAINT "ticket_signoffs_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_signoffs" ADD CONSTRAINT "ticket_signoffs_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_signoffs_one_asked_idx" ON "ticket_signoffs" USING btree ("ticket_id") WHERE "ticket_signoffs"."state" = 'asked';--> statement-breakpoint
CREATE INDEX "ticket_signoffs_ticket_id_idx" ON "ticket_signoffs" USING btree ("ticket_id","asked_at");--> statement-breakpoint
CREATE INDEX "ticket_signoffs_tenant_id_idx" ON "ticket_signoffs" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ticket_signoffs_contractor_id_idx" ON "ticket_signoffs" USING btree ("contractor_id");--> statement-breakpoint
-- A contractor's average rating (its record) and a landlord's (the dashboard) read one row each, not every rating:
-- this trigger adds a rating where one is given and takes it back where it goes (its ticket deleted, its contractor
-- deleted, which detaches it), in the writer's transaction. Always the contractor's row before the landlord's, so two
-- writers never wait on each other in a cycle.
CREATE FUNCTION ticket_signoffs_ratings_apply() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.rating IS NOT NULL THEN
    IF OLD.contractor_id IS NOT NULL THEN
      UPDATE contractor_ratings SET ratings = ratings - 1, rating_sum = rating_sum - OLD.rating
        WHERE contractor_id = OLD.contractor_id;
    END IF;
    UPDATE landlord_ratings SET ratings = ratings - 1, rating_sum = rating_sum - OLD.rating
      WHERE landlord_id = OLD.landlord_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.rating IS NOT NULL THEN
    IF NEW.contractor_id IS NOT NULL THEN
      INSERT INTO contractor_ratings AS totals (contractor_id, ratings, rating_sum)
        VALUES (NEW.contractor_id, 1, NEW.rating)
        ON CONFLICT (contractor_id) DO UPDATE
        SET ratings = totals.ratings + 1, rating_sum = totals.rating_sum + excluded.rating_sum;
    END IF;
    INSERT INTO landlord_ratings AS totals (landlord_id, ratings, rating_sum)
      VALUES (NEW.landlord_id, 1, NEW.rating)
      ON CONFLICT (landlord_id) DO UPDATE
      SET ratings = totals.ratings + 1, rating_sum = totals.rating_sum + excluded.rating_sum;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER ticket_signoffs_ratings AFTER INSERT OR DELETE OR UPDATE OF rating, contractor_id, landlord_id
  ON ticket_signoffs FOR EACH ROW EXECUTE FUNCTION ticket_signoffs_ratings_apply();

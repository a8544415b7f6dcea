-- Copies each ticket's created_at onto its recipients (see schema.ts), filled from tickets for existing rows.
ALTER TABLE "ticket_recipients" ADD COLUMN "ticket_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "ticket_recipients" SET "ticket_created_at" = "tickets"."created_at" FROM "tickets" WHERE "tickets"."id" = "ticket_recipients"."ticket_id";--> statement-breakpoint
ALTER TABLE "ticket_recipients" ALTER COLUMN "ticket_created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_recipients_user_id_ticket_created_at_idx" ON "ticket_recipients" USING btree ("user_id","ticket_created_at" DESC NULLS FIRST,"ticket_id" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX "ticket_recipients_user_id_idx";

-- A user's newest notifications from an index of their own order (GET users/current reads 50 on every page load).
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_id_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
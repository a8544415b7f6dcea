DROP INDEX "users_landlord_id_idx";--> statement-breakpoint
CREATE INDEX "users_landlord_id_role_idx" ON "users" USING btree ("landlord_id","role");
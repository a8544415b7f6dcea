DROP INDEX "tickets_property_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "ticket_images_storage_key_idx" ON "ticket_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "ticket_images_thumbnail_key_idx" ON "ticket_images" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "users_avatar_idx" ON "users" USING btree ("avatar");--> statement-breakpoint
CREATE INDEX "tickets_property_id_created_at_idx" ON "tickets" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
CREATE INDEX "schedules_title_sort_idx" ON "schedules" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "schedules_next_on_sort_idx" ON "schedules" USING btree ("next_on","id");--> statement-breakpoint
CREATE INDEX "schedules_next_on_desc_sort_idx" ON "schedules" USING btree ("next_on" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_paused_idx" ON "schedules" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "schedules"."paused_at" is not null;--> statement-breakpoint
CREATE INDEX "schedules_title_trgm_idx" ON "schedules" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schedules_description_trgm_idx" ON "schedules" USING gin ("description" gin_trgm_ops);
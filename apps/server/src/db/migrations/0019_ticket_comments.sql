CREATE TABLE "ticket_comment_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "ticket_comments_visibility_check" CHECK ("ticket_comments"."visibility" in ('everyone', 'contractor', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "ticket_comment_files" ADD CONSTRAINT "ticket_comment_files_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_comment_files_comment_id_idx" ON "ticket_comment_files" USING btree ("comment_id","position");--> statement-breakpoint
CREATE INDEX "ticket_comment_files_storage_key_idx" ON "ticket_comment_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "ticket_comment_files_thumbnail_key_idx" ON "ticket_comment_files" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_id_created_at_idx" ON "ticket_comments" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_comments_user_id_idx" ON "ticket_comments" USING btree ("user_id");
-- The people, unit and property searches read their maintained search_text columns (0008, 0009): the trigram
-- indexes of the single columns they used to match cost every write of those tables and serve no query.
DROP INDEX "properties_name_trgm_idx";--> statement-breakpoint
DROP INDEX "units_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_description_trgm_idx";
CREATE TABLE "search_vocabulary" (
	"key" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_name" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_place" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_phrase" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telegram_alert_keywords" ADD COLUMN "keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "telegram_alert_keywords" ADD COLUMN "search_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_vocabulary_prefix_idx" ON "search_vocabulary" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "listings_public_search_terms_idx" ON "listings" USING gin ("search_terms") WHERE "listings"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "telegram_alert_keywords_keys_idx" ON "telegram_alert_keywords" USING gin ("keys");
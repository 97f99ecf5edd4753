-- Search keys as 32-bit hashes (decision 26, at scale): intarray's && and GIN operator class.
CREATE EXTENSION IF NOT EXISTS intarray;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_key_hashes(keys text[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select coalesce(array_agg(distinct hashtext(k) order by hashtext(k)), '{}') from unnest(keys) as k $$;--> statement-breakpoint
DROP INDEX "listings_public_search_idx";--> statement-breakpoint
DROP INDEX "listings_public_search_terms_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_hashes" integer[] GENERATED ALWAYS AS (search_key_hashes(search_terms)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(product_name || ' ' || company_name || ' ' || location)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_public_search_text_idx" ON "listings" USING gin ("search_text" gin_trgm_ops) WHERE "listings"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "listings_public_search_hashes_idx" ON "listings" USING gin ("search_hashes" gin__int_ops) WHERE "listings"."status" = 'verified';
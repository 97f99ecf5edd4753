CREATE TABLE "listing_address_counts" (
	"listing_id" integer NOT NULL,
	"day" text NOT NULL,
	"event" text NOT NULL,
	"address_hash" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "listing_address_counts_listing_id_day_event_address_hash_pk" PRIMARY KEY("listing_id","day","event","address_hash")
);
--> statement-breakpoint
ALTER TABLE "listing_address_counts" ADD CONSTRAINT "listing_address_counts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_address_counts_day_idx" ON "listing_address_counts" USING btree ("day");
CREATE TABLE "listing_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"proposal" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "listing_revisions_status_check" CHECK ("listing_revisions"."status" in ('pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "listing_revisions" ADD CONSTRAINT "listing_revisions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_revisions_listing_idx" ON "listing_revisions" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_revisions_pending_idx" ON "listing_revisions" USING btree ("submitted_at","listing_id") WHERE "listing_revisions"."status" = 'pending';
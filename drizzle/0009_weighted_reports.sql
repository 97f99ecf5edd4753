ALTER TABLE "reports" ADD COLUMN "weight" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "address_hash" text;
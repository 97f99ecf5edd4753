CREATE TABLE "promotion_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"days" integer NOT NULL,
	"price_birr" integer NOT NULL,
	CONSTRAINT "promotion_plans_days_unique" UNIQUE("days"),
	CONSTRAINT "promotion_plans_check" CHECK ("promotion_plans"."days" > 0 and "promotion_plans"."price_birr" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"seller_id" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"days" integer NOT NULL,
	"price_birr" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"refund_birr" integer,
	"refund_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_checkout_listing_idx" ON "promotions" USING btree ("checkout_session_id","listing_id");--> statement-breakpoint
CREATE INDEX "promotions_live_idx" ON "promotions" USING btree ("ends_at","listing_id") WHERE "promotions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "promotions_listing_idx" ON "promotions" USING btree ("listing_id","ends_at");--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_promotion_id_unique" UNIQUE("promotion_id");
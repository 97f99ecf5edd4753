CREATE TABLE "telegram_alert_categories" (
	"chat_id" bigint NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_alert_categories_chat_id_category_pk" PRIMARY KEY("chat_id","category")
);
--> statement-breakpoint
CREATE TABLE "telegram_alert_keywords" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_alert_keywords_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" bigint NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_alert_places" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_alerts" (
	"chat_id" bigint NOT NULL,
	"listing_id" integer NOT NULL,
	"day" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_alerts_chat_id_listing_id_pk" PRIMARY KEY("chat_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_channel_posts" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"message_id" integer,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"username" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"awaiting" text,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"listing_id" integer,
	"chat_id" bigint,
	"day" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_logins" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"telegram_id" bigint,
	"first_name" text,
	"last_name" text,
	"username" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_logins_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "telegram_photos" (
	"image_key" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_alert_categories" ADD CONSTRAINT "telegram_alert_categories_chat_id_telegram_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_alert_keywords" ADD CONSTRAINT "telegram_alert_keywords_chat_id_telegram_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_alert_places" ADD CONSTRAINT "telegram_alert_places_chat_id_telegram_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_alerts" ADD CONSTRAINT "telegram_alerts_chat_id_telegram_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_alerts" ADD CONSTRAINT "telegram_alerts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_channel_posts" ADD CONSTRAINT "telegram_channel_posts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_jobs" ADD CONSTRAINT "telegram_jobs_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_jobs" ADD CONSTRAINT "telegram_jobs_chat_id_telegram_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_logins" ADD CONSTRAINT "telegram_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_alert_categories_match_idx" ON "telegram_alert_categories" USING btree ("category","chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_alert_keywords_chat_idx" ON "telegram_alert_keywords" USING btree ("chat_id","keyword");--> statement-breakpoint
CREATE INDEX "telegram_alert_keywords_match_idx" ON "telegram_alert_keywords" USING btree ("keyword","chat_id");--> statement-breakpoint
CREATE INDEX "telegram_alert_places_geo_idx" ON "telegram_alert_places" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "telegram_alerts_day_idx" ON "telegram_alerts" USING btree ("chat_id","day","state");--> statement-breakpoint
CREATE INDEX "telegram_alerts_listing_idx" ON "telegram_alerts" USING btree ("listing_id","state");--> statement-breakpoint
CREATE INDEX "telegram_jobs_due_idx" ON "telegram_jobs" USING btree ("run_after","id") WHERE "telegram_jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_jobs_digest_idx" ON "telegram_jobs" USING btree ("chat_id","day") WHERE "telegram_jobs"."kind" = 'alert-digest';--> statement-breakpoint
CREATE INDEX "telegram_logins_expires_idx" ON "telegram_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "telegram_updates_received_idx" ON "telegram_updates" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_idx" ON "accounts" USING btree ("provider_id","account_id");
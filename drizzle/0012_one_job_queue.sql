CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every Telegram job moves to the one queue, pending ones first of all: the same name, its
-- columns as the payload, its attempts and due time. Finished digests come too, so that their key
-- still stops a second digest for the same chat and day.
INSERT INTO "jobs" ("name", "payload", "key", "run_after", "attempts", "last_error", "done_at", "created_at")
SELECT "kind",
	CASE WHEN "kind" = 'alert-digest'
		THEN jsonb_build_object('chatId', "chat_id", 'day', "day")
		ELSE jsonb_build_object('listingId', "listing_id") END,
	CASE WHEN "kind" = 'alert-digest' THEN "chat_id"::text || ':' || "day" END,
	"run_after", "attempts", "last_error", "done_at", "created_at"
FROM "telegram_jobs"
ORDER BY "id";--> statement-breakpoint
DROP TABLE "telegram_jobs" CASCADE;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("name","key") WHERE "jobs"."key" is not null;
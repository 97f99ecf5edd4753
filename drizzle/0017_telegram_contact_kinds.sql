CREATE TABLE "telegram_contact_kinds" (
	"username" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);

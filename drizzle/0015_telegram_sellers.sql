CREATE TABLE "notice_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"telegram" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "telegram_buttons" (
	"token" text PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"action" text NOT NULL,
	"item" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_drafts" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_review_messages" (
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_review_messages_kind_item_chat_id_pk" PRIMARY KEY("kind","item","chat_id")
);
--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_drafts" ADD CONSTRAINT "telegram_drafts_chat_id_telegram_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."telegram_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_buttons_created_idx" ON "telegram_buttons" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "telegram_drafts_expires_idx" ON "telegram_drafts" USING btree ("expires_at");
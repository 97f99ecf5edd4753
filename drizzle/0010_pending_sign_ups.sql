CREATE TABLE "pending_sign_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"secret_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_sign_ups_email_idx" ON "pending_sign_ups" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_expires_idx" ON "pending_sign_ups" USING btree ("expires_at");
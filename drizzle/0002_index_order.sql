DROP INDEX "checkout_sessions_user_idx";--> statement-breakpoint
DROP INDEX "comments_image_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "listings_public_category_idx";--> statement-breakpoint
DROP INDEX "listings_public_posted_idx";--> statement-breakpoint
DROP INDEX "listings_public_video_idx";--> statement-breakpoint
DROP INDEX "listings_owner_idx";--> statement-breakpoint
DROP INDEX "orders_user_status_idx";--> statement-breakpoint
DROP INDEX "payment_updates_user_idx";--> statement-breakpoint
DROP INDEX "refunds_user_idx";--> statement-breakpoint
DROP INDEX "requests_created_idx";--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_image_idx" ON "comments" USING btree ("listing_id","image_id","date_posted" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_public_category_idx" ON "listings" USING btree ("category","date_posted" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "listings_public_posted_idx" ON "listings" USING btree ("date_posted" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "listings_public_video_idx" ON "listings" USING btree ("date_posted" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'verified' and "listings"."video" is not null;--> statement-breakpoint
CREATE INDEX "listings_owner_idx" ON "listings" USING btree ("owner_id","date_posted" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_updates_user_idx" ON "payment_updates" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
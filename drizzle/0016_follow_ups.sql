ALTER TABLE "appointments" ADD COLUMN "consultation_type" varchar(20) DEFAULT 'consultation' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "follow_up_of" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "follow_up_until" date;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "follow_up_key" varchar(43);--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_follow_up_idx" ON "appointments" USING btree ("follow_up_of") WHERE status in ('pending_payment', 'confirmed', 'completed', 'no_show');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_follow_up_key_unique" UNIQUE("follow_up_key");
CREATE TABLE "schedule_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(10) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"slot_time" varchar(5),
	"sessions" jsonb,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_exceptions_kind" CHECK ("schedule_exceptions"."kind" in ('leave', 'hours', 'block')),
	CONSTRAINT "schedule_exceptions_range" CHECK ("schedule_exceptions"."ends_on" >= "schedule_exceptions"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "schedule_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekly" jsonb NOT NULL,
	"min_notice_minutes" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_settings_one_row" CHECK ("schedule_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "duration_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
CREATE INDEX "schedule_exceptions_range_idx" ON "schedule_exceptions" USING btree ("ends_on","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_exceptions_hours_idx" ON "schedule_exceptions" USING btree ("starts_on") WHERE kind = 'hours';--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_exceptions_block_idx" ON "schedule_exceptions" USING btree ("starts_on","slot_time") WHERE kind = 'block';
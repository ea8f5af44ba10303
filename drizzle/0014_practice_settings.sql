CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"fee" integer,
	"amount_off" integer,
	"valid_from" varchar(10),
	"valid_until" varchar(10),
	"max_uses" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_one_price" CHECK (("coupons"."fee" is null) <> ("coupons"."amount_off" is null))
);
--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"subject" varchar(40) NOT NULL,
	"label" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "settings_changes_changed_at_idx" ON "settings_changes" USING btree ("changed_at");
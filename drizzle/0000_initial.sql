CREATE TABLE "app_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_name" varchar(100) NOT NULL,
	"patient_email" varchar(254) NOT NULL,
	"patient_phone" varchar(30) NOT NULL,
	"patient_age" integer NOT NULL,
	"reason_for_consultation" text NOT NULL,
	"appointment_date" date NOT NULL,
	"appointment_time" varchar(5) NOT NULL,
	"status" varchar(20) DEFAULT 'pending_payment' NOT NULL,
	"payment_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"fee" integer NOT NULL,
	"amount" integer NOT NULL,
	"coupon_code" varchar(50),
	"hold_expires_at" timestamp with time zone NOT NULL,
	"gateway" varchar(20),
	"order_id" varchar(45),
	"payment_session_id" text,
	"gateway_payment_id" varchar(64),
	"paid_amount" integer,
	"paid_at" timestamp with time zone,
	"refund_id" varchar(40),
	"refund_amount" integer,
	"refund_status" varchar(20),
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "appointments_gateway_payment_id_unique" UNIQUE("gateway_payment_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(120) NOT NULL,
	"title" varchar(200) NOT NULL,
	"excerpt" varchar(500) NOT NULL,
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"image_url" varchar(2000),
	"published" boolean DEFAULT true NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"source" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(50) NOT NULL,
	"appointment_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simulator_orders" (
	"order_id" varchar(45) PRIMARY KEY NOT NULL,
	"payment_session_id" varchar(80) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(20) DEFAULT 'ACTIVE' NOT NULL,
	"payment_id" varchar(64),
	"payment_status" varchar(20),
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"return_url" text NOT NULL,
	"customer_name" varchar(100) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"dedupe_key" varchar(128) PRIMARY KEY NOT NULL,
	"type" varchar(40) NOT NULL,
	"order_id" varchar(45),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_idx" ON "appointments" USING btree ("appointment_date","appointment_time") WHERE status in ('pending_payment', 'confirmed', 'completed');--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_hold_idx" ON "appointments" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "articles_published_created_idx" ON "articles" USING btree ("published","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "domain_events_unprocessed_idx" ON "domain_events" USING btree ("processed_at","created_at");
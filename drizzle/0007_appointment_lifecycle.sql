CREATE TABLE "manage_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"issued_for" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"financial_year" varchar(7) PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" varchar(40) NOT NULL,
	"appointment_id" uuid NOT NULL,
	"order_id" varchar(45) NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"initiated_by" varchar(20) NOT NULL,
	"state" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested" boolean DEFAULT false NOT NULL,
	"gateway_status" varchar(20),
	"gateway_refund_id" varchar(64),
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "refunds_state" CHECK ("refunds"."state" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "receipt_number" varchar(20);--> statement-breakpoint
ALTER TABLE "manage_links" ADD CONSTRAINT "manage_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manage_links_appointment_idx" ON "manage_links" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "refunds_appointment_idx" ON "refunds" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("state");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
-- The refunds of late payments made before refunds had their own table: one row each, in the state the gateway last gave.
INSERT INTO "refunds" ("refund_id", "appointment_id", "order_id", "amount", "reason", "initiated_by", "state", "requested", "gateway_status", "created_at", "updated_at", "completed_at")
SELECT "refund_id", "id", "order_id", COALESCE("refund_amount", "paid_amount", "amount"), COALESCE("status_note", 'Payment refunded'), 'system',
       CASE WHEN "payment_status" = 'refunded' THEN 'succeeded' ELSE 'pending' END,
       COALESCE("refund_status", 'REQUEST_FAILED') <> 'REQUEST_FAILED', "refund_status", "updated_at", "updated_at",
       CASE WHEN "payment_status" = 'refunded' THEN "updated_at" END
  FROM "appointments"
 WHERE "refund_id" IS NOT NULL AND "order_id" IS NOT NULL AND COALESCE("refund_amount", "paid_amount", "amount") > 0;

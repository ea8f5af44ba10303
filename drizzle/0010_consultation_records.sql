CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" varchar(20) NOT NULL,
	"record_type" varchar(30) NOT NULL,
	"record_id" varchar(100) NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"session" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_notes" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"notes" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "erasure_requests_status" CHECK ("erasure_requests"."status" in ('pending', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"replaces_id" uuid,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"storage_key" varchar(64) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_notes" ADD CONSTRAINT "consultation_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_uploads" ADD CONSTRAINT "report_uploads_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "access_log_record_idx" ON "access_log" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_pending_idx" ON "erasure_requests" USING btree ("appointment_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_version_idx" ON "prescriptions" USING btree ("appointment_id","version");--> statement-breakpoint
CREATE INDEX "report_uploads_appointment_idx" ON "report_uploads" USING btree ("appointment_id","uploaded_at");--> statement-breakpoint
CREATE FUNCTION "access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'access_log is append-only: rows cannot be changed or removed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "access_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "access_log" FOR EACH ROW EXECUTE FUNCTION "access_log_append_only"();

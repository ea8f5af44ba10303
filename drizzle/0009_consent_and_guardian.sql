CREATE TABLE "consent_texts" (
	"id" varchar(120) PRIMARY KEY NOT NULL,
	"version" varchar(40) NOT NULL,
	"teleconsultation" text NOT NULL,
	"privacy" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"consent_text_id" varchar(120) NOT NULL,
	"given_by" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "guardian_relationship" varchar(40);--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_appointment_idx" ON "consents" USING btree ("appointment_id");
CREATE TABLE "prescription_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(80) NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "room_presence" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"parent_seen_at" timestamp with time zone,
	"parent_since" timestamp with time zone,
	"doctor_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source_article" varchar(200);--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;
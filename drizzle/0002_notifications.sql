CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"channel" varchar(20) NOT NULL,
	"recipient" varchar(20) NOT NULL,
	"appointment_id" uuid,
	"contact_message_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" varchar(200),
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "video_room_id" varchar(32);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "video_host_key" varchar(32);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_messages" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_once_per_appointment_idx" ON "outbox_messages" USING btree ("appointment_id","kind","channel","recipient") WHERE appointment_id is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_video_room_id_unique" UNIQUE("video_room_id");
DROP INDEX "domain_events_unprocessed_idx";--> statement-breakpoint
CREATE INDEX "domain_events_appointment_idx" ON "domain_events" USING btree ("appointment_id","created_at");--> statement-breakpoint
ALTER TABLE "domain_events" DROP COLUMN "processed_at";
ALTER TABLE "appointments" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "refund_status";
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" varchar(20) NOT NULL,
	"scheduled_for" varchar(10),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(20) DEFAULT 'running' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"location" text,
	"error" text,
	CONSTRAINT "backup_runs_outcome" CHECK ("backup_runs"."outcome" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_scheduled_for_idx" ON "backup_runs" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");
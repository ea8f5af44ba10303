CREATE TABLE "admin_login_throttle" (
	"address" varchar(64) PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "admin_login_failures" CASCADE;

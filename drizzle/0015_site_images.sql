CREATE TABLE "site_images" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"data" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);

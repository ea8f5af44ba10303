CREATE TABLE "simulator_refunds" (
	"refund_id" varchar(40) PRIMARY KEY NOT NULL,
	"order_id" varchar(45) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_refund_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "simulator_refunds" ADD CONSTRAINT "simulator_refunds_order_id_simulator_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."simulator_orders"("order_id") ON DELETE cascade ON UPDATE no action;
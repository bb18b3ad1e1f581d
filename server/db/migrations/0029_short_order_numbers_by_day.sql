CREATE TABLE "order_numbers" (
	"day" date PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_day" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_day_number_idx" ON "orders" USING btree ("order_day","order_number");
-- Issue 30 (docs/decisions/047): the Order object's storage is the source of truth and D1 its projection, written
-- after it. `version` is the object's version each row projects (every write is conditional on the one before);
-- `paid_at` keeps when the order was paid, which the object reloads.
ALTER TABLE `commission_orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here on: existing rows take the version of their last event and the time their payment succeeded.
UPDATE commission_orders SET version = coalesce((SELECT max(e.version) FROM commission_order_events e WHERE e.order_id = commission_orders.id), 0);--> statement-breakpoint
UPDATE commission_orders SET paid_at = (SELECT min(t.paid_at) FROM payment_transactions t WHERE t.order_id = commission_orders.id AND t.transaction_status IN ('COMPLETED', 'REFUNDED'))
  WHERE order_payment_status = 'COMPLETED';
--> statement-breakpoint
-- Dates outside 2000-01-01..2100-01-01 were accepted before (a schedule of 9007199254740991 ms made both order pages
-- 500 for good): the estimates are forgotten, and a delivery deadline taken from one is the default 30 days again.
-- The Order objects reload these rows: their stored records predate the money fields (decision 047).
UPDATE commission_orders SET estimated_start = NULL WHERE estimated_start NOT BETWEEN 946684800000 AND 4102444800000;--> statement-breakpoint
UPDATE commission_orders SET estimated_delivery = NULL WHERE estimated_delivery NOT BETWEEN 946684800000 AND 4102444800000;--> statement-breakpoint
UPDATE commission_orders SET delivery_deadline = coalesce(paid_at, approved_at, submitted_at) + 2592000000
  WHERE delivery_deadline NOT BETWEEN 946684800000 AND 4102444800000;

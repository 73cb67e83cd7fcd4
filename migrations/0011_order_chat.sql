-- The order chat (issue 11, docs/decisions/027). The ChatRoom Durable Object keeps each room's messages in its own
-- storage with a gapless seq; these columns are its projection: the message's seq, and the room's last seqs and read
-- markers, from which the order page shows the room before a socket opens. One room per order, and a room for every
-- order already there (its status is the order's chat status; its id the order's, as the demo seed's rooms have, so
-- seeding again after this migration finds the same room).
ALTER TABLE `chat_messages` ADD `seq` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_room_seq` ON `chat_messages` (`room_id`,`seq`);--> statement-breakpoint
ALTER TABLE `chat_rooms` ADD `last_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_rooms` ADD `last_seller_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_rooms` ADD `last_buyer_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_rooms` ADD `seller_read_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_rooms` ADD `buyer_read_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX `chat_rooms_order`;--> statement-breakpoint
CREATE UNIQUE INDEX `chat_rooms_order` ON `chat_rooms` (`order_id`);--> statement-breakpoint
INSERT INTO `chat_rooms` (`id`, `order_id`, `room_status`)
SELECT o.`id`, o.`id`, o.`order_chat_status` FROM `commission_orders` o
WHERE NOT EXISTS (SELECT 1 FROM `chat_rooms` r WHERE r.`order_id` = o.`id`);

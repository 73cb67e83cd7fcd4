-- Decision 109: a service may say its creator's typical delivery time in whole days (explore filters on it).
ALTER TABLE `commission_services` ADD `delivery_days` integer;
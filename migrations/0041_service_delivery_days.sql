-- A creator's own numbers (decision 111): one row of figures per creator, and the indexes its timed job reads changes by.
-- Decision 109: a service may say its creator's typical delivery time in whole days (explore filters on it).
ALTER TABLE `commission_services` ADD `delivery_days` integer;
-- Issue 33 (docs/decisions/023): a notice shows who it is from. The writers now fill `from_profile_id`; this fills it
-- for the notices written before, wherever the rows tell who acted. The rest (reminders, what a deadline or a refund
-- did) stay system notices, with no sender.
-- A new request is from the client who sent it: the order's buyer.
UPDATE `notifications` SET `from_profile_id` = (
  SELECT p.`id` FROM `commission_orders` o
  JOIN `commission_accounts` a ON a.`id` = o.`buyer_id`
  JOIN `user_profiles` p ON p.`account_id` = a.`user_account_id`
  WHERE o.`id` = `notifications`.`order_id`)
WHERE `from_profile_id` IS NULL AND `notification_type` IN ('COMMISSION_SERVICE_SUBMITTED', 'COMMISSION_FORM_SUBMITTED');--> statement-breakpoint
-- An order's transition is from the party who acted, as the event it was written with says (the notice's dedupe key
-- is "{eventId}:{side}", the event's id its primary key). A payment is the buyer's act even when the system recorded it.
UPDATE `notifications` SET `from_profile_id` = (
  SELECT p.`id` FROM `commission_order_events` e
  JOIN `commission_orders` o ON o.`id` = e.`order_id`
  JOIN `commission_accounts` a ON a.`id` = CASE WHEN e.`event_type` = 'PAID' OR e.`actor` = 'buyer' THEN o.`buyer_id` ELSE o.`seller_id` END
  JOIN `user_profiles` p ON p.`account_id` = a.`user_account_id`
  WHERE e.`id` = CASE
      WHEN `notifications`.`dedupe_key` LIKE '%:seller' THEN substr(`notifications`.`dedupe_key`, 1, length(`notifications`.`dedupe_key`) - 7)
      WHEN `notifications`.`dedupe_key` LIKE '%:buyer' THEN substr(`notifications`.`dedupe_key`, 1, length(`notifications`.`dedupe_key`) - 6)
    END
    AND (e.`actor` IN ('seller', 'buyer') OR e.`event_type` = 'PAID'))
WHERE `from_profile_id` IS NULL AND `dedupe_key` IS NOT NULL
  AND `notification_type` IN ('COMMISSION_ORDER_APPROVED', 'COMMISSION_ORDER_PAID', 'COMMISSION_ORDER_DELIVERED', 'COMMISSION_ORDER_COMPLETED', 'COMMISSION_ORDER_CANCELED');

-- Issue 32 (docs/decisions/050): a payout records what was transferred beside the order-currency share, since a dollar
-- order's transfer is in the platform's settlement currency (yen), converted at the charge's own rate.
ALTER TABLE `creator_payouts` ADD `transfer_amount` integer;--> statement-breakpoint
ALTER TABLE `creator_payouts` ADD `transfer_currency` text;--> statement-breakpoint
-- Payouts transferred before this change were sent as the share itself, in the order's currency: say so.
UPDATE `creator_payouts` SET `transfer_amount` = `amount`, `transfer_currency` = (SELECT `code` FROM `currencies` WHERE `currencies`.`id` = `creator_payouts`.`currency_id`)
WHERE `payout_status` = 'TRANSFERRED';

ALTER TABLE `commission_form_question_choices` ADD `price_kind` text DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_form_question_choices` ADD `price_percent` integer;--> statement-breakpoint
ALTER TABLE `commission_form_question_choices` ADD `max_count` integer;--> statement-breakpoint
ALTER TABLE `commission_form_question_choices` ADD `licence` text;--> statement-breakpoint
ALTER TABLE `commission_form_question_choices` ADD `rush_days` integer;--> statement-breakpoint
ALTER TABLE `commission_form_template_question_choices` ADD `price_kind` text DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_form_template_question_choices` ADD `price_percent` integer;--> statement-breakpoint
ALTER TABLE `commission_form_template_question_choices` ADD `max_count` integer;--> statement-breakpoint
ALTER TABLE `commission_form_template_question_choices` ADD `licence` text;--> statement-breakpoint
ALTER TABLE `commission_form_template_question_choices` ADD `rush_days` integer;--> statement-breakpoint
ALTER TABLE `commission_order_question_choices` ADD `price_kind` text DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_order_question_choices` ADD `price_percent` integer;--> statement-breakpoint
ALTER TABLE `commission_order_question_choices` ADD `max_count` integer;--> statement-breakpoint
ALTER TABLE `commission_order_question_choices` ADD `licence` text;--> statement-breakpoint
ALTER TABLE `commission_order_question_choices` ADD `rush_days` integer;--> statement-breakpoint
ALTER TABLE `commission_order_question_choices` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `price_lines` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `licence` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `licence_request` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `rush_days` integer;--> statement-breakpoint
-- The default template as a price sheet (issue 63, decision 099): the plan question's choices set the base (face,
-- bust-up, full body at 10,000, 20,000, 30,000 yen), the private fee adds (the column's default, 'add'), and the
-- usage choices grant their licence.
UPDATE `commission_form_template_question_choices` SET `price_kind` = 'plan'
WHERE `template_question_id` = '8163a931-54b5-8c2d-9517-d0bf194e3308';
--> statement-breakpoint
UPDATE `commission_form_template_question_choices` SET `licence` = CASE `id`
  WHEN '7d8f11a9-4667-8849-bb68-cf46c907b8fd' THEN 'personal'
  WHEN '3ab13483-ef6e-8381-933c-d3991b54c639' THEN 'streaming'
  WHEN '33c12a83-2344-8ff1-a36b-0fb604b56628' THEN 'goods'
  WHEN '3c99be37-0e8f-8905-96fb-5e6e8d57d5d5' THEN 'advertising'
END
WHERE `template_question_id` = 'fa5cf65c-f57f-8368-8d9e-7d023c644f87';
--> statement-breakpoint
-- Forms made before: a single-choice question whose every choice has a price is a plan question (the template's
-- copy, or a creator's own sizes), read as the base it always stood for; every other priced choice adds.
UPDATE `commission_form_question_choices` SET `price_kind` = 'plan'
WHERE `question_id` IN (
  SELECT q.`id` FROM `commission_form_questions` q
  WHERE q.`question_type` = 'SINGLE_CHOICE'
    AND EXISTS (SELECT 1 FROM `commission_form_question_choices` c WHERE c.`question_id` = q.`id`)
    AND NOT EXISTS (
      SELECT 1 FROM `commission_form_question_choices` c
      WHERE c.`question_id` = q.`id` AND (c.`price_amount` IS NULL OR c.`price_amount` <= 0)
    )
);
--> statement-breakpoint
-- Their copies of the template's usage choices grant the licence their words name.
UPDATE `commission_form_question_choices` SET `licence` = (
  SELECT CASE t.`text`
    WHEN 'Personal use' THEN 'personal' WHEN '個人利用' THEN 'personal'
    WHEN 'Commercial - streaming' THEN 'streaming' WHEN '商用 - 配信' THEN 'streaming'
    WHEN 'Commercial - goods' THEN 'goods' WHEN '商用 - グッズ' THEN 'goods'
    WHEN 'Commercial - advertising' THEN 'advertising' WHEN '商用 - 広告' THEN 'advertising'
  END
  FROM `localized_texts` t
  WHERE t.`entity_type` = 'commission_form_question_choice' AND t.`entity_id` = `commission_form_question_choices`.`id`
    AND t.`field` = 'title' AND t.`text` IN ('Personal use', '個人利用', 'Commercial - streaming', '商用 - 配信',
      'Commercial - goods', '商用 - グッズ', 'Commercial - advertising', '商用 - 広告')
  LIMIT 1
);

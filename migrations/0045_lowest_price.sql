-- Decision 109: each creator's lowest published price in yen, kept by triggers on forms, services and rates, and copied to creator_search (indexed) for explore's price sort and filter.
ALTER TABLE `commission_accounts` ADD `lowest_price_yen` integer;--> statement-breakpoint
-- The yen each currency's minor unit is worth at the latest stored rate (direct, else the reverse rate's inverse):
-- what a price is compared in (decision 109).
CREATE VIEW price_yen_factors AS SELECT c.id AS currency_id,
  (CASE WHEN c.code = 'JPY' THEN 1.0 ELSE coalesce(
    (SELECT r.rate FROM exchange_rates r WHERE r.from_currency_code = c.code AND r.to_currency_code = 'JPY' AND r.rate > 0
     ORDER BY r.rated_on DESC LIMIT 1),
    (SELECT 1.0 / r.rate FROM exchange_rates r WHERE r.from_currency_code = 'JPY' AND r.to_currency_code = c.code AND r.rate > 0
     ORDER BY r.rated_on DESC LIMIT 1)) END)
  / (CASE c.decimal_digits WHEN 0 THEN 1.0 WHEN 1 THEN 10.0 WHEN 2 THEN 100.0 ELSE 1000.0 END) AS factor
FROM currencies c;
--> statement-breakpoint
-- Every published price of every creator, in yen: the one place the rule "a creator's prices" is written. The
-- triggers below read it for one account, whose indexed rows SQLite reaches through the view.
CREATE VIEW published_prices_yen AS
  SELECT f.commission_account_id AS account_id,
    f.price_amount * (SELECT y.factor FROM price_yen_factors y WHERE y.currency_id = f.price_currency_id) AS yen
    FROM commission_forms f WHERE f.form_status = 'PUBLISHED' AND f.price_amount > 0
  UNION ALL
  SELECT v.commission_account_id,
    v.price_amount * (SELECT y.factor FROM price_yen_factors y WHERE y.currency_id = v.price_currency_id)
    FROM commission_services v WHERE v.service_status = 'PUBLISHED' AND v.price_amount > 0;
--> statement-breakpoint
ALTER TABLE creator_search ADD lowest_price_yen INTEGER NOT NULL DEFAULT 1000000000000000;
--> statement-breakpoint
CREATE INDEX creator_search_lowest_price ON creator_search (lowest_price_yen, profile_id);
--> statement-breakpoint
CREATE TRIGGER lowest_price_form_insert AFTER INSERT ON commission_forms BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = NEW.commission_account_id) WHERE id = NEW.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_form_update AFTER UPDATE OF price_amount, price_currency_id, form_status, commission_account_id ON commission_forms BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = commission_accounts.id) WHERE id IN (NEW.commission_account_id, OLD.commission_account_id);
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_form_delete AFTER DELETE ON commission_forms BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = OLD.commission_account_id) WHERE id = OLD.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_service_insert AFTER INSERT ON commission_services BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = NEW.commission_account_id) WHERE id = NEW.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_service_update AFTER UPDATE OF price_amount, price_currency_id, service_status, commission_account_id ON commission_services BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = commission_accounts.id) WHERE id IN (NEW.commission_account_id, OLD.commission_account_id);
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_service_delete AFTER DELETE ON commission_services BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = OLD.commission_account_id) WHERE id = OLD.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_rates AFTER INSERT ON exchange_rates BEGIN
  UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
    WHERE account_id = commission_accounts.id);
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_copy AFTER UPDATE OF lowest_price_yen ON commission_accounts BEGIN
  UPDATE creator_search SET lowest_price_yen = coalesce(NEW.lowest_price_yen, 1000000000000000) WHERE account_id = NEW.user_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_fill AFTER INSERT ON creator_search BEGIN
  UPDATE creator_search SET lowest_price_yen = coalesce((SELECT a.lowest_price_yen FROM commission_accounts a
    WHERE a.user_account_id = NEW.account_id), 1000000000000000) WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
UPDATE commission_accounts SET lowest_price_yen = (SELECT CAST(round(min(yen)) AS INTEGER) FROM published_prices_yen
  WHERE account_id = commission_accounts.id);

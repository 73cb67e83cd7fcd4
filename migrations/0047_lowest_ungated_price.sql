-- Issue 75: a second kept lowest price, without the services behind the adult gate (decision 110), so explore's price
-- filter and sort never show a viewer who may not see an R-18 service its price. lowest_price_yen (0045) stays every
-- published price, for viewers who see adult content; lowest_ungated_price_yen counts only what everyone may see.
ALTER TABLE `commission_accounts` ADD `lowest_ungated_price_yen` integer;--> statement-breakpoint
ALTER TABLE creator_search ADD lowest_ungated_price_yen INTEGER NOT NULL DEFAULT 1000000000000000;
--> statement-breakpoint
CREATE INDEX creator_search_lowest_ungated_price ON creator_search (lowest_ungated_price_yen, profile_id);
--> statement-breakpoint
-- The view gains `gated`: a price behind the gate. The rule is content-gate.ts's visibleServiceSql for a signed-out
-- visitor (an R-18 service; forms carry no rating), held equal to it by tests/worker/catalog/ungated-price.test.ts.
DROP VIEW published_prices_yen;
--> statement-breakpoint
CREATE VIEW published_prices_yen AS
  SELECT f.commission_account_id AS account_id,
    f.price_amount * (SELECT y.factor FROM price_yen_factors y WHERE y.currency_id = f.price_currency_id) AS yen,
    0 AS gated
    FROM commission_forms f WHERE f.form_status = 'PUBLISHED' AND f.price_amount > 0
  UNION ALL
  SELECT v.commission_account_id,
    v.price_amount * (SELECT y.factor FROM price_yen_factors y WHERE y.currency_id = v.price_currency_id),
    coalesce(v.content_rating_code, '') IN ('r18')
    FROM commission_services v WHERE v.service_status = 'PUBLISHED' AND v.price_amount > 0;
--> statement-breakpoint
DROP TRIGGER lowest_price_form_insert;
--> statement-breakpoint
DROP TRIGGER lowest_price_form_update;
--> statement-breakpoint
DROP TRIGGER lowest_price_form_delete;
--> statement-breakpoint
DROP TRIGGER lowest_price_service_insert;
--> statement-breakpoint
DROP TRIGGER lowest_price_service_update;
--> statement-breakpoint
DROP TRIGGER lowest_price_service_delete;
--> statement-breakpoint
DROP TRIGGER lowest_price_rates;
--> statement-breakpoint
DROP TRIGGER lowest_price_copy;
--> statement-breakpoint
DROP TRIGGER lowest_price_fill;
--> statement-breakpoint
CREATE TRIGGER lowest_price_form_insert AFTER INSERT ON commission_forms BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = NEW.commission_account_id) WHERE id = NEW.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_form_update AFTER UPDATE OF price_amount, price_currency_id, form_status, commission_account_id ON commission_forms BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = commission_accounts.id) WHERE id IN (NEW.commission_account_id, OLD.commission_account_id);
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_form_delete AFTER DELETE ON commission_forms BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = OLD.commission_account_id) WHERE id = OLD.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_service_insert AFTER INSERT ON commission_services BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = NEW.commission_account_id) WHERE id = NEW.commission_account_id;
END;
--> statement-breakpoint
-- A rating change moves a service behind the gate or out from it: it is kept again as a price change is.
CREATE TRIGGER lowest_price_service_update AFTER UPDATE OF price_amount, price_currency_id, service_status, commission_account_id, content_rating_code ON commission_services BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = commission_accounts.id) WHERE id IN (NEW.commission_account_id, OLD.commission_account_id);
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_service_delete AFTER DELETE ON commission_services BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = OLD.commission_account_id) WHERE id = OLD.commission_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_rates AFTER INSERT ON exchange_rates BEGIN
  UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
    FROM published_prices_yen WHERE account_id = commission_accounts.id);
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_copy AFTER UPDATE OF lowest_price_yen, lowest_ungated_price_yen ON commission_accounts BEGIN
  UPDATE creator_search SET lowest_price_yen = coalesce(NEW.lowest_price_yen, 1000000000000000),
    lowest_ungated_price_yen = coalesce(NEW.lowest_ungated_price_yen, 1000000000000000)
    WHERE account_id = NEW.user_account_id;
END;
--> statement-breakpoint
CREATE TRIGGER lowest_price_fill AFTER INSERT ON creator_search BEGIN
  UPDATE creator_search SET
    lowest_price_yen = coalesce((SELECT a.lowest_price_yen FROM commission_accounts a
      WHERE a.user_account_id = NEW.account_id), 1000000000000000),
    lowest_ungated_price_yen = coalesce((SELECT a.lowest_ungated_price_yen FROM commission_accounts a
      WHERE a.user_account_id = NEW.account_id), 1000000000000000)
    WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
UPDATE commission_accounts SET (lowest_price_yen, lowest_ungated_price_yen) = (SELECT CAST(round(min(yen)) AS INTEGER),
      CAST(round(min(CASE WHEN gated THEN NULL ELSE yen END)) AS INTEGER)
  FROM published_prices_yen WHERE account_id = commission_accounts.id);
